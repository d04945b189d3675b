// V-2: hands of 1..3 tiles, refilled at the end of the turn, public or private.
#include <catch2/catch.hpp>

#include "carc/engine/player_view.h"
#include "scenario.h"

using namespace carc::engine;
using carc::test::EventsOf;
using carc::test::Kind;
using carc::test::ScenarioConfig;

namespace {

using Tiles = std::vector<TileKind>;

struct Game {
  std::vector<Event> events;
  GameState state;
  Game(std::string_view draws, Options o) : state(ScenarioConfig(2, draws, o), &events) {}
  RejectReason Place(Pos pos, int rotation, TileKind tile) {
    return state.Apply(state.ToMove(), PlaceTile{pos, rotation, tile}, &events);
  }
};

Options Hands(int size, HandVisibility visibility = HandVisibility::kPublic) {
  Options o;
  o.hand_size = size;
  o.hand_visibility = visibility;
  return o;
}

}  // namespace

TEST_CASE("V-2 hand_size 2: deal, place a named tile from the hand, refill at the end") {
  Game g("E U V B W", Hands(2));
  // Dealt in turn order: seat 0 E, seat 1 U, seat 0 V, seat 1 B.
  CHECK(g.state.Hand(0) == Tiles{Kind('E'), Kind('V')});
  CHECK(g.state.Hand(1) == Tiles{Kind('U'), Kind('B')});
  CHECK(g.state.StackSize() == 1);
  CHECK(g.state.current_tile() == kNoTile);
  bool e_offered = false;
  bool v_offered = false;
  for (const Placement& p : g.state.LegalPlacements()) {
    e_offered = e_offered || p.tile == Kind('E');
    v_offered = v_offered || p.tile == Kind('V');
    CHECK((p.tile == Kind('E') || p.tile == Kind('V')));
  }
  CHECK(e_offered);
  CHECK(v_offered);
  // The tile must be named, and it must be in the mover's own hand.
  CHECK(g.Place({0, -1}, 2, kNoTile) == RejectReason::kTileNotInHand);
  CHECK(g.Place({0, 1}, 0, Kind('B')) == RejectReason::kTileNotInHand);
  CHECK(g.Place({0, -1}, 2, Kind('C')) == RejectReason::kTileNotInHand);
  const std::size_t before = g.events.size();
  REQUIRE(g.Place({0, -1}, 2, Kind('E')) == RejectReason::kNone);
  REQUIRE(g.state.Apply(0, SkipFollower{}, &g.events) == RejectReason::kNone);
  CHECK(g.state.Hand(0) == Tiles{Kind('V'), Kind('W')});  // refilled from the stack
  const auto drawn = EventsOf<TileDrawn>(g.events, before);
  REQUIRE(drawn.size() == 1);
  CHECK(drawn[0].player == 0);
  CHECK(drawn[0].tile == Kind('W'));
  CHECK(g.state.ToMove() == 1);
  CHECK(g.state.StackSize() == 0);
}

TEST_CASE("V-2 hand_size 1: the next tile is taken at the end of the turn") {
  Game g("E U V", Hands(1));
  CHECK(g.state.Hand(0) == Tiles{Kind('E')});
  CHECK(g.state.Hand(1) == Tiles{Kind('U')});
  REQUIRE(g.Place({0, -1}, 2, kNoTile) == RejectReason::kNone);  // the only tile in hand
  REQUIRE(g.state.Apply(0, SkipFollower{}, &g.events) == RejectReason::kNone);
  CHECK(g.state.Hand(0) == Tiles{Kind('V')});
  CHECK(g.Place({1, 0}, 1, Kind('V')) == RejectReason::kTileNotInHand);
  CHECK(g.Place({1, 0}, 1, Kind('U')) == RejectReason::kNone);
}

TEST_CASE("V-2 hand_size 3 deals three tiles each, 4 is refused") {
  Game g("E U V B W K", Hands(3));
  CHECK(g.state.Hand(0) == Tiles{Kind('E'), Kind('V'), Kind('W')});
  CHECK(g.state.Hand(1) == Tiles{Kind('U'), Kind('B'), Kind('K')});
  GameConfig c;
  c.options.hand_size = 4;
  CHECK_FALSE(Validate(c).empty());
}

TEST_CASE("V-2 a private hand is hidden from the other seats, visible to the holder") {
  Game g("E U V B W", Hands(2, HandVisibility::kPrivate));
  const PlayerView own = ViewFor(g.state, 0);
  const PlayerView other = ViewFor(g.state, 1);
  const PlayerView spectator = ViewFor(g.state, kSpectator);
  CHECK(own.hands[0] == Tiles{Kind('E'), Kind('V')});
  CHECK(other.hands[0] == Tiles{kNoTile, kNoTile});
  CHECK(other.hands[1] == Tiles{Kind('U'), Kind('B')});
  CHECK(spectator.hands[0] == Tiles{kNoTile, kNoTile});
  CHECK(spectator.hands[1] == Tiles{kNoTile, kNoTile});
  CHECK(own.current_tile == kNoTile);
  // Hidden tiles are counted as unseen, like the stack.
  CHECK(other.unseen[Kind('E')] == 1);
  CHECK(own.unseen[Kind('E')] == 0);
  CHECK(own.unseen[Kind('U')] == 1);
  const Options& o = g.state.config().options;
  for (const Event& e : FilterEvents(g.events, 1, o)) {
    if (const auto* d = std::get_if<TileDrawn>(&e)) {
      if (d->player == 0) CHECK(d->tile == kNoTile);
      if (d->player == 1) CHECK(d->tile != kNoTile);
    }
  }
  int seen_by_holder = 0;
  for (const Event& e : FilterEvents(g.events, 0, o)) {
    if (const auto* d = std::get_if<TileDrawn>(&e); d != nullptr && d->player == 0) {
      CHECK(d->tile != kNoTile);
      ++seen_by_holder;
    }
  }
  CHECK(seen_by_holder == 2);
}

TEST_CASE("V-2 a public hand is visible to everybody") {
  Game g("E U V B W", Hands(2, HandVisibility::kPublic));
  for (Seat v = kSpectator; v < 2; ++v) {
    const PlayerView view = ViewFor(g.state, v);
    CHECK(view.hands[0] == Tiles{Kind('E'), Kind('V')});
    CHECK(view.hands[1] == Tiles{Kind('U'), Kind('B')});
    for (const Event& e : FilterEvents(g.events, v, g.state.config().options)) {
      if (const auto* d = std::get_if<TileDrawn>(&e)) CHECK(d->tile != kNoTile);
    }
  }
}
