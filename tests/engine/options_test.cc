// Room options about the board: extra turn on filling a hole (V-4), the board limit (V-5) and
// the table edge closing features (V-7).
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace carc::engine;
using carc::test::EventsOf;
using carc::test::Scenario;
using carc::test::ScoredOf;

namespace {

// Columns x = -1 and x = 1 from y = 0 down, with B at (0,2) and E at (0,4), leave two holes:
// (0,1) and (0,3), each with four placed neighbours. 11 tiles, then the holes.
Scenario TwoHoles(bool extra_turn) {
  Options o;
  o.extra_turn_on_hole = extra_turn;
  Scenario s(2, "V V U U U U U U U B E B B U", o);
  for (const char* move : {"1,0 r0 -", "-1,0 r3 -", "1,1 r0 -", "1,2 r0 -", "1,3 r0 -", "1,4 r0 -",
                           "-1,1 r0 -", "-1,2 r0 -", "-1,3 r0 -", "0,2 r0 -", "0,4 r2 -"}) {
    s.Play(move);
  }
  REQUIRE(s.state().ToMove() == 1);
  return s;
}

}  // namespace

TEST_CASE("V-4 filling a hole gives one extra turn that cannot chain") {
  Scenario s = TwoHoles(true);
  s.Play("0,1 r0 -");  // seat 1 fills the first hole
  CHECK(s.state().ToMove() == 1);
  CHECK(s.state().in_extra_turn());
  const auto started = EventsOf<TurnStarted>(s.events());
  REQUIRE_FALSE(started.empty());
  CHECK(started.back().player == 1);
  CHECK(started.back().extra);
  s.Play("0,3 r0 -");  // the extra turn fills the second hole: no further turn
  CHECK(s.state().ToMove() == 0);
  CHECK_FALSE(s.state().in_extra_turn());
  CHECK_FALSE(EventsOf<TurnStarted>(s.events()).back().extra);
}

TEST_CASE("V-4 off: filling a hole passes the turn on") {
  Scenario s = TwoHoles(false);
  s.Play("0,1 r0 -");
  CHECK(s.state().ToMove() == 0);
  CHECK_FALSE(s.state().in_extra_turn());
}

TEST_CASE("V-5 board_limit refuses tiles outside the centred rectangle") {
  Options o;
  o.board_width = 4;   // columns -1..2
  o.board_height = 2;  // rows 0..1
  Scenario s(2, "U U U", o);
  CHECK(s.TryPlace({-2, 0}, 1) == RejectReason::kOutsideBoard);
  CHECK(s.TryPlace({0, -1}, 0) == RejectReason::kOutsideBoard);
  s.Play("1,0 r1 -");
  s.Play("2,0 r1 -");  // column 2 is inside a board 4 wide
  CHECK(s.TryPlace({3, 0}, 1) == RejectReason::kOutsideBoard);
  for (const Placement& p : s.state().LegalPlacements()) {
    CHECK(p.pos.x >= -1);
    CHECK(p.pos.x <= 2);
    CHECK(p.pos.y >= 0);
    CHECK(p.pos.y <= 1);
  }
  Options odd;
  odd.board_width = 3;   // columns -1..1
  odd.board_height = 3;  // rows -1..1
  Scenario t(2, "U U", odd);
  CHECK(t.TryPlace({2, 0}, 1) == RejectReason::kOutsideBoard);
  CHECK(t.TryPlace({-1, 0}, 1) == RejectReason::kNone);
}

TEST_CASE("V-5 edges on the table edge stay open without V-7") {
  Options o;
  o.board_width = 3;
  o.board_height = 1;
  Scenario s(2, "U U", o);
  s.Play("1,0 r1 r1");
  s.Play("-1,0 r1 -");  // the road runs from edge to edge but is not complete
  CHECK(ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted).empty());
  REQUIRE(s.state().IsOver());
  CHECK(ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kIncomplete).size() == 1);
  CHECK(s.Score(0) == 3);
}

TEST_CASE("V-7 edge_closes_features completes a road against the table edge") {
  Options o;
  o.board_width = 3;
  o.board_height = 1;
  o.edge_closes_features = true;
  Scenario s(2, "U U E", o);
  s.Play("1,0 r1 r1");
  CHECK(s.Score(0) == 0);  // still open at D's west end
  s.Play("-1,0 r1 -");
  const auto roads = ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted);
  REQUIRE(roads.size() == 1);
  CHECK(roads[0].points == 3);
  CHECK(s.Score(0) == 3);
  CHECK(s.state().supply(0) == 7);
}

TEST_CASE("V-7 edge_closes_features completes a city against the table edge") {
  for (const bool closes : {true, false}) {
    Options o;
    o.board_width = 3;  // rows -1..1: F's north edge lies on the table edge
    o.board_height = 3;
    o.edge_closes_features = closes;
    Scenario s(2, "F", o);
    s.Play("0,-1 r1 c1");
    REQUIRE(s.state().IsOver());
    INFO("edge_closes_features " << closes);
    // Completed: 2 tiles + 1 pennant at 2 each; otherwise 1 each at the end.
    CHECK(s.Score(0) == (closes ? 6 : 3));
    CHECK(ScoredOf(s.events(), FeatureKind::kCity, ScoreReason::kCompleted).size() ==
          (closes ? 1u : 0u));
  }
}

TEST_CASE("V-7 cloisters count squares outside the board as filled") {
  for (const bool closes : {true, false}) {
    Options o;
    o.board_width = 3;   // columns -1..1
    o.board_height = 2;  // rows 0..1: the cloister's southern neighbours are outside
    o.edge_closes_features = closes;
    Scenario s(2, "B U U E E", o);
    s.Play("0,1 r0 cloister");
    s.Play("1,0 r1 -");
    s.Play("-1,0 r1 -");
    s.Play("1,1 r1 -");
    s.Play("-1,1 r3 -");  // the last square inside the board
    REQUIRE(s.state().IsOver());
    INFO("edge_closes_features " << closes);
    const auto done = ScoredOf(s.events(), FeatureKind::kCloister, ScoreReason::kCompleted);
    CHECK(done.size() == (closes ? 1u : 0u));
    CHECK(s.Score(0) == (closes ? 9 : 6));  // 9 complete; else 1 + 5 neighbours
  }
}
