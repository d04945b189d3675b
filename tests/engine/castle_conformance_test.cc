// Seeded random Castle games on the shipped board and tiles, checked at every step (the generic
// conformance habit): copies equal originals, replays equal originals, the legal placements are
// those a scan of the whole board finds, every legal move applies,
// followers and tiles are conserved, scores never decrease.
#include <catch2/catch.hpp>

#include "carc/codec/castle/castle_data.h"
#include "carc/engine/castle/castle_play.h"

namespace carc::test {
namespace {

namespace castle = engine::castle;

TEST_CASE("K-1..K-12 random Castle games keep every invariant") {
  const auto set = codec::DefaultCastleSet();
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    castle::CastleConfig config;
    config.set = set;
    config.seed = seed;
    config.options.wall4_fountain_bonus = seed % 2 == 0;
    castle::CastleState state(config);
    castle::RandomPlayer player(seed * 7919);
    std::vector<castle::LoggedCommand> log;
    std::array<int, castle::kPlayers> last_score{};
    int taken = 0;
    while (!state.IsOver()) {
      INFO("seed " << seed << " step " << log.size());
      // Every legal move of the decision at hand applies to a copy.
      if (state.phase() == castle::Phase::kPlaceTile) {
        const auto legal = state.LegalPlacements();
        REQUIRE_FALSE(legal.empty());
        // K-4: the frontier the state keeps finds exactly what a scan of the whole board finds,
        // in the same row-major order (the first ten games: the scan is slow by design).
        if (seed <= 10) {
          std::vector<castle::Placement> scan;
          for (int y = 0; y < set->height(); ++y) {
            for (int x = 0; x < set->width(); ++x) {
              for (int r = 0; r < 4; ++r) {
                castle::CastleState copy = state;
                if (copy.Apply(copy.ToMove(), castle::PlaceTile{{x, y}, r}) ==
                    engine::RejectReason::kNone) {
                  scan.push_back({{x, y}, r});
                }
              }
            }
          }
          REQUIRE(legal == scan);
        }
        for (std::size_t i = 0; i < legal.size(); i += 7) {
          castle::CastleState copy = state;
          CHECK(copy.Apply(copy.ToMove(), castle::PlaceTile{legal[i].pos, legal[i].rotation}) ==
                engine::RejectReason::kNone);
        }
      }
      {
        castle::CastleState copy = state;
        CHECK(copy.Apply(copy.ToMove(), engine::Timeout{}) == engine::RejectReason::kNone);
        // The other seat may not move in its place.
        castle::CastleState other = state;
        CHECK(other.Apply(1 - state.ToMove(), castle::FallbackCommand(state)) ==
              engine::RejectReason::kNotYourTurn);
      }
      castle::LoggedCommand c = player.Choose(state);
      std::vector<castle::Event> events;
      REQUIRE(state.Apply(c.seat, c.command, &events) == engine::RejectReason::kNone);
      log.push_back(c);
      for (const auto& e : events) taken += std::holds_alternative<castle::WallTileTaken>(e);
      // Conservation: followers on the board plus supply is six; every tile is somewhere.
      int on_board[2] = {0, 0};
      for (const auto& f : state.followers()) ++on_board[f.player];
      for (int s = 0; s < castle::kPlayers; ++s) {
        CHECK(on_board[s] + state.supply(s) == castle::kFollowers);
        CHECK(state.score(s) >= last_score[static_cast<std::size_t>(s)]);
        last_score[static_cast<std::size_t>(s)] = state.score(s);
      }
      const int current = state.phase() == castle::Phase::kPlaceTile ? 1 : 0;
      CHECK(static_cast<int>(state.placed().size()) + state.discarded() + state.StackSize() +
                current ==
            60);
      castle::CastleState copy = state;
      CHECK(copy == state);
      CHECK(copy.Hash() == state.Hash());
    }
    CHECK(taken <= 13);
    // K-11: at least 16 spaces stay empty.
    CHECK(76 - static_cast<int>(state.placed().size()) >= 16);
    const auto replay = castle::Replay(config, log);
    CHECK(replay.applied == log.size());
    CHECK(replay.state == state);
    CHECK(replay.state.ToString() == state.ToString());
    CHECK_FALSE(state.Winners().empty());
  }
}

TEST_CASE("K-1 a resignation ends the Castle game at once, the resigned seat cannot win") {
  castle::CastleConfig config;
  config.set = codec::DefaultCastleSet();
  config.seed = 3;
  castle::CastleState state(config);
  const engine::Seat other = 1 - state.ToMove();
  std::vector<castle::Event> events;
  REQUIRE(state.Apply(other, engine::Resign{}, &events) == engine::RejectReason::kNone);
  CHECK(state.IsOver());
  CHECK(state.Winners() == std::vector<engine::Seat>{1 - other});
  CHECK(state.Apply(1 - other, engine::SkipFollower{}) == engine::RejectReason::kGameOver);
}

}  // namespace
}  // namespace carc::test
