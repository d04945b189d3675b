// The user agent's side of RFC 8291, for tests only: decrypts an "aes128gcm" push message body
// with the subscription's private key and auth secret. Its HKDF is written out with HMAC-SHA-256
// (RFC 5869) rather than through EVP_KDF as the server's is, so that the two are not the same
// code agreeing with itself.
#pragma once

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "push/p256_key.h"

namespace carc::test::push {

inline std::string ReceiverHmac(std::string_view key, std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &length);
  return std::string(reinterpret_cast<const char*>(out), length);
}

// HKDF-Expand for one block (every length here is at most 32).
inline std::string ReceiverExpand(std::string_view prk, std::string_view info, std::size_t n) {
  return ReceiverHmac(prk, std::string(info) + '\x01').substr(0, n);
}

// The plaintext of `body`, or nullopt when it does not decrypt or is not one well-formed record.
inline std::optional<std::string> DecryptPushBody(std::string_view body,
                                                  std::string_view ua_private,
                                                  std::string_view auth_secret) {
  using namespace std::string_view_literals;
  namespace sp = carc::server::push;
  if (body.size() < 86 + 17 || static_cast<std::uint8_t>(body[20]) != 65) return std::nullopt;
  const std::string_view salt = body.substr(0, 16);
  const std::string_view keyid = body.substr(21, 65);
  const std::string_view sealed = body.substr(86);
  const sp::Pkey ua = sp::P256PrivateKey(ua_private);
  const sp::Pkey as = sp::P256PublicKey(keyid);
  if (!ua || !as) return std::nullopt;
  const std::string ecdh = sp::P256Ecdh(ua.get(), as.get());
  const std::string key_info =
      std::string("WebPush: info\0"sv) + sp::P256Point(ua.get()) + std::string(keyid);
  const std::string ikm = ReceiverExpand(ReceiverHmac(auth_secret, ecdh), key_info, 32);
  const std::string prk = ReceiverHmac(salt, ikm);
  const std::string cek = ReceiverExpand(prk, "Content-Encoding: aes128gcm\0"sv, 16);
  const std::string nonce = ReceiverExpand(prk, "Content-Encoding: nonce\0"sv, 12);

  const std::string_view ciphertext = sealed.substr(0, sealed.size() - 16);
  std::string tag(sealed.substr(sealed.size() - 16));
  std::string record(ciphertext.size(), '\0');
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  int written = 0;
  int final_written = 0;
  const bool ok =
      ctx != nullptr &&
      EVP_DecryptInit_ex(ctx, EVP_aes_128_gcm(), nullptr,
                         reinterpret_cast<const unsigned char*>(cek.data()),
                         reinterpret_cast<const unsigned char*>(nonce.data())) == 1 &&
      EVP_DecryptUpdate(ctx, reinterpret_cast<unsigned char*>(record.data()), &written,
                        reinterpret_cast<const unsigned char*>(ciphertext.data()),
                        static_cast<int>(ciphertext.size())) == 1 &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, 16, tag.data()) == 1 &&
      EVP_DecryptFinal_ex(ctx, reinterpret_cast<unsigned char*>(record.data()) + written,
                          &final_written) == 1;
  EVP_CIPHER_CTX_free(ctx);
  if (!ok) return std::nullopt;
  // Padding is zeros after the delimiter; the last record's delimiter is 0x02 (RFC 8188 2).
  const std::size_t end = record.find_last_not_of('\0');
  if (end == std::string::npos || record[end] != '\x02') return std::nullopt;
  return record.substr(0, end);
}

}  // namespace carc::test::push
