// What HTTP requests outside the game need of the application, and what every HTTP session
// shares: the API (http_api.h), health, the origin policy and the API's per-address meter.
//
// Contract: `health` answers at once from what the application already knows (it never waits
// on the store): /healthz gets (200, "ok\n") while the process serves and the store takes
// writes, 503 with the reason otherwise; /readyz the same for load balancers, and 503 also
// while the server is shutting down.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "net/address_rate.h"
#include "net/http_api.h"
#include "net/origin_policy.h"
#include "net/session.h"

namespace carc::server {

struct HealthAnswer {
  unsigned status = 200;
  std::string body = "ok\n";
};

// A WebSocket upgrade's credentials (its Cookie and Authorization headers), and what checking
// them decided: the socket opens signed in as `account`, as a guest (nothing to check), or not
// at all (`refusal` is answered instead: the session ended, or it could not be checked now).
struct UpgradeCredentials {
  std::string cookie;
  std::string authorization;
  std::string address;  // the client's, for the checking pool's per-address share
  bool https = false;   // reached over TLS (a trusted proxy's X-Forwarded-Proto): cookie flags
};
struct UpgradeVerdict {
  SocketAccount account;
  std::optional<ApiResponse> refusal;
};

struct HttpServices {
  ApiHandler api;
  std::function<HealthAnswer(bool ready)> health;
  // Returns false when the credentials hold nothing to check (the socket opens as a guest at
  // once); true when it took them: `done` is then called exactly once, on any thread, after a
  // check that never runs on the calling (network) thread. Unset: every socket is a guest's.
  std::function<bool(UpgradeCredentials, std::function<void(UpgradeVerdict)>)> authenticate;
  // The answer to a client whose address is banned (docs/moderation.md), or nullopt: asked
  // before an API request or a WebSocket upgrade is served, from memory (it never waits on the
  // store). Static pages and /healthz are served all the same: the page can say why. Unset:
  // nobody is refused.
  std::function<std::optional<ApiResponse>(const std::string& client)> address_refusal;
};

// Built once by the listener from NetConfig; shared by its sessions.
struct HttpShared {
  HttpServices services;
  OriginPolicy origins;
  AddressRate api_rate;
};

}  // namespace carc::server
