// Scenario tests build a board from a short notation and name the rule id they check.
//
//   Scenario s(2, "E U V");          // 2 players, seat 0 first, tiles drawn in this order
//   s.Play("0,-1 r2 c1");            // current tile at (0,-1), rotation 2, follower on c1
//   s.Play("1,0 r1 -");              // no follower
//
// Only the listed tiles exist: when they run out the game ends and final scoring runs. A tile
// that fits nowhere is discarded by the engine itself (B-6); check the events for it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "carc/engine/game_state.h"

namespace carc::test {

class Scenario {
 public:
  Scenario(int players, std::string_view draws, engine::Options options = {});

  // Plays one whole turn of the seat to move; every step must be accepted.
  void Play(std::string_view move);
  // Tries to place the current tile; returns the engine's answer.
  engine::RejectReason TryPlace(engine::Pos pos, int rotation);
  // Tries to deploy onto the named segment ("c1", "f2", "cloister") of the tile just placed.
  engine::RejectReason TryFollower(std::string_view segment);
  engine::RejectReason Skip();
  // Applies `command` for `seat` (a Count decision may be any seat's), recording its events.
  engine::RejectReason Apply(engine::Seat seat, const engine::Command& command);

  engine::GameState& state() { return state_; }
  const std::vector<engine::Event>& events() const { return events_; }
  // Names ("c1", ...) of the legal follower spots on the tile just placed.
  std::vector<std::string> FollowerSpotNames() const;
  int Score(engine::Seat s) const { return state_.score(s); }
  // The FeatureScored events so far.
  std::vector<engine::FeatureScored> Scored() const;

 private:
  // events_ first: state_'s constructor appends the setup events to it.
  std::vector<engine::Event> events_;
  engine::GameState state_;
};

engine::GameConfig ScenarioConfig(int players, std::string_view draws,
                                  engine::Options options = {});

// The tile kind with this letter in the base set.
inline engine::TileKind Kind(char letter) {
  return engine::BaseCatalog().KindOf(letter);
}

// The events of type T in `events`, from index `from` on.
template <typename T>
std::vector<T> EventsOf(const std::vector<engine::Event>& events, std::size_t from = 0) {
  std::vector<T> out;
  for (std::size_t i = from; i < events.size(); ++i) {
    if (const auto* e = std::get_if<T>(&events[i])) out.push_back(*e);
  }
  return out;
}

// The FeatureScored events of one kind and reason.
inline std::vector<engine::FeatureScored> ScoredOf(const std::vector<engine::Event>& events,
                                                   engine::FeatureKind kind,
                                                   engine::ScoreReason reason) {
  std::vector<engine::FeatureScored> out;
  for (const engine::FeatureScored& e : EventsOf<engine::FeatureScored>(events)) {
    if (e.kind == kind && e.reason == reason) out.push_back(e);
  }
  return out;
}

}  // namespace carc::test
