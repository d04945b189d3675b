#include "push/push_endpoint.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstdint>

#include "carc/codec/ascii_lower.h"

namespace carc::server::push {
namespace {

constexpr std::string_view kHttps = "https://";
constexpr std::string_view kHttp = "http://";

bool StartsWithNoCase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && codec::AsciiLower(text.substr(0, prefix.size())) == prefix;
}

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// a.b.c.d within a/bits.
bool In4(const std::array<std::uint8_t, 4>& a, std::uint32_t net, int bits) {
  const std::uint32_t v = (std::uint32_t{a[0]} << 24) | (std::uint32_t{a[1]} << 16) |
                          (std::uint32_t{a[2]} << 8) | std::uint32_t{a[3]};
  const std::uint32_t mask = bits == 0 ? 0 : ~std::uint32_t{0} << (32 - bits);
  return (v & mask) == (net & mask);
}

constexpr std::uint32_t Net4(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
  return (a << 24) | (b << 16) | (c << 8) | d;
}

bool Loopback4(const std::array<std::uint8_t, 4>& a) {
  return In4(a, Net4(127, 0, 0, 0), 8);
}

// The IPv4 ranges that are not the public internet (RFC 6890's special-purpose registry, with
// the shared CGNAT space and the documentation nets).
bool Special4(const std::array<std::uint8_t, 4>& a) {
  struct Range {
    std::uint32_t net;
    int bits;
  };
  static constexpr Range kRanges[] = {
      {Net4(0, 0, 0, 0), 8},      {Net4(10, 0, 0, 0), 8},     {Net4(100, 64, 0, 0), 10},
      {Net4(127, 0, 0, 0), 8},    {Net4(169, 254, 0, 0), 16}, {Net4(172, 16, 0, 0), 12},
      {Net4(192, 0, 0, 0), 24},   {Net4(192, 0, 2, 0), 24},   {Net4(192, 88, 99, 0), 24},
      {Net4(192, 168, 0, 0), 16}, {Net4(198, 18, 0, 0), 15},  {Net4(198, 51, 100, 0), 24},
      {Net4(203, 0, 113, 0), 24}, {Net4(224, 0, 0, 0), 4},    {Net4(240, 0, 0, 0), 4},
  };
  return std::any_of(std::begin(kRanges), std::end(kRanges),
                     [&](const Range& r) { return In4(a, r.net, r.bits); });
}

bool Public4(const std::array<std::uint8_t, 4>& a, Loopback loopback) {
  if (Loopback4(a)) return loopback == Loopback::kAllowed;
  return !Special4(a);
}

bool Public6(const std::array<std::uint8_t, 16>& a, Loopback loopback) {
  const auto zeros = [&](int from, int to) {
    return std::all_of(a.begin() + from, a.begin() + to, [](std::uint8_t b) { return b == 0; });
  };
  const auto v4at = [&](int i) {
    return std::array<std::uint8_t, 4>{
        a[static_cast<std::size_t>(i)], a[static_cast<std::size_t>(i + 1)],
        a[static_cast<std::size_t>(i + 2)], a[static_cast<std::size_t>(i + 3)]};
  };
  if (zeros(0, 15) && a[15] == 1) return loopback == Loopback::kAllowed;  // ::1
  if (zeros(0, 10) && a[10] == 0xff && a[11] == 0xff) return Public4(v4at(12), loopback);
  if (zeros(0, 12)) return false;  // :: and the deprecated IPv4-compatible ::a.b.c.d
  // ::ffff:0:a.b.c.d, SIIT's IPv4-translated addresses (RFC 2765): the IPv4 address decides.
  if (zeros(0, 8) && a[8] == 0xff && a[9] == 0xff && a[10] == 0 && a[11] == 0) {
    return Public4(v4at(12), Loopback::kRefused);
  }
  // 64:ff9b:1::/48, NAT64 for local use (RFC 8215): a translator of somebody's own network.
  if (a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b && a[4] == 0x00 &&
      a[5] == 0x01) {
    return false;
  }
  // 64:ff9b::/96, NAT64: the IPv4 address it stands for decides.
  if (a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b && zeros(4, 12)) {
    return Public4(v4at(12), Loopback::kRefused);
  }
  if (a[0] == 0x20 && a[1] == 0x02) return Public4(v4at(2), Loopback::kRefused);   // 6to4
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x00 && a[3] == 0x00) return false;  // Teredo
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0d && a[3] == 0xb8) return false;  // docs
  if (a[0] == 0x01 && a[1] == 0x00 && zeros(2, 8)) return false;  // 100::/64, discard
  if ((a[0] & 0xfe) == 0xfc) return false;                        // fc00::/7, unique local
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return false;        // fe80::/10, link-local
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0) return false;        // fec0::/10, site-local
  if (a[0] == 0xff) return false;                                 // multicast
  return true;
}

// A DNS name as the endpoint's host: letters, digits and hyphens in labels of 1 to 63, at least
// two labels, the last not all digits (a browser reads "127.1" as an address), not a name kept
// for local or special use (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal).
std::string NameProblem(std::string_view name, Loopback loopback) {
  if (name.size() > 253) return "the endpoint's host name is too long";
  std::size_t labels = 0;
  std::string_view last;
  for (std::size_t start = 0; start <= name.size();) {
    const std::size_t dot = std::min(name.find('.', start), name.size());
    const std::string_view label = name.substr(start, dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-' ||
        !std::all_of(label.begin(), label.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        })) {
      return "the endpoint's host is not a name";
    }
    ++labels;
    last = label;
    start = dot + 1;
  }
  if (name == "localhost" || EndsWith(name, ".localhost")) {
    return loopback == Loopback::kAllowed ? "" : "the endpoint is on this machine";
  }
  if (labels < 2) return "the endpoint's host is not a public name";
  if (std::all_of(last.begin(), last.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return "the endpoint's host is not a name";
  }
  for (const std::string_view local :
       {".local", ".internal", ".home.arpa", ".invalid", ".test", ".example", ".onion"}) {
    if (EndsWith(name, local)) return "the endpoint's host is not a public name";
  }
  return "";
}

// The port after the host, "" for none: 1 to 65535, digits only.
int PortOf(std::string_view text) {
  if (text.empty() || text.size() > 5) return -1;
  int port = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return -1;
    port = port * 10 + (c - '0');
  }
  return port >= 1 && port <= 65535 ? port : -1;
}

}  // namespace

bool PublicAddress(std::string_view address, Loopback loopback) {
  if (address.size() >= 2 && address.front() == '[' && address.back() == ']') {
    address = address.substr(1, address.size() - 2);
  }
  if (address.empty() || address.size() > 64) return false;
  const std::string text(address);
  std::array<std::uint8_t, 4> v4{};
  if (inet_pton(AF_INET, text.c_str(), v4.data()) == 1) return Public4(v4, loopback);
  std::array<std::uint8_t, 16> v6{};
  if (inet_pton(AF_INET6, text.c_str(), v6.data()) == 1) return Public6(v6, loopback);
  return false;
}

std::variant<PushEndpoint, std::string> CheckPushEndpoint(std::string_view url, Loopback loopback) {
  if (url.size() > kMaxEndpointLength) return "the endpoint is longer than 1024 characters";
  if (!std::all_of(url.begin(), url.end(), [](char c) { return c > 0x20 && c < 0x7f; })) {
    return "the endpoint has characters a URL cannot have";
  }
  PushEndpoint out;
  std::string_view rest;
  if (StartsWithNoCase(url, kHttps)) {
    rest = url.substr(kHttps.size());
  } else if (StartsWithNoCase(url, kHttp) && loopback == Loopback::kAllowed) {
    rest = url.substr(kHttp.size());
    out.tls = false;
    out.port = 80;
  } else {
    return "the endpoint must be an https URL";
  }
  if (rest.find('#') != std::string_view::npos) return "the endpoint has a fragment";
  const std::size_t end = std::min(rest.find_first_of("/?"), rest.size());
  const std::string authority = codec::AsciiLower(rest.substr(0, end));
  out.target = std::string(rest.substr(end));
  if (out.target.empty()) out.target = "/";
  if (out.target.front() == '?') out.target.insert(out.target.begin(), '/');
  if (authority.find('@') != std::string::npos) {
    return "the endpoint may not carry a user name or password";
  }
  std::string host = authority;
  std::string port_text;
  bool ipv6 = false;
  if (!authority.empty() && authority.front() == '[') {
    const std::size_t close = authority.find(']');
    if (close == std::string::npos) return "the endpoint's host is not an address";
    host = authority.substr(0, close + 1);
    const std::string after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') return "the endpoint's host is not an address";
      port_text = after.substr(1);
    }
    ipv6 = true;
  } else if (const std::size_t colon = authority.find(':'); colon != std::string::npos) {
    host = authority.substr(0, colon);
    port_text = authority.substr(colon + 1);
  }
  if (authority.find(':') != std::string::npos && !ipv6 && port_text.empty()) {
    return "the endpoint's port is not a number from 1 to 65535";
  }
  if (!port_text.empty() || (ipv6 && authority.back() == ':')) {
    const int port = PortOf(port_text);
    if (port < 0) return "the endpoint's port is not a number from 1 to 65535";
    out.port = port;
  }
  if (host.empty()) return "the endpoint has no host";
  const bool loopback_name = host == "localhost" || EndsWith(host, ".localhost");
  std::array<std::uint8_t, 4> v4{};
  if (ipv6 || inet_pton(AF_INET, host.c_str(), v4.data()) == 1) {
    if (!PublicAddress(host, loopback)) return "the endpoint's address is not a public one";
  } else if (std::string why = NameProblem(host, loopback); !why.empty()) {
    return why;
  }
  // Plain http only to this machine, and only when the caller allows it (a test's push service).
  const bool loopback_address =
      PublicAddress(host, Loopback::kAllowed) && !PublicAddress(host, Loopback::kRefused);
  if (!out.tls && !loopback_name && !loopback_address) return "the endpoint must be an https URL";
  out.host = host;
  const int default_port = out.tls ? 443 : 80;
  out.origin = std::string(out.tls ? "https://" : "http://") + host +
               (out.port == default_port ? "" : ":" + std::to_string(out.port));
  return out;
}

}  // namespace carc::server::push
