// What a rated game does to its players' ratings, computed the same way by both stores inside
// the transaction that archives the game: the archive's primary key then makes a game rated
// exactly once (a second Archive of it fails whole), whatever crash or failover comes between
// the last move and the archive.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "ratings/weng_lin.h"
#include "store/event_store.h"

namespace carc::server::store {

// The rating pools: one per game as rated rooms play it.
inline constexpr std::string_view kRatingPools[] = {"base", "count", "castle"};
bool IsRatingPool(std::string_view pool);

// An account's rating in one pool, as kept.
struct StoredRating {
  ratings::Rating rating;
  int games = 0;                  // rated games played in the pool
  std::int64_t last_game_at = 0;  // seconds since the Unix epoch
};

// What an account seat's rating was before `game`: nullopt for an account that no longer exists
// (its seat is then left out of the rating); a StoredRating with games 0 for a new player.
using CurrentRating = std::function<std::optional<StoredRating>(std::int64_t account)>;
// How many rated games of the pool accounts `a` and `b` both played that finished at or after
// `since` (seconds since the Unix epoch): the repeated-opponent guard (ratings/farming_guard.h).
using GamesTogether = std::function<int(std::int64_t a, std::int64_t b, std::int64_t since)>;

// The changes `game` (with rated_pool set) makes: one per seat with an account that still
// exists. Seats with a fixed rating count for the others; other seats (guests) are left out.
// Fewer than two rated-or-fixed seats, or a rated player with fewer moves than the farming
// rules' least (ratings/farming_guard.h): no changes, the game stays unrated.
std::vector<RatingChange> RateArchivedGame(const ArchivedGame& game, const CurrentRating& current,
                                           const GamesTogether& together);

}  // namespace carc::server::store
