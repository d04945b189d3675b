// 10,000 turn-based games in progress for 1,000 accounts (bench/turn_based.sh runs it; hidden
// from the suite): what "my games" costs a player, and what so many games waiting cost the
// server while nobody moves. The accounts and their sessions are made straight in the store;
// every game is created, joined and started over WebSockets with the two players' cookies, as a
// browser would, and its sockets closed (the seats stay the accounts'). Then:
//   - GET /api/me/games for random accounts, one request at a time (each over a new
//     connection, the connect included), timed: p50, p99, max;
//   - the whole process's CPU time over an idle window of CARC_TURN_BASED_IDLE_S seconds (120):
//     the rooms' own checks of their reminders and deadlines, the registry's sweeps, and
//     everything else the server does meanwhile.
// Sizes: CARC_TURN_BASED_GAMES (10000), CARC_TURN_BASED_ACCOUNTS (1000), CARC_TURN_BASED_ASKS
// (2000).
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "account_helpers.h"
#include "accounts/session_token.h"
#include "store/account_store.h"
#include "sys/process_usage.h"
#include "sys/unix_seconds.h"
#include "test_server.h"

namespace carc::test::turn_based_bench {

using Clock = std::chrono::steady_clock;
namespace ca = carc::server::accounts;

int EnvInt(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::atoi(v) : fallback;
}

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const auto at = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(at, v.size() - 1)];
}

TEST_CASE("10,000 turn-based games for 1,000 accounts: my games, and the cost of waiting",
          "[.][turn-based-bench]") {
  const int games = EnvInt("CARC_TURN_BASED_GAMES", 10000);
  const int players = EnvInt("CARC_TURN_BASED_ACCOUNTS", 1000);
  const int asks = EnvInt("CARC_TURN_BASED_ASKS", 2000);
  const int idle_s = EnvInt("CARC_TURN_BASED_IDLE_S", 120);
  REQUIRE(players >= 2);
  auto config = AccountGamesConfig();
  config.max_rooms = games + 1000;
  config.max_turn_based_rooms = games + 1000;
  config.max_rooms_per_address = games + 1000;
  config.max_turn_based_games = 2 * games / players + 10;
  config.api_burst = 1 << 30;
  config.api_rate = 1e9;
  config.code_guesses_per_minute = 1 << 30;
  config.push = false;  // what is measured is the rooms' waiting, not notices
  TestServer server(config);
  const auto port = server.port();

  auto& accounts = *server.app().store().accounts();
  std::vector<std::string> tokens;
  const auto now = server::UnixSeconds();
  for (int i = 0; i < players; ++i) {
    const std::string name = "P" + std::to_string(i);
    const auto id = accounts.CreateAccount(name, "p" + std::to_string(i), "x", now);
    REQUIRE(id);
    tokens.push_back(ca::NewSessionToken());
    accounts.CreateSession(*id, ca::HashSessionToken(tokens.back()), "bench", now);
  }

  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(v1::ABANDON_POLICY_COMPUTER);
  room.mutable_turn_based()->set_move_seconds(24 * 60 * 60);
  room.mutable_turn_based()->set_reserve_seconds(3 * 24 * 60 * 60);
  const auto made_from = Clock::now();
  for (int g = 0; g < games; ++g) {
    // Each account plays 2 * games / players games, against opponents spread over all.
    const int a = g % players;
    const int b = (a + 1 + (g / players) * 7919 % (players - 1)) % players;
    REQUIRE(a != b);
    RawGame game = StartRawGame(
        server, room,
        {Cookie(tokens[static_cast<std::size_t>(a)]), Cookie(tokens[static_cast<std::size_t>(b)])});
    REQUIRE(game.error == "");
    if ((g + 1) % 1000 == 0) {
      std::printf("  %d games started (%.0f s)\n", g + 1,
                  std::chrono::duration<double>(Clock::now() - made_from).count());
      std::fflush(stdout);
    }
  }
  const double made_s = std::chrono::duration<double>(Clock::now() - made_from).count();

  std::mt19937 rng(7);
  std::uniform_int_distribution<int> who(0, players - 1);
  std::vector<double> ms;
  std::size_t listed = 0;
  for (int i = 0; i < asks; ++i) {
    const auto& token = tokens[static_cast<std::size_t>(who(rng))];
    const auto start = Clock::now();
    const auto r = HttpRequest(port, "GET", "/api/me/games", "", Cookie(token));
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    REQUIRE(r.status == 200);
    listed += nlohmann::json::parse(r.body)["in_progress"].size();
  }
  const double mean_listed = static_cast<double>(listed) / asks;
  CHECK(mean_listed == Approx(2.0 * games / players));

  const double cpu_before = server::ProcessCpuSeconds();
  std::this_thread::sleep_for(std::chrono::seconds(idle_s));
  const double cpu_ms_per_minute =
      (server::ProcessCpuSeconds() - cpu_before) * 1000.0 * 60.0 / idle_s;
  // Still every game: a turn-based room is never disposed of as abandoned.
  CHECK(server.app().registry().size() == static_cast<std::size_t>(games));

  std::printf(
      "turn-based: %d games for %d accounts started in %.1f s (%.1f ms a game, 2 sockets "
      "each)\n"
      "GET /api/me/games, %d requests (%.1f games listed each): p50 %.2f ms, p99 %.2f ms, "
      "max %.2f ms\n"
      "waiting, %d s idle: %.1f ms of the process's CPU a minute\n",
      games, players, made_s, made_s * 1000 / games, asks, mean_listed, Percentile(ms, 0.5),
      Percentile(ms, 0.99), Percentile(ms, 1.0), idle_s, cpu_ms_per_minute);
}

}  // namespace carc::test::turn_based_bench
