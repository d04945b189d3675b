// GET /metrics counts what happened (a finished game, its commands, the rooms by state) and
// GET /healthz answers.
#include <catch2/catch.hpp>
#include <sstream>

#include "bot_game.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

// The value of the sample named exactly `name` (with its labels), or nullopt.
std::optional<double> Sample(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name + " ", 0) == 0) return std::stod(line.substr(name.size() + 1));
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("/healthz and /metrics", "[server][http]") {
  TestServer server;
  const HttpResult health = HttpGet(server.port(), "/healthz");
  REQUIRE(health.error == "");
  CHECK(health.status == 200);
  CHECK(health.body == "ok\n");

  HttpResult before = HttpGet(server.port(), "/metrics");
  REQUIRE(before.status == 200);
  CHECK(Sample(before.body, "carc_games_finished_total") == 0.0);
  CHECK(Sample(before.body, "carc_commands_total") == 0.0);

  BotGameSpec spec;
  spec.players = 2;
  spec.seed = 5;
  BotGame game(server, spec);
  REQUIRE(game.setup_error() == "");
  game.Join();
  CheckFinished(game);
  int commands = 0;
  for (const auto& r : game.seats()) commands += r.commands;

  const HttpResult after = HttpGet(server.port(), "/metrics");
  REQUIRE(after.error == "");
  REQUIRE(after.status == 200);
  INFO(after.body);
  const auto finished = Sample(after.body, "carc_games_finished_total");
  REQUIRE(finished);
  CHECK(*finished >= 1);
  const auto accepted = Sample(after.body, "carc_commands_total");
  REQUIRE(accepted);
  CHECK(*accepted > 0);
  CHECK(*accepted == commands);  // every command the bots sent was accepted, once
  CHECK(Sample(after.body, "carc_rooms{state=\"finished\"}") == 1.0);
  CHECK(Sample(after.body, "carc_rooms{state=\"playing\"}") == 0.0);
  // The process's own figures, which load runs read (CPU per command, memory per connection).
  const auto rss = Sample(after.body, "process_resident_memory_bytes");
  REQUIRE(rss);
  CHECK(*rss > 1e6);  // a running server holds more than a megabyte
  CHECK(*rss < 1e10);
  const auto cpu_before = Sample(before.body, "process_cpu_seconds_total");
  const auto cpu_after = Sample(after.body, "process_cpu_seconds_total");
  REQUIRE(cpu_before);
  REQUIRE(cpu_after);
  CHECK(*cpu_after >= *cpu_before);
  CHECK(Sample(after.body, "carc_rooms{state=\"lobby\"}") == 0.0);
  const auto latency = Sample(after.body, "carc_command_broadcast_seconds_count");
  REQUIRE(latency);
  CHECK(*latency == *accepted);

  CHECK(HttpGet(server.port(), "/no/such/page").status == 404);
}
