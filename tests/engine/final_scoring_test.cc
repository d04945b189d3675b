// Final scoring of incomplete roads, cities and cloisters (B-16) and option
// incomplete_features_score (V-1).
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace carc::engine;
using carc::test::Scenario;
using carc::test::ScoredOf;

namespace {

std::vector<FeatureScored> Incomplete(const Scenario& s, FeatureKind kind) {
  return ScoredOf(s.events(), kind, ScoreReason::kIncomplete);
}

}  // namespace

TEST_CASE("B-16 incomplete road, city and cloister score 1 per tile at the end") {
  Scenario s(2, "F U B");
  s.Play("0,-1 r1 c1");       // seat 0: city D + F (pennant), open to the north
  s.Play("1,0 r1 r1");        // seat 1: road D + U, open at both ends
  s.Play("0,1 r0 cloister");  // seat 0: cloister with D and U among its neighbours
  REQUIRE(s.state().IsOver());
  const auto cities = Incomplete(s, FeatureKind::kCity);
  REQUIRE(cities.size() == 1);
  CHECK(cities[0].points == 3);  // 2 tiles + 1 pennant
  const auto roads = Incomplete(s, FeatureKind::kRoad);
  REQUIRE(roads.size() == 1);
  CHECK(roads[0].points == 2);
  const auto cloisters = Incomplete(s, FeatureKind::kCloister);
  REQUIRE(cloisters.size() == 1);
  CHECK(cloisters[0].points == 3);  // itself + D + U
  CHECK(s.Score(0) == 6);
  CHECK(s.Score(1) == 2);
  const Breakdown& b = s.state().final_breakdown();
  CHECK(b.points[0][static_cast<int>(FeatureKind::kCity)] == 3);
  CHECK(b.points[0][static_cast<int>(FeatureKind::kCloister)] == 3);
  CHECK(b.points[1][static_cast<int>(FeatureKind::kRoad)] == 2);
  // Followers on scored features went back.
  CHECK(s.state().supply(0) == 7);
  CHECK(s.state().supply(1) == 7);
}

TEST_CASE("B-16 an incomplete city of 3 tiles with 1 pennant scores 4") {
  Scenario s(2, "F G");
  s.Play("0,-1 r1 c1");
  s.Play("0,-2 r1 -");  // G: city N-S without pennant, still open to the north
  REQUIRE(s.state().IsOver());
  const auto cities = Incomplete(s, FeatureKind::kCity);
  REQUIRE(cities.size() == 1);
  CHECK(cities[0].tiles.size() == 3);
  CHECK(cities[0].pennants == 1);
  CHECK(cities[0].points == 4);
  CHECK(s.Score(0) == 4);
}

TEST_CASE("B-16 tied followers on an incomplete road both score it") {
  Scenario s(2, "U U V V");
  s.Play("1,0 r1 r1");  // seat 0: road through D
  s.Play("1,1 r1 r1");  // seat 1: a road south of it
  s.Play("2,0 r0 -");   // V: road W-S
  s.Play("2,1 r1 -");   // V: road N-W joins the two roads: 5 tiles
  REQUIRE(s.state().IsOver());
  const auto roads = Incomplete(s, FeatureKind::kRoad);
  REQUIRE(roads.size() == 1);
  CHECK(roads[0].points == 5);
  CHECK(roads[0].winners == std::vector<Seat>{0, 1});
  CHECK(s.Score(0) == 5);
  CHECK(s.Score(1) == 5);
}

TEST_CASE("V-1 incomplete_features_score off: incomplete features score nothing") {
  for (const bool on : {true, false}) {
    Options o;
    o.incomplete_features_score = on;
    Scenario s(2, "E U B", o);
    s.Play("0,-1 r2 f1");       // completes D's city (nobody's); seat 0's farmer
    s.Play("1,0 r1 r1");        // seat 1: open road, 2 tiles
    s.Play("0,1 r0 cloister");  // seat 0: open cloister, 3 points when on
    REQUIRE(s.state().IsOver());
    INFO("incomplete_features_score " << on);
    // The farm borders the completed city: 3 points either way.
    CHECK(ScoredOf(s.events(), FeatureKind::kField, ScoreReason::kFarm).size() == 1);
    if (on) {
      CHECK(s.Score(0) == 6);
      CHECK(s.Score(1) == 2);
    } else {
      CHECK(s.Score(0) == 3);
      CHECK(s.Score(1) == 0);
      CHECK(ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kIncomplete).empty());
      CHECK(ScoredOf(s.events(), FeatureKind::kCloister, ScoreReason::kIncomplete).empty());
    }
  }
  // Completed features still score during the game.
  Options off;
  off.incomplete_features_score = false;
  Scenario s(2, "F E", off);
  s.Play("0,-1 r1 c1");
  s.Play("0,-2 r2 -");
  CHECK(s.Score(0) == 8);
}
