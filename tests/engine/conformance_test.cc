// Conformance over seeded random games (300 per player count): at every step a copy equals the
// original and stays equal under the same command, replay of config + log equals the state, the
// legal-placement list equals a brute-force oracle, every legal move applies, followers and
// tiles are conserved, and scores never decrease.
#include <algorithm>
#include <catch2/catch.hpp>

#include "carc/engine/random_player.h"
#include "carc/engine/replay.h"

using namespace carc::engine;

namespace {

constexpr int kGamesPerPlayerCount = 300;

// Every legal placement found the slow way: each square next to the board, each rotation,
// every shared edge compared (B-5).
std::vector<Placement> OraclePlacements(const GameState& s, TileKind tile) {
  const TileCatalog& cat = s.catalog();
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  for (int i = 0; i < s.num_placed(); ++i) {
    const Pos p = s.placed(i).pos;
    x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  }
  auto at = [&](Pos p) -> const PlacedTile* {
    for (int i = 0; i < s.num_placed(); ++i) {
      if (s.placed(i).pos == p) return &s.placed(i);
    }
    return nullptr;
  };
  std::vector<Placement> out;
  for (int y = y0 - 1; y <= y1 + 1; ++y) {
    for (int x = x0 - 1; x <= x1 + 1; ++x) {
      if (at({x, y}) != nullptr || !s.board().Allowed(Pos{x, y})) continue;
      for (int r = 0; r < 4; ++r) {
        bool touches = false;
        bool fits = true;
        for (int side = 0; side < kSides; ++side) {
          const PlacedTile* n = at({x + kDx[side], y + kDy[side]});
          if (n == nullptr) continue;
          touches = true;
          fits =
              fits &&
              cat.Rotated(tile, r).edges[static_cast<std::size_t>(side)] ==
                  cat.Rotated(n->kind, n->rotation).edges[static_cast<std::size_t>(Opposite(side))];
        }
        if (touches && fits) out.push_back({tile, {x, y}, r});
      }
    }
  }
  return out;
}

bool Less(const Placement& a, const Placement& b) {
  return std::tie(a.tile, a.pos.y, a.pos.x, a.rotation) <
         std::tie(b.tile, b.pos.y, b.pos.x, b.rotation);
}

void CheckConserved(const GameState& s) {
  // B-2: followers are conserved: supply plus those on the board.
  for (Seat p = 0; p < s.players(); ++p) {
    const auto on_board = std::count_if(s.followers().begin(), s.followers().end(),
                                        [&](const Follower& f) { return f.player == p; });
    REQUIRE(s.supply(p) + on_board == s.config().options.followers);
  }
}

void PlayChecked(int players, std::uint64_t seed) {
  GameConfig config;
  config.players = players;
  config.seed = seed;
  GameState state(config);
  RandomPlayer player(seed ^ 0x5eed);
  std::vector<LoggedCommand> log;
  std::vector<int> last(static_cast<std::size_t>(players), 0);
  int discarded = 0;
  while (!state.IsOver()) {
    CheckConserved(state);
    if (state.phase() == Phase::kPlaceTile) {
      std::vector<Placement> legal = state.LegalPlacements();
      std::vector<Placement> oracle = OraclePlacements(state, state.current_tile());
      std::sort(legal.begin(), legal.end(), Less);
      std::sort(oracle.begin(), oracle.end(), Less);
      REQUIRE(legal == oracle);
      REQUIRE_FALSE(legal.empty());  // B-6: a tile that fits nowhere never reaches a player
      for (const Placement& p : legal) {
        GameState copy = state;
        REQUIRE(copy.Apply(copy.ToMove(), PlaceTile{p.pos, p.rotation, p.tile}) ==
                RejectReason::kNone);
      }
    } else {
      for (const FollowerSpot& spot : state.LegalFollowerSpots()) {
        GameState copy = state;
        REQUIRE(copy.Apply(copy.ToMove(), PlaceFollower{spot.segment}) == RejectReason::kNone);
      }
    }
    const LoggedCommand c = player.Choose(state);
    GameState copy = state;
    REQUIRE(copy == state);
    std::vector<Event> events;
    REQUIRE(state.Apply(c.seat, c.command, &events) == RejectReason::kNone);
    REQUIRE(copy.Apply(c.seat, c.command) == RejectReason::kNone);
    REQUIRE(copy == state);
    log.push_back(c);
    for (const Event& e : events) discarded += std::holds_alternative<TileDiscarded>(e) ? 1 : 0;
    for (Seat p = 0; p < players; ++p) {
      REQUIRE(state.score(p) >= last[static_cast<std::size_t>(p)]);
      last[static_cast<std::size_t>(p)] = state.score(p);
    }
    const ReplayResult replayed = Replay(config, log);
    REQUIRE(replayed.error == RejectReason::kNone);
    REQUIRE(replayed.state == state);
    REQUIRE(replayed.state.ToString() == state.ToString());
  }
  // Every tile of the set was placed or discarded.
  REQUIRE(state.num_placed() + discarded == state.catalog().total_tiles);
  REQUIRE(state.StackSize() == 0);
}

void PlayMany(int players) {
  for (int g = 0; g < kGamesPerPlayerCount; ++g) {
    INFO("players " << players << " game " << g);
    PlayChecked(players,
                static_cast<std::uint64_t>(players) * 100000 + static_cast<std::uint64_t>(g));
  }
}

}  // namespace

// One test case per player count so that ctest can run them in parallel.
TEST_CASE("conformance: 300 random 2-player games checked at every step", "[conformance]") {
  PlayMany(2);
}
TEST_CASE("conformance: 300 random 3-player games checked at every step", "[conformance]") {
  PlayMany(3);
}
TEST_CASE("conformance: 300 random 4-player games checked at every step", "[conformance]") {
  PlayMany(4);
}
TEST_CASE("conformance: 300 random 5-player games checked at every step", "[conformance]") {
  PlayMany(5);
}
TEST_CASE("conformance: 300 random 6-player games checked at every step", "[conformance]") {
  PlayMany(6);
}
