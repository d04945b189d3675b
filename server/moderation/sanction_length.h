// How long a mute or a ban lasts, as a host or a moderator types it: a whole number and a unit
// ("30m", "12h", "7d", "2w") or "forever".
//
// Contract: pure. ParseSanctionLength accepts 1 minute to kMaxSanctionDays days; anything else
// (no unit, another unit, a sign, spaces, zero, past the limit) gets a sentence saying what is
// accepted.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace carc::server::moderation {

inline constexpr std::int64_t kMaxSanctionDays = 3650;

struct SanctionLength {
  bool forever = false;
  std::int64_t seconds = 0;  // when not forever
  bool operator==(const SanctionLength&) const = default;
};

std::variant<SanctionLength, std::string> ParseSanctionLength(std::string_view text);

// "forever", or the length in its largest whole unit ("7d", "90m").
std::string FormatSanctionLength(const SanctionLength& length);

}  // namespace carc::server::moderation
