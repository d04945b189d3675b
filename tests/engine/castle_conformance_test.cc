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

// K-4 worked out from the rules and the placed tiles alone, independent of the state's own
// bookkeeping: every empty space and rotation that shares a full side with a placed tile or a
// start space, with a path meeting a path (or the wall) on every such side. Row-major order.
std::vector<castle::Placement> ScanPlacements(const castle::CastleState& state,
                                              const castle::CastleSet& set, int tile) {
  std::vector<castle::Placement> out;
  const auto tile_at = [&](engine::Pos p) -> const castle::PlacedTile* {
    for (const castle::PlacedTile& t : state.placed()) {
      if (t.pos == p) return &t;
    }
    return nullptr;
  };
  const castle::TileDef& def = set.tiles[static_cast<std::size_t>(tile)];
  for (int y = 0; y < set.height(); ++y) {
    for (int x = 0; x < set.width(); ++x) {
      if (!set.IsSpace({x, y}) || tile_at({x, y}) != nullptr) continue;
      for (int r = 0; r < 4; ++r) {
        bool touches = false;
        bool fits = true;
        for (int side = 0; side < 4; ++side) {
          const bool mine = castle::SideOf(def, r, side).path != castle::kNoRegion;
          const engine::Pos q{x + engine::kDx[side], y + engine::kDy[side]};
          if (const castle::PlacedTile* t = tile_at(q)) {
            const castle::TileDef& other = set.tiles[static_cast<std::size_t>(t->tile)];
            touches = true;
            fits =
                fits && mine == (castle::SideOf(other, t->rotation, engine::Opposite(side)).path !=
                                 castle::kNoRegion);
          } else if (!set.IsSpace(q)) {
            for (const castle::StartSpace& s : set.board.start_spaces) {
              if (s.space == engine::Pos{x, y} && s.side == side) {
                touches = true;
                fits = fits && mine == (s.edge.path != castle::kNoRegion);
              }
            }
          }
        }
        if (touches && fits) out.push_back({{x, y}, r});
      }
    }
  }
  return out;
}

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
        // K-4: the frontier the state keeps finds exactly what a scan of the whole board by
        // the rules finds, in the same row-major order, and Apply accepts exactly those (the
        // first ten games: the scan is slow by design).
        if (seed <= 10) {
          REQUIRE(legal == ScanPlacements(state, *set, state.current_tile()));
          for (int y = 0; y < set->height(); ++y) {
            for (int x = 0; x < set->width(); ++x) {
              for (int r = 0; r < 4; ++r) {
                castle::CastleState copy = state;
                const bool accepted = copy.Apply(copy.ToMove(), castle::PlaceTile{{x, y}, r}) ==
                                      engine::RejectReason::kNone;
                const bool listed = std::find(legal.begin(), legal.end(),
                                              castle::Placement{{x, y}, r}) != legal.end();
                REQUIRE(accepted == listed);
              }
            }
          }
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
      // K-7: scoring reads features without their lists; they count what the lists count.
      for (std::size_t i = 0; i < state.placed().size(); ++i) {
        const auto& def = set->tiles[static_cast<std::size_t>(state.placed()[i].tile)];
        for (std::size_t r = 0; r < def.regions.size(); ++r) {
          const int node = state.NodeOf(static_cast<int>(i), static_cast<int>(r));
          const castle::FeatureInfo f = state.FeatureOf(node);
          const castle::FeatureInfo bare = state.FeatureOf(node, false);
          CHECK(bare.size == static_cast<int>(f.tiles.size() + f.start_spaces.size()));
          CHECK(bare.size == f.size);
          CHECK(bare.fountain == f.fountain);
          CHECK(bare.markets == f.markets);
          CHECK(bare.followers == f.followers);
          CHECK(bare.complete == f.complete);
        }
      }
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
