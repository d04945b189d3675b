// GET /api/games/{id}/analysis: every decision with a choice of an archived game, reviewed by
// the tree search (its move, its estimate of the mover's lead after it and after the move
// played); progress while it runs, limits and refusals.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "archived_game.h"
#include "carc/engine/random_agent.h"
#include "games/registry.h"
#include "test_server.h"

namespace carc::test {
namespace {

nlohmann::json Body(const HttpResult& r) {
  return nlohmann::json::parse(r.body, nullptr, false);
}

// Asks until the analysis is done (200) or `limit` passes; the last answer.
HttpResult AwaitAnalysis(TestServer& server, server::store::RoomId id,
                         std::chrono::seconds limit = 60s) {
  const auto until = std::chrono::steady_clock::now() + limit;
  HttpResult r;
  do {
    r = HttpGet(server.port(), "/api/games/" + std::to_string(id) + "/analysis");
    if (r.status != 202) return r;
    std::this_thread::sleep_for(200ms);
  } while (std::chrono::steady_clock::now() < until);
  return r;
}

server::ServerConfig QuickAnalyses() {
  server::ServerConfig config = TestConfig();
  config.analysis_ms = std::chrono::milliseconds(10);
  return config;
}

}  // namespace

TEST_CASE("analysis: every decision with a choice of an archived game gets the search's review") {
  TestServer server(QuickAnalyses());
  const server::store::RoomId base = ArchiveRandomGame(server, "base", 11);
  const server::store::RoomId castle = ArchiveRandomGame(server, "castle", 12);
  const std::string path = "/api/games/" + std::to_string(base) + "/analysis";

  const auto first = HttpGet(server.port(), path);
  REQUIRE(first.status == 202);
  const auto progress = Body(first);
  CHECK(progress["status"] == "running");
  const int choices = progress["of"].get<int>();
  CHECK(choices > 40);
  // One analysis at a time (--max-analyses 1): the Castle game waits its turn.
  const auto busy = HttpGet(server.port(), "/api/games/" + std::to_string(castle) + "/analysis");
  CHECK(busy.status == 503);
  CHECK(Body(busy)["error"].get<std::string>().find("--max-analyses") != std::string::npos);

  const auto done = AwaitAnalysis(server, base);
  REQUIRE(done.status == 200);
  const auto analysis = Body(done);
  CHECK(analysis["game"] == base);
  CHECK(analysis["budget_ms"] == 10);
  const auto& decisions = analysis["decisions"];
  REQUIRE(static_cast<int>(decisions.size()) == choices);
  int differ = 0, step = -1;
  for (const auto& d : decisions) {
    INFO(d.dump());
    CHECK(d["step"].get<int>() > step);  // in the order of the game, each once
    step = d["step"].get<int>();
    CHECK(step < analysis["steps"].get<int>());
    CHECK((d["seat"] == 0 || d["seat"] == 1));
    CHECK_FALSE(d["played"].get<std::string>().empty());
    CHECK_FALSE(d["best"].get<std::string>().empty());
    CHECK(d["lead_best"].is_number());
    CHECK(d["iterations"].get<int>() > 0);
    if (d["same"].get<bool>()) {
      CHECK(d["played"] == d["best"]);
      CHECK(d["loss"] == 0.0);
    } else {
      ++differ;
      CHECK(d["played"] != d["best"]);
    }
  }
  // Random moves are rarely the search's.
  CHECK(differ > choices / 2);
  // Asked again: the same analysis, at once.
  CHECK(HttpGet(server.port(), path).body == done.body);

  // Now the Castle game.
  CHECK(HttpGet(server.port(), "/api/games/" + std::to_string(castle) + "/analysis").status == 202);
  const auto castle_done = AwaitAnalysis(server, castle);
  REQUIRE(castle_done.status == 200);
  CHECK(Body(castle_done)["decisions"].size() > 20);
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_analyses_total{outcome=\"done\"} 2\n") != std::string::npos);
  CHECK(metrics.body.find("carc_analyses_total{outcome=\"refused\"} 1\n") != std::string::npos);
  CHECK(metrics.body.find("carc_analyses_running 0\n") != std::string::npos);
}

TEST_CASE("analysis: no such game, a running game, other methods and servers that do not analyse") {
  TestServer server(QuickAnalyses());
  CHECK(HttpGet(server.port(), "/api/games/424242/analysis").status == 404);
  // A game still being played is not in the archive.
  RawGame game = StartRawGame(server, 2);
  REQUIRE(game.error.empty());
  CHECK(HttpGet(server.port(), "/api/games/1/analysis").status == 404);
  CHECK(HttpRequest(server.port(), "POST", "/api/games/1/analysis", "").status == 405);
  for (const std::string bad :
       {"/api/games/abc/analysis", "/api/games/-1/analysis",
        "/api/games/99999999999999999999/analysis", "/api/games//analysis"}) {
    INFO(bad);
    const auto r = HttpGet(server.port(), bad);
    CHECK(r.status >= 400);
    CHECK(r.status < 500);
  }

  server::ServerConfig off = QuickAnalyses();
  off.max_analyses = 0;
  TestServer none(off);
  const server::store::RoomId id = ArchiveRandomGame(none, "base", 13);
  CHECK(HttpGet(none.port(), "/api/games/" + std::to_string(id) + "/analysis").status == 503);
}

}  // namespace carc::test
