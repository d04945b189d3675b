// Which web pages may use this server: a browser names the page's origin in Origin on every
// WebSocket upgrade and every POST, and a page on another site must not get a socket or send a
// request in its visitor's name (the per-address caps would then count the visitor, and a
// cookie, once there is one, would ride along).
//
// Contract: a request without Origin (the command-line tools, curl, the load tool) is allowed:
// only browsers send one, and they always do. An Origin is allowed when it is the server's own
// (http or https, and the host and port of the request's Host field) or one of the
// --allowed-origins list; "null" (sandboxed frames, files) never is. Comparison ignores case
// and a default port (:80 for http, :443 for https). Thread-safe once built (const).
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace carc::server {

class OriginPolicy {
 public:
  OriginPolicy() = default;
  // A comma-separated list of origins ("https://play.example.org, http://localhost:5173") or
  // "*" (every origin: only for development). Says what is wrong with a bad entry.
  static std::variant<OriginPolicy, std::string> Parse(std::string_view list);

  bool Allows(std::string_view origin, std::string_view host) const;
  // The listed origins, normalised (lower case, no default port); empty for "*".
  const std::vector<std::string>& allowed() const { return allowed_; }

 private:
  bool any_ = false;
  std::vector<std::string> allowed_;  // normalised: lower case, no default port
};

}  // namespace carc::server
