// The single place that decides what a seat or a spectator may see of a Castle game.
//
// Contract: a view never contains the seed, the generator, the order of the stack, the wall tiles
// lying face down on the corner towers or the five left in the box. The drawn tile, every
// placed tile, follower, score, keep and taken wall tile are public (K-3, K-4, K-9). Castle
// events hide nothing, so they need no filter. The view of the seat to move carries its legal
// moves, so clients never run rules.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "carc/engine/castle/castle_state.h"

namespace carc::engine::castle {

struct CastleView {
  Seat seat = kSpectator;
  CastleOptions options;
  std::uint64_t seq = 0;
  Phase phase = Phase::kPlaceTile;
  Seat to_move = -1;
  bool extra_turn = false;
  int current_tile = -1;          // the drawn tile; -1 when none
  std::vector<PlacedTile> tiles;  // in placement order
  std::vector<FollowerRef> followers;
  std::array<int, kPlayers> scores{};
  std::array<int, kPlayers> supply{};
  std::array<bool, kPlayers> resigned{};
  std::array<Keep, kPlayers> keeps{};
  std::array<std::vector<WallTile>, kPlayers> wall_tiles{};  // taken, face up, not yet used
  std::vector<bool> tower_has_wall_tile;                     // per corner tower
  int stack_size = 0;
  int discarded = 0;
  // kChooseScoring: the completed features waiting to score (public: everyone sees them).
  struct Pending {
    Feature feature = Feature::kPath;
    Seat winner = 0;
    Pos pos;                  // a placed tile of it
    std::uint8_t region = 0;  // and its region there
    int size = 0;
    friend bool operator==(const Pending&, const Pending&) = default;
  };
  std::vector<Pending> pending;
  // Only for the seat to move.
  std::vector<Placement> legal_placements;
  std::vector<std::uint8_t> legal_follower_regions;
  std::vector<ScoreFeature> legal_scoring;
  bool may_use_extra_turn = false;
  std::vector<Seat> winners;  // once the game is over

  friend bool operator==(const CastleView&, const CastleView&) = default;
};

CastleView ViewFor(const CastleState& state, Seat seat);

}  // namespace carc::engine::castle
