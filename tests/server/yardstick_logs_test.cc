// The computer players' yardsticks in the code (ratings/computer_ratings.cc) are what the arena
// logs kept in the repository give (bench/arena/logs, docs/ratings.md): for each pool,
// `carcassonne arena-ratings` over its three logs prints the table's mu and
// sigma (to the table's three decimals) and each level's 200 games. A table edited by hand, or
// logs changed without the table, fail here.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "bots/bot_level.h"
#include "cli/cli_run.h"
#include "ratings/computer_ratings.h"

namespace carc::test {

TEST_CASE("yardsticks: the code's table is what arena-ratings gives over the kept logs",
          "[ratings][cli]") {
  for (const std::string pool : {"base", "count", "castle"}) {
    INFO(pool);
    const auto table = ratings::PoolYardsticks(pool);
    REQUIRE(table.size() == 3);  // every pool's three levels are measured
    const std::string logs = std::string(CARC_SOURCE_DIR) + "/bench/arena/logs/" + pool;
    const auto r = RunCli("arena-ratings " + logs + "-easy-medium.jsonl " + logs +
                              "-easy-hard.jsonl " + logs + "-medium-hard.jsonl --json",
                          false);
    INFO(r.out);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["pool"] == pool);
    CHECK(j["games"] == 300);
    for (const ratings::Yardstick& y : table) {
      const auto parsed = bots::ParseBotLevel(y.name);
      REQUIRE(parsed);
      const std::string level = bots::LevelText(*parsed);  // the logs' "greedy", "mcts@250", ...
      INFO(level);
      const auto& fitted = j["levels"][level];
      CHECK(fitted["games"] == 200);
      CHECK(std::abs(fitted["mu"].get<double>() - y.rating.mu) <= 0.0005);
      CHECK(std::abs(fitted["sigma"].get<double>() - y.rating.sigma) <= 0.0005);
      CHECK(fitted["rating"] == ratings::Displayed(y.rating));
    }
  }
}

}  // namespace carc::test
