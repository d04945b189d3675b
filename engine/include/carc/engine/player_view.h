// The single place that decides what a seat or a spectator may see.
//
// Contract: a view never contains the seed, the generator, the stack order, or the tiles of
// another player's private hand (V-2). Event streams pass through FilterEvents() for the same
// reason. The view of the seat to move carries its legal moves, so clients never run rules.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "carc/engine/game_state.h"

namespace carc::engine {

struct PlayerView {
  Seat seat = kSpectator;
  int players = 0;
  Options options;
  std::uint64_t seq = 0;
  Phase phase = Phase::kPlaceTile;
  Seat to_move = -1;
  bool extra_turn = false;
  TileKind current_tile = kNoTile;  // the drawn tile (public, B-4); kNoTile with hands
  std::vector<PlacedTile> tiles;    // in placement order, the start tile first
  std::vector<FollowerRef> followers;
  std::vector<int> scores;
  std::vector<int> supply;
  std::vector<bool> resigned;
  // hands[s]: seat s's tiles; kNoTile stands for a tile this viewer may not see.
  std::vector<std::vector<TileKind>> hands;
  int stack_size = 0;
  // Copies of each kind that this viewer cannot see (stack and hidden hands together).
  std::array<int, kMaxTileKinds> unseen{};
  std::vector<Placement> legal_placements;         // only for the seat to move
  std::vector<FollowerSpot> legal_follower_spots;  // only for the seat to move
  Breakdown final_breakdown;
  std::vector<Seat> winners;  // once the game is over

  // The Count (option count; all public): his quarter, followers per [quarter][seat], and the
  // feature a C-4 round is about.
  Quarter count_quarter = Quarter::kCastle;
  std::array<std::array<int, kMaxPlayers>, kQuarters> city{};
  FeatureKind redeploy_kind = FeatureKind::kRoad;
  std::vector<Pos> redeploy_tiles;
  // Only for the seat to move, in the matching phase (each may also Pass).
  std::vector<CityEntry> legal_city_entries;
  int redeploy_limit = 0;
  std::vector<int> redeploy_counts;  // C-4: what Redeploy may move now (RedeployCounts)
  std::vector<CityExit> legal_city_exits;

  friend bool operator==(const PlayerView&, const PlayerView&) = default;
};

PlayerView ViewFor(const GameState& state, Seat seat);

// The events as `seat` may see them (kSpectator: the public stream).
std::vector<Event> FilterEvents(const std::vector<Event>& events, Seat seat,
                                const Options& options);

}  // namespace carc::engine
