#include "soft_authenticator.h"

#include <cbor.h>
#include <openssl/core_names.h>
#include <openssl/sha.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace carc::test {
namespace {

std::string Serialize(cbor_item_t* item) {
  unsigned char* buffer = nullptr;
  std::size_t size = 0;
  const std::size_t length = cbor_serialize_alloc(item, &buffer, &size);
  std::string out(reinterpret_cast<const char*>(buffer), length);
  free(buffer);  // NOLINT: libcbor allocates with malloc
  cbor_decref(&item);
  return out;
}

void Put(cbor_item_t* map, cbor_item_t* key, cbor_item_t* value) {
  REQUIRE(cbor_map_add(map, cbor_pair{cbor_move(key), cbor_move(value)}));
}

cbor_item_t* ByteString(std::string_view b) {
  return cbor_build_bytestring(reinterpret_cast<cbor_data>(b.data()), b.size());
}

}  // namespace

std::string Digest(std::string_view data) {
  unsigned char d[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), d);
  return std::string(reinterpret_cast<const char*>(d), sizeof d);
}

SoftAuthenticator::SoftAuthenticator(bool eddsa) : eddsa_(eddsa) {
  key_ = eddsa ? EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519")
               : EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  REQUIRE(key_ != nullptr);
}
SoftAuthenticator::~SoftAuthenticator() {
  EVP_PKEY_free(key_);
}

std::string SoftAuthenticator::CoseKey(long alg_override) const {
  cbor_item_t* map = cbor_new_definite_map(eddsa_ ? 4 : 5);
  if (eddsa_) {
    unsigned char raw[32];
    std::size_t n = sizeof raw;
    REQUIRE(EVP_PKEY_get_raw_public_key(key_, raw, &n) == 1);
    Put(map, cbor_build_uint8(1), cbor_build_uint8(1));                       // kty: OKP
    Put(map, cbor_build_uint8(3), cbor_build_negint8(alg_override ? 0 : 7));  // alg -8 (or -1)
    Put(map, cbor_build_negint8(0), cbor_build_uint8(6));                     // crv: Ed25519
    Put(map, cbor_build_negint8(1), ByteString({reinterpret_cast<char*>(raw), n}));
  } else {
    unsigned char point[65];
    std::size_t n = 0;
    REQUIRE(EVP_PKEY_get_octet_string_param(key_, OSSL_PKEY_PARAM_PUB_KEY, point, sizeof point,
                                            &n) == 1);
    REQUIRE(n == 65);
    Put(map, cbor_build_uint8(1), cbor_build_uint8(2));  // kty: EC2
    Put(map, cbor_build_uint8(3),
        cbor_build_negint8(alg_override ? static_cast<std::uint8_t>(-1 - alg_override) : 6));
    Put(map, cbor_build_negint8(0), cbor_build_uint8(1));  // crv: P-256
    Put(map, cbor_build_negint8(1), ByteString({reinterpret_cast<char*>(point) + 1, 32}));
    Put(map, cbor_build_negint8(2), ByteString({reinterpret_cast<char*>(point) + 33, 32}));
  }
  return Serialize(map);
}

std::string SoftAuthenticator::AuthData(std::string_view rp_id, std::uint32_t count,
                                        std::uint8_t flags, std::string_view attested) const {
  std::string d = Digest(rp_id);
  d += static_cast<char>(flags);
  for (int shift = 24; shift >= 0; shift -= 8) d += static_cast<char>((count >> shift) & 0xFF);
  d += attested;
  return d;
}

std::string SoftAuthenticator::Sign(std::string_view data) const {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  REQUIRE(EVP_DigestSignInit(ctx, nullptr, eddsa_ ? nullptr : EVP_sha256(), nullptr, key_) == 1);
  std::size_t n = 0;
  const auto* in = reinterpret_cast<const unsigned char*>(data.data());
  REQUIRE(EVP_DigestSign(ctx, nullptr, &n, in, data.size()) == 1);
  std::string sig(n, '\0');
  REQUIRE(EVP_DigestSign(ctx, reinterpret_cast<unsigned char*>(sig.data()), &n, in, data.size()) ==
          1);
  sig.resize(n);
  EVP_MD_CTX_free(ctx);
  return sig;
}

std::string ClientData(std::string_view type, std::string_view challenge, std::string_view origin) {
  return nlohmann::json{{"type", type}, {"challenge", challenge}, {"origin", origin}}.dump();
}

std::string Attested(const std::string& cose) {
  std::string a(16, '\0');  // AAGUID
  a += static_cast<char>(0);
  a += static_cast<char>(kCredentialId.size());
  return a + kCredentialId + cose;
}

std::string AttestationObject(const std::string& auth_data, const char* fmt) {
  cbor_item_t* map = cbor_new_definite_map(3);
  Put(map, cbor_build_string("fmt"), cbor_build_string(fmt));
  Put(map, cbor_build_string("attStmt"), cbor_new_definite_map(0));
  Put(map, cbor_build_string("authData"), ByteString(auth_data));
  return Serialize(map);
}

}  // namespace carc::test
