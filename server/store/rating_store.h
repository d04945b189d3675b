// Players' ratings as the API reads them: each account's rating per pool with its history, a
// game's changes, and the leaderboards. The ratings are written by EventStore::Archive
// (rating_rows.h); this interface only reads.
//
// Contract: thread-safe and synchronous, a connection of its own (like account_store.h); a
// failure throws StoreError. Times are seconds since the Unix epoch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ratings/weng_lin.h"

namespace carc::server::store {

struct PoolRating {
  std::string pool;
  ratings::Rating rating;
  int games = 0;
  std::int64_t last_game_at = 0;
};

// One rated game of an account, or one seat of a rated game.
struct RatingHistoryRow {
  std::int64_t game_id = 0;
  std::string code;
  std::string pool;
  std::int64_t at = 0;
  int seat = 0;
  int place = 0;
  bool left = false;
  ratings::Rating before;
  ratings::Rating after;
};

struct BoardEntry {
  std::string name;
  ratings::Rating rating;
  int games = 0;
};

struct BoardQuery {
  std::string pool;
  int min_games = 5;
  std::int64_t active_since = 0;  // the last rated game at or after this
  int offset = 0;
  int limit = 50;
};

class RatingStore {
 public:
  virtual ~RatingStore() = default;

  // The account's rating in each pool it has played rated games in, by pool name.
  virtual std::vector<PoolRating> Ratings(std::int64_t account) = 0;
  // The account's last `limit` rated games in `pool`, newest first.
  virtual std::vector<RatingHistoryRow> RatingHistory(std::int64_t account, const std::string& pool,
                                                      int limit) = 0;
  // The changes a game made, by seat (empty for an unrated or unknown game).
  virtual std::vector<RatingHistoryRow> GameRatings(std::int64_t game_id) = 0;
  // The pool's players with at least `min_games` rated games, the last at or after
  // `active_since`, best first by the conservative rating (mu - 3 sigma), then by account.
  virtual std::vector<BoardEntry> Leaderboard(const BoardQuery& query) = 0;
  // The rated games the account left (absent past the room's policy, resigned, kicked): how many
  // in all, and when (the game's end) each of those at or after `since` ended, oldest first
  // (docs/moderation.md, "Fair play").
  struct Abandoned {
    int total = 0;
    std::vector<std::int64_t> since;
  };
  virtual Abandoned AbandonedGames(std::int64_t account, std::int64_t since) = 0;
};

}  // namespace carc::server::store
