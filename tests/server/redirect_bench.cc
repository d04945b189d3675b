// What a Redirect costs a client (bench/cluster_lobby.sh runs it; hidden from the suite): two
// nodes in this process on one PostgreSQL database, a room on node a. Each trial joins it as a
// spectator from a new connection, timed from the connect to the room's state:
// - direct: to node a (where the room is);
// - redirected: to node b, which answers the JoinRoom with a Redirect, then to node a.
// The two kinds alternate, so both see the same machine. Trials: CARC_REDIRECT_TRIALS (50).
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "test_postgres.h"
#include "test_server.h"

namespace carc::test {
namespace {

using Clock = std::chrono::steady_clock;

// Connect, Hello and JoinRoom(code, spectate) at `node`; the answer to the join, or nullopt.
std::optional<v1::ServerMessage> JoinAt(const client::ServerAddress& node,
                                        const std::string& code) {
  client::WsClient c;
  if (!c.Connect(node, std::chrono::seconds(5)).empty()) return std::nullopt;
  if (!Ask(c, HelloMsg())) return std::nullopt;
  return Ask(c, JoinMsg(code, true));
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

TEST_CASE("what a redirect costs a client joining a room", "[.][redirect-bench]") {
  const char* env = std::getenv("CARC_REDIRECT_TRIALS");
  const int trials = env != nullptr ? std::max(1, std::atoi(env)) : 50;
  const std::string url = NewPostgresDatabase();
  server::ServerConfig config = TestConfig();
  config.store = url;
  config.max_connections_per_address = 100000;
  config.node_id = "a";
  TestServer a(config);
  config.node_id = "b";
  TestServer b(config);
  RawGame game = StartRawGame(a, 2);
  REQUIRE(game.error == "");

  std::vector<double> direct;
  std::vector<double> redirected;
  for (int t = 0; t < trials; ++t) {
    auto at = Clock::now();
    const auto d = JoinAt(a.address(), game.code);
    REQUIRE(d);
    REQUIRE(d->has_room_state());
    direct.push_back(std::chrono::duration<double, std::milli>(Clock::now() - at).count());

    at = Clock::now();
    const auto r = JoinAt(b.address(), game.code);
    REQUIRE(r);
    REQUIRE(r->has_redirect());
    const auto to = client::ParseServerUrl(r->redirect().url());
    REQUIRE(to);
    const auto there = JoinAt(*to, game.code);
    REQUIRE(there);
    REQUIRE(there->has_room_state());
    redirected.push_back(std::chrono::duration<double, std::milli>(Clock::now() - at).count());
  }
  const double md = Median(direct);
  const double mr = Median(redirected);
  std::printf("join as a spectator, from connect to the room's state (%d trials each):\n", trials);
  std::printf("  direct to the room's node: median %.2f ms, max %.2f\n", md,
              *std::max_element(direct.begin(), direct.end()));
  std::printf("  through another node's Redirect: median %.2f ms, max %.2f\n", mr,
              *std::max_element(redirected.begin(), redirected.end()));
  std::printf("  ratio redirected / direct: %.2f; the redirect adds %.2f ms\n", mr / md, mr - md);
}

}  // namespace carc::test
