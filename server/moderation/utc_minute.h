// A moment as the host and the player read it in a sanction's messages: "2027-01-22 08:00 UTC".
// Pure.
#pragma once

#include <cstdint>
#include <string>

namespace carc::server::moderation {

std::string UtcMinute(std::int64_t unix_seconds);

// "until 2027-01-22 08:00 UTC", or "for ever" for 0 (a sanction's ends_at).
std::string UntilText(std::int64_t ends_at);

}  // namespace carc::server::moderation
