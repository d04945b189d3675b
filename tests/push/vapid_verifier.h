// A push service's side of VAPID (RFC 8292), for tests only: reads an ES256 JWT and checks its
// signature with the application server's public key, turning JOSE's r||s back into the DER
// sequence OpenSSL verifies.
#pragma once

#include <openssl/ec.h>
#include <openssl/evp.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "net/base64url.h"
#include "push/p256_key.h"

namespace carc::test::push {

struct ReadJwt {
  nlohmann::json header;
  nlohmann::json claims;
  bool signature_valid = false;
};

// nullopt unless `jwt` is three base64url parts, the first two JSON and the third 64 bytes.
inline std::optional<ReadJwt> ReadEs256Jwt(std::string_view jwt, std::string_view public_point) {
  const std::size_t first = jwt.find('.');
  const std::size_t second = jwt.find('.', first == std::string_view::npos ? first : first + 1);
  if (second == std::string_view::npos || jwt.find('.', second + 1) != std::string_view::npos) {
    return std::nullopt;
  }
  std::string header;
  std::string claims;
  std::string signature;
  if (!carc::server::DecodeBase64Url(jwt.substr(0, first), header) ||
      !carc::server::DecodeBase64Url(jwt.substr(first + 1, second - first - 1), claims) ||
      !carc::server::DecodeBase64Url(jwt.substr(second + 1), signature) || signature.size() != 64) {
    return std::nullopt;
  }
  ReadJwt out;
  out.header = nlohmann::json::parse(header, nullptr, false);
  out.claims = nlohmann::json::parse(claims, nullptr, false);
  if (out.header.is_discarded() || out.claims.is_discarded()) return std::nullopt;

  ECDSA_SIG* sig = ECDSA_SIG_new();
  const auto* raw = reinterpret_cast<const unsigned char*>(signature.data());
  BIGNUM* r = BN_bin2bn(raw, 32, nullptr);
  BIGNUM* s = BN_bin2bn(raw + 32, 32, nullptr);
  unsigned char* der = nullptr;
  int der_size = 0;
  if (sig != nullptr && r != nullptr && s != nullptr && ECDSA_SIG_set0(sig, r, s) == 1) {
    der_size = i2d_ECDSA_SIG(sig, &der);
  } else {
    BN_free(r);
    BN_free(s);
  }
  ECDSA_SIG_free(sig);
  const carc::server::push::Pkey key = carc::server::push::P256PublicKey(public_point);
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  const std::string_view signing_input = jwt.substr(0, second);
  out.signature_valid =
      der_size > 0 && key && ctx != nullptr &&
      EVP_DigestVerifyInit(ctx, nullptr, EVP_sha256(), nullptr, key.get()) == 1 &&
      EVP_DigestVerify(ctx, der, static_cast<std::size_t>(der_size),
                       reinterpret_cast<const unsigned char*>(signing_input.data()),
                       signing_input.size()) == 1;
  EVP_MD_CTX_free(ctx);
  OPENSSL_free(der);
  return out;
}

}  // namespace carc::test::push
