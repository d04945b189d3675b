#include "push/message_encryption.h"

#include "push/octets.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>

#include <memory>
#include <optional>

namespace carc::server::push {
namespace {

using namespace std::string_view_literals;

// HKDF-SHA-256 (RFC 5869), one step: EVP_KDF_HKDF_MODE_EXTRACT_ONLY takes the salt and the input
// keying material, EXPAND_ONLY the PRK and the info. "" when OpenSSL fails.
std::string Hkdf(int mode, std::string_view key, std::string_view salt, std::string_view info,
                 std::size_t length) {
  EVP_KDF* kdf = EVP_KDF_fetch(nullptr, "HKDF", nullptr);
  EVP_KDF_CTX* ctx = kdf != nullptr ? EVP_KDF_CTX_new(kdf) : nullptr;
  EVP_KDF_free(kdf);
  char digest[] = "SHA256";
  OSSL_PARAM params[6];
  std::size_t n = 0;
  params[n++] = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode);
  params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
  params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<char*>(key.data()),
                                                  key.size());
  if (!salt.empty()) {
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
                                                    const_cast<char*>(salt.data()), salt.size());
  }
  if (!info.empty()) {
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO,
                                                    const_cast<char*>(info.data()), info.size());
  }
  params[n] = OSSL_PARAM_construct_end();
  std::string out(length, '\0');
  const bool ok =
      ctx != nullptr &&
      EVP_KDF_derive(ctx, reinterpret_cast<unsigned char*>(out.data()), out.size(), params) > 0;
  EVP_KDF_CTX_free(ctx);
  return ok ? out : std::string();
}

std::string HkdfExtract(std::string_view salt, std::string_view ikm) {
  return Hkdf(EVP_KDF_HKDF_MODE_EXTRACT_ONLY, ikm, salt, {}, 32);
}

std::string HkdfExpand(std::string_view prk, std::string_view info, std::size_t length) {
  return Hkdf(EVP_KDF_HKDF_MODE_EXPAND_ONLY, prk, {}, info, length);
}

// AES-128-GCM with no associated data: the ciphertext followed by the 16-byte tag.
std::optional<std::string> SealAes128Gcm(std::string_view key, std::string_view nonce,
                                         std::string_view plaintext) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  std::string out(plaintext.size() + kTagSize, '\0');
  auto* data = reinterpret_cast<unsigned char*>(out.data());
  int written = 0;
  int final_written = 0;
  const bool ok =
      ctx != nullptr &&
      EVP_EncryptInit_ex(ctx, EVP_aes_128_gcm(), nullptr, Octets(key), Octets(nonce)) == 1 &&
      EVP_EncryptUpdate(ctx, data, &written, Octets(plaintext),
                        static_cast<int>(plaintext.size())) == 1 &&
      EVP_EncryptFinal_ex(ctx, data + written, &final_written) == 1 &&
      static_cast<std::size_t>(written + final_written) == plaintext.size() &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, static_cast<int>(kTagSize),
                          data + plaintext.size()) == 1;
  EVP_CIPHER_CTX_free(ctx);
  if (!ok) return std::nullopt;
  return out;
}

std::string BigEndian32(std::uint32_t v) {
  return {static_cast<char>(v >> 24), static_cast<char>((v >> 16) & 0xFF),
          static_cast<char>((v >> 8) & 0xFF), static_cast<char>(v & 0xFF)};
}

}  // namespace

OrRefusal<KeySchedule> DeriveKeySchedule(std::string_view ua_public, std::string_view auth_secret,
                                         std::string_view as_private, std::string_view salt) {
  if (ua_public.size() != kP256PointSize) {
    return Refusal{"the subscription's p256dh key is not 65 bytes"};
  }
  if (auth_secret.size() != kAuthSecretSize) {
    return Refusal{"the subscription's auth secret is not 16 bytes"};
  }
  if (as_private.size() != kP256ScalarSize) {
    return Refusal{"the application server's private key is not 32 bytes"};
  }
  if (salt.size() != kSaltSize) return Refusal{"the salt is not 16 bytes"};
  const Pkey ua = P256PublicKey(ua_public);
  if (!ua) return Refusal{"the subscription's p256dh key is not a point of P-256"};
  const Pkey as = P256PrivateKey(as_private);
  if (!as) return Refusal{"the application server's private key is not a P-256 scalar"};

  KeySchedule s;
  s.as_public = P256Point(as.get());
  s.ecdh_secret = P256Ecdh(as.get(), ua.get());
  if (s.as_public.empty() || s.ecdh_secret.empty()) return Refusal{"OpenSSL's ECDH failed"};
  s.prk_key = HkdfExtract(auth_secret, s.ecdh_secret);
  s.key_info = std::string("WebPush: info\0"sv) + std::string(ua_public) + s.as_public;
  s.ikm = HkdfExpand(s.prk_key, s.key_info, 32);
  s.prk = HkdfExtract(salt, s.ikm);
  s.cek = HkdfExpand(s.prk, "Content-Encoding: aes128gcm\0"sv, 16);
  s.nonce = HkdfExpand(s.prk, "Content-Encoding: nonce\0"sv, 12);
  if (s.prk_key.empty() || s.ikm.empty() || s.prk.empty() || s.cek.empty() || s.nonce.empty()) {
    return Refusal{"OpenSSL's HKDF failed"};
  }
  return s;
}

OrRefusal<std::string> EncryptPushMessageWith(std::string_view plaintext,
                                              std::string_view ua_public,
                                              std::string_view auth_secret,
                                              std::string_view as_private, std::string_view salt) {
  if (plaintext.size() > kMaxPlaintextSize) {
    return Refusal{"the plaintext is over 3993 bytes, more than one 4096-byte push message holds"};
  }
  auto derived = DeriveKeySchedule(ua_public, auth_secret, as_private, salt);
  if (const auto* refusal = std::get_if<Refusal>(&derived)) return *refusal;
  const KeySchedule& keys = std::get<KeySchedule>(derived);
  // The last (and only) record ends with the delimiter 0x02 and no padding.
  std::string record(plaintext);
  record += '\x02';
  const auto sealed = SealAes128Gcm(keys.cek, keys.nonce, record);
  OPENSSL_cleanse(record.data(), record.size());
  if (!sealed) return Refusal{"OpenSSL's AES-128-GCM failed"};
  return std::string(salt) + BigEndian32(kRecordSize) + static_cast<char>(kP256PointSize) +
         keys.as_public + *sealed;
}

OrRefusal<std::string> EncryptPushMessage(std::string_view plaintext, std::string_view ua_public,
                                          std::string_view auth_secret) {
  const Pkey ephemeral = NewP256Key();
  std::string scalar = P256Scalar(ephemeral.get());
  std::string salt(kSaltSize, '\0');
  if (scalar.empty() || RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()),
                                   static_cast<int>(salt.size())) != 1) {
    return Refusal{"OpenSSL could not make a key pair or a salt"};
  }
  auto body = EncryptPushMessageWith(plaintext, ua_public, auth_secret, scalar, salt);
  OPENSSL_cleanse(scalar.data(), scalar.size());
  return body;
}

}  // namespace carc::server::push
