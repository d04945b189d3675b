// Information-set Monte Carlo tree search (single observer: Cowling, Powley and Whitehouse 2012)
// for any game (game.h), from one seat's view.
//
// Every iteration copies the root, redraws what the seat cannot see (State::Determinize), walks
// the tree by UCB among the moves legal in that draw (each child counts how often it was
// available, so moves that exist in few draws are not starved), adds one node, plays the game
// out uniformly at random (State::PlayOut) and credits each node's mover with its result. Nodes
// are told apart by the move and by what chance showed before it (State::Observation), so the
// same square under two different drawn tiles is two positions.
//
// Contract: the engine has no clock; the caller bounds the work by a number of iterations and,
// optionally, a stop predicate it asks every few iterations (a deadline, a cancellation). With
// the same root view, seed and iterations the search is the same on every machine. It never
// reads a secret of the root: a state the seat sees alike gives the same search.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "carc/engine/game.h"
#include "carc/engine/rng.h"

namespace carc::engine {

struct MctsConfig {
  // The UCB constant for rewards in [0, 1].
  double exploration = 0.7;
  // A playout's reward to a seat: (1 - margin_weight) for a win (shared on a tie) plus
  // margin_weight * (1 + tanh(lead / margin_scale)) / 2, the lead being the seat's final score
  // minus the best other: winning by more counts for a little, so the search still tells moves
  // apart when every playout is won or lost.
  double margin_weight = 0.3;
  double margin_scale = 20.0;
};

// What the search learnt of one move at the root, from the searching seat's view.
struct MoveStats {
  Move move;
  std::uint64_t visits = 0;
  double reward = 0;  // the sum over visits
  double lead = 0;    // the sum over visits of the seat's final lead in points
  double MeanReward() const { return visits == 0 ? 0 : reward / static_cast<double>(visits); }
  double MeanLead() const { return visits == 0 ? 0 : lead / static_cast<double>(visits); }
};

class MctsSearch {
 public:
  // Searches for the seat to move in `root` (not over), which is copied.
  MctsSearch(const State& root, std::uint64_t seed, MctsConfig config = {});
  ~MctsSearch();
  MctsSearch(const MctsSearch&) = delete;
  MctsSearch& operator=(const MctsSearch&) = delete;

  // Runs up to `iterations` more iterations, fewer when `stop` (if given) returns true; it is
  // asked after every 16. The first 16 always run: a search that starts past its deadline (a
  // machine too busy to start it in time) still gives every answer an estimate, at well under a
  // millisecond's cost.
  void Run(std::uint64_t iterations, const std::function<bool()>& stop = {});
  std::uint64_t iterations() const { return iterations_; }
  // One entry per legal move of the root, in LegalMoves() order.
  std::vector<MoveStats> RootStats() const;

 private:
  struct Node;
  void Iterate();

  std::unique_ptr<const State> root_;
  Seat seat_;
  Rng rng_;
  MctsConfig config_;
  std::vector<Node> nodes_;
  std::vector<Move> root_moves_;
  std::uint64_t iterations_ = 0;
  // Scratch kept between iterations.
  std::vector<Move> legal_;
  std::vector<bool> tried_;  // per move of legal_: a child of the node holds it
  std::vector<std::int32_t> path_;
  std::vector<double> reward_;
  std::vector<double> lead_;
};

// Root statistics of several searches of the same root (one per thread) added move by move.
std::vector<MoveStats> MergeStats(std::span<const std::vector<MoveStats>> searches);
// The move visited most (the most reward among equals; the first of those).
Move MostVisited(std::span<const MoveStats> stats);

}  // namespace carc::engine
