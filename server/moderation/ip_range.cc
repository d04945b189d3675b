#include "moderation/ip_range.h"

#include <boost/asio/ip/address.hpp>

namespace carc::server::moderation {
namespace {

namespace ip = boost::asio::ip;

// ::ffff:0:0/96, where IPv4 lives in the one space.
constexpr IpBytes kMappedBlock = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0};
constexpr int kMappedPrefix = 96;

bool SamePrefix(const IpBytes& a, const IpBytes& b, int bits) {
  for (int i = 0; i < 16 && bits > 0; ++i, bits -= 8) {
    const auto mask = static_cast<std::uint8_t>(bits >= 8 ? 0xff : 0xff << (8 - bits));
    if ((a[static_cast<std::size_t>(i)] & mask) != (b[static_cast<std::size_t>(i)] & mask)) {
      return false;
    }
  }
  return true;
}

IpBytes Masked(IpBytes a, int bits) {
  for (int i = 0; i < 16; ++i, bits -= 8) {
    auto& byte = a[static_cast<std::size_t>(i)];
    if (bits <= 0) {
      byte = 0;
    } else if (bits < 8) {
      byte = static_cast<std::uint8_t>(byte & (0xff << (8 - bits)));
    }
  }
  return a;
}

std::string AddressText(const IpBytes& a) {
  const ip::address_v6 v6(a);
  if (v6.is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, v6).to_string();
  return v6.to_string();
}

std::string MappedRefusal(const std::string& shown) {
  return "'" + shown + "' covers IPv4-mapped addresses (::ffff:0:0/96): ban IPv4 in its own " +
         "form, e.g. 203.0.113.0/24";
}

}  // namespace

std::optional<IpBytes> ParseIpAddress(std::string_view text) {
  if (text.empty() || text.size() > kMaxIpRangeText) return std::nullopt;
  boost::system::error_code ec;
  const ip::address a = ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  // A zone ("fe80::1%eth0") names a link of this host, not a client.
  if (a.is_v6() && a.to_v6().scope_id() != 0) return std::nullopt;
  if (a.is_v4()) return ip::make_address_v6(ip::v4_mapped, a.to_v4()).to_bytes();
  return a.to_v6().to_bytes();
}

bool IpRange::IsV4() const {
  return prefix >= kMappedPrefix && SamePrefix(base, kMappedBlock, kMappedPrefix);
}

bool IpRange::Contains(const IpBytes& address) const {
  return SamePrefix(base, address, prefix);
}

std::string IpRange::Text() const {
  const int family_bits = IsV4() ? 32 : 128;
  const int shown = IsV4() ? prefix - kMappedPrefix : prefix;
  std::string out = AddressText(base);
  if (shown != family_bits) out += "/" + std::to_string(shown);
  return out;
}

std::variant<IpRange, std::string> ParseIpRange(std::string_view text) {
  if (text.size() > kMaxIpRangeText) {
    return "an address or network is at most " + std::to_string(kMaxIpRangeText) + " characters";
  }
  const std::string shown(text);
  const auto slash = text.find('/');
  const auto address = ParseIpAddress(text.substr(0, slash));
  if (!address) {
    return "'" + shown +
           "' is not an IP address or network (e.g. 203.0.113.7, 203.0.113.0/24, 2001:db8::/48)";
  }
  const bool v4 = SamePrefix(*address, kMappedBlock, kMappedPrefix);
  const bool typed_v6 = text.substr(0, slash).find(':') != std::string_view::npos;
  if (v4 && typed_v6 && slash != std::string_view::npos) return MappedRefusal(shown);
  const int family_bits = v4 ? 32 : 128;
  int bits = family_bits;
  if (slash != std::string_view::npos) {
    const std::string_view digits = text.substr(slash + 1);
    if (digits.empty() || digits.size() > 3 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos) {
      return "'" + shown + "': the prefix after '/' is a number of bits, 0 to " +
             std::to_string(family_bits);
    }
    bits = std::stoi(std::string(digits));
    if (bits > family_bits) {
      return "'" + shown + "': an " + (v4 ? "IPv4" : "IPv6") + " prefix is at most " +
             std::to_string(family_bits) + " bits";
    }
  }
  const int widest = v4 ? kWidestIpv4Prefix : kWidestIpv6Prefix;
  if (bits < widest) {
    return "'" + shown + "' is wider than this server bans at once: an " + (v4 ? "IPv4" : "IPv6") +
           " network of /" + std::to_string(widest) + " at the widest";
  }
  const int prefix = v4 ? bits + kMappedPrefix : bits;
  IpRange range{Masked(*address, prefix), prefix};
  if (range.base != *address) {
    return "'" + shown + "' has bits set past its prefix: the network is " + range.Text();
  }
  // An IPv6 network holding the mapped block (::/16 does) would ban every IPv4 client unseen;
  // one inside it is IPv4 written in IPv6's form.
  if (!v4 && (SamePrefix(range.base, kMappedBlock, range.prefix) ||
              SamePrefix(range.base, kMappedBlock, kMappedPrefix))) {
    return MappedRefusal(shown);
  }
  return range;
}

}  // namespace carc::server::moderation
