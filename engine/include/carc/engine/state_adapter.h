// What every game's State (game.h) does the same way over its own engine: `Engine` is the
// game's state class (GameState for the base game, ...), built from its config with an event sink
// and offering Apply(seat, command, events), Explain(reason), ToMove(), seq(), IsOver(),
// score(seat) and Hash(); its namespace offers CommandOf(const Move&, Command&) and ViewFor(const
// Engine&, Seat). `Derived` (CRTP) adds what is the game's own: its decisions, legal moves, winners
// and determinization.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "carc/engine/game.h"

namespace carc::engine {

template <typename Derived, typename Engine, typename Command, typename Event>
class StateAdapter : public State {
 public:
  const Engine& game() const { return game_; }
  // The events of the setup, then of the move accepted last (none once KeepEvents(false)).
  const std::vector<Event>& events() const { return events_; }

  std::unique_ptr<State> Clone() const final {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  Seat ToMove() const final { return game_.ToMove(); }
  std::uint64_t seq() const final { return game_.seq(); }
  bool IsOver() const final { return game_.IsOver(); }
  int Score(Seat seat) const final { return game_.score(seat); }
  bool Resigned(Seat seat) const final { return game_.resigned(seat); }
  std::uint64_t Hash() const final { return game_.Hash(); }
  Refusal Explain(RejectReason r) const final { return game_.Explain(r); }
  void KeepEvents(bool keep) final {
    keep_events_ = keep;
    if (!keep) events_.clear();
  }
  bool SameView(const State& other, Seat seat) const final {
    const auto* o = dynamic_cast<const StateAdapter*>(&other);
    return o != nullptr && ViewFor(game_, seat) == ViewFor(o->game_, seat);
  }

 protected:
  template <typename Config>
  StateAdapter(int players, const Config& config) : State(players), game_(config, &events_) {}
  Engine& mutable_game() { return game_; }
  bool keeps_events() const { return keep_events_; }
  // PickUniform() for a placement decision: the engine's PickLegalPlacement(), whose
  // placement make(placement) turns into a move.
  template <typename Make>
  Move PickPlacement(Rng& rng, std::size_t& offered, Make&& make) const {
    const auto p = game_.PickLegalPlacement(rng, offered);
    return offered == 0 ? Move{} : make(p);
  }

 private:
  RejectReason Step(Seat seat, const Move& move) final {
    Command command;
    if (const RejectReason r = CommandOf(move, command); r != RejectReason::kNone) return r;
    if (!keep_events_) return game_.Apply(seat, command, nullptr);
    // A refusal leaves the events of the move before in place, as it leaves everything else.
    const auto before = static_cast<std::ptrdiff_t>(events_.size());
    const RejectReason r = game_.Apply(seat, command, &events_);
    if (r == RejectReason::kNone) events_.erase(events_.begin(), events_.begin() + before);
    return r;
  }

  std::vector<Event> events_;  // before game_: its setup writes here
  bool keep_events_ = true;
  Engine game_;
};

}  // namespace carc::engine
