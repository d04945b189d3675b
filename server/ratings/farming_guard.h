// The server's guards against rating farming (docs/ratings.md, "Farming"): what makes a finished
// rated game count, and how much each of its comparisons counts. The model (weng_lin.h) reads
// every result as fair evidence; a player who arranges results (accounts made to lose, a friend
// who always loses, a fixed computer beaten over and over) would climb without limit. These
// rules bound what arranged results can give, at a small cost to honest players' first games.
//
// Contract: pure functions of their arguments, like the model, so that both stores compute the
// same update inside the archive's transaction and anyone can redo it from public figures
// (each player's rated games and their games together, which the rating history shows).
#pragma once

#include <functional>
#include <span>

#include "ratings/weng_lin.h"

namespace carc::ratings {

struct FarmingRules {
  // A rated game counts only when every rated player made this many moves of their own (a tile
  // placed and the follower decision after it are two): one who resigned or left before then
  // voids the rating, as chess servers abort a game left before its first moves.
  int min_moves = 6;
  // A player with fewer rated games in the pool is provisional: a comparison with them counts
  // (games + 1) / (provisional_games + 1) of one for their opponents.
  int provisional_games = 5;
  // The n-th rated game between the same two players within this many days counts 1/n for each.
  double window_days = 30.0;
  // A result lifts mu at most to where the model gives this chance against the strongest player
  // not lost to, taken at their conservative skill (weng_lin.h, Damping::reach).
  double reach = 0.9;
};

// One player of the game as the guards see them, in the standings' order.
struct FarmingFacts {
  bool fixed = false;  // a computer player's yardstick: never provisional, never repeated
  int games = 0;       // rated games in the pool before this one
  int moves = 0;       // moves the player made in this game, not the absent policy for them
};

// Whether the game is rated at all (every non-fixed player made rules.min_moves).
bool CountsAsRated(std::span<const FarmingFacts> players, const FarmingRules& rules = {});

// The damping for a game; `together(i, q)` gives the rated games of players i and q (both not
// fixed, i < q) against each other within the window before this one: asked once per pair.
Damping FarmingDamping(std::span<const FarmingFacts> players,
                       const std::function<int(std::size_t, std::size_t)>& together,
                       const FarmingRules& rules = {});

}  // namespace carc::ratings
