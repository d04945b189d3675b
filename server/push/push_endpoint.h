// Whether a push subscription's endpoint may be sent to: the URL a browser's push service gave
// the page, which the page hands to this server, which will then make requests to it. Any page
// (or a script pretending to be one) can send any URL here, so the endpoint is the classic way
// to make a server request its own network (server-side request forgery): only https URLs to
// public names and addresses pass. A name is checked again when it is resolved, just before the
// request (PublicAddress), so that a name which resolves to a private address is refused too.
//
// Contract: pure, never throws; every input is hostile. Loopback endpoints (http or https) pass
// only when the caller says so (`Loopback::kAllowed`: the tests' push service on 127.0.0.1).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

namespace carc::server::push {

inline constexpr std::size_t kMaxEndpointLength = 1024;

enum class Loopback { kRefused, kAllowed };

struct PushEndpoint {
  std::string origin;  // "https://host[:port]": the VAPID token's audience
  std::string host;    // a name, or an address ("[::1]" for IPv6)
  int port = 443;
  std::string target;  // the path and query, "/" at least
  bool tls = true;
};

// The endpoint's parts, or why it is refused (in words that never repeat the URL: an endpoint
// is a capability to reach the player's browser, and stays out of logs and answers).
std::variant<PushEndpoint, std::string> CheckPushEndpoint(std::string_view url,
                                                          Loopback loopback = Loopback::kRefused);

// Whether an address (IPv4 dotted, or IPv6 in any textual form, with or without brackets) may be
// connected to: not loopback, private, link-local, shared (CGNAT), multicast, unspecified,
// reserved or documentation ranges, nor an IPv4 address of those mapped into IPv6. Loopback
// passes when allowed. A text that is no address is refused.
bool PublicAddress(std::string_view address, Loopback loopback = Loopback::kRefused);

}  // namespace carc::server::push
