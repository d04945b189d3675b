// A random game stepped command by command, with what the server would send each audience:
// shared by the wire tests (proto codec, view mirror, hidden information).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "carc/codec/proto_codec.h"
#include "carc/engine/random_player.h"
#include "carc/v1/game.pb.h"

namespace carc::test {

class WireGame {
 public:
  WireGame(const engine::GameConfig& config, std::uint64_t player_seed)
      : state_(config, &setup_events_), player_(player_seed) {}

  // Plays the next command of the random player; false once the game is over.
  bool Step() {
    if (state_.IsOver()) return false;
    const engine::LoggedCommand c = player_.Choose(state_);
    Play(c.seat, c.command);
    return true;
  }

  // Plays a given command (another game's move); it must be legal here.
  void Play(engine::Seat seat, const engine::Command& command) {
    prev_seq_ = state_.seq();
    last_events_.clear();
    last_command_ = {seat, command};
    if (state_.Apply(seat, command, &last_events_) != engine::RejectReason::kNone) {
      throw std::logic_error("a command of the random game was refused");
    }
  }

  // The EventBatch for `viewer` after the last Step(), built as a room builds it.
  v1::EventBatch BatchFor(engine::Seat viewer) const {
    v1::EventBatch batch;
    batch.set_prev_seq(prev_seq_);
    batch.set_seq(state_.seq());
    for (const engine::Event& e : FilterEvents(last_events_, viewer, options())) {
      *batch.add_events()->mutable_base() = codec::EventToProto(e, state_.catalog());
    }
    const engine::PlayerView view = engine::ViewFor(state_, viewer);
    if (viewer >= 0 && viewer == view.to_move) {
      *batch.mutable_base_legal_moves() = codec::LegalMovesToProto(view, state_.catalog());
    }
    batch.set_public_hash(SpectatorHash());
    return batch;
  }

  v1::BaseView ViewOf(engine::Seat viewer, bool with_tile_set = false) const {
    return codec::ViewToProto(engine::ViewFor(state_, viewer), with_tile_set);
  }
  std::uint64_t SpectatorHash() const { return codec::PublicHash(ViewOf(engine::kSpectator)); }

  const engine::GameState& state() const { return state_; }
  const engine::Options& options() const { return state_.config().options; }
  const std::vector<engine::Event>& setup_events() const { return setup_events_; }
  const std::vector<engine::Event>& last_events() const { return last_events_; }
  const engine::LoggedCommand& last_command() const { return last_command_; }

 private:
  std::vector<engine::Event> setup_events_;
  engine::GameState state_;
  engine::RandomPlayer player_;
  std::vector<engine::Event> last_events_;
  engine::LoggedCommand last_command_;
  std::uint64_t prev_seq_ = 0;
};

inline engine::GameConfig RandomConfig(int players, std::uint64_t seed,
                                       const engine::Options& options = {}) {
  engine::GameConfig config;
  config.players = players;
  config.seed = seed;
  config.options = options;
  return config;
}

}  // namespace carc::test
