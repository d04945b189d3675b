#include "moderation/sanction_length.h"

#include <array>
#include <charconv>

namespace carc::server::moderation {
namespace {

struct Unit {
  char letter;
  std::int64_t seconds;
};

// Largest first, for FormatSanctionLength.
constexpr std::array<Unit, 4> kUnits = {{{'w', 7 * 86400}, {'d', 86400}, {'h', 3600}, {'m', 60}}};

constexpr const char* kAccepted =
    "a length is a whole number and a unit (m minutes, h hours, d days, w weeks), e.g. 30m, "
    "12h, 7d, 2w, from 1 minute to 3650 days, or \"forever\"";

}  // namespace

std::variant<SanctionLength, std::string> ParseSanctionLength(std::string_view text) {
  if (text == "forever") return SanctionLength{true, 0};
  if (text.size() < 2 || text.size() > 8) return std::string(kAccepted);
  const char letter = text.back();
  const std::string_view digits = text.substr(0, text.size() - 1);
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || n <= 0) {
    return std::string(kAccepted);
  }
  for (const Unit& u : kUnits) {
    if (u.letter != letter) continue;
    if (n > kMaxSanctionDays * 86400 / u.seconds) return std::string(kAccepted);
    return SanctionLength{false, n * u.seconds};
  }
  return std::string(kAccepted);
}

std::string FormatSanctionLength(const SanctionLength& length) {
  if (length.forever) return "forever";
  for (const Unit& u : kUnits) {
    if (length.seconds % u.seconds == 0)
      return std::to_string(length.seconds / u.seconds) + u.letter;
  }
  return std::to_string(length.seconds) + "s";
}

}  // namespace carc::server::moderation
