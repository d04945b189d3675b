// Farm scoring at the end of the game (B-17): the c3 (default) and c1 methods, and ties.
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace carc::engine;
using carc::test::Scenario;
using carc::test::ScoredOf;

namespace {

std::vector<FeatureScored> Farms(const Scenario& s) {
  return ScoredOf(s.events(), FeatureKind::kField, ScoreReason::kFarm);
}

// Three farms around the completed city D + F + E (3 tiles, 1 pennant):
//   F's east field (seat 0), E's field (seat 1), D's north strip joined with L's (seat 0).
// L's own city (north of L) stays incomplete and never counts.
Scenario ThreeFarms(FarmScoring method) {
  Options o;
  o.farm_scoring = method;
  Scenario s(2, "F E L", o);
  s.Play("0,-1 r1 f1");  // F turned: city N-S; f1 is the field east of it
  s.Play("0,-2 r2 f1");  // E closes the city (nobody's); farmer on E's field
  s.Play("1,0 r0 f1");   // L: its north strip joins D's; farmer there
  REQUIRE(s.state().IsOver());
  return s;
}

}  // namespace

TEST_CASE("B-17 c3: each farm's majority scores 3 per completed city it borders") {
  Scenario s = ThreeFarms(FarmScoring::kC3);
  const auto farms = Farms(s);
  REQUIRE(farms.size() == 3);
  for (const FeatureScored& f : farms) {
    CHECK(f.cities == 1);  // the incomplete city of L does not count
    CHECK(f.points == 3);
    CHECK(f.winners.size() == 1);
  }
  // The city borders two of seat 0's farms: it scores for each of them.
  CHECK(s.Score(0) == 6);
  CHECK(s.Score(1) == 3);
  CHECK(s.state().final_breakdown().points[0][static_cast<int>(FeatureKind::kField)] == 6);
  // Farmers stay on the board to the end.
  CHECK(s.state().followers().size() == 3);
}

TEST_CASE("B-17 c1: each completed city scores 4 once, for the farmer majority around it") {
  Scenario s = ThreeFarms(FarmScoring::kC1);
  const auto farms = Farms(s);
  REQUIRE(farms.size() == 1);  // one completed city
  CHECK(farms[0].points == 4);
  CHECK(farms[0].tiles.size() == 3);  // the city's tiles
  CHECK(farms[0].followers[0] == 2);  // seat 0's farmers on two bordering farms
  CHECK(farms[0].followers[1] == 1);
  CHECK(farms[0].winners == std::vector<Seat>{0});
  CHECK(s.Score(0) == 4);
  CHECK(s.Score(1) == 0);
}

TEST_CASE("B-17 farm ties: tied farmers around a city all score in c1, separate farms in c3") {
  for (const FarmScoring method : {FarmScoring::kC3, FarmScoring::kC1}) {
    Options o;
    o.farm_scoring = method;
    Scenario s(2, "E L", o);
    s.Play("0,-1 r2 f1");  // completes D's city; seat 0's farmer north of it
    s.Play("1,0 r0 f1");   // seat 1's farmer on D's strip south of the city
    REQUIRE(s.state().IsOver());
    const int expected = method == FarmScoring::kC3 ? 3 : 4;
    CHECK(s.Score(0) == expected);
    CHECK(s.Score(1) == expected);
    if (method == FarmScoring::kC1) {
      const auto farms = Farms(s);
      REQUIRE(farms.size() == 1);
      CHECK(farms[0].winners == std::vector<Seat>{0, 1});
    }
  }
}

TEST_CASE("B-17 a farm scores only completed cities that border it along an edge") {
  Scenario s(2, "E U");
  s.Play("0,-1 r2 -");  // completes D's city
  s.Play("1,0 r1 f1");  // farmer on the field south of the road: no city borders it
  REQUIRE(s.state().IsOver());
  const auto farms = Farms(s);
  REQUIRE(farms.size() == 1);
  CHECK(farms[0].cities == 0);
  CHECK(farms[0].points == 0);
  CHECK(s.Score(1) == 0);
}

TEST_CASE("B-17 incomplete cities never score for farms") {
  Scenario s(2, "U");
  s.Play("1,0 r1 f2");  // the strip between D's (open) city and the road
  REQUIRE(s.state().IsOver());
  const auto farms = Farms(s);
  REQUIRE(farms.size() == 1);
  CHECK(farms[0].cities == 0);
  CHECK(s.Score(0) == 0);
}
