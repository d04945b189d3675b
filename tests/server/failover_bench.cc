// The failover benchmark (bench/failover.sh runs it; hidden from the suite, it only measures):
// two node processes on one PostgreSQL database with the default lease, a slow game of two
// bots on one node; that node is killed with SIGKILL, and two times are taken from the kill:
// - the room: until the other node answers a JoinRoom (as a spectator) for it with the room
//   instead of a Redirect to the dead node, i.e. until it has taken the room over;
// - the players: until one of the room's bots has its next command acknowledged, with the
//   reconnect pacing of `carcassonne bot` (client/bot_seat.h).
// The dead node is started again after each trial. Trials: CARC_FAILOVER_TRIALS (10);
// CARC_FAILOVER_LEASE_MS passes --lease-ms (default: the server's default).
#include <signal.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>

#include "bot_game.h"
#include "server_process.h"
#include "test_postgres.h"
#include "test_server.h"

namespace carc::test {
namespace {

using Clock = std::chrono::steady_clock;

double Ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

// Until `node` answers a spectator's JoinRoom for `code` with the room (RoomState).
double UntilServed(const client::ServerAddress& node, const std::string& code,
                   Clock::time_point from) {
  for (;;) {
    client::WsClient c;
    if (c.Connect(node, std::chrono::seconds(2)).empty()) {
      v1::ClientMessage hello = HelloMsg();
      hello.set_request_id(c.NextRequestId());
      c.Send(hello);
      c.WaitFor([](const v1::ServerMessage& m) { return m.has_welcome(); },
                std::chrono::seconds(2));
      v1::ClientMessage join = JoinMsg(code, true);
      join.set_request_id(c.NextRequestId());
      c.Send(join);
      const auto a = c.WaitFor(
          [](const v1::ServerMessage& m) {
            return m.has_room_state() || m.has_redirect() || m.has_error();
          },
          std::chrono::seconds(2));
      if (a && a->has_room_state()) return Ms(Clock::now() - from);
    }
    if (Clock::now() - from > std::chrono::seconds(60)) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void Report(const char* what, std::vector<double> v) {
  std::sort(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  std::printf("%-46s n=%zu min %.0f  median %.0f  mean %.0f  max %.0f ms\n", what, v.size(),
              v.front(), v[v.size() / 2], sum / static_cast<double>(v.size()), v.back());
}

}  // namespace

TEST_CASE("failover time: a node killed, until another serves its room and its players play on",
          "[.][failover-bench]") {
  const char* trials_env = std::getenv("CARC_FAILOVER_TRIALS");
  const int trials = trials_env ? std::max(1, std::atoi(trials_env)) : 10;
  const char* lease_env = std::getenv("CARC_FAILOVER_LEASE_MS");
  const std::string url = NewPostgresDatabase();
  std::vector<std::unique_ptr<ServerProcess>> nodes;
  for (int i = 0; i < 2; ++i) {
    const std::string dir = NewDataDir();
    std::vector<std::string> args = {"--store", url, "--node-id", "f" + std::to_string(i)};
    if (lease_env) args.insert(args.end(), {"--lease-ms", lease_env});
    nodes.push_back(std::make_unique<ServerProcess>(FreePort(), dir, dir + "/server.log", args));
    REQUIRE(nodes.back()->Start() == "");
  }
  std::vector<double> served;
  std::vector<double> played;
  for (int t = 0; t < trials; ++t) {
    ServerProcess& victim = *nodes[static_cast<std::size_t>(t % 2)];
    ServerProcess& other = *nodes[static_cast<std::size_t>(1 - t % 2)];
    BotGameSpec spec;
    spec.players = 2;
    spec.spectator = false;
    spec.seed = 7000 + static_cast<std::uint64_t>(t);
    spec.move_delay = std::chrono::milliseconds(50);
    BotGame game(std::vector<client::ServerAddress>{victim.address(), other.address()}, spec);
    REQUIRE(game.setup_error() == "");
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    const auto killed = Clock::now();
    victim.Stop(SIGKILL);
    served.push_back(UntilServed(other.address(), game.code(), killed));
    game.Join();
    CheckFinished(game);
    double first = -1;
    for (const auto& seat : game.seats()) {
      for (const auto& a : seat.acked) {
        if (a.at > killed && (first < 0 || Ms(a.at - killed) < first)) first = Ms(a.at - killed);
      }
    }
    played.push_back(first);
    std::printf(
        "trial %d: room %s served by the other node after %.0f ms, played on after %.0f ms\n",
        t + 1, game.code().c_str(), served.back(), played.back());
    REQUIRE(victim.Start() == "");
  }
  Report("kill -> another node serves the room", served);
  Report("kill -> the room's next acknowledged command", played);
}

}  // namespace carc::test
