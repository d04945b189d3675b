// Quiet hours (issue 40, point 6): a player's hours without notices, in their time zone, over
// midnight and across the nights the clocks change; time zone names are checked before any
// lookup.
#include <catch2/catch.hpp>
#include <string>

#include "notices/quiet_hours.h"

namespace carc::test::quiet_hours {

namespace notices = carc::server::notices;

// Seconds since the epoch of a UTC date and time (days from civil, Howard Hinnant's formula).
std::int64_t Utc(int y, unsigned m, unsigned d, int hh, int mm) {
  y -= m <= 2;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const std::int64_t days = static_cast<std::int64_t>(era) * 146097 + doe - 719468;
  return days * 86400 + hh * 3600 + mm * 60;
}

TEST_CASE("quiet hours: over midnight in Berlin, each side of midnight, and after them",
          "[notices][quiet]") {
  const notices::QuietHours night{22 * 60, 7 * 60};
  // 2026-11-27 is winter time: Berlin is UTC+1.
  CHECK_FALSE(notices::QuietUntil(night, "Europe/Berlin", Utc(2026, 11, 27, 20, 59)));
  const auto evening = notices::QuietUntil(night, "Europe/Berlin", Utc(2026, 11, 27, 21, 0));
  REQUIRE(evening);
  CHECK(*evening == Utc(2026, 11, 28, 6, 0));
  CHECK(notices::QuietUntil(night, "Europe/Berlin", Utc(2026, 11, 28, 3, 30)) ==
        Utc(2026, 11, 28, 6, 0));
  CHECK_FALSE(notices::QuietUntil(night, "Europe/Berlin", Utc(2026, 11, 28, 6, 0)));
  // The same hours in UTC and in New York (UTC-5) are other instants.
  CHECK(notices::QuietUntil(night, "UTC", Utc(2026, 11, 27, 23, 0)) == Utc(2026, 11, 28, 7, 0));
  CHECK_FALSE(notices::QuietUntil(night, "America/New_York", Utc(2026, 11, 27, 23, 0)));
  CHECK(notices::QuietUntil(night, "America/New_York", Utc(2026, 11, 28, 3, 0)) ==
        Utc(2026, 11, 28, 12, 0));
  // Hours within one day.
  const notices::QuietHours lunch{12 * 60, 13 * 60 + 30};
  CHECK(notices::QuietUntil(lunch, "UTC", Utc(2026, 1, 5, 12, 0)) == Utc(2026, 1, 5, 13, 30));
  CHECK_FALSE(notices::QuietUntil(lunch, "UTC", Utc(2026, 1, 5, 13, 30)));
  CHECK_FALSE(notices::QuietUntil(lunch, "UTC", Utc(2026, 1, 5, 11, 59)));
}

TEST_CASE("quiet hours: the nights the clocks change end them at the local time named",
          "[notices][quiet]") {
  // Berlin, 2026-03-29: 02:00 local becomes 03:00 (01:00 UTC). Hours to 07:00 end at 07:00
  // summer time, 05:00 UTC; hours to 02:30, a time that does not exist, end at the jump.
  const notices::QuietHours night{22 * 60, 7 * 60};
  CHECK(notices::QuietUntil(night, "Europe/Berlin", Utc(2026, 3, 28, 23, 0)) ==
        Utc(2026, 3, 29, 5, 0));
  const notices::QuietHours to_gap{23 * 60, 2 * 60 + 30};
  CHECK(notices::QuietUntil(to_gap, "Europe/Berlin", Utc(2026, 3, 28, 23, 30)) ==
        Utc(2026, 3, 29, 1, 0));
  // 2026-10-25: 03:00 summer time becomes 02:00 winter time (01:00 UTC); hours to 07:00 end at
  // 07:00 winter time, 06:00 UTC.
  CHECK(notices::QuietUntil(night, "Europe/Berlin", Utc(2026, 10, 24, 22, 0)) ==
        Utc(2026, 10, 25, 6, 0));
}

TEST_CASE("quiet hours: time zone names are checked, clock times are HH:MM",
          "[notices][quiet][limits]") {
  for (const char* good : {"UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5"}) {
    INFO(good);
    CHECK(notices::CheckTimeZone(good).empty());
  }
  for (const std::string& bad :
       {std::string(), std::string("Mars/Olympus"), std::string("../../etc/passwd"),
        std::string("/etc/localtime"), std::string("Europe/Berlin\n"), std::string("Europe Berlin"),
        std::string(65, 'A'), std::string("Europe/Berl\xc3\xadn")}) {
    INFO(bad);
    CHECK_FALSE(notices::CheckTimeZone(bad).empty());
  }
  // An unknown zone is never quiet (the store keeps only checked names).
  CHECK_FALSE(notices::QuietUntil({0, 12 * 60}, "Mars/Olympus", Utc(2026, 1, 1, 1, 0)));
  CHECK(notices::ParseClockTime("00:00") == 0);
  CHECK(notices::ParseClockTime("23:59") == 23 * 60 + 59);
  CHECK(notices::ParseClockTime("07:05") == 7 * 60 + 5);
  for (const char* bad : {"24:00", "7:05", "07:60", "07-05", "", "07:05 ", "-1:00", "0a:00"}) {
    INFO(bad);
    CHECK_FALSE(notices::ParseClockTime(bad));
  }
  CHECK(notices::ClockTimeText(0) == "00:00");
  CHECK(notices::ClockTimeText(22 * 60 + 5) == "22:05");
}

}  // namespace carc::test::quiet_hours
