// The publisher's clarifications quoted in the seed texts (000_ C1, 002_ C2/C3), one test each.
#include <algorithm>
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace carc::engine;
using carc::test::EventsOf;
using carc::test::Kind;
using carc::test::Scenario;
using carc::test::ScoredOf;

namespace {

bool Has(const std::vector<std::string>& v, const std::string& name) {
  return std::find(v.begin(), v.end(), name) != v.end();
}

bool HasSpot(const GameState& st, const Placement& p, const std::string& name) {
  for (const FollowerSpot& s : st.FollowerSpotsFor(p)) {
    if (st.catalog().Def(p.tile).segments[s.segment].name == name) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("clarification B-5: corner contact connects nothing") {
  Scenario s(2, "N L");
  // Corner-to-corner placement is not allowed.
  CHECK(s.TryPlace({1, -1}, 0) == RejectReason::kNotAdjacent);
  s.Play("0,-1 r1 c1");  // N turned: city E,S joins D's city; seat 0's knight
  // L's city (north of (1,0)) touches that city only at a corner: it is a separate city.
  CHECK(HasSpot(s.state(), {Kind('L'), {1, 0}, 0}, "c1"));
  s.Play("1,0 r0 c1");
  REQUIRE(s.state().IsOver());
  const auto cities = ScoredOf(s.events(), FeatureKind::kCity, ScoreReason::kIncomplete);
  REQUIRE(cities.size() == 2);
  CHECK(s.Score(0) == 2);  // D + N
  CHECK(s.Score(1) == 1);  // L alone
}

TEST_CASE("clarification B-12: adjacent cloisters each count the other as a neighbour") {
  Scenario s(2, "B B");
  s.Play("0,1 r0 cloister");
  s.Play("1,1 r0 cloister");  // right next to the first cloister
  REQUIRE(s.state().IsOver());
  const auto cloisters = ScoredOf(s.events(), FeatureKind::kCloister, ScoreReason::kIncomplete);
  REQUIRE(cloisters.size() == 2);
  for (const FeatureScored& c : cloisters) {
    CHECK(c.points == 3);  // itself, D and the other cloister
    CHECK(c.tiles.size() == 3);
  }
  CHECK(s.Score(0) == 3);
  CHECK(s.Score(1) == 3);
}

TEST_CASE("clarification B-14: two city segments, one follower, deployed before scoring") {
  SECTION("the knight on the completed small city scores 4 and returns, and stays home") {
    Scenario s(2, "I U");
    REQUIRE(s.TryPlace({0, -1}, 2) == RejectReason::kNone);  // caps S (closes D) and W
    const auto spots = s.FollowerSpotNames();
    CHECK(Has(spots, "c1"));
    CHECK(Has(spots, "c2"));
    REQUIRE(s.TryFollower("c1") == RejectReason::kNone);
    CHECK(s.Score(0) == 4);
    CHECK(s.state().supply(0) == 7);
    CHECK(EventsOf<FollowersReturned>(s.events()).size() == 1);
    // It may not be deployed again onto the other segment this turn.
    const std::uint8_t c2 = s.state().catalog().SegmentIndex(Kind('I'), "c2");
    CHECK(s.state().Apply(0, PlaceFollower{c2}) == RejectReason::kNotYourTurn);
    CHECK(s.state().followers().empty());
    CHECK(s.state().ToMove() == 1);
  }
  SECTION("a knight on the other segment stays; the small city scores for nobody") {
    Scenario s(2, "I U");
    s.Play("0,-1 r2 c2");
    CHECK(s.Score(0) == 0);
    CHECK(s.state().supply(0) == 6);
    const auto cities = ScoredOf(s.events(), FeatureKind::kCity, ScoreReason::kCompleted);
    REQUIRE(cities.size() == 1);
    CHECK(cities[0].points == 4);
    CHECK(cities[0].winners.empty());
  }
}

TEST_CASE("clarification B-7: a farmer beside a cloister leaves the cloister free") {
  Scenario s(2, "B B");
  REQUIRE(s.TryPlace({0, 1}, 0) == RejectReason::kNone);
  CHECK(s.FollowerSpotNames().size() == 2);  // cloister and field
  REQUIRE(s.TryFollower("f1") == RejectReason::kNone);
  // The next cloister's field joins the occupied farm, but its cloister takes a monk.
  const Placement next{Kind('B'), {1, 1}, 0};
  CHECK(HasSpot(s.state(), next, "cloister"));
  CHECK_FALSE(HasSpot(s.state(), next, "f1"));
  REQUIRE(s.TryPlace({1, 1}, 0) == RejectReason::kNone);
  CHECK(s.FollowerSpotNames() == std::vector<std::string>{"cloister"});
  CHECK(s.TryFollower("f1") == RejectReason::kFeatureOccupied);
  REQUIRE(s.TryFollower("cloister") == RejectReason::kNone);
  REQUIRE(s.state().IsOver());
  // Only the monk's cloister scores; the farmer's cloister stayed unoccupied.
  const auto cloisters = ScoredOf(s.events(), FeatureKind::kCloister, ScoreReason::kIncomplete);
  REQUIRE(cloisters.size() == 1);
  CHECK(cloisters[0].winners == std::vector<Seat>{1});
  CHECK(s.Score(1) == 3);
  CHECK(s.Score(0) == 0);  // the farm borders no city
}

TEST_CASE("clarification B-7 B-17: joining occupied farms, the tied farmers all score") {
  Scenario s(2, "F U E E");
  s.Play("0,-1 r1 f1");  // seat 0: farmer east of the city D + F
  s.Play("1,0 r1 f2");   // seat 1: farmer on the strip north of the road (joins D's)
  // E at (1,-1) joins both farms: the placer may not add a farmer, a knight is fine.
  const Placement join{Kind('E'), {1, -1}, 0};
  CHECK_FALSE(HasSpot(s.state(), join, "f1"));
  CHECK(HasSpot(s.state(), join, "c1"));
  REQUIRE(s.TryPlace({1, -1}, 0) == RejectReason::kNone);
  CHECK(s.TryFollower("f1") == RejectReason::kFeatureOccupied);
  REQUIRE(s.TryFollower("c1") == RejectReason::kNone);
  s.Play("0,-2 r2 -");  // closes the city D + F + E for nobody
  REQUIRE(s.state().IsOver());
  const auto farms = ScoredOf(s.events(), FeatureKind::kField, ScoreReason::kFarm);
  REQUIRE(farms.size() == 1);
  CHECK(farms[0].followers[0] == 1);
  CHECK(farms[0].followers[1] == 1);
  CHECK(farms[0].cities == 1);
  CHECK(farms[0].points == 3);
  CHECK(farms[0].winners == std::vector<Seat>{0, 1});
  CHECK(s.Score(0) == 4);  // 3 for the farm, 1 for the knight's incomplete 1-tile city
  CHECK(s.Score(1) == 3);
}

TEST_CASE("clarification B-17: after farms are joined the farmer majority takes them") {
  Scenario s(2, "F U E L E E");
  s.Play("0,-1 r1 f1");  // seat 0: farmer east of the city D + F
  s.Play("1,0 r1 f2");   // seat 1: farmer north of the road
  s.Play("0,-2 r2 -");   // closes city X = D + F + E
  s.Play("2,0 r0 -");    // L: its north strip joins seat 1's farm; its city is open
  s.Play("2,-1 r2 f1");  // E closes L's city (city Y); seat 0's farmer on a new farm
  s.Play("1,-1 r0 c1");  // E joins all three farms; seat 1 takes the city instead
  REQUIRE(s.state().IsOver());
  const auto farms = ScoredOf(s.events(), FeatureKind::kField, ScoreReason::kFarm);
  REQUIRE(farms.size() == 1);
  CHECK(farms[0].followers[0] == 2);
  CHECK(farms[0].followers[1] == 1);
  CHECK(farms[0].cities == 2);  // X and Y; E's own city is open
  CHECK(farms[0].points == 6);
  CHECK(farms[0].winners == std::vector<Seat>{0});
  CHECK(s.Score(0) == 6);
  CHECK(s.Score(1) == 1);
}
