// Rated games through crashes (docs/ratings.md, "Exactly once"): the server is a child process,
// SIGKILLed 20 times at random moments while 10 rated rooms of two accounts play, and started
// again on the same data directory each time, so that kills land while games are in progress,
// and some between a game's last command and its archive (the test prints how many games the
// restarted server archived itself). Every game must be archived once and rated once: two rating
// rows per game, counted in the SQLite file, and each account's kept rating its one game's.
#include <signal.h>
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "bot_game.h"
#include "server_process.h"
#include "store/sqlite_store.h"
#include "test_server.h"

namespace carc::test {
namespace {

constexpr int kRatedRooms = 10;
constexpr int kKills = 20;

// Account `name`'s session token (password "correct horse").
std::string SignUpFor(std::uint16_t port, const std::string& name) {
  const auto made =
      HttpRequest(port, "POST", "/api/accounts",
                  nlohmann::json{{"name", name}, {"password", "correct horse"}}.dump());
  REQUIRE(made.status == 201);
  const std::string field = made.Header("Set-Cookie");
  return field.substr(13, field.find(';') - 13);
}

// Rows of one integer column pair from the SQLite file at `path`.
std::map<std::int64_t, std::int64_t> SqlPairs(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK);
  std::map<std::int64_t, std::int64_t> out;
  while (sqlite3_step(s) == SQLITE_ROW)
    out[sqlite3_column_int64(s, 0)] = sqlite3_column_int64(s, 1);
  sqlite3_finalize(s);
  sqlite3_close(db);
  return out;
}

void RunOnFile(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  INFO((error != nullptr ? error : ""));
  sqlite3_free(error);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

// Every game archived once and rated once: two rating rows per game, one rated game per
// account, each account's kept rating its game's.
void CheckRatedOnce(const std::string& path) {
  const auto archived = SqlPairs(path, "SELECT 1, COUNT(*) FROM games");
  CHECK(archived.at(1) == kRatedRooms);
  const auto rows = SqlPairs(path, "SELECT game_id, COUNT(*) FROM rating_changes GROUP BY game_id");
  CHECK(rows.size() == static_cast<std::size_t>(kRatedRooms));
  for (const auto& [game, count] : rows) {
    INFO("game " << game);
    CHECK(count == 2);
  }
  const auto per_account = SqlPairs(path, "SELECT account_id, games FROM ratings");
  CHECK(per_account.size() == static_cast<std::size_t>(2 * kRatedRooms));
  for (const auto& [account, played] : per_account) {
    INFO("account " << account);
    CHECK(played == 1);
  }
  const auto kept = SqlPairs(path,
                             "SELECT COUNT(*), SUM(ABS(r.mu - c.mu) < 1e-12) FROM ratings r "
                             "JOIN rating_changes c ON c.account_id = r.account_id");
  CHECK(kept.begin()->first == kept.begin()->second);
}

int ArchivedAfterRestart(const ServerProcess& server) {
  const std::string log = server.LogTail(1 << 22);
  int late = 0;
  for (auto at = log.find("and was not archived"); at != std::string::npos;
       at = log.find("and was not archived", at + 1)) {
    ++late;
  }
  return late;
}

}  // namespace

TEST_CASE("crash: rated games through 20 SIGKILLs are each archived once and rated once",
          "[ratings][crash][serial]") {
  const std::string dir = NewDataDir();
  ServerProcess server(
      FreePort(), dir, dir + "/server.log",
      {"--max-rooms-per-address", "1000", "--signups-per-hour", "0", "--hash-threads", "1"});
  REQUIRE(server.Start() == "");

  std::vector<std::unique_ptr<BotGame>> games;
  for (int i = 0; i < kRatedRooms; ++i) {
    BotGameSpec spec;
    spec.players = 2;
    spec.spectator = false;
    spec.seed = 3900 + static_cast<std::uint64_t>(i);
    v1::RoomOptions room = RoomFor(2);
    room.set_rated(true);
    spec.room = room;
    for (int seat = 0; seat < 2; ++seat) {
      const std::string token =
          SignUpFor(server.port(), "p" + std::to_string(i) + "s" + std::to_string(seat));
      spec.seat_fields.push_back({{"Authorization", "Bearer " + token}});
    }
    // Paced so that the kills land while games are in progress, and some near their ends.
    spec.move_delay = std::chrono::milliseconds(10 + 4 * i);
    games.push_back(std::make_unique<BotGame>(server.address(), spec));
    REQUIRE(games.back()->setup_error() == "");
  }

  std::mt19937_64 rng(20261129);
  std::uniform_int_distribution<int> wait_ms(50, 400);
  int in_play = 0;  // kills that found rated games in progress
  for (int kill = 0; kill < kKills; ++kill) {
    std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms(rng)));
    const HttpResult metrics = HttpGet(server.port(), "/metrics");
    in_play += metrics.body.find("carc_rooms{state=\"playing\"} 0\n") == std::string::npos;
    server.Stop(SIGKILL);
    REQUIRE(server.Start() == "");
  }
  CHECK(in_play >= kKills / 2);
  for (auto& g : games) g->Join();
  for (auto& g : games) {
    INFO("room " << g->code());
    for (const auto& seat : g->seats()) {
      INFO("seat " << seat.seat << ": " << seat.error);
      CHECK(seat.finished);
    }
  }
  server.Stop(SIGTERM);
  const std::string path = server::store::StorePath(dir);
  std::printf(
      "rated crash test: %d kills (%d with games in progress), %d games archived by the "
      "restarted server\n",
      kKills, in_play, ArchivedAfterRestart(server));
  CheckRatedOnce(path);

  // A kill between a game's last command and its archive leaves the log whole and neither the
  // archive nor the rating (one transaction): made here for half the games, exactly that state,
  // since random kills rarely fall in so short a window. The server started on it archives and
  // rates each of them once.
  const int before = ArchivedAfterRestart(server);
  RunOnFile(path,
            "CREATE TEMP TABLE undone AS SELECT room_id AS id FROM games WHERE room_id % 2 = 0;"
            "DELETE FROM ratings WHERE account_id IN (SELECT account_id FROM rating_changes "
            "  WHERE game_id IN (SELECT id FROM undone));"
            "DELETE FROM rating_changes WHERE game_id IN (SELECT id FROM undone);"
            "DELETE FROM game_players WHERE game_id IN (SELECT id FROM undone);"
            "DELETE FROM games WHERE room_id IN (SELECT id FROM undone);");
  const auto left = SqlPairs(path, "SELECT 1, COUNT(*) FROM games");
  const int undone = kRatedRooms - static_cast<int>(left.at(1));
  REQUIRE(undone > 0);
  REQUIRE(server.Start() == "");
  server.Stop(SIGKILL);
  CHECK(ArchivedAfterRestart(server) - before == undone);
  CheckRatedOnce(path);
  // And again: nothing is archived or rated twice.
  REQUIRE(server.Start() == "");
  server.Stop(SIGKILL);
  CHECK(ArchivedAfterRestart(server) - before == undone);
  CheckRatedOnce(path);
}

}  // namespace carc::test
