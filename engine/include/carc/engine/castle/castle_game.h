// The Castle behind the one game interface of game.h, registered as "castle".
//
// Moves (Move::args in this order; unused ones 0):
//   kCastlePlaceTileMove      x, y, rotation 0..3 (K-4)
//   kCastlePlaceFollowerMove  region of the tile just placed (K-5)
//   kCastleSkipFollowerMove   -
//   kScoreFeatureMove         pending feature index, 1 to double it with wall tile 2 or 3 (K-9)
//   kUseExtraTurnMove         - (wall tile 1, K-10)
//   kEndTurnMove              - (keeps wall tile 1)
// Decisions: "place_tile", "place_follower", "choose_scoring", "extra_turn".
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "carc/engine/castle/castle_command.h"
#include "carc/engine/castle/castle_event.h"
#include "carc/engine/castle/castle_set.h"
#include "carc/engine/castle/castle_state.h"
#include "carc/engine/castle/castle_view.h"
#include "carc/engine/game.h"
#include "carc/engine/state_adapter.h"

namespace carc::engine::castle {

enum CastleMoveType : std::uint8_t {
  kCastlePlaceTileMove = kFirstGameMove,
  kCastlePlaceFollowerMove,
  kCastleSkipFollowerMove,
  kScoreFeatureMove,
  kUseExtraTurnMove,
  kEndTurnMove,
  kCastleMoveTypes,
};

Move MoveOf(const Command& command);
// The command a move stands for, or why it cannot stand for one (a field out of its range).
RejectReason CommandOf(const Move& move, Command& out);

class CastleGameState final : public StateAdapter<CastleGameState, CastleState, Command, Event> {
 public:
  // `config` must pass Validate().
  explicit CastleGameState(const CastleConfig& config) : StateAdapter(kPlayers, config) {}

  std::string_view Decision() const override;
  using State::LegalMoves;
  void LegalMoves(Seat seat, std::vector<Move>& out) const override;
  Move PickUniform(Seat seat, Rng& rng, std::vector<Move>& scratch,
                   std::size_t& offered) const override;
  std::vector<Seat> Winners() const override { return game().Winners(); }
  // Both seats see the same, so the seat does not matter.
  void Determinize(Seat, Rng& rng) override { mutable_game().Determinize(rng); }
  std::vector<int> ProjectedScores() const override;
  // The tile drawn this turn, plus one.
  std::uint64_t Observation() const override {
    return static_cast<std::uint64_t>(game().current_tile() + 1);
  }

 private:
  std::uint8_t MoveTypes() const override { return kCastleMoveTypes; }
};

// The Castle played on `set` (the board and tiles from the data files).
std::unique_ptr<Game> MakeCastleGame(std::shared_ptr<const CastleSet> set);

}  // namespace carc::engine::castle
