#include "store/sqlite_ratings.h"

#include <mutex>
#include <vector>

#include "store/sqlite_statement.h"

namespace carc::server::store {
namespace {

constexpr const char* kChangeColumns =
    "SELECT c.game_id, g.code, c.pool, c.at, c.seat, c.place, c.left_game, c.mu_before, "
    "c.sigma_before, c.mu, c.sigma FROM rating_changes c JOIN games g ON g.room_id = c.game_id ";

class SqliteRatings final : public RatingStore {
 public:
  explicit SqliteRatings(const std::string& path) {
    conn_.Open(path, SQLITE_OPEN_READONLY, "ratings");
    try {
      ExecSql(conn_.db, "PRAGMA busy_timeout = 5000");
      ratings_ = conn_.Make(
          "SELECT pool, mu, sigma, games, last_game_at FROM ratings WHERE account_id = ? "
          "ORDER BY pool");
      history_ =
          conn_.Make(std::string(kChangeColumns) +
                     "WHERE c.account_id = ? AND c.pool = ? ORDER BY c.at DESC, c.game_id DESC "
                     "LIMIT ?");
      game_ = conn_.Make(std::string(kChangeColumns) + "WHERE c.game_id = ? ORDER BY c.seat");
      // The page is found in the covering index ratings_board alone (order and filters); only
      // its rows are joined to their names.
      abandoned_count_ =
          conn_.Make("SELECT COUNT(*) FROM rating_changes WHERE account_id = ? AND left_game <> 0");
      abandoned_since_ = conn_.Make(
          "SELECT at FROM rating_changes WHERE account_id = ? AND left_game <> 0 AND at >= ? "
          "ORDER BY at");
      board_ = conn_.Make(
          "SELECT a.name, r.mu, r.sigma, r.games FROM (SELECT account_id, mu, sigma, games, "
          "conservative FROM ratings WHERE pool = ? AND games >= ? AND last_game_at >= ? "
          "ORDER BY conservative DESC, account_id LIMIT ? OFFSET ?) r JOIN accounts a "
          "ON a.id = r.account_id ORDER BY r.conservative DESC, r.account_id");
    } catch (const StoreError& e) {
      conn_.Close();
      throw StoreError(path + ": " + e.what());
    }
  }
  ~SqliteRatings() override { conn_.Close(); }

  Abandoned AbandonedGames(std::int64_t account, std::int64_t since) override {
    std::lock_guard lock(mu_);
    Abandoned out;
    {
      Statement& s = *abandoned_count_;
      ResetOnExit reset{s};
      s.Bind(1, account);
      if (s.Step()) out.total = static_cast<int>(s.Int(0));
    }
    Statement& s = *abandoned_since_;
    ResetOnExit reset{s};
    s.Bind(1, account).Bind(2, since);
    while (s.Step()) out.since.push_back(s.Int(0));
    return out;
  }

  std::vector<PoolRating> Ratings(std::int64_t account) override {
    std::lock_guard lock(mu_);
    Statement& s = *ratings_;
    ResetOnExit reset{s};
    s.Bind(1, account);
    std::vector<PoolRating> out;
    while (s.Step()) {
      out.push_back({s.Text(0), {s.Real(1), s.Real(2)}, static_cast<int>(s.Int(3)), s.Int(4)});
    }
    return out;
  }

  std::vector<RatingHistoryRow> RatingHistory(std::int64_t account, const std::string& pool,
                                              int limit) override {
    std::lock_guard lock(mu_);
    Statement& s = *history_;
    ResetOnExit reset{s};
    s.Bind(1, account).Bind(2, pool).Bind(3, std::int64_t{limit});
    return ReadChanges(s);
  }

  std::vector<RatingHistoryRow> GameRatings(std::int64_t game_id) override {
    std::lock_guard lock(mu_);
    Statement& s = *game_;
    ResetOnExit reset{s};
    s.Bind(1, game_id);
    return ReadChanges(s);
  }

  std::vector<BoardEntry> Leaderboard(const BoardQuery& q) override {
    std::lock_guard lock(mu_);
    Statement& s = *board_;
    ResetOnExit reset{s};
    s.Bind(1, q.pool).Bind(2, std::int64_t{q.min_games}).Bind(3, q.active_since);
    s.Bind(4, std::int64_t{q.limit}).Bind(5, std::int64_t{q.offset});
    std::vector<BoardEntry> out;
    while (s.Step()) out.push_back({s.Text(0), {s.Real(1), s.Real(2)}, static_cast<int>(s.Int(3))});
    return out;
  }

 private:
  static std::vector<RatingHistoryRow> ReadChanges(Statement& s) {
    std::vector<RatingHistoryRow> out;
    while (s.Step()) {
      out.push_back({s.Int(0),
                     s.Text(1),
                     s.Text(2),
                     s.Int(3),
                     static_cast<int>(s.Int(4)),
                     static_cast<int>(s.Int(5)),
                     s.Int(6) != 0,
                     {s.Real(7), s.Real(8)},
                     {s.Real(9), s.Real(10)}});
    }
    return out;
  }

  std::mutex mu_;
  PreparedConnection conn_;
  Statement *ratings_, *history_, *game_, *board_, *abandoned_count_, *abandoned_since_;
};

}  // namespace

std::unique_ptr<RatingStore> OpenSqliteRatings(const std::string& path) {
  return std::make_unique<SqliteRatings>(path);
}

}  // namespace carc::server::store
