#include "notices/quiet_hours.h"

#include <date/tz.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace carc::server::notices {
namespace {

constexpr std::size_t kMaxZoneName = 64;
constexpr int kDayMinutes = 24 * 60;

bool ZoneChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' ||
         c == '_' || c == '-' || c == '+';
}

const date::time_zone* FindZone(std::string_view name) {
  try {
    return date::locate_zone(std::string(name));
  } catch (const std::runtime_error&) {
    return nullptr;
  }
}

bool Inside(const QuietHours& q, int minute) {
  if (q.from_minute < q.to_minute) return minute >= q.from_minute && minute < q.to_minute;
  return minute >= q.from_minute || minute < q.to_minute;
}

}  // namespace

std::string CheckTimeZone(std::string_view name) {
  if (name.empty() || name.size() > kMaxZoneName) {
    return "a time zone is a name of 1 to 64 characters, such as Europe/Berlin";
  }
  // No path tricks reach the database: only the characters zone names are made of.
  if (!std::all_of(name.begin(), name.end(), ZoneChar) || name.front() == '/' ||
      name.find("..") != std::string_view::npos) {
    return "a time zone is a name such as Europe/Berlin or America/New_York";
  }
  if (FindZone(name) == nullptr) return "this server knows no time zone of that name";
  return "";
}

std::optional<int> ParseClockTime(std::string_view text) {
  if (text.size() != 5 || text[2] != ':') return std::nullopt;
  for (const std::size_t i : {0u, 1u, 3u, 4u}) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
  }
  const int hours = (text[0] - '0') * 10 + (text[1] - '0');
  const int minutes = (text[3] - '0') * 10 + (text[4] - '0');
  if (hours > 23 || minutes > 59) return std::nullopt;
  return hours * 60 + minutes;
}

std::string ClockTimeText(int minute) {
  const int h = minute / 60;
  const int m = minute % 60;
  return {static_cast<char>('0' + h / 10), static_cast<char>('0' + h % 10), ':',
          static_cast<char>('0' + m / 10), static_cast<char>('0' + m % 10)};
}

std::optional<std::int64_t> QuietUntil(const QuietHours& quiet, std::string_view time_zone,
                                       std::int64_t now) {
  using std::chrono::minutes;
  using std::chrono::seconds;
  if (quiet.from_minute == quiet.to_minute) return std::nullopt;
  const date::time_zone* zone = FindZone(time_zone);
  if (zone == nullptr) return std::nullopt;
  const date::sys_seconds instant{seconds(now)};
  const auto local = zone->to_local(instant);
  const auto day = date::floor<date::days>(local);
  const int minute =
      static_cast<int>(std::chrono::duration_cast<minutes>(local - day).count()) % kDayMinutes;
  if (!Inside(quiet, minute)) return std::nullopt;
  // The end is today's to_minute, or tomorrow's when the hours run over midnight and it is
  // still before midnight.
  auto end_day = day;
  if (quiet.from_minute > quiet.to_minute && minute >= quiet.from_minute) end_day += date::days(1);
  const date::local_seconds end_local = end_day + minutes(quiet.to_minute);
  // A local time the clocks skip maps to the jump, one they pass twice to its first passing.
  const auto info = zone->get_info(end_local);
  date::sys_seconds end;
  if (info.result == date::local_info::nonexistent) {
    end = info.first.end;
  } else {
    end = date::sys_seconds{end_local.time_since_epoch() - info.first.offset};
  }
  if (end.time_since_epoch().count() <= now) return std::nullopt;
  return end.time_since_epoch().count();
}

}  // namespace carc::server::notices
