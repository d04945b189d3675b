// The computer players' yardstick ratings (docs/ratings.md) from arena logs: the games of
// `carcassonne arena --log` between levels of one pool, replayed through the rating model
// (ratings/weng_lin.h) in one sequence, every level starting as a new player does.
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

// Each log's text (its first line the run's options, then one game a line). The games are
// taken in turn from each log (game 0 of every log, then game 1, ...), so that no pairing's
// games all come last. A 2-player game's places come from the sides' scores (equal: a tie).
// Refused: logs of different pools, options beyond a pool's (house rules), games of more
// than 2 players, unreadable lines.
std::variant<ArenaRatings, std::string> RateArenaLogs(const std::vector<std::string>& logs);

}  // namespace carc::cli
