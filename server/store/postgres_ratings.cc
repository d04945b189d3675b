#include "store/postgres_ratings.h"

#include <mutex>
#include <vector>

#include "store/pg_connection.h"

namespace carc::server::store {
namespace {

constexpr const char* kChangeColumns =
    "SELECT c.game_id, g.code, c.pool, c.at, c.seat, c.place, c.left_game, c.mu_before, "
    "c.sigma_before, c.mu, c.sigma FROM rating_changes c JOIN games g ON g.room_id = c.game_id ";

std::vector<RatingHistoryRow> ReadChanges(const PgResult& r) {
  std::vector<RatingHistoryRow> out;
  for (int i = 0; i < r.rows(); ++i) {
    out.push_back({r.Int(i, 0),
                   r.Text(i, 1),
                   r.Text(i, 2),
                   r.Int(i, 3),
                   static_cast<int>(r.Int(i, 4)),
                   static_cast<int>(r.Int(i, 5)),
                   r.Text(i, 6) == "t",
                   {r.Real(i, 7), r.Real(i, 8)},
                   {r.Real(i, 9), r.Real(i, 10)}});
  }
  return out;
}

class PostgresRatings final : public RatingStore {
 public:
  explicit PostgresRatings(const std::string& url) : db_(url) {}

  Abandoned AbandonedGames(std::int64_t account, std::int64_t since) override {
    std::lock_guard lock(mu_);
    Abandoned out;
    const PgResult total =
        db_.Exec("SELECT COUNT(*) FROM rating_changes WHERE account_id = $1 AND left_game",
                 {PgParam::Int(account)});
    out.total = static_cast<int>(total.Int(0, 0));
    const PgResult r = db_.Exec(
        "SELECT at FROM rating_changes WHERE account_id = $1 AND left_game AND at >= $2 "
        "ORDER BY at",
        {PgParam::Int(account), PgParam::Int(since)});
    for (int i = 0; i < r.rows(); ++i) out.since.push_back(r.Int(i, 0));
    return out;
  }

  std::vector<PoolRating> Ratings(std::int64_t account) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT pool, mu, sigma, games, last_game_at FROM ratings WHERE account_id = $1 "
        "ORDER BY pool",
        {PgParam::Int(account)});
    std::vector<PoolRating> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back(
          {r.Text(i, 0), {r.Real(i, 1), r.Real(i, 2)}, static_cast<int>(r.Int(i, 3)), r.Int(i, 4)});
    }
    return out;
  }

  std::vector<RatingHistoryRow> RatingHistory(std::int64_t account, const std::string& pool,
                                              int limit) override {
    std::lock_guard lock(mu_);
    return ReadChanges(db_.Exec(std::string(kChangeColumns) +
                                    "WHERE c.account_id = $1 AND c.pool = $2 "
                                    "ORDER BY c.at DESC, c.game_id DESC LIMIT $3",
                                {PgParam::Int(account), pool, PgParam::Int(limit)}));
  }

  std::vector<RatingHistoryRow> GameRatings(std::int64_t game_id) override {
    std::lock_guard lock(mu_);
    return ReadChanges(
        db_.Exec(std::string(kChangeColumns) + "WHERE c.game_id = $1 ORDER BY c.seat",
                 {PgParam::Int(game_id)}));
  }

  std::vector<BoardEntry> Leaderboard(const BoardQuery& q) override {
    std::lock_guard lock(mu_);
    // The page is found in the covering index ratings_board alone (an index-only scan: order
    // and filters); only its rows are joined to their names.
    const PgResult r = db_.Exec(
        "SELECT a.name, r.mu, r.sigma, r.games FROM (SELECT account_id, mu, sigma, games, "
        "conservative FROM ratings WHERE pool = $1 AND games >= $2 AND last_game_at >= $3 "
        "ORDER BY conservative DESC, account_id LIMIT $4 OFFSET $5) r JOIN accounts a "
        "ON a.id = r.account_id ORDER BY r.conservative DESC, r.account_id",
        {q.pool, PgParam::Int(q.min_games), PgParam::Int(q.active_since), PgParam::Int(q.limit),
         PgParam::Int(q.offset)});
    std::vector<BoardEntry> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Text(i, 0), {r.Real(i, 1), r.Real(i, 2)}, static_cast<int>(r.Int(i, 3))});
    }
    return out;
  }

 private:
  std::mutex mu_;
  PgConnection db_;
};

}  // namespace

std::unique_ptr<RatingStore> OpenPostgresRatings(const std::string& url) {
  return std::make_unique<PostgresRatings>(url);
}

}  // namespace carc::server::store
