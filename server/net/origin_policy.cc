#include "net/origin_policy.h"

#include "carc/codec/ascii_lower.h"
#include "net/header_text.h"

#include <algorithm>

namespace carc::server {
namespace {

// "scheme://host[:port]" in lower case without the scheme's default port; "" when `origin` is
// not of that form (a path, user info, another scheme).
std::string Normalise(std::string_view origin) {
  std::string o = codec::AsciiLower(TrimHeaderSpace(origin));
  std::string_view scheme;
  if (o.starts_with("http://")) {
    scheme = "http";
  } else if (o.starts_with("https://")) {
    scheme = "https";
  } else {
    return "";
  }
  const std::string_view authority = std::string_view(o).substr(scheme.size() + 3);
  if (authority.empty() || authority.find_first_of("/?#@ ") != std::string_view::npos) return "";
  const std::string_view default_port = scheme == "http" ? ":80" : ":443";
  // An IPv6 host is bracketed: its port comes after the ']'.
  const bool bracketed = authority.front() == '[';
  if (authority.size() > default_port.size() && authority.ends_with(default_port) &&
      (!bracketed || authority[authority.size() - default_port.size() - 1] == ']')) {
    o.resize(o.size() - default_port.size());
  }
  return o;
}

}  // namespace

std::variant<OriginPolicy, std::string> OriginPolicy::Parse(std::string_view list) {
  OriginPolicy policy;
  while (!list.empty()) {
    const auto comma = list.find(',');
    const std::string_view entry = TrimHeaderSpace(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (entry.empty()) continue;
    if (entry == "*") {
      policy.any_ = true;
      continue;
    }
    std::string normal = Normalise(entry);
    if (normal.empty()) {
      return "\"" + std::string(entry) +
             "\" is not an origin: write scheme://host[:port], e.g. https://play.example.org";
    }
    policy.allowed_.push_back(std::move(normal));
  }
  return policy;
}

bool OriginPolicy::Allows(std::string_view origin, std::string_view host) const {
  if (origin.empty()) return true;
  if (any_) return true;
  const std::string o = Normalise(origin);
  if (o.empty()) return false;  // "null" and anything else that is no origin
  if (std::find(allowed_.begin(), allowed_.end(), o) != allowed_.end()) return true;
  const std::string h = codec::AsciiLower(TrimHeaderSpace(host));
  if (h.empty()) return false;
  return o == Normalise("http://" + h) || o == Normalise("https://" + h);
}

}  // namespace carc::server
