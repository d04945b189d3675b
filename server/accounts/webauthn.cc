#include "accounts/webauthn.h"

#include <carc/codec/json_limits.h>
#include <cbor.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "accounts/cbor_check.h"
#include "push/p256_key.h"

namespace carc::server::accounts::webauthn {
namespace {

// Far above any real authenticator's, far below anything costly.
constexpr std::size_t kMaxClientData = 4096;
constexpr std::size_t kMaxAttestation = 16384;
constexpr std::size_t kMaxAuthData = 8192;
constexpr std::size_t kMaxSignature = 512;
constexpr std::size_t kMaxCredentialId = 1023;  // WebAuthn Level 2's own limit

constexpr std::uint8_t kUserPresent = 0x01;
constexpr std::uint8_t kUserVerified = 0x04;
constexpr std::uint8_t kAttestedData = 0x40;

struct CborFree {
  void operator()(cbor_item_t* item) const { cbor_decref(&item); }
};
using Cbor = std::unique_ptr<cbor_item_t, CborFree>;

using push::Pkey;

const unsigned char* Bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

std::string Sha256(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(Bytes(data), data.size(), digest);
  return std::string(reinterpret_cast<const char*>(digest), sizeof digest);
}

// The CBOR item at the start of `data`, and how many bytes it took; nullptr if none (with the
// reason in `why`). The bytes are walked first (accounts/cbor_check.h): libcbor reserves what a
// header declares before it looks for the items, so only a walked item is handed to it.
Cbor LoadCbor(std::string_view data, std::size_t* read = nullptr, std::string* why = nullptr) {
  const CborCheck check = CheckCbor(data);
  if (!check.error.empty()) {
    if (why != nullptr) *why = check.error;
    return nullptr;
  }
  cbor_load_result result{};
  Cbor item(cbor_load(Bytes(data), check.length, &result));
  if (result.error.code != CBOR_ERR_NONE) {
    if (why != nullptr) *why = "the CBOR cannot be read";
    return nullptr;
  }
  if (read != nullptr) *read = result.read;
  return item;
}

std::optional<std::string> CborBytes(const cbor_item_t* item) {
  if (item == nullptr || !cbor_isa_bytestring(item) || !cbor_bytestring_is_definite(item)) {
    return std::nullopt;
  }
  return std::string(reinterpret_cast<const char*>(cbor_bytestring_handle(item)),
                     cbor_bytestring_length(item));
}

std::optional<std::string> CborText(const cbor_item_t* item) {
  if (item == nullptr || !cbor_isa_string(item) || !cbor_string_is_definite(item)) {
    return std::nullopt;
  }
  return std::string(reinterpret_cast<const char*>(cbor_string_handle(item)),
                     cbor_string_length(item));
}

// A CBOR integer that fits a long, or nullopt.
std::optional<long> CborInt(const cbor_item_t* item) {
  if (item == nullptr) return std::nullopt;
  if (cbor_isa_uint(item)) {
    const std::uint64_t v = cbor_get_int(item);
    if (v > 1'000'000) return std::nullopt;
    return static_cast<long>(v);
  }
  if (cbor_isa_negint(item)) {
    const std::uint64_t v = cbor_get_int(item);
    if (v > 1'000'000) return std::nullopt;
    return -1 - static_cast<long>(v);
  }
  return std::nullopt;
}

// The value of key `key` (an integer or a text) in a definite map, or nullptr.
const cbor_item_t* MapValue(const cbor_item_t* map, long int_key, std::string_view text_key = {}) {
  if (map == nullptr || !cbor_isa_map(map) || !cbor_map_is_definite(map)) return nullptr;
  const cbor_pair* pairs = cbor_map_handle(map);
  for (std::size_t i = 0; i < cbor_map_size(map); ++i) {
    if (text_key.empty()) {
      if (CborInt(pairs[i].key) == int_key) return pairs[i].value;
    } else if (CborText(pairs[i].key) == text_key) {
      return pairs[i].value;
    }
  }
  return nullptr;
}

struct CoseKey {
  long algorithm = 0;
  Pkey key;
};

// An ES256 (EC2, P-256) or EdDSA (OKP, Ed25519) COSE_Key (RFC 9053), as an OpenSSL key.
std::variant<CoseKey, std::string> ReadCoseKey(std::string_view cbor) {
  std::string why;
  const Cbor map = LoadCbor(cbor, nullptr, &why);
  if (!map) return "the public key is not a COSE key: " + why;
  if (!cbor_isa_map(map.get())) return std::string("the public key is not a COSE key");
  const auto kty = CborInt(MapValue(map.get(), 1));
  const auto alg = CborInt(MapValue(map.get(), 3));
  const auto crv = CborInt(MapValue(map.get(), -1));
  const auto x = CborBytes(MapValue(map.get(), -2));
  if (!kty || !alg || !crv || !x) return std::string("the public key lacks kty, alg, crv or x");
  CoseKey out;
  out.algorithm = *alg;
  if (*alg == kEs256 && *kty == 2 && *crv == 1) {
    const auto y = CborBytes(MapValue(map.get(), -3));
    if (x->size() != 32 || !y || y->size() != 32) {
      return std::string("a P-256 key needs 32-byte x and y");
    }
    // Read and checked to lie on the curve by the one P-256 reader (push/p256_key.h).
    out.key = push::P256PublicKey(std::string(1, '\x04') + *x + *y);
    if (!out.key) return std::string("the P-256 key is not a point of the curve");
    return out;
  }
  if (*alg == kEdDsa && *kty == 1 && *crv == 6) {
    if (x->size() != 32) return std::string("an Ed25519 key has 32 bytes");
    out.key.reset(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, Bytes(*x), x->size()));
    if (!out.key) return std::string("the Ed25519 key cannot be read");
    return out;
  }
  return std::string("the key's algorithm is neither ES256 (-7, P-256) nor EdDSA (-8, Ed25519)");
}

bool VerifySignature(const CoseKey& key, std::string_view data, std::string_view signature) {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  if (ctx == nullptr) return false;
  const EVP_MD* md = key.algorithm == kEs256 ? EVP_sha256() : nullptr;
  const bool ok =
      EVP_DigestVerifyInit(ctx, nullptr, md, nullptr, key.key.get()) > 0 &&
      EVP_DigestVerify(ctx, Bytes(signature), signature.size(), Bytes(data), data.size()) == 1;
  EVP_MD_CTX_free(ctx);
  return ok;
}

// Steps 7.1.5-10 and 7.2.10-14: the client data's type, challenge and origin.
std::string CheckClientData(const RelyingParty& rp, std::string_view json, std::string_view type,
                            std::string_view challenge) {
  if (json.size() > kMaxClientData) return "the client data is over 4 KB";
  auto parsed = codec::ParseLimitedJson(json, "the client data", kMaxClientData, 4);
  if (const auto* why = std::get_if<std::string>(&parsed)) return *why;
  const auto& data = std::get<nlohmann::ordered_json>(parsed);
  if (!data.is_object()) return "the client data is not a JSON object";
  const auto text = [&](const char* key) -> std::string {
    const auto it = data.find(key);
    return it != data.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  if (text("type") != type) return "the client data's type is not " + std::string(type);
  if (challenge.empty() || text("challenge") != challenge) {
    return "the challenge is not the one issued";
  }
  const std::string origin = text("origin");
  bool allowed = false;
  for (const std::string& o : rp.origins) allowed = allowed || o == origin;
  if (!allowed && rp.localhost_any_port) {
    constexpr std::string_view kLocal = "http://localhost:";
    const std::string_view port =
        std::string_view(origin).substr(origin.starts_with(kLocal) ? kLocal.size() : origin.size());
    allowed = origin == "http://localhost" ||
              (!port.empty() && port.size() <= 5 &&
               std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }));
  }
  if (!allowed) return "the origin is not this server's";
  // A page in a frame of another site may not use this site's passkeys.
  if (const auto cross = data.find("crossOrigin");
      cross != data.end() && cross->is_boolean() && cross->get<bool>()) {
    return "a cross-origin frame may not use this server's passkeys";
  }
  return "";
}

struct AuthData {
  std::uint8_t flags = 0;
  std::uint32_t sign_count = 0;
  std::string credential_id;
  std::string public_key;
};

// Reads authenticator data (WebAuthn 6.1) and checks its rp id hash and user presence.
std::variant<AuthData, std::string> ReadAuthData(const RelyingParty& rp, std::string_view data,
                                                 bool attested) {
  if (data.size() < 37 || data.size() > kMaxAuthData) {
    return std::string("the authenticator data has the wrong size");
  }
  if (data.substr(0, 32) != Sha256(rp.id)) return std::string("the rp id is not this server's");
  AuthData out;
  out.flags = static_cast<std::uint8_t>(data[32]);
  if ((out.flags & kUserPresent) == 0) return std::string("the user was not present");
  // A passkey stands in for a password: whoever holds the device must also unlock it (PIN,
  // fingerprint, face), not only touch it.
  if ((out.flags & kUserVerified) == 0) {
    return std::string("the authenticator did not verify the user (a PIN, fingerprint or face)");
  }
  for (int i = 0; i < 4; ++i) {
    out.sign_count = (out.sign_count << 8) | static_cast<std::uint8_t>(data[33 + i]);
  }
  if (!attested) return out;
  if ((out.flags & kAttestedData) == 0) return std::string("no credential in the registration");
  std::size_t at = 37 + 16;  // the AAGUID, not used with attestation "none"
  if (data.size() < at + 2) return std::string("the credential data is cut short");
  const std::size_t id_length =
      (static_cast<std::size_t>(static_cast<std::uint8_t>(data[at])) << 8) |
      static_cast<std::uint8_t>(data[at + 1]);
  at += 2;
  if (id_length == 0 || id_length > kMaxCredentialId || data.size() < at + id_length) {
    return std::string("the credential id has the wrong size");
  }
  out.credential_id = std::string(data.substr(at, id_length));
  at += id_length;
  std::size_t key_length = 0;
  std::string why;
  if (!LoadCbor(data.substr(at), &key_length, &why)) {
    return "the credential's public key is not CBOR: " + why;
  }
  if (key_length == 0) return std::string("the credential's public key is not CBOR");
  out.public_key = std::string(data.substr(at, key_length));
  return out;
}

}  // namespace

std::variant<NewCredential, std::string> VerifyRegistration(const RelyingParty& rp,
                                                            std::string_view client_data_json,
                                                            std::string_view attestation_object,
                                                            std::string_view challenge) {
  if (std::string why = CheckClientData(rp, client_data_json, "webauthn.create", challenge);
      !why.empty()) {
    return why;
  }
  if (attestation_object.size() > kMaxAttestation) {
    return std::string("the attestation object is over 16 KB");
  }
  std::string refused;
  const Cbor object = LoadCbor(attestation_object, nullptr, &refused);
  if (!object) return "the attestation object is not a CBOR map: " + refused;
  if (!cbor_isa_map(object.get())) {
    return std::string("the attestation object is not a CBOR map");
  }
  if (CborText(MapValue(object.get(), 0, "fmt")) != "none") {
    return std::string("only attestation \"none\" is taken");
  }
  const cbor_item_t* statement = MapValue(object.get(), 0, "attStmt");
  if (statement == nullptr || !cbor_isa_map(statement) || cbor_map_size(statement) != 0) {
    return std::string("attestation \"none\" has an empty statement");
  }
  const auto auth = CborBytes(MapValue(object.get(), 0, "authData"));
  if (!auth) return std::string("the attestation object has no authenticator data");
  auto read = ReadAuthData(rp, *auth, true);
  if (auto* why = std::get_if<std::string>(&read)) return std::move(*why);
  AuthData& data = std::get<AuthData>(read);
  auto key = ReadCoseKey(data.public_key);
  if (auto* why = std::get_if<std::string>(&key)) return std::move(*why);
  return NewCredential{std::move(data.credential_id), std::move(data.public_key),
                       std::get<CoseKey>(key).algorithm, data.sign_count,
                       (data.flags & kUserVerified) != 0};
}

std::variant<std::uint32_t, std::string> VerifyAssertion(
    const RelyingParty& rp, std::string_view public_key, std::uint32_t stored_count,
    std::string_view client_data_json, std::string_view authenticator_data,
    std::string_view signature, std::string_view challenge) {
  if (std::string why = CheckClientData(rp, client_data_json, "webauthn.get", challenge);
      !why.empty()) {
    return why;
  }
  auto read = ReadAuthData(rp, authenticator_data, false);
  if (auto* why = std::get_if<std::string>(&read)) return std::move(*why);
  const AuthData& data = std::get<AuthData>(read);
  if (signature.empty() || signature.size() > kMaxSignature) {
    return std::string("the signature has the wrong size");
  }
  auto key = ReadCoseKey(public_key);
  if (auto* why = std::get_if<std::string>(&key)) return std::move(*why);
  const std::string signed_data = std::string(authenticator_data) + Sha256(client_data_json);
  if (!VerifySignature(std::get<CoseKey>(key), signed_data, signature)) {
    return std::string("the signature does not verify");
  }
  if ((data.sign_count != 0 || stored_count != 0) && data.sign_count <= stored_count) {
    return std::string("the sign count did not grow: a replay or a cloned authenticator");
  }
  return data.sign_count;
}

}  // namespace carc::server::accounts::webauthn
