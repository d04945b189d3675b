// Passkeys' checks (accounts/webauthn.h) against a software authenticator of the test's own:
// OpenSSL makes its P-256 and Ed25519 keys and signatures, libcbor its CBOR, so every field a
// browser's authenticator sends can be made right, or wrong one at a time.
#include <cbor.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "accounts/webauthn.h"
#include "soft_authenticator.h"

namespace wa = carc::server::accounts::webauthn;
namespace test = carc::test;

namespace {

const wa::RelyingParty kParty{"play.example.org", {"https://play.example.org"}};
using test::AttestationObject;
using test::Attested;
using test::ClientData;
using test::Digest;
using test::kCredentialId;
using test::SoftAuthenticator;

std::string Refusal(const std::variant<wa::NewCredential, std::string>& r) {
  return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "accepted";
}
std::string Refusal(const std::variant<std::uint32_t, std::string>& r) {
  return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "accepted";
}

}  // namespace

TEST_CASE("passkeys: a registration with attestation none is read, each wrong field refused",
          "[accounts][passkeys]") {
  for (const bool eddsa : {false, true}) {
    INFO((eddsa ? "EdDSA" : "ES256"));
    SoftAuthenticator a(eddsa);
    const std::string challenge = "c2VydmVyLWNoYWxsZW5nZQ";
    const std::string auth = a.AuthData("play.example.org", 0, 0x45, Attested(a.CoseKey()));
    const auto ok = wa::VerifyRegistration(kParty, ClientData("webauthn.create", challenge),
                                           AttestationObject(auth), challenge);
    REQUIRE(std::holds_alternative<wa::NewCredential>(ok));
    const auto& c = std::get<wa::NewCredential>(ok);
    CHECK(c.id == kCredentialId);
    CHECK(c.public_key == a.CoseKey());
    CHECK(c.algorithm == (eddsa ? wa::kEdDsa : wa::kEs256));
    CHECK(c.user_verified);

    const auto refuse = [&](const std::string& client, const std::string& object,
                            const std::string& expected) {
      return Refusal(wa::VerifyRegistration(kParty, client, object, expected));
    };
    const std::string good_client = ClientData("webauthn.create", challenge);
    CHECK(refuse(ClientData("webauthn.get", challenge), AttestationObject(auth), challenge) ==
          "the client data's type is not webauthn.create");
    CHECK(refuse(good_client, AttestationObject(auth), "b3RoZXI") ==
          "the challenge is not the one issued");
    CHECK(refuse(good_client, AttestationObject(auth), "") ==
          "the challenge is not the one issued");
    CHECK(refuse(ClientData("webauthn.create", challenge, "https://evil.example"),
                 AttestationObject(auth), challenge) == "the origin is not this server's");
    CHECK(refuse(good_client,
                 AttestationObject(a.AuthData("evil.example", 0, 0x45, Attested(a.CoseKey()))),
                 challenge) == "the rp id is not this server's");
    CHECK(refuse(good_client,
                 AttestationObject(a.AuthData("play.example.org", 0, 0x44, Attested(a.CoseKey()))),
                 challenge) == "the user was not present");
    CHECK(refuse(good_client,
                 AttestationObject(a.AuthData("play.example.org", 0, 0x41, Attested(a.CoseKey()))),
                 challenge) ==
          "the authenticator did not verify the user (a PIN, fingerprint or face)");
    CHECK(refuse(good_client, AttestationObject(auth, "packed"), challenge) ==
          "only attestation \"none\" is taken");
    // "n" is a text string of 14 bytes: the input holds 7 more.
    CHECK(refuse(good_client, "not cbor", challenge) ==
          "the attestation object is not a CBOR map: the CBOR is refused: a string is longer "
          "than the input");
    CHECK(refuse(good_client, AttestationObject(auth.substr(0, 54)), challenge) ==
          "the credential data is cut short");
    CHECK(refuse(good_client, AttestationObject(auth.substr(0, 60)), challenge) ==
          "the credential id has the wrong size");
    CHECK(refuse("{", AttestationObject(auth), challenge).find("not valid JSON") !=
          std::string::npos);
  }
}

TEST_CASE("passkeys: keys of other algorithms or off the curve are refused",
          "[accounts][passkeys]") {
  SoftAuthenticator a(false);
  const std::string challenge = "Y2hhbGxlbmdl";
  const std::string rs256 = a.AuthData("play.example.org", 0, 0x45, Attested(a.CoseKey(-257)));
  CHECK(Refusal(wa::VerifyRegistration(kParty, ClientData("webauthn.create", challenge),
                                       AttestationObject(rs256), challenge)) ==
        "the key's algorithm is neither ES256 (-7, P-256) nor EdDSA (-8, Ed25519)");
  // The same key with one byte of x changed is (almost surely) no point of P-256.
  std::string cose = a.CoseKey();
  cose[cose.size() - 40] = static_cast<char>(cose[cose.size() - 40] ^ 0x01);
  const std::string off = a.AuthData("play.example.org", 0, 0x45, Attested(cose));
  CHECK(Refusal(wa::VerifyRegistration(kParty, ClientData("webauthn.create", challenge),
                                       AttestationObject(off), challenge)) ==
        "the P-256 key is not a point of the curve");
}

TEST_CASE(
    "passkeys: an assertion is verified, and a replay, a lower count, a wrong origin, rp id, "
    "challenge or signature is refused",
    "[accounts][passkeys]") {
  for (const bool eddsa : {false, true}) {
    INFO((eddsa ? "EdDSA" : "ES256"));
    SoftAuthenticator a(eddsa);
    const std::string key = a.CoseKey();
    const std::string challenge = "YXNzZXJ0aW9uLWNoYWxsZW5nZQ";
    const auto assert_with = [&](std::uint32_t stored, std::uint32_t count,
                                 const std::string& client, const std::string& rp_id,
                                 const std::string& expected, bool tamper = false) {
      const std::string auth = a.AuthData(rp_id, count, 0x05);
      std::string sig = a.Sign(auth + Digest(client));
      if (tamper) sig[sig.size() / 2] = static_cast<char>(sig[sig.size() / 2] ^ 0x10);
      return wa::VerifyAssertion(kParty, key, stored, client, auth, sig, expected);
    };
    const std::string client = ClientData("webauthn.get", challenge);
    const auto ok = assert_with(4, 5, client, "play.example.org", challenge);
    REQUIRE(std::holds_alternative<std::uint32_t>(ok));
    CHECK(std::get<std::uint32_t>(ok) == 5);
    // Replayed: the same response again finds the count already at 5.
    CHECK(Refusal(assert_with(5, 5, client, "play.example.org", challenge)) ==
          "the sign count did not grow: a replay or a cloned authenticator");
    CHECK(Refusal(assert_with(9, 5, client, "play.example.org", challenge)) ==
          "the sign count did not grow: a replay or a cloned authenticator");
    // An authenticator without a counter always says 0.
    CHECK(std::get<std::uint32_t>(assert_with(0, 0, client, "play.example.org", challenge)) == 0);
    CHECK(Refusal(assert_with(4, 5, ClientData("webauthn.get", challenge, "https://evil.example"),
                              "play.example.org", challenge)) == "the origin is not this server's");
    CHECK(Refusal(assert_with(4, 5, client, "example.org", challenge)) ==
          "the rp id is not this server's");
    // An old challenge: the client signed another than the one the server expects now.
    CHECK(Refusal(assert_with(4, 5, ClientData("webauthn.get", "b2xk"), "play.example.org",
                              challenge)) == "the challenge is not the one issued");
    CHECK(Refusal(assert_with(4, 5, ClientData("webauthn.create", challenge), "play.example.org",
                              challenge)) == "the client data's type is not webauthn.get");
    CHECK(Refusal(assert_with(4, 5, client, "play.example.org", challenge, true)) ==
          "the signature does not verify");
    // Another authenticator's key does not verify this one's signature.
    SoftAuthenticator other(eddsa);
    const std::string auth = a.AuthData("play.example.org", 6, 0x05);
    CHECK(Refusal(wa::VerifyAssertion(kParty, other.CoseKey(), 0, client, auth,
                                      a.Sign(auth + Digest(client)), challenge)) ==
          "the signature does not verify");
  }
}

TEST_CASE("passkeys: base64url without padding, both ways", "[accounts][passkeys]") {
  CHECK(wa::Base64Url("") == "");
  CHECK(wa::Base64Url("f") == "Zg");
  CHECK(wa::Base64Url("fo") == "Zm8");
  CHECK(wa::Base64Url("foo") == "Zm9v");
  CHECK(wa::Base64Url("\xfb\xff") == "-_8");
  std::string out;
  CHECK(wa::DecodeBase64Url("Zm9vYg", out));
  CHECK(out == "foob");
  CHECK(wa::DecodeBase64Url("-_8", out));
  CHECK(out == "\xfb\xff");
  CHECK_FALSE(wa::DecodeBase64Url("Zm9v=", out));
  CHECK_FALSE(wa::DecodeBase64Url("Z", out));
  CHECK_FALSE(wa::DecodeBase64Url("Zm+v", out));
}
