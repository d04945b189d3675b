// Whose word on the client's address the server believes (net/proxy_trust.h): only a listed
// proxy's, and only the last X-Forwarded-For entry, the one that proxy wrote.
#include "net/proxy_trust.h"

#include <catch2/catch.hpp>

using carc::server::ProxyTrust;
namespace ip = boost::asio::ip;

namespace {

ProxyTrust Trust(const std::string& list) {
  auto parsed = ProxyTrust::Parse(list);
  REQUIRE(std::holds_alternative<ProxyTrust>(parsed));
  return std::get<ProxyTrust>(parsed);
}

std::string Client(const ProxyTrust& t, const std::string& peer, const std::string& header) {
  return t.ClientAddress(ip::make_address(peer), header).to_string();
}

}  // namespace

TEST_CASE("trusted proxies: addresses and CIDR ranges, and what is not one", "[proxy]") {
  const ProxyTrust t = Trust(" 127.0.0.1, 10.0.0.0/8 ,fd00::/8,::1");
  CHECK(t.Trusts(ip::make_address("127.0.0.1")));
  CHECK_FALSE(t.Trusts(ip::make_address("127.0.0.2")));
  CHECK(t.Trusts(ip::make_address("10.200.3.4")));
  CHECK_FALSE(t.Trusts(ip::make_address("11.0.0.1")));
  CHECK(t.Trusts(ip::make_address("fd12::7")));
  CHECK(t.Trusts(ip::make_address("::1")));
  CHECK_FALSE(t.Trusts(ip::make_address("2001:db8::1")));
  // A dual-stack socket reports IPv4 peers as IPv4-mapped IPv6 addresses.
  CHECK(t.Trusts(ip::make_address("::ffff:10.1.1.1")));
  CHECK(Trust("").empty());
  for (const std::string bad : {"localhost", "10.0.0.0/33", "1.2.3", "fd00::/129", "10.0.0.1/x"}) {
    INFO(bad);
    const auto parsed = ProxyTrust::Parse(bad);
    REQUIRE(std::holds_alternative<std::string>(parsed));
    CHECK(std::get<std::string>(parsed).find(bad.substr(0, 4)) != std::string::npos);
  }
}

TEST_CASE("trusted proxies: the last X-Forwarded-For entry of a trusted peer, nothing else",
          "[proxy]") {
  const ProxyTrust t = Trust("127.0.0.1");
  CHECK(Client(t, "127.0.0.1", "203.0.113.9") == "203.0.113.9");
  // Entries to the left came from the client itself.
  CHECK(Client(t, "127.0.0.1", "1.1.1.1, 203.0.113.9") == "203.0.113.9");
  CHECK(Client(t, "127.0.0.1", "1.1.1.1,2001:db8::5") == "2001:db8::5");
  CHECK(Client(t, "127.0.0.1", "") == "127.0.0.1");
  CHECK(Client(t, "127.0.0.1", "not-an-address") == "127.0.0.1");
  CHECK(Client(t, "127.0.0.1", "203.0.113.9, unknown") == "127.0.0.1");
  // Several trusted proxies in a row: the right-most hop that is none of them.
  const ProxyTrust chain = Trust("127.0.0.1, 10.0.0.0/8");
  CHECK(Client(chain, "127.0.0.1", "1.1.1.1, 203.0.113.9, 10.1.2.3") == "203.0.113.9");
  CHECK(Client(chain, "127.0.0.1", "10.9.9.9, 10.1.2.3") == "10.9.9.9");
  CHECK(Client(chain, "127.0.0.1", "junk, 10.1.2.3") == "10.1.2.3");
  // A proxy that appends its own line: the lines joined, the client's forged first line is
  // not believed (the review: only the first line was read).
  CHECK(Client(t, "127.0.0.1", "198.51.100.66,203.0.113.9") == "203.0.113.9");
  // An untrusted peer cannot pick its address.
  CHECK(Client(t, "198.51.100.7", "203.0.113.9") == "198.51.100.7");
  CHECK(Client(Trust(""), "127.0.0.1", "203.0.113.9") == "127.0.0.1");
}
