// Scoring completed features during the game: roads (B-10), cities (B-11, B-19), cloisters
// (B-12) and majorities (B-13).
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace carc::engine;
using carc::test::Scenario;
using carc::test::ScoredOf;

namespace {

std::vector<FeatureScored> Completed(const Scenario& s, FeatureKind kind) {
  return ScoredOf(s.events(), kind, ScoreReason::kCompleted);
}

}  // namespace

TEST_CASE("B-10 a road ending at a junction and a cloister scores 1 per tile") {
  Scenario s(2, "L U A");
  s.Play("1,0 r0 r3");  // L: the road from D ends at L's junction; seat 0's thief
  // A junction ends every road that meets it: L's east road is a different road.
  s.Play("2,0 r1 r1");
  CHECK(s.Score(0) == 0);
  s.Play("-1,0 r3 -");  // A: the road ends at the cloister
  const auto roads = Completed(s, FeatureKind::kRoad);
  REQUIRE(roads.size() == 1);
  CHECK(roads[0].points == 3);
  CHECK(roads[0].tiles.size() == 3);
  CHECK(roads[0].winners == std::vector<Seat>{0});
  // The game is over: seat 1's 2-tile road east of the junction is still open (2 at the end).
  REQUIRE(s.state().IsOver());
  CHECK(s.Score(0) == 3);
  CHECK(s.Score(1) == 2);
}

TEST_CASE("B-10 an open road scores nothing during the game") {
  Scenario s(2, "U U U");
  s.Play("1,0 r1 r1");
  s.Play("2,0 r1 -");
  CHECK(Completed(s, FeatureKind::kRoad).empty());
  CHECK(s.Score(0) == 0);
}

TEST_CASE("B-11 a city of 3 tiles with 1 pennant scores 8 when completed") {
  Scenario s(2, "F E");
  s.Play("0,-1 r1 c1");  // F turned: city N-S with pennant, joins D's city
  CHECK(s.Score(0) == 0);
  s.Play("0,-2 r2 -");  // E closes the city at the north
  const auto cities = Completed(s, FeatureKind::kCity);
  REQUIRE(cities.size() == 1);
  CHECK(cities[0].points == 8);
  CHECK(cities[0].pennants == 1);
  CHECK(cities[0].tiles.size() == 3);
  CHECK(s.Score(0) == 8);
  CHECK(s.Score(1) == 0);
}

TEST_CASE("B-11 a tile whose two city segments are in the same city counts once") {
  // A ring of four tiles around (0..1, 1..2): I's two caps both join the same city.
  Scenario s(2, "N N N I");
  s.Play("0,1 r1 c1");  // city E,S
  s.Play("1,1 r2 -");   // city S,W
  s.Play("1,2 r3 -");   // city W,N
  s.Play("0,2 r0 -");   // I: caps N and E close the ring
  const auto cities = Completed(s, FeatureKind::kCity);
  REQUIRE(cities.size() == 1);
  CHECK(cities[0].tiles.size() == 4);
  CHECK(cities[0].points == 8);  // 4 tiles, not 5 segments
  CHECK(s.Score(0) == 8);
}

TEST_CASE("B-12 a cloister surrounded by 8 tiles scores 9") {
  Scenario s(2, "B U U E E E E E");
  s.Play("0,1 r0 cloister");
  s.Play("1,0 r1 -");
  s.Play("-1,0 r1 -");
  s.Play("-1,1 r3 -");
  s.Play("1,1 r1 -");
  s.Play("-1,2 r3 -");
  s.Play("0,2 r2 -");
  CHECK(Completed(s, FeatureKind::kCloister).empty());  // 7 neighbours
  CHECK(s.state().supply(0) == 6);
  s.Play("1,2 r1 -");  // the eighth, by seat 1
  const auto cloisters = Completed(s, FeatureKind::kCloister);
  REQUIRE(cloisters.size() == 1);
  CHECK(cloisters[0].points == 9);
  CHECK(cloisters[0].tiles.size() == 9);
  CHECK(cloisters[0].winners == std::vector<Seat>{0});
  CHECK(s.Score(0) == 9);
  CHECK(s.Score(1) == 0);
  CHECK(s.state().supply(0) == 7);
}

TEST_CASE("B-13 tied majorities all score the full value") {
  Scenario s(2, "F E N N");
  s.Play("0,-1 r1 c1");  // seat 0: knight in D's city
  s.Play("1,-1 r0 c1");  // seat 1: knight in a separate city
  s.Play("0,-2 r1 -");   // city E,S
  s.Play("1,-2 r2 -");   // city S,W joins both: 5 tiles, 1 pennant
  const auto cities = Completed(s, FeatureKind::kCity);
  REQUIRE(cities.size() == 1);
  CHECK(cities[0].points == 12);
  CHECK(cities[0].followers[0] == 1);
  CHECK(cities[0].followers[1] == 1);
  CHECK(cities[0].winners == std::vector<Seat>{0, 1});
  CHECK(s.Score(0) == 12);
  CHECK(s.Score(1) == 12);
  CHECK(s.state().supply(0) == 7);
  CHECK(s.state().supply(1) == 7);
  // B-18: equal totals share the victory.
  REQUIRE(s.state().IsOver());
  CHECK(s.state().Leaders() == std::vector<Seat>{0, 1});
}

TEST_CASE("B-13 the majority takes all, two followers never double the points") {
  Scenario s(2, "F E E N N R");
  s.Play("0,-1 r1 c1");   // seat 0: knight in D's city
  s.Play("1,-1 r0 c1");   // seat 1: knight in a city to the east
  s.Play("-1,-1 r0 c1");  // seat 0: knight in a city to the west
  s.Play("-1,-2 r1 -");
  s.Play("1,-2 r2 -");
  s.Play("0,-2 r2 -");  // R joins all three: 7 tiles, 1 pennant
  const auto cities = Completed(s, FeatureKind::kCity);
  REQUIRE(cities.size() == 1);
  CHECK(cities[0].tiles.size() == 7);
  CHECK(cities[0].points == 16);
  CHECK(cities[0].followers[0] == 2);
  CHECK(cities[0].followers[1] == 1);
  CHECK(cities[0].winners == std::vector<Seat>{0});
  CHECK(s.Score(0) == 16);
  CHECK(s.Score(1) == 0);
  CHECK(s.state().supply(0) == 7);
  CHECK(s.state().supply(1) == 7);
}

TEST_CASE("B-19 small_city: a completed 2-tile city scores 1 per tile") {
  Options small;
  small.small_city = true;
  Scenario on(2, "E", small);
  on.Play("0,-1 r2 c1");
  CHECK(on.Score(0) == 2);
  Scenario off(2, "E");
  off.Play("0,-1 r2 c1");
  CHECK(off.Score(0) == 4);
  // Larger cities are not affected: 3 tiles with a pennant still score 8.
  Scenario big(2, "F E", small);
  big.Play("0,-1 r1 c1");
  big.Play("0,-2 r2 -");
  CHECK(big.Score(0) == 8);
}
