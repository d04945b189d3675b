#include "moderation/utc_minute.h"

#include <ctime>

namespace carc::server::moderation {

std::string UtcMinute(std::int64_t unix_seconds) {
  const auto t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

std::string UntilText(std::int64_t ends_at) {
  return ends_at == 0 ? "for ever" : "until " + UtcMinute(ends_at);
}

}  // namespace carc::server::moderation
