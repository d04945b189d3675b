// `carcassonne arena-ratings LOG... [--json]`: the computer players' yardstick ratings from
// arena logs (arena/arena_ratings.h), as docs/ratings.md and ratings/computer_ratings.h take
// them.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "arena/arena_ratings.h"
#include "args.h"
#include "commands.h"

namespace carc::cli {
namespace {

constexpr const char* kArenaRatingsHelp =
    "usage: carcassonne arena-ratings LOG... [--json]\n"
    "Rates the computer levels of one pool from the logs of `carcassonne arena --log` (2-player\n"
    "games between levels, e.g. easy-medium, medium-hard and easy-hard): every level starts\n"
    "as a new player does (mu 25, sigma 25/3), and its mu is the most likely skill given all\n"
    "the games under the server's model (docs/ratings.md), its sigma what uncertainty is left;\n"
    "the games' order does not matter. Prints each level's games, mu, sigma and rating\n"
    "(1000 + 30 (mu - 3 sigma)).\n";

}  // namespace

int ArenaRatingsCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {}, {"json", "help"});
  if (args.Has("help")) {
    std::cout << kArenaRatingsHelp;
    return 0;
  }
  if (!args.error().empty() || args.positional().empty()) {
    std::cerr << "carcassonne arena-ratings: "
              << (args.error().empty() ? "give the arena logs to rate" : args.error()) << "\n"
              << kArenaRatingsHelp;
    return 2;
  }
  std::vector<std::string> logs;
  for (const std::string& path : args.positional()) {
    std::ifstream in(path);
    if (!in) {
      std::cerr << "carcassonne arena-ratings: cannot read " << path << "\n";
      return 2;
    }
    std::stringstream text;
    text << in.rdbuf();
    logs.push_back(text.str());
  }
  const auto rated = RateArenaLogs(logs);
  if (const auto* why = std::get_if<std::string>(&rated)) {
    std::cerr << "carcassonne arena-ratings: " << *why << "\n";
    return 1;
  }
  const ArenaRatings& r = std::get<ArenaRatings>(rated);
  if (args.Has("json")) {
    nlohmann::ordered_json out;
    out["pool"] = r.pool;
    out["games"] = r.games;
    for (const auto& [level, l] : r.levels) {
      out["levels"][level] = {{"games", l.games},
                              {"mu", l.rating.mu},
                              {"sigma", l.rating.sigma},
                              {"rating", ratings::Displayed(l.rating)}};
    }
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "pool " << r.pool << ", " << r.games << " games\n";
  for (const auto& [level, l] : r.levels) {
    std::cout << std::left << std::setw(10) << level << std::right << std::setw(5) << l.games
              << " games  mu " << std::fixed << std::setprecision(3) << l.rating.mu << "  sigma "
              << l.rating.sigma << "  rating " << ratings::Displayed(l.rating) << "\n";
  }
  return 0;
}

}  // namespace carc::cli
