// Deploying followers: the spots (B-7), farmers switched off (B-20), scoring and returning in
// the same turn (B-8), and an empty supply (B-9).
#include <algorithm>
#include <catch2/catch.hpp>

#include "carc/engine/player_view.h"
#include "scenario.h"

using namespace carc::engine;
using carc::test::EventsOf;
using carc::test::Kind;
using carc::test::Scenario;
using carc::test::ScoredOf;

namespace {

using Names = std::vector<std::string>;

Names Sorted(Names v) {
  std::sort(v.begin(), v.end());
  return v;
}

Names SpotNames(const GameState& st, TileKind kind, const std::vector<FollowerSpot>& spots) {
  Names out;
  for (const FollowerSpot& s : spots) {
    out.emplace_back(st.catalog().Def(kind).segments[s.segment].name);
  }
  return Sorted(out);
}

}  // namespace

TEST_CASE("B-7 a follower goes on a road, city, cloister or field segment of the new tile") {
  Scenario s(2, "U L B");
  s.Play("1,0 r1 -");
  REQUIRE(s.TryPlace({2, 0}, 0) == RejectReason::kNone);  // L: city N, roads E S W
  CHECK(Sorted(s.FollowerSpotNames()) == Names{"c1", "f1", "f2", "f3", "r1", "r2", "r3"});
  REQUIRE(s.TryFollower("c1") == RejectReason::kNone);
  CHECK(s.state().followers().size() == 1);
  CHECK(EventsOf<FollowerPlaced>(s.events()).at(0).follower.kind == FeatureKind::kCity);
  REQUIRE(s.TryPlace({0, 1}, 0) == RejectReason::kNone);  // B: cloister
  CHECK(Sorted(s.FollowerSpotNames()) == Names{"cloister", "f1"});
  CHECK(s.state().Apply(0, PlaceFollower{2}) == RejectReason::kNoSuchSegment);  // B has 2
  REQUIRE(s.TryFollower("cloister") == RejectReason::kNone);
  CHECK(EventsOf<FollowerPlaced>(s.events()).at(1).follower.kind == FeatureKind::kCloister);
}

TEST_CASE("B-7 a feature that holds any follower, however far away, takes no other") {
  Scenario s(2, "U U U U E");
  s.Play("1,0 r1 r1");  // seat 0's thief on the road through D
  REQUIRE(s.TryPlace({2, 0}, 1) == RejectReason::kNone);
  CHECK(Sorted(s.FollowerSpotNames()) == Names{"f1", "f2"});  // the road is taken
  CHECK(s.TryFollower("r1") == RejectReason::kFeatureOccupied);
  REQUIRE(s.Skip() == RejectReason::kNone);
  // Seat 0's own follower blocks seat 0 as well.
  REQUIRE(s.TryPlace({3, 0}, 1) == RejectReason::kNone);
  CHECK(s.TryFollower("r1") == RejectReason::kFeatureOccupied);
  REQUIRE(s.Skip() == RejectReason::kNone);
  // Four tiles west of the thief, on the other side of D.
  const Placement west{Kind('U'), {-1, 0}, 1};
  CHECK(SpotNames(s.state(), west.tile, s.state().FollowerSpotsFor(west)) == Names{"f1", "f2"});
  REQUIRE(s.TryPlace({-1, 0}, 1) == RejectReason::kNone);
  CHECK(Sorted(s.FollowerSpotNames()) == Names{"f1", "f2"});
  CHECK(s.TryFollower("r1") == RejectReason::kFeatureOccupied);
  CHECK(s.TryFollower("f2") == RejectReason::kNone);  // the field north of the road is free
  CHECK(s.state().followers().size() == 2);
}

TEST_CASE("B-20 with farmers off no field segment takes a follower and farms do not score") {
  Options o;
  o.farmers = false;
  Scenario s(2, "E U", o);
  const Placement p{Kind('E'), {0, -1}, 2};
  CHECK(SpotNames(s.state(), p.tile, s.state().FollowerSpotsFor(p)) == Names{"c1"});
  REQUIRE(s.TryPlace({0, -1}, 2) == RejectReason::kNone);
  CHECK(s.FollowerSpotNames() == Names{"c1"});
  CHECK(s.TryFollower("f1") == RejectReason::kFarmersDisabled);
  REQUIRE(s.Skip() == RejectReason::kNone);
  REQUIRE(s.TryPlace({1, 0}, 1) == RejectReason::kNone);
  CHECK(s.FollowerSpotNames() == Names{"r1"});
  CHECK(s.TryFollower("f2") == RejectReason::kFarmersDisabled);
  REQUIRE(s.TryFollower("r1") == RejectReason::kNone);
  REQUIRE(s.state().IsOver());
  CHECK(EventsOf<FeatureScored>(s.events()).size() == 2);  // the city, then the road
  CHECK(ScoredOf(s.events(), FeatureKind::kField, ScoreReason::kFarm).empty());
  CHECK(s.Score(1) == 2);

  Scenario on(2, "E");  // farmers on by default: the field is a spot
  REQUIRE(on.TryPlace({0, -1}, 2) == RejectReason::kNone);
  CHECK(Sorted(on.FollowerSpotNames()) == Names{"c1", "f1"});
}

TEST_CASE("B-8 a follower deployed on a feature it completes scores and returns at once") {
  Scenario s(2, "E U");
  s.Play("0,-1 r2 c1");  // closes D's city: 2 tiles, 4 points
  CHECK(s.Score(0) == 4);
  CHECK(s.state().supply(0) == 7);
  CHECK(s.state().followers().empty());
  const auto returned = EventsOf<FollowersReturned>(s.events());
  REQUIRE(returned.size() == 1);
  REQUIRE(returned[0].followers.size() == 1);
  CHECK(returned[0].followers[0].player == 0);
  CHECK(returned[0].followers[0].pos == Pos{0, -1});
  const auto city = ScoredOf(s.events(), FeatureKind::kCity, ScoreReason::kCompleted);
  REQUIRE(city.size() == 1);
  CHECK(city[0].points == 4);
  CHECK(city[0].winners == std::vector<Seat>{0});
}

TEST_CASE("B-8 farmers never return during the game") {
  Scenario s(2, "E U L");
  s.Play("0,-1 r2 f1");  // the city is completed (nobody's) and the farmer stays
  CHECK(s.state().supply(0) == 6);
  REQUIRE(s.state().followers().size() == 1);
  s.Play("1,0 r1 -");
  s.Play("-1,0 r0 -");  // L ends the road D-U at its junction on the west
  CHECK(s.state().supply(0) == 6);
  CHECK(s.state().followers().size() == 1);
  CHECK(EventsOf<FollowersReturned>(s.events()).empty());
}

TEST_CASE("B-9 a player with no follower in supply only places tiles") {
  Options o;
  o.followers = 1;
  Scenario s(2, "U L L E E", o);
  s.Play("1,0 r1 r1");  // seat 0's only follower
  CHECK(s.state().supply(0) == 0);
  s.Play("-1,0 r0 -");  // seat 1: L ends the road at its junction on the west
  // Seat 0 has no follower: no spot is offered before or after placing.
  const Placement p{Kind('L'), {2, 0}, 0};
  CHECK(s.state().FollowerSpotsFor(p).empty());
  CHECK(ViewFor(s.state(), 0).legal_placements.size() > 0);
  REQUIRE(s.TryPlace({2, 0}, 0) == RejectReason::kNone);
  // The turn ended by itself: the road L-D-U-L was completed and scored, the thief came back.
  CHECK(s.state().ToMove() == 1);
  CHECK(s.state().phase() == Phase::kPlaceTile);
  CHECK(s.Score(0) == 4);
  CHECK(s.state().supply(0) == 1);
  s.Play("0,-1 r2 -");
  const Placement q{Kind('E'), {1, -1}, 0};
  CHECK(SpotNames(s.state(), q.tile, s.state().FollowerSpotsFor(q)) == Names{"c1", "f1"});
}

TEST_CASE("B-9 the follower step is skipped while the supply is empty") {
  Options o;
  o.followers = 1;
  Scenario s(2, "U U U", o);
  s.Play("1,0 r1 f1");
  s.Play("2,0 r1 -");
  REQUIRE(s.TryPlace({-1, 0}, 1) == RejectReason::kNone);
  CHECK(s.state().ToMove() == -1);  // the last tile: the game is over, no follower step
  CHECK(s.state().followers().size() == 1);
  CHECK(EventsOf<FollowerPlaced>(s.events()).size() == 1);
}
