// `carcassonne load` against a real server on loopback, at the small size CI can afford: whole
// games of both games with their figures, and idle connections past a per-address limit through
// several source addresses. Each run lasts a few seconds and ends by itself.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "cli/cli_run.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

// A server that lets machine-speed clients play: the per-connection rate limit and the rooms
// per address (every finished game's room lives on for a while) raised.
server::ServerConfig LoadConfig() {
  server::ServerConfig config = TestConfig();
  config.rate_per_second = 100000;
  config.rate_burst = 100000;
  config.max_rooms_per_address = 100000;
  return config;
}

nlohmann::json RunLoad(TestServer& server, const std::string& args, int& code) {
  const CliRun run = RunCli("load --server ws://127.0.0.1:" + std::to_string(server.port()) +
                                " --json --settle 0 " + args,
                            false);
  code = run.code;
  INFO(run.out);
  REQUIRE(nlohmann::json::accept(run.out));
  return nlohmann::json::parse(run.out);
}

}  // namespace

TEST_CASE("load plays whole games of every game and reports their figures",
          "[server][load][serial][cli]") {
  TestServer server(LoadConfig());
  for (const std::string game : {"base", "castle"}) {
    INFO(game);
    int code = -1;
    const nlohmann::json r =
        RunLoad(server, "--game " + game + " --rooms 3 --players 2 --duration 2 --threads 2", code);
    INFO(r.dump());
    CHECK(code == 0);
    CHECK(r["mode"] == "play");
    CHECK(r["connections_held"] == 6);
    CHECK(r["connections_lost"] == 0);
    CHECK(r["connect_failures"] == 0);
    CHECK(r["errors"].empty());
    CHECK(r["commands"].get<int>() > 50);
    // Every command is counted once, whichever seat reads its batch first: the server's count
    // in the same window differs only at its two edges, by the commands in flight and those
    // played while /metrics is read (a few milliseconds each, longer under the sanitizers;
    // a CI run saw 19 of 2,979). Missing the commands of a passed turn was 28%.
    const double server_commands = r["server_commands"].get<double>();
    CHECK(std::abs(server_commands - r["commands"].get<double>()) <= 6 + 0.03 * server_commands);
    CHECK(r["commands_per_s"].get<double>() > 0);
    CHECK(r["events_per_s"].get<double>() > r["commands_per_s"].get<double>());
    CHECK(r["games_finished"].get<int>() >= 1);  // and a new room after each
    const auto& latency = r["latency_ms"];
    CHECK(latency["p50"].get<double>() > 0);
    CHECK(latency["p50"].get<double>() <= latency["p99"].get<double>());
    CHECK(latency["p99"].get<double>() <= latency["max"].get<double>());
    CHECK(r["server_rss_kib"].get<double>() > 1000);
    CHECK(r["server_cpu_us_per_command"].get<double>() > 0);
    CHECK(r["client_cpu_s"].get<double>() > 0);
  }
}

TEST_CASE("load holds idle connections and spreads them over source addresses",
          "[server][load][serial][cli]") {
  server::ServerConfig config = LoadConfig();
  config.max_connections_per_address = 4;
  TestServer server(config);
  int code = -1;
  // 10 connections from one address: the server refuses those past its limit of 4.
  const nlohmann::json alone = RunLoad(server, "--idle --rooms 5 --players 2 --duration 1", code);
  INFO(alone.dump());
  CHECK(code == 1);
  CHECK(alone["connections_held"].get<int>() <= 4);
  CHECK(alone["connect_failures"].get<int>() + alone["connections_lost"].get<int>() >= 6);
  // The same from three loopback addresses, at most 4 each: every one is held.
  const nlohmann::json spread = RunLoad(
      server, "--idle --rooms 5 --players 2 --duration 1 --source-addrs 127.0.0.1-127.0.0.3", code);
  INFO(spread.dump());
  CHECK(code == 0);
  CHECK(spread["mode"] == "idle");
  CHECK(spread["connections_held"] == 10);
  CHECK(spread["connect_failures"] == 0);
  CHECK(spread["connections_lost"] == 0);
  CHECK(spread["commands"] == 0);
}

TEST_CASE("load plays rooms where the server's computer players hold seats",
          "[server][load][serial][cli]") {
  TestServer server(LoadConfig());
  int code = -1;
  const nlohmann::json r = RunLoad(
      server, "--rooms 2 --players 1 --computers 1 --computer-level greedy --duration 6", code);
  INFO(r.dump());
  CHECK(code == 0);
  CHECK(r["computers"] == 1);
  CHECK(r["connections_held"] == 2);
  CHECK(r["errors"].empty());
  CHECK(r["commands"].get<int>() > 10);  // the clients' own; the computers' are the server's
  CHECK(r["games_finished"].get<int>() >= 1);
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_bot_moves_total 0\n") == std::string::npos);
}

TEST_CASE("load refuses bad options with a reason", "[server][load][cli]") {
  for (const std::string args :
       {"--rooms 0", "--players 9", "--source-addrs 127.0.0.9-127.0.0.1", "--source-addrs x",
        "--game chess", "--duration 0", "--think-ms -1", "--server wss://a:1", "--relay-bytes 7",
        "--relay-bytes 65537", "--settle -1", "--players 1", "--players 4 --computers 3",
        "--computers 6", "--computers 1 --computer-level genius", "--computers 1 --idle"}) {
    INFO(args);
    const CliRun run = RunCli("load " + args, true);
    CHECK(run.code == 2);
    CHECK(run.out.find("carcassonne load: ") != std::string::npos);
  }
  // A server list: at most 16, none empty.
  std::string seventeen;
  for (int i = 0; i < 17; ++i) seventeen += (i ? "," : "") + std::string("ws://127.0.0.1:1");
  for (const std::string& list : {seventeen, std::string("ws://127.0.0.1:1,"), std::string(",")}) {
    INFO(list);
    const CliRun run = RunCli("load --server " + list, true);
    CHECK(run.code == 2);
    CHECK(run.out.find("up to 16") != std::string::npos);
  }
}
