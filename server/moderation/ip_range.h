// An address or a network a host bans (docs/moderation.md): one IPv4 or IPv6 address, or a CIDR
// range of them ("203.0.113.0/24", "2001:db8:5::/48").
//
// Both families live in one 128-bit space: an IPv4 address is its IPv4-mapped IPv6 form
// (::ffff:a.b.c.d), so an IPv4 peer on a dual-stack socket and the same peer on an IPv4 socket
// are one address, and a /24 of IPv4 is a /120 here.
//
// Contract: pure. ParseIpRange takes what a host types and refuses, with a sentence saying why:
// anything not an address; a prefix out of range or not a number; host bits set below the
// prefix (naming the network that was probably meant); a range wider than kWidestIpv4Prefix
// or kWidestIpv6Prefix (one typo must not ban a continent); and an IPv6 range over the
// IPv4-mapped block (IPv4 is banned in its own form). Text() is canonical: parsing it gives
// the same range, and two spellings of one range give one text.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace carc::server::moderation {

using IpBytes = std::array<std::uint8_t, 16>;

inline constexpr int kWidestIpv4Prefix = 8;
inline constexpr int kWidestIpv6Prefix = 16;
// Longer input is no address of either family.
inline constexpr std::size_t kMaxIpRangeText = 64;

// The address `text` spells (IPv4 dotted or IPv6, an IPv4-mapped one counting as IPv4), in the
// one space; nullopt for anything else.
std::optional<IpBytes> ParseIpAddress(std::string_view text);

struct IpRange {
  IpBytes base{};  // its host bits are zero
  int prefix = 0;  // leading bits that count, of the 128

  bool IsV4() const;
  bool Contains(const IpBytes& address) const;
  // "203.0.113.0/24", "2001:db8::/32"; one address without its /32 or /128.
  std::string Text() const;
  bool operator==(const IpRange&) const = default;
};

std::variant<IpRange, std::string> ParseIpRange(std::string_view text);

}  // namespace carc::server::moderation
