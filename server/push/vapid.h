// VAPID (RFC 8292): the application server's identity towards push services. A long-lived P-256
// key pair signs, for each push request, a short-lived ES256 JWT naming the push service's origin
// ("aud"), an expiry ("exp") and a contact ("sub"); the request carries it as
//   Authorization: vapid t=<jwt>, k=<public key>
// and the public key is what browsers are given as applicationServerKey when they subscribe.
//
// Contract: pure functions of their arguments (Generate draws from OpenSSL's CSPRNG), no clock:
// the time is passed in, in seconds since the Unix epoch. Never throw; a bad key, audience,
// subject or expiry comes back as a Refusal. The private key is never logged or put in a reason.
//
// The stored form of the private key is the raw 32-byte scalar in base64url without padding: the
// form web-push (Node), pywebpush and their key generators print and take, so a key can be
// brought from or moved to that tooling, and one short line fits a configuration field or an
// environment variable. PKCS#8 PEM would hold the same scalar in several lines of ASN.1.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "push/p256_key.h"
#include "push/refusal.h"

namespace carc::server::push {

// RFC 8292 section 2: push services may refuse tokens that expire further ahead than this.
inline constexpr std::int64_t kMaxVapidLifetimeSeconds = 24 * 60 * 60;

class VapidKey {
 public:
  static OrRefusal<VapidKey> Generate();
  // `stored` as Store() wrote it.
  static OrRefusal<VapidKey> Load(std::string_view stored);

  std::string Store() const;
  // The 65-byte uncompressed public point in base64url: GET /api/push/vapid-public-key's answer
  // and the "k" of the Authorization header.
  const std::string& PublicKey() const { return public_key_; }
  EVP_PKEY* Key() const { return key_.get(); }

 private:
  VapidKey(Pkey key, std::string public_key)
      : key_(std::move(key)), public_key_(std::move(public_key)) {}
  Pkey key_;
  std::string public_key_;
};

struct VapidClaims {
  std::string audience;  // the push endpoint's origin: "https://fcm.googleapis.com"
  std::int64_t expires = 0;
  std::string subject;  // "mailto:admin@example.org" or "https://example.org/contact"
};

// An audience must be an https origin (scheme, host, optional port; no path). Tests that stand
// a push service up on loopback may allow http there, and only there, by saying so.
enum class HttpAudience { kRefused, kAllowedOnLoopback };

// The signed token; refused when the audience is not an origin as above, the subject is neither
// mailto: nor https:, or `expires` is not after `now` or is more than 24 hours after it.
OrRefusal<std::string> MakeVapidJwt(const VapidKey& key, const VapidClaims& claims,
                                    std::int64_t now, HttpAudience http = HttpAudience::kRefused);

// "vapid t=<jwt>, k=<public key>", the value of the push request's Authorization header.
OrRefusal<std::string> VapidAuthorization(const VapidKey& key, const VapidClaims& claims,
                                          std::int64_t now,
                                          HttpAudience http = HttpAudience::kRefused);

}  // namespace carc::server::push
