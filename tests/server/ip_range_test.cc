// Addresses and networks a host bans (moderation/ip_range.h) and the list the HTTP sessions ask
// (moderation/address_ban_list.h): both families in one space, IPv4 on a dual-stack socket the
// same client as on an IPv4 one; what a host may type and the sentence for what it may not; the
// canonical text; the ban that ends last named; a ban past its end counting for nothing.
#include <catch2/catch.hpp>
#include <string>
#include <variant>

#include "moderation/address_ban_list.h"
#include "moderation/ip_range.h"

namespace m = carc::server::moderation;

namespace carc::test::ip_range {

m::IpRange Range(const std::string& text) {
  auto r = m::ParseIpRange(text);
  if (const auto* why = std::get_if<std::string>(&r)) FAIL(text << ": " << *why);
  return std::get<m::IpRange>(r);
}

std::string Refusal(const std::string& text) {
  auto r = m::ParseIpRange(text);
  if (std::holds_alternative<m::IpRange>(r)) FAIL(text << " was accepted");
  return std::get<std::string>(r);
}

bool Holds(const std::string& range, const std::string& address) {
  return Range(range).Contains(*m::ParseIpAddress(address));
}

TEST_CASE("ip range: addresses and networks of both families, in their canonical text",
          "[moderation]") {
  CHECK(Range("203.0.113.7").Text() == "203.0.113.7");
  CHECK(Range("203.0.113.7/32").Text() == "203.0.113.7");
  CHECK(Range("203.0.113.0/24").Text() == "203.0.113.0/24");
  CHECK(Range("10.0.0.0/8").Text() == "10.0.0.0/8");
  CHECK(Range("2001:0db8:0005:0000::/48").Text() == "2001:db8:5::/48");
  CHECK(Range("2001:DB8::1").Text() == "2001:db8::1");
  // An IPv4-mapped address is its IPv4 address.
  CHECK(Range("::ffff:203.0.113.9").Text() == "203.0.113.9");
  CHECK(Range("203.0.113.0/24") == Range(Range("203.0.113.0/24").Text()));
  CHECK(Range("203.0.113.0/24").IsV4());
  CHECK_FALSE(Range("2001:db8::/32").IsV4());

  CHECK(Holds("203.0.113.0/24", "203.0.113.200"));
  CHECK(Holds("203.0.113.0/24", "::ffff:203.0.113.200"));  // a dual-stack socket's peer
  CHECK_FALSE(Holds("203.0.113.0/24", "203.0.114.1"));
  CHECK(Holds("203.0.113.7", "203.0.113.7"));
  CHECK_FALSE(Holds("203.0.113.7", "203.0.113.8"));
  CHECK(Holds("2001:db8:5::/48", "2001:db8:5:ffff::1"));
  CHECK_FALSE(Holds("2001:db8:5::/48", "2001:db8:6::1"));
  CHECK(Holds("10.0.0.0/9", "10.127.255.255"));
  CHECK_FALSE(Holds("10.0.0.0/9", "10.128.0.0"));
  CHECK_FALSE(Holds("2001:db8::/32", "203.0.113.1"));
}

TEST_CASE(
    "ip range: what is no address, no prefix, too wide or IPv4 in disguise is refused "
    "with why",
    "[moderation]") {
  CHECK(Refusal("example.org").find("is not an IP address or network") != std::string::npos);
  CHECK(Refusal("").find("is not an IP address") != std::string::npos);
  CHECK(Refusal("203.0.113.0/").find("a number of bits, 0 to 32") != std::string::npos);
  CHECK(Refusal("203.0.113.0/2x").find("a number of bits") != std::string::npos);
  CHECK(Refusal("203.0.113.0/-1").find("a number of bits") != std::string::npos);
  CHECK(Refusal("203.0.113.0/33").find("at most 32 bits") != std::string::npos);
  CHECK(Refusal("2001:db8::/129").find("at most 128 bits") != std::string::npos);
  CHECK(Refusal("203.0.113.0/0024").find("a number of bits") != std::string::npos);
  // Host bits set: the network meant is named.
  CHECK(Refusal("203.0.113.7/24").find("the network is 203.0.113.0/24") != std::string::npos);
  CHECK(Refusal("2001:db8:5::1/48").find("the network is 2001:db8:5::/48") != std::string::npos);
  // Wider than a typo should reach.
  CHECK(Refusal("10.0.0.0/7").find("/8 at the widest") != std::string::npos);
  CHECK(Refusal("0.0.0.0/0").find("/8 at the widest") != std::string::npos);
  CHECK(Refusal("2001::/15").find("/16 at the widest") != std::string::npos);
  // An IPv6 network over the IPv4-mapped block would ban IPv4 clients unseen.
  CHECK(Refusal("::/16").find("IPv4-mapped") != std::string::npos);
  CHECK(Refusal("::ffff:0:0/96").find("IPv4-mapped") != std::string::npos);
  CHECK(Refusal("::ffff:203.0.113.0/120").find("IPv4-mapped") != std::string::npos);
  // A link's zone names this host's interface, not a client.
  CHECK(Refusal("fe80::1%1").find("is not an IP address") != std::string::npos);
  CHECK(Refusal(std::string(65, '1')).find("at most 64 characters") != std::string::npos);
  CHECK_FALSE(m::ParseIpAddress("203.0.113.256").has_value());
  CHECK_FALSE(m::ParseIpAddress(" 203.0.113.1").has_value());
}

TEST_CASE("address ban list: the ban that ends last is named, ended ones count for nothing",
          "[moderation]") {
  constexpr std::int64_t now = 1'800'000'000;
  m::AddressBanList list;
  CHECK_FALSE(list.Find("203.0.113.7", now).has_value());
  list.Replace({{Range("203.0.113.0/24"), now + 60, "short"},
                {Range("203.0.113.7"), now + 3600, "long"},
                {Range("2001:db8::/32"), 0, "for ever"},
                {Range("198.51.100.0/24"), now - 1, "over"}});
  CHECK(list.size() == 4);
  CHECK(list.Find("203.0.113.7", now)->reason == "long");
  CHECK(list.Find("::ffff:203.0.113.7", now)->reason == "long");
  CHECK(list.Find("203.0.113.8", now)->reason == "short");
  CHECK_FALSE(list.Find("203.0.113.8", now + 60).has_value());
  CHECK(list.Find("2001:db8:1::9", now + 400 * 86400)->ends_at == 0);
  CHECK_FALSE(list.Find("198.51.100.1", now).has_value());
  CHECK_FALSE(list.Find("not an address", now).has_value());
  list.Replace({});
  CHECK_FALSE(list.Find("203.0.113.7", now).has_value());
}

}  // namespace carc::test::ip_range
