// A player's hours without notices, in their own time zone, and the moment they end.
//
// Contract: pure apart from reading the system's time zone database (tzdata, through the date
// library's USE_OS_TZDB), which is read once and then only looked up, from any thread.
// Times are whole minutes of the local day; the hours may run over midnight (22:00 to 07:00).
// Daylight saving is the zone's: on the night the clocks jump, quiet hours end at the local time
// named, or at the jump when that local time does not exist.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace carc::server::notices {

struct QuietHours {
  int from_minute = 22 * 60;  // 0..1439, local time
  int to_minute = 7 * 60;     // 0..1439, not equal to from_minute
};

// Empty when `name` is a time zone of the system's database ("Europe/Berlin", "UTC"), else why
// not. Names longer than 64 bytes or with characters no zone name has are refused unread.
std::string CheckTimeZone(std::string_view name);

// "HH:MM" (00:00..23:59) as minutes of the day; nullopt for anything else.
std::optional<int> ParseClockTime(std::string_view text);
std::string ClockTimeText(int minute);

// When `now` (seconds since the Unix epoch) falls inside `quiet` in `time_zone`, the first
// moment after it that does not; nullopt when `now` is not quiet (or the zone is unknown,
// which CheckTimeZone keeps out of the store).
std::optional<std::int64_t> QuietUntil(const QuietHours& quiet, std::string_view time_zone,
                                       std::int64_t now);

}  // namespace carc::server::notices
