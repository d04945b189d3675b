#include "carc/codec/replay.h"

#include <array>

#include "carc/codec/game_stream.h"
#include "carc/codec/proto_codec.h"
#include "carc/engine/player_view.h"
#include "carc/engine/reject_reason.h"

namespace carc::codec {
namespace {

// A scripted draw order (every replayed record has one) lists a tile reshuffled by B-6 again
// where it is redrawn, so the engine's stack holds that copy from the start, and holds no copy
// of a reshuffled tile that is never drawn again; live, and by the view mirror's rules, the tile
// joins the stack when the reshuffle puts it back. The replay's views are corrected by the
// difference, so that the stream follows the mirror's rules (its public hashes included): a
// stack of (reshuffled tiles never redrawn) + (draws to come) - (reshuffles to come). Without
// reshuffles the correction is zero.
class ReshuffleCorrection {
 public:
  // From the whole game's events: every reshuffle still to come, and the kinds whose last draw
  // went back into the stack for good.
  explicit ReshuffleCorrection(const std::vector<engine::Event>& game) {
    std::array<bool, engine::kMaxTileKinds> back_for_good{};
    for (const engine::Event& e : game) {
      if (const auto* d = std::get_if<engine::TileDrawn>(&e); d && d->tile < back_for_good.size()) {
        back_for_good[d->tile] = false;
      }
      const auto* x = std::get_if<engine::TileDiscarded>(&e);
      if (x == nullptr || !x->reshuffled || x->tile >= back_for_good.size()) continue;
      back_for_good[x->tile] = true;
      Shift(x->tile, -1);
    }
    for (std::size_t k = 0; k < back_for_good.size(); ++k) {
      if (back_for_good[k]) Shift(static_cast<engine::TileKind>(k), 1);
    }
  }

  // The reshuffles among `events` have happened.
  void Happened(const std::vector<engine::Event>& events) {
    for (const engine::Event& e : events) {
      const auto* x = std::get_if<engine::TileDiscarded>(&e);
      if (x != nullptr && x->reshuffled) Shift(x->tile, 1);
    }
  }

  bool none() const { return total_ == 0 && by_kind_ == decltype(by_kind_){}; }

  v1::BaseView SpectatorView(const engine::GameState& state, bool with_tile_set) const {
    engine::PlayerView view = engine::ViewFor(state, engine::kSpectator);
    view.stack_size += total_;
    for (std::size_t k = 0; k < by_kind_.size(); ++k) view.unseen[k] += by_kind_[k];
    return ViewToProto(view, with_tile_set);
  }

  std::uint64_t Hash(const engine::GameState& state) const {
    return none() ? PublicHashOf(state) : PublicHash(SpectatorView(state, false));
  }

 private:
  void Shift(engine::TileKind kind, int by) {
    if (kind >= by_kind_.size()) return;  // unfiltered events name every tile; kept safe anyway
    total_ += by;
    by_kind_[kind] += by;
  }

  int total_ = 0;
  std::array<int, engine::kMaxTileKinds> by_kind_{};
};

}  // namespace

std::variant<v1::Replay, RecordError> BuildReplay(const Record& record,
                                                  const std::vector<std::string>& players) {
  const ReplayedRecord replayed = ReplayRecord(record);
  if (replayed.error) return *replayed.error;
  std::vector<engine::Event> events;
  {
    engine::GameState state(replayed.config, &events);
    for (const engine::LoggedCommand& c : replayed.commands)
      state.Apply(c.seat, c.command, &events);
  }
  ReshuffleCorrection correction(events);
  v1::Replay out;
  events.clear();
  // The setup's events (first turn, first draw) are in the start snapshot, as for a room.
  engine::GameState state(replayed.config, &events);
  correction.Happened(events);
  *out.mutable_start() = SnapshotFor(state, engine::kSpectator);
  if (!correction.none()) {
    *out.mutable_start()->mutable_base() = correction.SpectatorView(state, true);
    out.mutable_start()->set_public_hash(correction.Hash(state));
  }
  // ReplayRecord names the first player (start_player "host"); the game's own options said how
  // it was chosen.
  *out.mutable_start()->mutable_base()->mutable_options() = OptionsToProto(record.options);
  for (const engine::LoggedCommand& c : replayed.commands) {
    events.clear();
    const std::uint64_t prev = state.seq();
    if (const auto r = state.Apply(c.seat, c.command, &events); r != engine::RejectReason::kNone) {
      return RefusedOnReplay(prev, state.Explain(r));
    }
    correction.Happened(events);
    *out.add_steps() = BatchFor(state, prev, events, engine::kSpectator, correction.Hash(state));
  }
  for (int s = 0; s < replayed.config.players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    out.add_players(i < players.size() && !players[i].empty() ? players[i]
                                                              : "Player " + std::to_string(s + 1));
  }
  return out;
}

RecordError RefusedOnReplay(std::uint64_t seq, const engine::Refusal& refusal) {
  return RecordError{-1, std::string(refusal.rule),
                     "the engine refuses command " + std::to_string(seq) +
                         " on replay: " + std::string(refusal.text) + " (" +
                         std::string(engine::Name(refusal.reason)) + ")"};
}

std::string Describe(const RecordError& error) {
  std::string s = error.turn >= 0 ? "turn " + std::to_string(error.turn) + ": " : "";
  s += error.message;
  if (!error.rule.empty()) s += " (" + error.rule + ")";
  return s;
}

}  // namespace carc::codec
