#include "ratings/computer_ratings.h"

#include <array>

namespace carc::ratings {
namespace {

struct Yardstick {
  std::string_view pool;
  std::string_view level;
  Rating rating;
};

// Measured from arena games between the levels (docs/ratings.md: the command and the figures),
// each level 200 games in its pool, fitted by `carcassonne arena-ratings`. A pool's levels are
// entered once each has played its 200 games there: the count and castle pools' are still
// being played.
constexpr std::array<Yardstick, 3> kYardsticks{{
    {"base", "greedy", {12.507, 1.384}},
    {"base", "mcts@250", {30.373, 0.882}},
    {"base", "mcts@1000", {32.120, 0.913}},
}};

}  // namespace

std::optional<Rating> ComputerRating(std::string_view pool, std::string_view level) {
  for (const Yardstick& y : kYardsticks) {
    if (y.pool == pool && y.level == level) return y.rating;
  }
  return std::nullopt;
}

}  // namespace carc::ratings
