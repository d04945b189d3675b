// The leaderboard over 100,000 rated players, measured in both stores (bench/leaderboard.sh runs
// it; hidden from the suite): the query GET /api/leaderboard runs (store/rating_store.h), for
// its first page, page 100 and the last page it serves (200), and the plan each store chooses.
// The players are made straight in the tables: mu, sigma, games and the last game's day
// spread as a live server's would be (about 90% with 5 games or more, about half active within
// the 90 days). Trials: CARC_LEADERBOARD_TRIALS (200).
#include <sqlite3.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "ratings/weng_lin.h"
#include "store/pg_connection.h"
#include "store/postgres_store.h"
#include "store/rating_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

namespace carc::test {
namespace {

using Clock = std::chrono::steady_clock;
namespace cs = carc::server::store;

constexpr int kPlayers = 100000;
constexpr std::int64_t kBenchNow = 1'800'000'000;
constexpr std::int64_t kBenchDay = 86400;

struct Player {
  double mu, sigma;
  int games;
  std::int64_t last;
};

std::vector<Player> MakePlayers() {
  std::mt19937_64 rng(39);
  std::normal_distribution<double> mu(25.0, 4.0);
  std::uniform_real_distribution<double> sigma(1.0, 25.0 / 3.0);
  std::geometric_distribution<int> games(0.05);
  std::uniform_int_distribution<std::int64_t> days(0, 180);
  std::vector<Player> out;
  for (int i = 0; i < kPlayers; ++i) {
    out.push_back({mu(rng), sigma(rng), 1 + games(rng), kBenchNow - days(rng) * kBenchDay});
  }
  return out;
}

void ReportPage(const char* store, int page, std::vector<double> ms, std::size_t rows) {
  std::sort(ms.begin(), ms.end());
  std::printf("%s, page %d: p50 %.3f ms, p99 %.3f ms, max %.3f ms (%zu trials, %zu rows)\n", store,
              page, ms[ms.size() / 2], ms[ms.size() * 99 / 100], ms.back(), ms.size(), rows);
}

void Measure(const char* store, cs::RatingStore& ratings) {
  const char* env = std::getenv("CARC_LEADERBOARD_TRIALS");
  const int trials = env != nullptr ? std::max(1, std::atoi(env)) : 200;
  for (const int page : {1, 100, 200}) {
    // The API's query: 51 rows (one more than a page says whether another follows).
    const cs::BoardQuery q{"base", 5, kBenchNow - 90 * kBenchDay, (page - 1) * 50, 51};
    std::vector<double> ms;
    std::size_t rows = 0;
    for (int t = 0; t < trials; ++t) {
      const auto at = Clock::now();
      rows = ratings.Leaderboard(q).size();
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - at).count());
    }
    CHECK(rows == 51);
    ReportPage(store, page, ms, rows);
  }
}

// The stores' query (sqlite_ratings.cc, postgres_ratings.cc) for page 200.
constexpr const char* kBoardSql =
    "SELECT a.name, r.mu, r.sigma, r.games FROM (SELECT account_id, mu, sigma, games, "
    "conservative FROM ratings WHERE pool = 'base' AND games >= 5 AND last_game_at >= 1792224000 "
    "ORDER BY conservative DESC, account_id LIMIT 51 OFFSET 9950) r JOIN accounts a "
    "ON a.id = r.account_id ORDER BY r.conservative DESC, r.account_id";

}  // namespace

TEST_CASE("the leaderboard over 100,000 players, both stores", "[.][leaderboard-bench]") {
  const std::vector<Player> players = MakePlayers();
  std::printf("%d players in pool base, %d cores, %s\n", kPlayers,
              static_cast<int>(std::thread::hardware_concurrency()),
              "each query as the API runs it");

  {
    const std::string path = cs::StorePath(NewDataDir());
    auto store = cs::OpenSqliteStore(path, cs::Durability::kNormal);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_stmt* account = nullptr;
    sqlite3_stmt* rating = nullptr;
    REQUIRE(sqlite3_prepare_v2(db,
                               "INSERT INTO accounts (name, name_key, password_hash, created_at) "
                               "VALUES (?1, ?1, 'h', 0)",
                               -1, &account, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_prepare_v2(db,
                               "INSERT INTO ratings VALUES (last_insert_rowid(), 'base', ?1, ?2, "
                               "?3, ?4, ?5)",
                               -1, &rating, nullptr) == SQLITE_OK);
    for (int i = 0; i < kPlayers; ++i) {
      const Player& p = players[static_cast<std::size_t>(i)];
      const std::string name = "player" + std::to_string(i);
      sqlite3_bind_text(account, 1, name.c_str(), -1, SQLITE_TRANSIENT);
      REQUIRE(sqlite3_step(account) == SQLITE_DONE);
      sqlite3_reset(account);
      sqlite3_bind_double(rating, 1, p.mu);
      sqlite3_bind_double(rating, 2, p.sigma);
      sqlite3_bind_double(rating, 3, ratings::Conservative({p.mu, p.sigma}));
      sqlite3_bind_int(rating, 4, p.games);
      sqlite3_bind_int64(rating, 5, p.last);
      REQUIRE(sqlite3_step(rating) == SQLITE_DONE);
      sqlite3_reset(rating);
    }
    sqlite3_finalize(account);
    sqlite3_finalize(rating);
    REQUIRE(sqlite3_exec(db, "COMMIT; ANALYZE", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_stmt* plan = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, (std::string("EXPLAIN QUERY PLAN ") + kBoardSql).c_str(), -1,
                               &plan, nullptr) == SQLITE_OK);
    std::printf("SQLite plan (page 200):\n");
    while (sqlite3_step(plan) == SQLITE_ROW) {
      std::printf("  %s\n", reinterpret_cast<const char*>(sqlite3_column_text(plan, 3)));
    }
    sqlite3_finalize(plan);
    sqlite3_close(db);
    Measure("SQLite", *store->ratings());
  }

  {
    const std::string url = NewPostgresDatabase();
    auto store = cs::OpenPostgresStore(url, cs::Durability::kNormal);
    cs::PgConnection db(url);
    db.Run(
        "INSERT INTO accounts (name, name_key, password_hash, created_at) "
        "SELECT 'player' || i, 'player' || i, 'h', 0 FROM generate_series(0, 99999) AS i");
    std::string values;
    for (int i = 0; i < kPlayers; ++i) {
      const Player& p = players[static_cast<std::size_t>(i)];
      char row[160];
      std::snprintf(row, sizeof row, "%s('player%d',%.17g,%.17g,%.17g,%d,%lld)",
                    values.empty() ? "" : ",", i, p.mu, p.sigma,
                    ratings::Conservative({p.mu, p.sigma}), p.games,
                    static_cast<long long>(p.last));
      values += row;
    }
    db.Run(
        "INSERT INTO ratings (account_id, pool, mu, sigma, conservative, games, last_game_at) "
        "SELECT a.id, 'base', v.mu, v.sigma, v.c, v.games, v.last FROM (VALUES " +
        values + ") AS v(name, mu, sigma, c, games, last) JOIN accounts a ON a.name_key = v.name");
    // What autovacuum does on a live server: statistics, and the visibility map an index-only
    // scan needs.
    db.Run("VACUUM ANALYZE ratings");
    db.Run("ANALYZE accounts");
    const cs::PgResult plan = db.Exec(std::string("EXPLAIN ") + kBoardSql);
    std::printf("PostgreSQL plan (page 200):\n");
    for (int i = 0; i < plan.rows(); ++i) std::printf("  %s\n", plan.Text(i, 0).c_str());
    Measure("PostgreSQL", *store->ratings());
  }
}

}  // namespace carc::test
