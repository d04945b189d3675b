// `carcassonne arena`: computer players against each other, as a user runs it.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace {

using carc::test::RunCli;

}  // namespace

TEST_CASE("arena plays greedy against random and reports the agreed JSON keys") {
  const auto r = RunCli("arena --a greedy --b random --games 4 --json", false);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["games"] == 4);
  CHECK(j["wins_a"] == 4);
  CHECK(j["wins_b"] == 0);
  CHECK(j["draws"] == 0);
  CHECK(j["mean_score_a"].get<double>() > j["mean_score_b"].get<double>());
  CHECK(j["ms_per_move_a"].get<double>() >= 0.0);
  CHECK(j["ms_per_move_b"].get<double>() >= 0.0);
  CHECK(j["a"] == "greedy");
  CHECK(j["b"] == "random");
}

TEST_CASE("arena alternates seats and prints a table with the confidence interval") {
  // The Castle, two games at once: a table a person reads.
  const auto r = RunCli("arena --game castle --a random --b easy --games 2 --parallel 2", false);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("castle, 2 players, 2 games, seats alternating") != std::string::npos);
  CHECK(r.out.find("b greedy") != std::string::npos);
  CHECK(r.out.find("(95% confidence)") != std::string::npos);
}

TEST_CASE("arena refuses bad options with a reason") {
  for (const std::string args :
       {"--b random", "--a random", "--a strong --b random", "--a mcts@5 --b random",
        "--a mcts@60001 --b random", "--a mcts@-100 --b random", "--a mcts@1e3 --b random",
        "--a MCTS --b random", "--a random --b random --games 0",
        "--a random --b random --parallel 65", "--a random --b random --threads 0",
        "--a random --b random --game chess", "--a random --b random --players 7"}) {
    INFO(args);
    const auto r = RunCli("arena " + args, true);
    CHECK(r.code == 2);
    CHECK(r.out.find("carcassonne arena: ") == 0);
  }
}
