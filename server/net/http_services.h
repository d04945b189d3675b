// What HTTP requests outside the game need of the application, and what every HTTP session
// shares: the API (http_api.h), health, the origin policy and the API's per-address meter.
//
// Contract: `health` answers at once from what the application already knows (it never waits
// on the store): /healthz gets (200, "ok\n") while the process serves and the store takes
// writes, 503 with the reason otherwise; /readyz the same for load balancers, and 503 also
// while the server is shutting down.
#pragma once

#include <functional>
#include <string>

#include "net/address_rate.h"
#include "net/http_api.h"
#include "net/origin_policy.h"

namespace carc::server {

struct HealthAnswer {
  unsigned status = 200;
  std::string body = "ok\n";
};

struct HttpServices {
  ApiHandler api;
  std::function<HealthAnswer(bool ready)> health;
};

// Built once by the listener from NetConfig; shared by its sessions.
struct HttpShared {
  HttpServices services;
  OriginPolicy origins;
  AddressRate api_rate;
};

}  // namespace carc::server
