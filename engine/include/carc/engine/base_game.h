// The base game (with its editions, house rules and The Count as options) behind the one game
// interface of game.h, registered as "base".
//
// Moves (Move::args in this order; unused ones 0):
//   kPlaceTileMove      x, y, rotation 0..3, tile (a TileKind; kNoTile for the drawn tile)
//   kPlaceFollowerMove  segment of the tile just placed
//   kSkipFollowerMove   -
//   kEnterCityMove      quarter 0..3, the Count's quarter afterwards 0..3 (C-2, C-3)
//   kRedeployMove       followers (C-4)
//   kLeaveCityMove      quarter 0..3, x, y, segment (C-5)
//   kPassMove           - (declines a Count decision)
// Decisions: "place_tile", "place_follower", "enter_city", "redeploy", "final_move".
// LegalMoves lists Pass last, except for "redeploy": Pass, then 1, 2, ... followers (move i
// moves i), so that a uniform choice plays as RandomPlayer does.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "carc/engine/command.h"
#include "carc/engine/event.h"
#include "carc/engine/game.h"
#include "carc/engine/game_state.h"
#include "carc/engine/player_view.h"
#include "carc/engine/state_adapter.h"

namespace carc::engine {

enum BaseMoveType : std::uint8_t {
  kPlaceTileMove = kFirstGameMove,
  kPlaceFollowerMove,
  kSkipFollowerMove,
  kEnterCityMove,
  kRedeployMove,
  kLeaveCityMove,
  kPassMove,
  kBaseMoveTypes,
};

Move MoveOf(const Command& command);
// The command a move stands for, or why it cannot stand for one (a field out of its range).
RejectReason CommandOf(const Move& move, Command& out);

class BaseState final : public StateAdapter<BaseState, GameState, Command, Event> {
 public:
  // `config` must pass Validate().
  explicit BaseState(const GameConfig& config) : StateAdapter(config.players, config) {}

  std::string_view Decision() const override;
  using State::LegalMoves;
  void LegalMoves(Seat seat, std::vector<Move>& out) const override;
  Move PickUniform(Seat seat, Rng& rng, std::vector<Move>& scratch,
                   std::size_t& offered) const override;
  void PlayOut(Rng& rng, PlayoutCounts* counts = nullptr) override;
  std::vector<Seat> Winners() const override;
  void Determinize(Seat seat, Rng& rng) override { mutable_game().Determinize(seat, rng); }
  std::vector<int> ProjectedScores() const override { return game().ProjectedScores(); }
  std::uint64_t Observation() const override;

 private:
  std::uint8_t MoveTypes() const override { return kBaseMoveTypes; }

  // Scratch for LegalMoves and PickUniform (no part of the state: copies and comparisons
  // ignore what is in it).
  mutable std::vector<Placement> placements_;
  mutable std::vector<FollowerSpot> spots_;
};

std::unique_ptr<Game> MakeBaseGame();

}  // namespace carc::engine
