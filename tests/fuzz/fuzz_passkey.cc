// fuzz_passkey: the bodies of passkey registrations and sign-ins as the API threads check them
// (accounts/webauthn.h), and the CBOR walk that runs before libcbor (accounts/cbor_check.h).
// The first byte picks what the rest is:
//   0: any CBOR: what the walk accepts, libcbor reads to the same length;
//   1: a registration's attestation object, with good client data;
//   2: the authenticator data inside a well-formed attestation object, after the rp id's hash,
//      flags (attested), count, AAGUID and a credential id: the credential's COSE key and on;
//   3: a stored public key (COSE) checked by a sign-in's assertion.
// Each verification returns a value or a reason and never throws; run.sh runs this target with
// a malloc limit, so that an allocation in proportion to a declared length, not to the bytes
// present, is a finding.
#include <cbor.h>
#include <openssl/sha.h>

#include <string>
#include <variant>

#include "accounts/cbor_check.h"
#include "accounts/webauthn.h"
#include "fuzz_target.h"

namespace {

namespace wa = carc::server::accounts::webauthn;
using carc::fuzz::Fail;

const wa::RelyingParty kParty{"play.example.org", {"https://play.example.org"}};
constexpr const char* kChallenge = "ZnV6ei1jaGFsbGVuZ2U";

std::string ClientData(const char* type) {
  return std::string(R"({"type":")") + type + R"(","challenge":")" + kChallenge +
         R"(","origin":"https://play.example.org"})";
}

std::string RpIdHash() {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(kParty.id.data()), kParty.id.size(), digest);
  return std::string(reinterpret_cast<const char*>(digest), sizeof digest);
}

// A CBOR head of major type `major` with argument `n` (n < 2^16).
std::string Head(int major, std::size_t n) {
  std::string out;
  if (n < 24) {
    out += static_cast<char>((major << 5) | static_cast<int>(n));
  } else if (n < 256) {
    out += static_cast<char>((major << 5) | 24);
    out += static_cast<char>(n);
  } else {
    out += static_cast<char>((major << 5) | 25);
    out += static_cast<char>(n >> 8);
    out += static_cast<char>(n & 0xff);
  }
  return out;
}

std::string Text(const std::string& s) {
  return Head(3, s.size()) + s;
}

std::string AttestationObject(const std::string& auth_data) {
  return Head(5, 3) + Text("fmt") + Text("none") + Text("attStmt") + Head(5, 0) + Text("authData") +
         Head(2, auth_data.size()) + auth_data;
}

void CrossCheck(std::string_view bytes) {
  const auto check = carc::server::accounts::CheckCbor(bytes);
  if (!check.error.empty()) return;
  if (check.length == 0 || check.length > bytes.size()) Fail("the walk's length is off");
  cbor_load_result result{};
  cbor_item_t* item =
      cbor_load(reinterpret_cast<const unsigned char*>(bytes.data()), check.length, &result);
  if (item != nullptr) {
    if (result.read != check.length) Fail("libcbor read another length than the walk");
    cbor_decref(&item);
  }
}

template <typename T>
void Settled(const std::variant<T, std::string>& r) {
  if (const auto* why = std::get_if<std::string>(&r); why != nullptr && why->empty()) {
    Fail("a refusal without a reason");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0:
      CrossCheck(rest);
      break;
    case 1:
      Settled(wa::VerifyRegistration(kParty, ClientData("webauthn.create"), rest, kChallenge));
      break;
    case 2: {
      std::string auth = RpIdHash();
      auth += '\x45';                 // user present, verified, attested credential data
      auth += std::string(4, '\0');   // sign count
      auth += std::string(16, '\0');  // AAGUID
      auth += std::string("\x00\x04", 2) + "cred";
      auth += rest;
      if (auth.size() > 60000) break;  // the test's own length field holds 16 bits
      Settled(wa::VerifyRegistration(kParty, ClientData("webauthn.create"), AttestationObject(auth),
                                     kChallenge));
      break;
    }
    default: {
      std::string auth = RpIdHash() + '\x05' + std::string("\x00\x00\x00\x01", 4);
      Settled(wa::VerifyAssertion(kParty, rest, 0, ClientData("webauthn.get"), auth,
                                  std::string(64, '\x01'), kChallenge));
      break;
    }
  }
  return 0;
}
