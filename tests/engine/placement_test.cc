// Tile placement legality (B-1, B-5) and the public draw (B-4).
#include <algorithm>
#include <catch2/catch.hpp>

#include "carc/engine/player_view.h"
#include "carc/engine/random_player.h"
#include "scenario.h"

using namespace carc::engine;
using carc::test::EventsOf;
using carc::test::Kind;
using carc::test::Scenario;

namespace {

bool Contains(const std::vector<Placement>& v, const Placement& p) {
  for (const Placement& q : v) {
    if (q == p) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("B-1 the set has 72 tiles of 24 kinds and D is the start tile") {
  const TileCatalog& cat = BaseCatalog();
  CHECK(cat.num_kinds == 24);
  CHECK(cat.total_tiles == 72);
  int total = 0;
  for (int k = 0; k < cat.num_kinds; ++k) {
    const TileDef& d = cat.Def(static_cast<TileKind>(k));
    CHECK(d.letter == static_cast<char>('A' + k));
    total += d.count;
  }
  CHECK(total == 72);
  CHECK(cat.Def(cat.start_kind).letter == 'D');

  GameConfig config;
  config.players = 3;
  config.seed = 1234;
  const GameState state(config);
  REQUIRE(state.num_placed() == 1);
  CHECK(state.placed(0).kind == Kind('D'));
  CHECK(state.placed(0).rotation == 0);
  CHECK(state.placed(0).pos == Pos{0, 0});
  // 71 tiles are shuffled: one was drawn for the first turn, 70 remain.
  CHECK(state.StackSize() == 70);
  int d_left = state.StackCount(Kind('D')) + (state.current_tile() == Kind('D') ? 1 : 0);
  CHECK(d_left == 3);
  int in_stack = 0;
  for (int k = 0; k < cat.num_kinds; ++k) in_stack += state.StackCount(static_cast<TileKind>(k));
  CHECK(in_stack == 70);
}

TEST_CASE("B-5 a placed edge must match: city to city, road to road, field to field") {
  Scenario s(2, "E U");
  // E printed with its city north; on (0,-1) its south edge meets D's city.
  CHECK(s.TryPlace({0, -1}, 0) == RejectReason::kEdgeMismatch);  // field on D's city
  CHECK(s.TryPlace({0, -1}, 1) == RejectReason::kEdgeMismatch);
  CHECK(s.TryPlace({0, -1}, 3) == RejectReason::kEdgeMismatch);
  // East of D the tile's west edge must be a road: E has none.
  for (int r = 0; r < 4; ++r) CHECK(s.TryPlace({1, 0}, r) == RejectReason::kEdgeMismatch);
  // South of D only a field edge fits: E rotated so that its city is not north.
  CHECK(s.TryPlace({0, 1}, 2) == RejectReason::kNone);
}

TEST_CASE("B-5 every edge shared with a placed tile must match, not just one") {
  Scenario s(2, "E U E");
  s.Play("0,-1 r2 -");  // city south, closing D's city; fields W, N, E
  s.Play("1,0 r1 -");   // road W-E continuing D's road; fields north and south
  // (1,-1) touches E's east field (west side) and U's north field (south side).
  CHECK(s.TryPlace({1, -1}, 3) == RejectReason::kEdgeMismatch);  // city W: only south matches
  CHECK(s.TryPlace({1, -1}, 2) == RejectReason::kEdgeMismatch);  // city S: only west matches
  const auto legal = s.state().LegalPlacements();
  CHECK_FALSE(Contains(legal, {Kind('E'), {1, -1}, 2}));
  CHECK_FALSE(Contains(legal, {Kind('E'), {1, -1}, 3}));
  CHECK(Contains(legal, {Kind('E'), {1, -1}, 0}));
  CHECK(Contains(legal, {Kind('E'), {1, -1}, 1}));
  CHECK(s.TryPlace({1, -1}, 1) == RejectReason::kNone);
}

TEST_CASE("B-5 the square must be empty and share a full side with a placed tile") {
  Scenario s(2, "U E");
  CHECK(s.TryPlace({0, 0}, 1) == RejectReason::kOccupiedSquare);
  CHECK(s.TryPlace({1, 1}, 0) == RejectReason::kNotAdjacent);    // corner contact only
  CHECK(s.TryPlace({-1, -1}, 0) == RejectReason::kNotAdjacent);  // corner contact only
  CHECK(s.TryPlace({5, 0}, 1) == RejectReason::kNotAdjacent);
  CHECK(s.TryPlace({1, 0}, 4) == RejectReason::kBadRotation);
  CHECK(s.TryPlace({1, 0}, -1) == RejectReason::kBadRotation);
  CHECK(s.TryPlace({1, 0}, 1) == RejectReason::kNone);
}

TEST_CASE("B-5 rejected commands change nothing") {
  Scenario s(2, "E U E");
  s.Play("0,-1 r2 -");
  const std::string before = s.state().ToString();
  const std::uint64_t seq = s.state().seq();
  const std::size_t events = s.events().size();
  const GameState copy = s.state();
  CHECK(s.TryPlace({0, 0}, 1) != RejectReason::kNone);
  CHECK(s.TryPlace({3, 3}, 1) != RejectReason::kNone);
  CHECK(s.TryPlace({0, 1}, 0) != RejectReason::kNone);  // U's road north onto D's field
  CHECK(s.TryPlace({1, 0}, 7) != RejectReason::kNone);
  CHECK(s.state().Apply(1, PlaceFollower{0}) == RejectReason::kWrongPhase);
  CHECK(s.Skip() == RejectReason::kWrongPhase);
  CHECK(s.state().Apply(0, PlaceTile{{1, 0}, 1, kNoTile}) == RejectReason::kNotYourTurn);
  CHECK(s.state().Apply(1, PlaceTile{{1, 0}, 1, Kind('C')}) == RejectReason::kTileNotInHand);
  CHECK(s.state().ToString() == before);
  CHECK(s.state().seq() == seq);
  CHECK(s.events().size() == events);
  CHECK(s.state() == copy);
}

TEST_CASE("B-5 the legal placements are exactly the placements the engine accepts") {
  Scenario s(2, "E U K V");
  s.Play("0,-1 r2 -");
  s.Play("1,0 r1 -");
  const std::vector<Placement> legal = s.state().LegalPlacements();
  CHECK_FALSE(legal.empty());
  int accepted = 0;
  for (int y = -4; y <= 4; ++y) {
    for (int x = -4; x <= 4; ++x) {
      for (int r = 0; r < 4; ++r) {
        GameState copy = s.state();
        const bool ok =
            copy.Apply(copy.ToMove(), PlaceTile{{x, y}, r, kNoTile}) == RejectReason::kNone;
        INFO("x=" << x << " y=" << y << " r=" << r);
        CHECK(ok == Contains(legal, {Kind('K'), {x, y}, r}));
        accepted += ok ? 1 : 0;
      }
    }
  }
  CHECK(accepted == static_cast<int>(legal.size()));
}

TEST_CASE("B-4 the drawn tile is shown to every seat at once") {
  Scenario s(3, "E U V");
  const GameState& st = s.state();
  REQUIRE(st.current_tile() == Kind('E'));
  bool drawn = false;
  for (const Event& e : s.events()) {
    if (const auto* d = std::get_if<TileDrawn>(&e)) {
      drawn = true;
      CHECK(d->player == 0);
      CHECK(d->tile == Kind('E'));
    }
  }
  CHECK(drawn);
  for (Seat v = kSpectator; v < 3; ++v) {
    CHECK(ViewFor(st, v).current_tile == Kind('E'));
    bool seen = false;
    for (const Event& e : FilterEvents(s.events(), v, st.config().options)) {
      if (const auto* d = std::get_if<TileDrawn>(&e)) seen = d->tile == Kind('E');
    }
    CHECK(seen);
  }
  s.Play("0,-1 r2 -");
  for (Seat v = kSpectator; v < 3; ++v) CHECK(ViewFor(st, v).current_tile == Kind('U'));
  CHECK(st.ToMove() == 1);
}

TEST_CASE("B-5 V-5 C-1 the board's placement counts equal its frontier read square by square") {
  // Board::Placements() is kept up to date as squares join and leave the frontier; draws (B-4,
  // B-6) and random playouts trust it instead of reading the frontier.
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    GameConfig config;
    config.players = 2 + static_cast<int>(seed % 3);
    config.seed = seed;
    config.options.count = seed % 3 == 0;
    if (seed % 4 == 1) {  // V-5: a limit makes the frontier stop at the table's edge
      config.options.board_width = 5;
      config.options.board_height = 7;
    }
    INFO("seed " << seed);
    GameState state(config);
    RandomPlayer player(seed);
    while (!state.IsOver()) {
      const TileCatalog& cat = state.catalog();
      for (int k = 0; k < std::min(cat.num_kinds, kMaxDrawnKinds); ++k) {
        int expected = 0;
        for (const FrontierCell& f : state.board().Frontier()) {
          expected += BitsIn4(cat.FittingRotations(static_cast<TileKind>(k), f.constraint));
        }
        REQUIRE(state.board().Placements(static_cast<TileKind>(k)) == expected);
        ++checked;
      }
      const LoggedCommand c = player.Choose(state);
      REQUIRE(state.Apply(c.seat, c.command) == RejectReason::kNone);
    }
  }
  CHECK(checked > 10000);
}
