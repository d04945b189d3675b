// The computer players' yardstick ratings (docs/ratings.md) from arena logs: the games of
// `carcassonne arena --log` between levels of one pool, all at once. Each level starts from a
// new player's belief (ratings/weng_lin.h: mu 25, sigma 25/3); its rating is the most likely
// skill given every game under the model's Bradley-Terry likelihood, its sigma that belief's
// remaining spread given the levels' mean (which is 25, the scale's anchor). Replaying the games
// one by one through the update instead leaves figures that depend on the games' order (the last
// few move a level as much as its sigma): in the base pool's 300 games it put medium above hard
// though hard won 57 of their 100 games.
//
// Contract: pure; the logs' text in, the levels' ratings or what is wrong out.
#pragma once

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "ratings/weng_lin.h"

namespace carc::cli {

struct LevelRating {
  ratings::Rating rating;
  int games = 0;
};

struct ArenaRatings {
  std::string pool;                           // base, count or castle
  std::map<std::string, LevelRating> levels;  // by level text ("greedy", "mcts@250", ...)
  int games = 0;
};

// Each log's text (its first line the run's options, then one game a line). A 2-player game's
// result comes from the sides' scores (equal: a tie, which counts half). The order of the logs
// and of their games does not change the ratings.
// Refused: logs of different pools, options beyond a pool's (house rules), games of more
// than 2 players, unreadable lines.
std::variant<ArenaRatings, std::string> RateArenaLogs(const std::vector<std::string>& logs);

}  // namespace carc::cli
