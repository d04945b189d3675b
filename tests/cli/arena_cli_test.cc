// `carcassonne arena`: computer players against each other, as a user runs it.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

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
        "--a random --b random --game chess", "--a random --b random --players 7",
        "--a random --b random --iterations-per-ms 0",
        "--a random --b random --iterations-per-ms 10001",
        "--a random --b random --iterations-per-ms x"}) {
    INFO(args);
    const auto r = RunCli("arena " + args, true);
    CHECK(r.code == 2);
    CHECK(r.out.find("carcassonne arena: ") == 0);
  }
}

namespace {

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream all;
  all << in.rdbuf();
  return all.str();
}

std::size_t Lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("arena --log takes an interrupted run up where it stopped, to the same figures") {
  const std::string dir =
      std::filesystem::temp_directory_path() / ("arena-log-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string log = dir + "/games.jsonl";
  const std::string run = "arena --a greedy --b random --games 6 --seed 7 --json";
  const auto whole = RunCli(run, false);  // no log: the figures to match
  REQUIRE(whole.code == 0);

  // Four of the six games, then the fifth cut short in the middle of its line.
  REQUIRE(RunCli("arena --a greedy --b random --games 4 --seed 7 --log " + log, false).code == 0);
  std::string text = ReadAll(log);
  CHECK(Lines(text) == 5);  // the options, then a line per game
  {
    std::ofstream cut(log, std::ios::binary | std::ios::app);
    cut << "{\"g\": 4, \"winner\": 0, \"mea";
  }
  const auto resumed = RunCli(run + " --log " + log, true);
  REQUIRE(resumed.code == 0);
  CHECK(resumed.out.find("4 of the 6 games are in") != std::string::npos);
  CHECK(resumed.out.find("arena: 6/6 games") != std::string::npos);
  CHECK(resumed.out.find("arena: 4/6") == std::string::npos);  // the four were not played again
  text = ReadAll(log);
  CHECK(Lines(text) == 7);
  CHECK(text.find("\"mea{") == std::string::npos);  // the cut-short line is gone
  const auto a = nlohmann::json::parse(whole.out);
  const auto b = nlohmann::json::parse(resumed.out.substr(resumed.out.find('{')));
  for (const char* key : {"games", "wins_a", "wins_b", "draws", "mean_score_a", "mean_score_b",
                          "score_diff", "score_diff_ci95"}) {
    INFO(key);
    CHECK(a[key] == b[key]);
  }

  // All six in the log: nothing is played, the same figures again.
  const auto again = RunCli(run + " --log " + log, true);
  REQUIRE(again.code == 0);
  CHECK(again.out.find("arena: ") == again.out.find("arena: 6 of the 6 games are in"));
  CHECK(nlohmann::json::parse(again.out.substr(again.out.find('{')))["wins_a"] == a["wins_a"]);

  // Other options, or a file that is not a log: refused, and the file is left as it was.
  const auto other = RunCli("arena --a greedy --b random --games 6 --seed 8 --log " + log, true);
  CHECK(other.code == 2);
  CHECK(other.out.find("was written by an arena run with other options") != std::string::npos);
  CHECK(ReadAll(log) == text);
  {
    std::ofstream bad(log, std::ios::binary | std::ios::app);
    bad << "not json\n";
  }
  const auto broken = RunCli(run + " --log " + log, true);
  CHECK(broken.code == 2);
  CHECK(broken.out.find("line 8: not an arena game") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("arena --iterations-per-ms plays the same games whatever the machine's load") {
  // At 3 iterations a millisecond: mcts@20 searches 60 iterations a move and mcts@10 30,
  // however long they take.
  const std::string run =
      "arena --game castle --a mcts@20 --b mcts@10 --games 2 --seed 11 --iterations-per-ms 3 "
      "--json";
  const auto first = RunCli(run, false);
  REQUIRE(first.code == 0);
  const auto a = nlohmann::json::parse(first.out);
  CHECK(a["iterations_per_move_a"].get<double>() == 60.0);
  CHECK(a["iterations_per_move_b"].get<double>() == 30.0);
  // Again, and again with two games at once (each move slower): the same figures.
  for (const std::string more : {"", " --parallel 2"}) {
    const auto again = RunCli(run + more, false);
    REQUIRE(again.code == 0);
    const auto b = nlohmann::json::parse(again.out);
    for (const char* key : {"wins_a", "wins_b", "draws", "mean_score_a", "mean_score_b",
                            "iterations_per_move_a", "iterations_per_move_b"}) {
      INFO(more << " " << key);
      CHECK(a[key] == b[key]);
    }
  }
  // Two search threads share a move's iterations: the same work a move.
  const auto threads = RunCli(run + " --threads 2", false);
  REQUIRE(threads.code == 0);
  CHECK(nlohmann::json::parse(threads.out)["iterations_per_move_a"].get<double>() == 60.0);
  // The log's first line says so: a clocked run does not continue it.
  const std::string dir =
      std::filesystem::temp_directory_path() / ("arena-count-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string log = dir + "/games.jsonl";
  REQUIRE(RunCli(run + " --log " + log, false).code == 0);
  const std::string text = ReadAll(log);
  CHECK(nlohmann::json::parse(text.substr(0, text.find('\n')))["iterations_per_ms"] == 3);
  const auto clocked =
      RunCli("arena --game castle --a mcts@20 --b mcts@10 --games 2 --seed 11 --log " + log, true);
  CHECK(clocked.code == 2);
  CHECK(clocked.out.find("other options") != std::string::npos);
  std::filesystem::remove_all(dir);
}

namespace {

// An arena log as `arena --log` writes it: its run's options, then one game a line.
std::string WriteArenaLog(const std::string& dir, const std::string& name,
                          const std::string& header,
                          const std::vector<std::pair<double, double>>& games) {
  const std::string path = dir + "/" + name;
  std::ofstream out(path);
  out << header << "\n";
  for (std::size_t g = 0; g < games.size(); ++g) {
    out << nlohmann::json{{"g", g}, {"mean_a", games[g].first}, {"mean_b", games[g].second}}.dump()
        << "\n";
  }
  return path;
}

std::string Header(const std::string& game, const std::string& options, const std::string& a,
                   const std::string& b) {
  return R"({"arena":")" + game + R"(","players":2,"options":)" + options + R"(,"seed":1,"a":")" +
         a + R"(","b":")" + b + R"(","threads":1})";
}

}  // namespace

TEST_CASE("arena-ratings rates the levels of a pool from arena logs, all games at once") {
  char tmpl[] = "/tmp/carc-arena-ratings-XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  // medium beats easy 9 times in 10; hard beats medium 7 in 10 and easy every time.
  std::vector<std::pair<double, double>> em, mh, eh;
  for (int g = 0; g < 10; ++g) {
    em.emplace_back(g == 3 ? 80 : 50, 70);
    mh.emplace_back(60, g % 10 < 7 ? 75 : 55);
    eh.emplace_back(40, 90);
  }
  const std::string logs =
      WriteArenaLog(dir, "em.jsonl", Header("base", "[]", "greedy", "mcts@250"), em) + " " +
      WriteArenaLog(dir, "mh.jsonl", Header("base", "[]", "mcts@250", "mcts@1000"), mh) + " " +
      WriteArenaLog(dir, "eh.jsonl", Header("base", "[]", "greedy", "mcts@1000"), eh);
  const auto r = RunCli("arena-ratings " + logs + " --json", false);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["pool"] == "base");
  CHECK(j["games"] == 30);
  const auto mu = [&](const char* level) { return j["levels"][level]["mu"].get<double>(); };
  CHECK(j["levels"]["greedy"]["games"] == 20);
  CHECK(mu("mcts@1000") > mu("mcts@250"));
  CHECK(mu("mcts@250") > mu("greedy"));
  // Each game pulls its two levels apart by equal amounts and the three priors are alike: the
  // mean is a new player's 25.
  CHECK((mu("greedy") + mu("mcts@250") + mu("mcts@1000")) / 3 == Approx(25.0).margin(1e-9));
  CHECK(j["levels"]["mcts@1000"]["rating"].get<int>() > j["levels"]["greedy"]["rating"].get<int>());

  // The order of the logs and of their games changes nothing.
  std::vector<std::pair<double, double>> mh_backwards(mh.rbegin(), mh.rend());
  const std::string reordered =
      WriteArenaLog(dir, "mh2.jsonl", Header("base", "[]", "mcts@250", "mcts@1000"), mh_backwards) +
      " " + dir + "/eh.jsonl " + dir + "/em.jsonl";
  const auto again = RunCli("arena-ratings " + reordered + " --json", false);
  REQUIRE(again.code == 0);
  const auto k = nlohmann::json::parse(again.out);
  for (const char* level : {"greedy", "mcts@250", "mcts@1000"}) {
    INFO(level);
    CHECK(k["levels"][level]["mu"].get<double>() == Approx(mu(level)).margin(1e-9));
    CHECK(k["levels"][level]["sigma"].get<double>() ==
          Approx(j["levels"][level]["sigma"].get<double>()).margin(1e-9));
  }

  // Logs of two pools, house rules, a level against itself: refused with the reason.
  const std::string count = WriteArenaLog(
      dir, "count.jsonl", Header("base", R"([["count","true"]])", "greedy", "mcts@250"), em);
  const auto mixed = RunCli("arena-ratings " + count + " " + dir + "/em.jsonl", true);
  CHECK(mixed.code == 1);
  CHECK(mixed.out.find("pool base, but the others are count") != std::string::npos);
  const std::string house = WriteArenaLog(
      dir, "house.jsonl", Header("base", R"([["farmers","false"]])", "greedy", "mcts@250"), em);
  CHECK(RunCli("arena-ratings " + house, true).out.find("house rules") != std::string::npos);
  const std::string self =
      WriteArenaLog(dir, "self.jsonl", Header("castle", "[]", "greedy", "greedy"), em);
  CHECK(RunCli("arena-ratings " + self, true).out.find("against itself") != std::string::npos);
  CHECK(RunCli("arena-ratings", true).code == 2);
  std::filesystem::remove_all(dir);
}

TEST_CASE("arena-ratings reads the pool of each game from the logs arena --log writes") {
  // Through the real writer: a header written by hand once hid that `--expansion count` logs
  // were refused as house rules.
  const std::string dir =
      std::filesystem::temp_directory_path() / ("arena-pools-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::pair<const char*, const char*> pools[] = {
      {"base", ""}, {"count", "--expansion count"}, {"castle", "--game castle"}};
  for (const auto& [pool, flags] : pools) {
    INFO(pool);
    const std::string log = dir + "/" + pool + ".jsonl";
    REQUIRE(RunCli(std::string("arena ") + flags + " --a greedy --b random --games 2 --log " + log,
                   false)
                .code == 0);
    const auto r = RunCli("arena-ratings " + log + " --json", false);
    INFO(r.out);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["pool"] == pool);
    CHECK(j["games"] == 2);
  }
  const std::string house = dir + "/house.jsonl";
  REQUIRE(
      RunCli("arena --rules farmers=false --a greedy --b random --games 1 --log " + house, false)
          .code == 0);
  CHECK(RunCli("arena-ratings " + house, true).out.find("house rules") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("arena-ratings: two levels' figures are the posterior's mode and spread, by hand") {
  // docs/ratings.md, "Computer players as the yardstick": a wins 7 of 10 games against b, one of
  // the three others a tie. With prior N(25, s0^2), c = sqrt(2) beta and d = mu_a - mu_b, the
  // mode has mu_a - 25 = 25 - mu_b = d / 2 and solves (w - n p(d)) / c = (d / 2) / s0^2, w = 7
  // wins and a half. Given the mean (25), mu_a's spread is d's halved: d's precision is the
  // games' h = n p (1 - p) / c^2 and its prior's 1 / (2 s0^2), so sigma^2 = 1 / (4 h + 2 / s0^2).
  char tmpl[] = "/tmp/carc-arena-ratings-XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  std::vector<std::pair<double, double>> ab;
  for (int g = 0; g < 10; ++g) ab.emplace_back(g < 7 ? 90 : g == 7 ? 60 : 40, 60);
  const std::string log =
      WriteArenaLog(dir, "ab.jsonl", Header("castle", "[]", "mcts@250", "greedy"), ab);
  const auto r = RunCli("arena-ratings " + log + " --json", false);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["pool"] == "castle");
  const double mu_a = j["levels"]["mcts@250"]["mu"].get<double>();
  const double mu_b = j["levels"]["greedy"]["mu"].get<double>();
  const double s0 = 25.0 / 3.0;
  const double c = std::sqrt(2.0) * 25.0 / 6.0;
  const double d = mu_a - mu_b;
  CHECK(mu_a - 25.0 == Approx(25.0 - mu_b).margin(1e-9));
  const double p = 1.0 / (1.0 + std::exp(-d / c));
  CHECK((7.5 - 10 * p) / c == Approx((d / 2) / (s0 * s0)).margin(1e-9));
  CHECK(d > 0);
  const double h = 10 * p * (1 - p) / (c * c);
  const double sigma = std::sqrt(1 / (4 * h + 2 / (s0 * s0)));
  CHECK(j["levels"]["mcts@250"]["sigma"].get<double>() == Approx(sigma).margin(1e-9));
  CHECK(j["levels"]["greedy"]["sigma"].get<double>() == Approx(sigma).margin(1e-9));
  std::filesystem::remove_all(dir);
}
