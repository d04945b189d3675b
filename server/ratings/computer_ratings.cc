#include "ratings/computer_ratings.h"

#include <array>

namespace carc::ratings {
namespace {

struct Measured {
  std::string_view pool;
  std::string_view level;
  std::string_view name;
  Rating rating;
};

// Measured from arena games between the levels (docs/ratings.md: the command and the figures),
// each level 200 games in its pool, fitted by `carcassonne arena-ratings`. A pool's levels are
// entered once each has played its 200 games there. Weakest first in each pool.
constexpr std::array<Measured, 9> kYardsticks{{
    {"base", "greedy", "easy", {12.507, 1.384}},
    {"base", "mcts@250", "medium", {30.373, 0.882}},
    {"base", "mcts@1000", "hard", {32.120, 0.913}},
    {"count", "greedy", "easy", {12.779, 1.347}},
    {"count", "mcts@250", "medium", {30.868, 0.874}},
    {"count", "mcts@1000", "hard", {31.354, 0.883}},
    {"castle", "greedy", "easy", {11.001, 1.627}},
    {"castle", "mcts@250", "medium", {30.444, 0.978}},
    {"castle", "mcts@1000", "hard", {33.556, 1.032}},
}};

}  // namespace

std::optional<Rating> ComputerRating(std::string_view pool, std::string_view level) {
  for (const Measured& y : kYardsticks) {
    if (y.pool == pool && y.level == level) return y.rating;
  }
  return std::nullopt;
}

std::vector<Yardstick> PoolYardsticks(std::string_view pool) {
  std::vector<Yardstick> out;
  for (const Measured& y : kYardsticks) {
    if (y.pool == pool) out.push_back({y.name, y.rating});
  }
  return out;
}

std::optional<std::string_view> StrongerThan(std::string_view pool, int shown) {
  std::optional<std::string_view> out;
  int best = 0;
  for (const Yardstick& y : PoolYardsticks(pool)) {
    const int theirs = Displayed(y.rating);
    if (theirs < shown && (!out || theirs > best)) {
      out = y.name;
      best = theirs;
    }
  }
  return out;
}

}  // namespace carc::ratings
