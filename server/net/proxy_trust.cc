#include "net/proxy_trust.h"

#include "net/header_text.h"

namespace carc::server {

namespace ip = boost::asio::ip;

namespace {

// An IPv4-mapped IPv6 peer (::ffff:10.0.0.1 on a dual-stack socket) is its IPv4 address.
ip::address Plain(const ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) {
    return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  }
  return a;
}

}  // namespace

std::variant<ProxyTrust, std::string> ProxyTrust::Parse(std::string_view list) {
  ProxyTrust out;
  while (!list.empty()) {
    const auto comma = list.find(',');
    const std::string item(TrimHeaderSpace(list.substr(0, comma)));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (item.empty()) continue;
    boost::system::error_code ec;
    if (item.find('/') == std::string::npos) {
      const auto a = Plain(ip::make_address(item, ec));
      if (ec) return "'" + item + "' is not an IP address or a CIDR range";
      if (a.is_v4()) {
        out.v4_.emplace_back(a.to_v4(), 32);
      } else {
        out.v6_.emplace_back(a.to_v6(), 128);
      }
      continue;
    }
    if (item.find(':') == std::string::npos) {
      const auto n = ip::make_network_v4(item, ec);
      if (ec) return "'" + item + "' is not an IPv4 CIDR range";
      out.v4_.push_back(n.canonical());
    } else {
      const auto n = ip::make_network_v6(item, ec);
      if (ec) return "'" + item + "' is not an IPv6 CIDR range";
      out.v6_.push_back(n.canonical());
    }
  }
  return out;
}

bool ProxyTrust::Trusts(const ip::address& peer) const {
  const ip::address a = Plain(peer);
  if (a.is_v4()) {
    for (const auto& n : v4_) {
      if (ip::network_v4(a.to_v4(), n.prefix_length()).canonical() == n) return true;
    }
    return false;
  }
  for (const auto& n : v6_) {
    if (ip::network_v6(a.to_v6(), n.prefix_length()).canonical() == n) return true;
  }
  return false;
}

ip::address ProxyTrust::ClientAddress(const ip::address& peer,
                                      std::string_view x_forwarded_for) const {
  if (x_forwarded_for.empty() || !Trusts(peer)) return peer;
  // From the right: each hop a trusted proxy wrote names the one before it, until the first
  // that is not a trusted proxy: the client. A hop that is no address ends the walk at the
  // proxy that passed it on.
  ip::address hop = peer;
  std::string_view rest = x_forwarded_for;
  while (true) {
    const auto comma = rest.rfind(',');
    const std::string entry(
        TrimHeaderSpace(comma == std::string_view::npos ? rest : rest.substr(comma + 1)));
    boost::system::error_code ec;
    const auto named = ip::make_address(entry, ec);
    if (ec) return hop == peer ? peer : hop;
    hop = Plain(named);
    if (!Trusts(hop) || comma == std::string_view::npos) return hop;
    rest = rest.substr(0, comma);
  }
}

}  // namespace carc::server
