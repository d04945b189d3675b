// P-256 keys as OpenSSL 3 EVP_PKEYs, made from and turned into the raw forms Web Push uses: the
// 65-byte uncompressed point (X9.62: 0x04 | x | y) and the 32-byte big-endian private scalar.
//
// Contract: pure functions of their arguments (NewP256Key draws from OpenSSL's CSPRNG), never
// throw. A function that cannot make a key returns nullptr, one that cannot read one returns "";
// every byte handed in may be hostile, so a point is checked to be on the curve and a scalar to
// lie in [1, n-1].
#pragma once

#include <openssl/evp.h>

#include <memory>
#include <string>
#include <string_view>

namespace carc::server::push {

inline constexpr std::size_t kP256PointSize = 65;
inline constexpr std::size_t kP256ScalarSize = 32;

struct PkeyFree {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

// A fresh key pair.
Pkey NewP256Key();

// The public key of an uncompressed point on the curve.
Pkey P256PublicKey(std::string_view point);

// The key pair of a private scalar (the public point computed from it).
Pkey P256PrivateKey(std::string_view scalar);

std::string P256Point(const EVP_PKEY* key);
std::string P256Scalar(const EVP_PKEY* key);

// The ECDH shared secret (the x coordinate of own * peer, 32 bytes).
std::string P256Ecdh(EVP_PKEY* own, EVP_PKEY* peer);

}  // namespace carc::server::push
