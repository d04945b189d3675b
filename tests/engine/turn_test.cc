// Setup and turn flow: players and supply (B-2), the first player (B-3, V-6), unplaceable tiles
// (B-6), one follower per turn (B-14), the end of the game and the winners (B-15, B-18).
#include <catch2/catch.hpp>
#include <set>

#include "scenario.h"

using namespace carc::engine;
using carc::test::EventsOf;
using carc::test::Kind;
using carc::test::Scenario;

TEST_CASE("B-2 two to six players, each with 7 followers in supply") {
  GameConfig c;
  for (int n = 2; n <= 6; ++n) {
    c.players = n;
    CHECK(Validate(c).empty());
    const GameState st(c);
    for (Seat s = 0; s < n; ++s) CHECK(st.supply(s) == 7);
  }
  c.players = 1;
  CHECK_FALSE(Validate(c).empty());
  c.players = 7;
  CHECK_FALSE(Validate(c).empty());

  Scenario s(2, "E U V");
  s.Play("0,-1 r2 -");  // no follower: supply unchanged
  CHECK(s.state().supply(0) == 7);
  s.Play("1,0 r1 r1");
  CHECK(s.state().supply(1) == 6);
}

TEST_CASE("B-2 colours in seat order: yellow, red, green, blue, black, grey") {
  CHECK(kSeatColours[0] == "yellow");
  CHECK(kSeatColours[1] == "red");
  CHECK(kSeatColours[2] == "green");
  CHECK(kSeatColours[3] == "blue");
  CHECK(kSeatColours[4] == "black");
  CHECK(kSeatColours[5] == "grey");
}

TEST_CASE("B-3 V-6 start_player seat_order and host pick the first player, play goes clockwise") {
  GameConfig c;
  c.players = 4;
  c.seed = 99;
  c.options.start_player = StartPlayer::kSeatOrder;
  CHECK(GameState(c).ToMove() == 0);

  c.options.start_player = StartPlayer::kHost;
  c.host_first_player = 2;
  c.draw_order = std::vector<TileKind>{Kind('E'), Kind('U'), Kind('V'), Kind('B'), Kind('W')};
  GameState st(c);
  CHECK(st.ToMove() == 2);
  std::vector<Seat> order;
  const std::vector<std::pair<Pos, int>> moves = {
      {{0, -1}, 2}, {{1, 0}, 1}, {{-1, 0}, 2}, {{0, 1}, 0}};
  for (const auto& [pos, rot] : moves) {
    order.push_back(st.ToMove());
    REQUIRE(st.Apply(st.ToMove(), PlaceTile{pos, rot, kNoTile}) == RejectReason::kNone);
    if (st.phase() == Phase::kPlaceFollower) {
      REQUIRE(st.Apply(st.ToMove(), SkipFollower{}) == RejectReason::kNone);
    }
  }
  CHECK(order == std::vector<Seat>{2, 3, 0, 1});
  CHECK(st.ToMove() == 2);

  c.host_first_player = 4;  // not a seat
  CHECK_FALSE(Validate(c).empty());
}

TEST_CASE("B-3 V-6 start_player random draws the first player from the seed") {
  GameConfig c;
  c.players = 3;
  c.options.start_player = StartPlayer::kRandom;
  std::set<Seat> firsts;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    c.seed = seed;
    const Seat first = GameState(c).ToMove();
    CHECK(first >= 0);
    CHECK(first < 3);
    CHECK(GameState(c).ToMove() == first);  // deterministic in the seed
    firsts.insert(first);
  }
  CHECK(firsts.size() == 3);
}

TEST_CASE("B-6 a tile that fits nowhere is discarded and the same player draws again") {
  Scenario s(2, "E C U");
  s.Play("0,-1 r2 -");  // closes D's city: C (all city) now fits nowhere
  const auto discarded = EventsOf<TileDiscarded>(s.events());
  REQUIRE(discarded.size() == 1);
  CHECK(discarded[0].player == 1);
  CHECK(discarded[0].tile == Kind('C'));
  CHECK_FALSE(discarded[0].reshuffled);
  CHECK(s.state().ToMove() == 1);
  CHECK(s.state().current_tile() == Kind('U'));
  CHECK(s.state().StackSize() == 0);
  CHECK(s.state().StackCount(Kind('C')) == 0);
  // The discarded tile was shown (drawn) before it went out.
  const auto drawn = EventsOf<TileDrawn>(s.events());
  REQUIRE(drawn.size() == 3);
  CHECK(drawn[1].tile == Kind('C'));
  CHECK(drawn[2].tile == Kind('U'));
  CHECK(drawn[2].player == 1);
}

TEST_CASE("B-6 the game ends when no remaining tile can be placed") {
  Options o;
  o.board_width = 3;
  o.board_height = 1;
  Scenario s(2, "U U E V", o);
  s.Play("1,0 r1 -");
  s.Play("-1,0 r1 -");  // the 3x1 board is full
  CHECK(s.state().IsOver());
  CHECK(s.state().ToMove() == -1);
  CHECK(EventsOf<GameEnded>(s.events()).size() == 1);
  // Only one tile was drawn and discarded before the engine saw that nothing fits.
  CHECK(EventsOf<TileDiscarded>(s.events()).size() == 1);
  CHECK(s.state().StackSize() == 1);
}

TEST_CASE("B-6 V-6 unplaceable_tile reshuffle puts the tile back into the stack") {
  for (const UnplaceableTile mode : {UnplaceableTile::kDiscard, UnplaceableTile::kReshuffle}) {
    GameConfig c;
    c.players = 2;
    c.options.board_width = 3;  // one row: only tiles with a road fit beside D
    c.options.board_height = 1;
    c.options.unplaceable_tile = mode;
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 40 && checked < 3; ++seed) {
      c.seed = seed;
      std::vector<Event> events;
      const GameState st(c, &events);
      const auto discarded = EventsOf<TileDiscarded>(events);
      if (discarded.empty() || st.IsOver()) continue;
      ++checked;
      const bool reshuffle = mode == UnplaceableTile::kReshuffle;
      for (const TileDiscarded& d : discarded) CHECK(d.reshuffled == reshuffle);
      const int gone = reshuffle ? 0 : static_cast<int>(discarded.size());
      CHECK(st.StackSize() == 70 - gone);
      // A reshuffled tile is in the stack again.
      if (reshuffle) CHECK(st.StackCount(discarded[0].tile) > 0);
    }
    CHECK(checked == 3);
  }
}

TEST_CASE("B-14 one follower per turn, only after the tile, never redeployed") {
  Scenario s(2, "I U");
  // A follower before the tile is placed is the wrong phase.
  CHECK(s.state().Apply(0, PlaceFollower{0}) == RejectReason::kWrongPhase);
  CHECK(s.state().Apply(0, SkipFollower{}) == RejectReason::kWrongPhase);
  REQUIRE(s.TryPlace({0, -1}, 2) == RejectReason::kNone);  // caps S (closes D's city) and W
  // A second tile in the same turn is the wrong phase.
  CHECK(s.state().Apply(0, PlaceTile{{1, 0}, 1, kNoTile}) == RejectReason::kWrongPhase);
  REQUIRE(s.TryFollower("c2") == RejectReason::kNone);
  // The turn is over: seat 0 cannot deploy a second follower.
  CHECK(s.state().Apply(0, PlaceFollower{0}) == RejectReason::kNotYourTurn);
  CHECK(s.state().ToMove() == 1);
  CHECK(s.state().supply(0) == 6);
  CHECK(s.state().followers().size() == 1);
}

TEST_CASE("B-15 the game ends after the turn in which the last tile is placed") {
  Scenario s(2, "E U");
  s.Play("0,-1 r2 -");
  CHECK_FALSE(s.state().IsOver());
  s.Play("1,0 r1 r1");  // the last tile; its road is still open
  CHECK(s.state().IsOver());
  CHECK(s.state().phase() == Phase::kGameOver);
  const auto ended = EventsOf<GameEnded>(s.events());
  REQUIRE(ended.size() == 1);
  // Final scoring ran: seat 1's thief on the 2-tile road scores 2.
  CHECK(ended[0].scores == std::vector<int>{0, 2});
  CHECK(ended[0].final_scoring.points[1][static_cast<int>(FeatureKind::kRoad)] == 2);
  CHECK(s.state().Apply(0, PlaceTile{{2, 0}, 1, kNoTile}) == RejectReason::kGameOver);
  CHECK(s.state().Apply(0, SkipFollower{}) == RejectReason::kGameOver);
}

TEST_CASE("B-18 the highest total wins and equal totals share the victory") {
  SECTION("one winner") {
    Scenario s(2, "E U");
    s.Play("0,-1 r2 c1");  // 4 points for the closed city
    s.Play("1,0 r1 r1");   // 2 points at the end
    CHECK(s.state().Leaders() == std::vector<Seat>{0});
    const auto ended = EventsOf<GameEnded>(s.events());
    REQUIRE(ended.size() == 1);
    CHECK(ended[0].winners == std::vector<Seat>{0});
    CHECK(ended[0].scores == std::vector<int>{4, 2});
  }
  SECTION("equal totals") {
    Scenario s(2, "U U U");
    s.Play("1,0 r1 r1");  // seat 0: road D + U, 2 tiles, open
    s.Play("1,1 r1 r1");  // seat 1: its own road south of it
    s.Play("2,1 r1 -");   // extends seat 1's road to 2 tiles
    REQUIRE(s.state().IsOver());
    CHECK(s.Score(0) == 2);
    CHECK(s.Score(1) == 2);
    CHECK(s.state().Leaders() == std::vector<Seat>{0, 1});
    const auto ended = EventsOf<GameEnded>(s.events());
    REQUIRE(ended.size() == 1);
    CHECK(ended[0].winners == std::vector<Seat>{0, 1});
  }
  SECTION("nobody scored") {
    Scenario t(2, "");
    CHECK(t.state().IsOver());
    CHECK(t.state().Leaders() == std::vector<Seat>{0, 1});
  }
}
