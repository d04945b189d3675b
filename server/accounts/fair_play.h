// The fair-play limit (docs/moderation.md, "Fair play"): a player who left `games` rated games
// (absent past the room's policy, resigned, kicked by a moderator) within `days` takes no new
// seat in a rated room until the oldest of them is `days` old. Seats held already stay theirs.
//
// Contract: BarUntil is pure; RatedBarUntil reads the store (a worker's call, never a network
// thread or a room's strand). Times are seconds since the Unix epoch.
#pragma once

#include <cstdint>
#include <vector>

#include "store/rating_store.h"

namespace carc::server::accounts {

struct FairPlayLimit {
  int games = 3;  // 0: no limit
  int days = 30;
};

// When a player who left rated games at `left_at` (oldest first, at least those of the last
// `limit.days`) may take a seat in a rated room again: 0 when they may at `now`.
std::int64_t BarUntil(const std::vector<std::int64_t>& left_at, const FairPlayLimit& limit,
                      std::int64_t now);

// The same for `account`, from the store.
std::int64_t RatedBarUntil(store::RatingStore& ratings, std::int64_t account,
                           const FairPlayLimit& limit, std::int64_t now);

}  // namespace carc::server::accounts
