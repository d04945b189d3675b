// The walk over untrusted CBOR that runs before libcbor (accounts/cbor_check.h): well-formed
// items pass with their exact length, and every lie about a length, every indefinite or
// reserved form, too deep a nesting and too many items are refused without allocating.
#include "accounts/cbor_check.h"

#include <catch2/catch.hpp>
#include <string>

#include "accounts/webauthn.h"
#include "soft_authenticator.h"

namespace ca = carc::server::accounts;
namespace wa = carc::server::accounts::webauthn;

namespace {

std::string Bytes(std::initializer_list<int> values) {
  std::string out;
  for (const int v : values) out += static_cast<char>(v);
  return out;
}

// `levels` arrays inside one another, each declaring 2^26 elements: the review's attack.
std::string NestedHugeArrays(int levels) {
  std::string out;
  for (int i = 0; i < levels; ++i) out += Bytes({0x9a, 0x04, 0x00, 0x00, 0x00});
  return out;
}

std::string Refused(const std::string& data, const ca::CborLimits& limits = {}) {
  return ca::CheckCbor(data, limits).error;
}

}  // namespace

TEST_CASE("cbor check: well-formed items pass with their exact length", "[accounts][passkeys]") {
  const auto length = [](const std::string& data) {
    const auto check = ca::CheckCbor(data);
    INFO(check.error);
    REQUIRE(check.error.empty());
    return check.length;
  };
  CHECK(length(Bytes({0x17})) == 1);                                // 23
  CHECK(length(Bytes({0x18, 0xff})) == 2);                          // 255
  CHECK(length(Bytes({0x39, 0x01, 0x00})) == 3);                    // -257
  CHECK(length(Bytes({0x1b, 0, 0, 0, 0, 0, 0, 0, 1})) == 9);        // 8-byte integer
  CHECK(length(Bytes({0x43, 'a', 'b', 'c'})) == 4);                 // h'616263'
  CHECK(length(Bytes({0x63, 'f', 'm', 't', 0x00})) == 4);           // "fmt", then more
  CHECK(length(Bytes({0xa1, 0x01, 0x82, 0xf5, 0xf6})) == 5);        // {1: [true, null]}
  CHECK(length(Bytes({0xc1, 0x1a, 0x5f, 0x5e, 0x10, 0x00})) == 6);  // a tagged time
  CHECK(length(Bytes({0xfb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0})) == 9);  // 1.0 as a double
  CHECK(length(Bytes({0x80})) == 1);                                // []
  CHECK(length(Bytes({0xa0})) == 1);                                // {}
  // What an authenticator sends: the test authenticator's attestation object and COSE keys.
  for (const bool eddsa : {false, true}) {
    carc::test::SoftAuthenticator a(eddsa);
    const std::string key = a.CoseKey();
    CHECK(length(key) == key.size());
    const std::string object = carc::test::AttestationObject(
        a.AuthData("play.example.org", 0, 0x45, carc::test::Attested(key)));
    CHECK(length(object) == object.size());
  }
}

TEST_CASE("cbor check: lengths the input cannot hold, and odd forms, are refused",
          "[accounts][passkeys]") {
  const std::string prefix = "the CBOR is refused: ";
  CHECK(Refused(NestedHugeArrays(2)) ==
        prefix + "an array or map declares more items than the input holds");
  CHECK(Refused(NestedHugeArrays(1800)) ==
        prefix + "an array or map declares more items than the input holds");
  // A map of n pairs needs 2n bytes: 3 pairs in 5 bytes is a lie.
  CHECK(Refused(Bytes({0xa3, 1, 2, 3, 4, 5})) ==
        prefix + "an array or map declares more items than the input holds");
  CHECK(Refused(Bytes({0x5a, 0x7f, 0xff, 0xff, 0xff, 'x'})) ==
        prefix + "a string is longer than the input");
  CHECK(Refused(Bytes({0x7b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})) ==
        prefix + "a string is longer than the input");
  CHECK(Refused(Bytes({0x9f, 0x01, 0xff})) == prefix + "indefinite lengths are not taken");
  CHECK(Refused(Bytes({0x5f, 0x41, 'a', 0xff})) == prefix + "indefinite lengths are not taken");
  CHECK(Refused(Bytes({0xff})) == prefix + "a break outside an indefinite-length item");
  CHECK(Refused(Bytes({0x1c})) == prefix + "reserved additional information");
  CHECK(Refused(Bytes({0x1a, 0x00, 0x01})) == prefix + "the input ends inside an item's head");
  CHECK(Refused("") == prefix + "the input ends inside an item");
  // Two items in two bytes would do, but the first takes both.
  CHECK(Refused(Bytes({0x82, 0x18, 0x01})) == prefix + "the input ends inside an item");
  // Depth: four arrays inside one another pass, five do not; tags count as a level.
  CHECK(Refused(Bytes({0x81, 0x81, 0x81, 0x81, 0x01})) == "");
  CHECK(Refused(Bytes({0x81, 0x81, 0x81, 0x81, 0x81, 0x01})) == prefix + "items nested too deeply");
  CHECK(Refused(Bytes({0xc1, 0xc1, 0xc1, 0xc1, 0xc1, 0x01})) == prefix + "items nested too deeply");
  // Items in all: an array of 300 small integers is 301 items.
  std::string many = Bytes({0x99, 0x01, 0x2c});
  many.append(300, '\x01');
  CHECK(Refused(many) == prefix + "more than the allowed number of items");
  CHECK(Refused(many, {4, 301}) == "");
}

TEST_CASE("cbor check: the passkey checks refuse a CBOR bomb before libcbor reads it",
          "[accounts][passkeys]") {
  const wa::RelyingParty party{"play.example.org", {"https://play.example.org"}};
  const std::string challenge = "Ym9tYg";
  const auto refusal = [&](const std::string& object) {
    const auto r = wa::VerifyRegistration(
        party, carc::test::ClientData("webauthn.create", challenge), object, challenge);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "accepted";
  };
  CHECK(refusal(NestedHugeArrays(2)) ==
        "the attestation object is not a CBOR map: the CBOR is refused: an array or map declares "
        "more items than the input holds");
  // The bomb inside the authenticator data, where the credential's public key goes.
  carc::test::SoftAuthenticator a(false);
  const std::string auth =
      a.AuthData("play.example.org", 0, 0x45, carc::test::Attested(NestedHugeArrays(3)));
  CHECK(refusal(carc::test::AttestationObject(auth)) ==
        "the credential's public key is not CBOR: the CBOR is refused: an array or map declares "
        "more items than the input holds");
}
