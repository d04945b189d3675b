// Conformance over seeded random games (300 per player count, and with The Count 3 x 40 per
// player count, one set per count_move value; a fifth of them under the sanitizers, whose
// instrumentation made the full count the slowest test of CI's run): at every step a copy equals
// the original and stays equal under the same command, replay of config + log equals the state, the
// legal-placement list equals a brute-force oracle, every legal move applies (the Count's decisions
// included), followers and tiles are conserved, and scores never decrease.
#include <algorithm>
#include <catch2/catch.hpp>

#include "carc/engine/random_player.h"
#include "carc/engine/replay.h"
#include "sanitized.h"

using namespace carc::engine;

namespace {

constexpr int kScale = carc::test::kSanitized ? 5 : 1;
constexpr int kGamesPerPlayerCount = 300 / kScale;
constexpr int kCountGamesPerMode = 40 / kScale;

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
  // B-2: followers are conserved: supply plus those on the board (plus, with the Count, those
  // in the city's quarters).
  for (Seat p = 0; p < s.players(); ++p) {
    const auto on_board = std::count_if(s.followers().begin(), s.followers().end(),
                                        [&](const Follower& f) { return f.player == p; });
    int in_city = 0;
    for (int q = 0; q < kQuarters; ++q) in_city += s.InCity(static_cast<Quarter>(q), p);
    REQUIRE(s.supply(p) + on_board + in_city == s.config().options.followers);
  }
}

struct CountTally {
  int out_of_turn = 0;  // Count decisions by a seat other than the one whose turn it is
  int entries = 0;
  int redeployed = 0;
  int final_moves = 0;
};

// Every Count decision on offer applies, and only then (C-2..C-5).
void CheckCountMoves(const GameState& state) {
  const Seat seat = state.ToMove();
  switch (state.phase()) {
    case Phase::kEnterCity:
      REQUIRE_FALSE(state.LegalCityEntries().empty());
      for (const CityEntry& e : state.LegalCityEntries()) {
        REQUIRE(e.quarter != state.count_quarter());  // C-3: his quarter is blocked
        GameState copy = state;
        REQUIRE(copy.Apply(seat, EnterCity{e.quarter, e.count_to}) == RejectReason::kNone);
      }
      break;
    case Phase::kRedeploy: {
      const int limit = state.RedeployLimit();
      REQUIRE(limit >= 1);
      const std::vector<int> counts = state.RedeployCounts();
      const bool seed = state.config().options.count_redeploy == CountRedeploy::kSeed;
      for (int n = 1; n <= limit; ++n) {
        // C-4 (clarified): count_redeploy=seed allows all, one or none; any allows 1..limit.
        const bool allowed = !seed || n == 1 || n == limit;
        REQUIRE((std::find(counts.begin(), counts.end(), n) != counts.end()) == allowed);
        GameState copy = state;
        const RejectReason r = copy.Apply(seat, Redeploy{n});
        if (allowed) {
          REQUIRE(r == RejectReason::kNone);
        } else {
          REQUIRE(r == RejectReason::kRedeployAmount);
          REQUIRE(copy.Explain(r).rule == "C-4");
          REQUIRE(copy == state);
        }
      }
      GameState copy = state;
      REQUIRE(copy.Apply(seat, Redeploy{limit + 1}) == RejectReason::kEmptyQuarter);
      REQUIRE(copy == state);
      break;
    }
    case Phase::kFinalMove:
      REQUIRE_FALSE(state.LegalCityExits().empty());
      for (const CityExit& e : state.LegalCityExits()) {
        REQUIRE(e.quarter != state.count_quarter());
        GameState copy = state;
        REQUIRE(copy.Apply(seat, LeaveCity{e.quarter, e.pos, e.segment}) == RejectReason::kNone);
      }
      break;
    default:
      break;
  }
  if (state.InCountDecision()) {
    GameState copy = state;
    REQUIRE(copy.Apply(seat, Pass{}) == RejectReason::kNone);
  }
}

void PlayChecked(int players, std::uint64_t seed, const Options& options = {},
                 CountTally* tally = nullptr) {
  GameConfig config;
  config.players = players;
  config.seed = seed;
  config.options = options;
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
    } else if (state.phase() == Phase::kPlaceFollower) {
      for (const FollowerSpot& spot : state.LegalFollowerSpots()) {
        GameState copy = state;
        REQUIRE(copy.Apply(copy.ToMove(), PlaceFollower{spot.segment}) == RejectReason::kNone);
      }
    } else {
      REQUIRE(options.count);
      CheckCountMoves(state);
      // Only the seat the game waits for may decide.
      GameState copy = state;
      const Seat other = (state.ToMove() + 1) % players;
      REQUIRE(copy.Apply(other, Pass{}) == RejectReason::kNotYourTurn);
      if (tally != nullptr && state.ToMove() != state.current_player()) ++tally->out_of_turn;
    }
    const LoggedCommand c = player.Choose(state);
    GameState copy = state;
    REQUIRE(copy == state);
    std::vector<Event> events;
    REQUIRE(state.Apply(c.seat, c.command, &events) == RejectReason::kNone);
    REQUIRE(copy.Apply(c.seat, c.command) == RejectReason::kNone);
    REQUIRE(copy == state);
    log.push_back(c);
    for (const Event& e : events) {
      discarded += std::holds_alternative<TileDiscarded>(e) ? 1 : 0;
      if (tally == nullptr) continue;
      tally->entries += std::holds_alternative<FollowerEnteredCity>(e) ? 1 : 0;
      if (const auto* r = std::get_if<FollowersRedeployed>(&e)) {
        (state.IsOver() || state.phase() == Phase::kFinalMove ? tally->final_moves
                                                              : tally->redeployed) +=
            static_cast<int>(r->followers.size());
      }
    }
    for (Seat p = 0; p < players; ++p) {
      REQUIRE(state.score(p) >= last[static_cast<std::size_t>(p)]);
      last[static_cast<std::size_t>(p)] = state.score(p);
    }
    const ReplayResult replayed = Replay(config, log);
    REQUIRE(replayed.error == RejectReason::kNone);
    REQUIRE(replayed.state == state);
    REQUIRE(replayed.state.ToString() == state.ToString());
  }
  // Every tile of the set was placed or discarded; the Count's 12 block tiles replace the start
  // tile (C-1).
  const int start_tiles = options.count ? kBlockTiles : 1;
  REQUIRE(state.num_placed() + discarded == state.catalog().total_tiles - 1 + start_tiles);
  REQUIRE(state.StackSize() == 0);
}

void PlayManyCount(int players) {
  CountTally tally;
  for (const CountMove mode : {CountMove::kFree, CountMove::kClockwise, CountMove::kFollow}) {
    Options options;
    options.count = true;
    options.count_move = mode;
    for (int g = 0; g < kCountGamesPerMode; ++g) {
      // Every other game with count_redeploy=seed (C-4, clarified).
      options.count_redeploy = g % 2 == 0 ? CountRedeploy::kAny : CountRedeploy::kSeed;
      INFO("Count, players " << players << ", count_move " << GetOption(options, "count_move")
                             << ", game " << g);
      PlayChecked(players,
                  static_cast<std::uint64_t>(players) * 200000 + static_cast<std::uint64_t>(g),
                  options, &tally);
    }
  }
  // The random games reach every kind of Count decision, also by seats out of turn.
  CHECK(tally.out_of_turn > 0);
  CHECK(tally.entries > 0);
  CHECK(tally.redeployed > 0);
  CHECK(tally.final_moves > 0);
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
TEST_CASE("conformance: random 2-player games checked at every step", "[conformance]") {
  PlayMany(2);
}
TEST_CASE("conformance: random 3-player games checked at every step", "[conformance]") {
  PlayMany(3);
}
TEST_CASE("conformance: random 4-player games checked at every step", "[conformance]") {
  PlayMany(4);
}
TEST_CASE("conformance: random 5-player games checked at every step", "[conformance]") {
  PlayMany(5);
}
TEST_CASE("conformance: random 6-player games checked at every step", "[conformance]") {
  PlayMany(6);
}

// C-1..C-6 over random games: the same checks with The Count of Carcassonne, for every value of
// count_move, every other game with count_redeploy=seed.
TEST_CASE(
    "conformance: random Count games with 2 players, every count_move, both count_redeploy (C-4)",
    "[conformance]") {
  PlayManyCount(2);
}
TEST_CASE(
    "conformance: random Count games with 3 players, every count_move, both count_redeploy (C-4)",
    "[conformance]") {
  PlayManyCount(3);
}
TEST_CASE(
    "conformance: random Count games with 4 players, every count_move, both count_redeploy (C-4)",
    "[conformance]") {
  PlayManyCount(4);
}
TEST_CASE(
    "conformance: random Count games with 5 players, every count_move, both count_redeploy (C-4)",
    "[conformance]") {
  PlayManyCount(5);
}
TEST_CASE(
    "conformance: random Count games with 6 players, every count_move, both count_redeploy (C-4)",
    "[conformance]") {
  PlayManyCount(6);
}
