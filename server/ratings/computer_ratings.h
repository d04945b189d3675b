// The computer players' yardstick ratings: each level (easy, medium, hard) has a fixed rating in
// each pool, measured by arena games between the levels (docs/ratings.md, with the command),
// which counts for the people it plays and never moves. A level without a measured rating in a
// pool cannot sit in that pool's rated rooms.
//
// Contract: pure; levels in their stored text form (bots::LevelText: "greedy" for easy,
// "mcts@250" for medium, "mcts@1000" for hard).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ratings/weng_lin.h"

namespace carc::ratings {

std::optional<Rating> ComputerRating(std::string_view pool, std::string_view level);

// A level's yardstick as players are told of it: its name ("easy", "medium", "hard").
struct Yardstick {
  std::string_view name;
  Rating rating;
};
// The pool's measured levels, weakest first (none for a pool without measured levels).
std::vector<Yardstick> PoolYardsticks(std::string_view pool);

// The strongest level whose shown rating is below `shown` (ratings::Displayed), if any.
std::optional<std::string_view> StrongerThan(std::string_view pool, int shown);

}  // namespace carc::ratings
