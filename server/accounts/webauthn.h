// Passkeys: the relying party's checks of WebAuthn Level 2 (https://www.w3.org/TR/webauthn-2/,
// sections 7.1 and 7.2) for a registration with attestation "none" and for an assertion, with
// ES256 (COSE -7, P-256) and EdDSA (COSE -8, Ed25519) keys. CBOR is read with libcbor, keys
// and signatures are checked with OpenSSL 3.
//
// Contract: pure functions of their arguments, thread-safe, never throw; every byte handed in
// is hostile (sizes are bounded before parsing). A refusal says which check failed, in words
// fit for a log line and the client's error. Challenges are compared as the base64url text the
// client echoes; issuing them, once each and for a short time, is PasskeyChallenges' job.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "net/base64url.h"

namespace carc::server::accounts::webauthn {

inline constexpr long kEs256 = -7;
inline constexpr long kEdDsa = -8;

struct RelyingParty {
  std::string id;                    // the site's host name: "play.example.org"
  std::vector<std::string> origins;  // the pages allowed to use it: "https://play.example.org"
  // Also http://localhost:PORT, whatever the port: a server run without a public address,
  // whose pages only a browser on its own machine can open.
  bool localhost_any_port = false;
};

// A passkey made by a registration.
struct NewCredential {
  std::string id;          // the credential id (raw bytes)
  std::string public_key;  // the COSE_Key as the authenticator sent it (CBOR bytes)
  long algorithm = 0;      // kEs256 or kEdDsa
  std::uint32_t sign_count = 0;
  bool user_verified = false;
};

// Checks a registration ceremony's response (attestation "none": no attestation statement is
// trusted or needed). `challenge` is the base64url text of the challenge the server issued.
std::variant<NewCredential, std::string> VerifyRegistration(const RelyingParty& rp,
                                                            std::string_view client_data_json,
                                                            std::string_view attestation_object,
                                                            std::string_view challenge);

// Checks an assertion by the passkey whose COSE key is `public_key` and whose last sign count
// is `stored_count`. Returns the new sign count to store. A count that does not grow is refused
// (a cloned authenticator, or a replay), except 0 after 0: authenticators without a counter.
std::variant<std::uint32_t, std::string> VerifyAssertion(
    const RelyingParty& rp, std::string_view public_key, std::uint32_t stored_count,
    std::string_view client_data_json, std::string_view authenticator_data,
    std::string_view signature, std::string_view challenge);

// WebAuthn's JSON carries bytes as base64url without padding.
using carc::server::Base64Url;
using carc::server::DecodeBase64Url;

}  // namespace carc::server::accounts::webauthn
