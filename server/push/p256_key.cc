#include "push/p256_key.h"

#include "push/octets.h"

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>

namespace carc::server::push {
namespace {

struct BnFree {
  void operator()(BIGNUM* bn) const { BN_clear_free(bn); }
};
using Bn = std::unique_ptr<BIGNUM, BnFree>;

struct GroupFree {
  void operator()(EC_GROUP* group) const { EC_GROUP_free(group); }
};
struct PointFree {
  void operator()(EC_POINT* point) const { EC_POINT_free(point); }
};
struct ParamBuildFree {
  void operator()(OSSL_PARAM_BLD* build) const { OSSL_PARAM_BLD_free(build); }
};

// The key of `point`, and of `scalar` too when there is one. EVP_PKEY_fromdata checks neither:
// the callers do.
Pkey FromData(std::string_view point, const BIGNUM* scalar) {
  std::unique_ptr<OSSL_PARAM_BLD, ParamBuildFree> build(OSSL_PARAM_BLD_new());
  if (!build ||
      !OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) ||
      !OSSL_PARAM_BLD_push_octet_string(build.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                        point.size()) ||
      (scalar != nullptr &&
       !OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_PRIV_KEY, scalar))) {
    return nullptr;
  }
  OSSL_PARAM* params = OSSL_PARAM_BLD_to_param(build.get());
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr);
  EVP_PKEY* key = nullptr;
  const bool ok =
      params != nullptr && ctx != nullptr && EVP_PKEY_fromdata_init(ctx) > 0 &&
      EVP_PKEY_fromdata(ctx, &key, scalar != nullptr ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                        params) > 0;
  OSSL_PARAM_free(params);  // clears the copy of a secure BIGNUM (the scalar)
  EVP_PKEY_CTX_free(ctx);
  Pkey out(key);
  return ok ? std::move(out) : nullptr;
}

}  // namespace

Pkey NewP256Key() {
  return Pkey(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
}

Pkey P256PublicKey(std::string_view point) {
  if (point.size() != kP256PointSize || point[0] != '\x04') return nullptr;
  Pkey key = FromData(point, nullptr);
  if (!key) return nullptr;
  EVP_PKEY_CTX* check = EVP_PKEY_CTX_new_from_pkey(nullptr, key.get(), nullptr);
  const bool on_curve = check != nullptr && EVP_PKEY_public_check(check) > 0;
  EVP_PKEY_CTX_free(check);
  return on_curve ? std::move(key) : nullptr;
}

Pkey P256PrivateKey(std::string_view scalar) {
  if (scalar.size() != kP256ScalarSize) return nullptr;
  const std::unique_ptr<EC_GROUP, GroupFree> group(
      EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
  Bn d(BN_secure_new());
  if (!group || !d ||
      BN_bin2bn(Octets(scalar), static_cast<int>(scalar.size()), d.get()) == nullptr ||
      BN_is_zero(d.get()) || BN_cmp(d.get(), EC_GROUP_get0_order(group.get())) >= 0) {
    return nullptr;
  }
  // OpenSSL 3 imports a private scalar without deriving its public point: d * G here.
  const std::unique_ptr<EC_POINT, PointFree> q(EC_POINT_new(group.get()));
  std::string point(kP256PointSize, '\0');
  if (!q || EC_POINT_mul(group.get(), q.get(), d.get(), nullptr, nullptr, nullptr) != 1 ||
      EC_POINT_point2oct(group.get(), q.get(), POINT_CONVERSION_UNCOMPRESSED,
                         reinterpret_cast<unsigned char*>(point.data()), point.size(),
                         nullptr) != point.size()) {
    return nullptr;
  }
  return FromData(point, d.get());
}

std::string P256Point(const EVP_PKEY* key) {
  std::string point(kP256PointSize, '\0');
  std::size_t length = 0;
  if (key == nullptr ||
      EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY,
                                      reinterpret_cast<unsigned char*>(point.data()), point.size(),
                                      &length) != 1 ||
      length != kP256PointSize || point[0] != '\x04') {
    return "";
  }
  return point;
}

std::string P256Scalar(const EVP_PKEY* key) {
  BIGNUM* raw = nullptr;
  if (key == nullptr || EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &raw) != 1) return "";
  const Bn d(raw);
  std::string scalar(kP256ScalarSize, '\0');
  if (BN_bn2binpad(d.get(), reinterpret_cast<unsigned char*>(scalar.data()),
                   static_cast<int>(scalar.size())) != static_cast<int>(scalar.size())) {
    return "";
  }
  return scalar;
}

std::string P256Ecdh(EVP_PKEY* own, EVP_PKEY* peer) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr);
  std::size_t length = 0;
  std::string secret;
  bool ok = ctx != nullptr && EVP_PKEY_derive_init(ctx) > 0 &&
            EVP_PKEY_derive_set_peer(ctx, peer) > 0 && EVP_PKEY_derive(ctx, nullptr, &length) > 0;
  if (ok) {
    secret.resize(length);
    ok = EVP_PKEY_derive(ctx, reinterpret_cast<unsigned char*>(secret.data()), &length) > 0 &&
         length == secret.size();
  }
  EVP_PKEY_CTX_free(ctx);
  return ok ? secret : std::string();
}

}  // namespace carc::server::push
