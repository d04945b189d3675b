// Which peers are reverse proxies whose word on the client's address is believed.
//
// Behind a proxy every TCP connection comes from the proxy, so per-address limits and logs
// would see one address for everyone. A proxy named in --trusted-proxies reports the client in
// X-Forwarded-For (every line of it, joined in order: a proxy may append a line of its own
// rather than extend the client's); the server walks it from the right, past the entries of
// other trusted proxies, to the first that is not one: whatever is to its left came from the
// client and proves nothing. A peer that is not trusted cannot choose its address by sending
// the header.
//
// Contract: Parse takes a comma-separated list of IPv4/IPv6 addresses and CIDR ranges
// ("127.0.0.1, 10.0.0.0/8, ::1") and says what is wrong with a bad one; an empty list trusts
// nobody. Thread-safe once built (const).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace carc::server {

class ProxyTrust {
 public:
  ProxyTrust() = default;
  static std::variant<ProxyTrust, std::string> Parse(std::string_view list);

  bool empty() const { return v4_.empty() && v6_.empty(); }
  bool Trusts(const boost::asio::ip::address& peer) const;
  // The client's address: the right-most X-Forwarded-For entry that is not a trusted proxy,
  // when `peer` is trusted (a hop that is no address stops the walk at the proxy before it);
  // else `peer` itself. `x_forwarded_for`: all of the request's lines, joined with commas.
  boost::asio::ip::address ClientAddress(const boost::asio::ip::address& peer,
                                         std::string_view x_forwarded_for) const;

 private:
  std::vector<boost::asio::ip::network_v4> v4_;
  std::vector<boost::asio::ip::network_v6> v6_;
};

}  // namespace carc::server
