// Scenario tests of The Castle (RULES.md section 4), one or more per K- rule, on small boards
// written in the data format (castle_fixture.h).
#include <algorithm>
#include <set>
#include <sstream>

#include "castle_fixture.h"

namespace carc::test {
namespace {

using castle::Feature;
using castle::Phase;
using castle::ScoreReason;
using engine::RejectReason;

const std::string kTowers = R"([{"fields": [0, 1], "wall_tile": false}, {"fields": [3, 4]}])";

// The final keep scoring of a finished scenario (K-11); the test stops if there is none.
castle::FeatureScored KeepScored(const CastleScenario& g) {
  const auto scored = g.Scored();
  const auto keep = std::find_if(scored.begin(), scored.end(),
                                 [](const auto& s) { return s.reason == ScoreReason::kKeep; });
  REQUIRE(keep != scored.end());
  return *keep;
}

TEST_CASE("K-1 two players, six followers each in play, no keep yet") {
  CastleScenario g(ScenarioSet({"###"}, "[" + PathStart("S1", 0, 0, "W") + "]"), {"PS", "PS"});
  for (int s = 0; s < castle::kPlayers; ++s) {
    CHECK(g.state().supply(s) == 6);
    CHECK(g.state().keep(s).size == 0);
  }
  CHECK(castle::kPlayers == 2);
  CHECK(g.state().ToMove() == 0);
  g.Place(0, 0, 0, "p");
  CHECK(g.state().supply(0) == 5);
  CHECK(g.state().ToMove() == 1);
  // Only the two seats exist.
  CHECK(g.state().Apply(2, castle::PlaceTile{{1, 0}, 0}) == RejectReason::kNotYourTurn);
}

TEST_CASE("K-2 a start space counts as one tile of its feature") {
  CastleScenario g(ScenarioSet({"####"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PS", "PE", "CO"});
  g.Place(0, 0, 0, "p");
  g.Place(1, 0, 0);  // the square ends the path: start space + 2 tiles
  const auto scored = g.Scored();
  REQUIRE(scored.size() == 1);
  CHECK(scored[0].feature == Feature::kPath);
  CHECK(scored[0].tiles.size() == 2);
  CHECK(scored[0].start_spaces == std::vector<int>{0});
  CHECK(scored[0].points == 3);
  CHECK(g.state().score(0) == 3);
}

TEST_CASE("K-2 the shipped board has 76 spaces and 7 start spaces, the set has 60 tiles") {
  const auto set = codec::DefaultCastleSet();
  CHECK(set->SpaceCount() == 76);
  CHECK(set->board.start_spaces.size() == 7);
  CHECK(set->TileCount() == 60);
  CHECK(set->board.provenance == "reconstruction");
  CHECK(set->tiles_provenance == "reconstruction");
  // The start spaces show path, tower, house and a court with a market.
  std::set<Feature> shown;
  int markets = 0;
  for (const auto& s : set->board.start_spaces) {
    for (const auto& r : s.regions) {
      shown.insert(r.type);
      markets += r.markets;
    }
  }
  CHECK(shown.size() == 4);
  CHECK(markets >= 1);
}

TEST_CASE("K-3 a 100-field track, 14 corner towers, 13 wall tiles drawn from 18") {
  const auto set = codec::DefaultCastleSet();
  CHECK(set->board.track_length == 100);
  REQUIRE(set->board.corner_towers.size() == 14);
  CHECK(set->board.corner_towers[0].fields == std::array<int, 2>{0, 1});
  CHECK_FALSE(set->board.corner_towers[0].wall_tile);
  CHECK(set->board.corner_towers[1].fields == std::array<int, 2>{12, 13});
  std::set<std::vector<int>> layouts;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    castle::CastleConfig config;
    config.set = set;
    config.seed = seed;
    const castle::CastleState s(config);
    int with = 0;
    for (int t = 0; t < 14; ++t) with += s.TowerHasWallTile(t) ? 1 : 0;
    CHECK(with == 13);
    CHECK_FALSE(s.TowerHasWallTile(0));
    // The kinds: at most two of each, from the canonical text's "towers" line.
    const std::string text = s.ToString();
    const auto at = text.find("\ntowers");
    std::istringstream in(text.substr(at + 7, text.find('\n', at + 1) - at - 7));
    std::vector<int> kinds;
    for (int k; in >> k;) kinds.push_back(k);
    REQUIRE(kinds.size() == 14);
    for (int k = 1; k <= 9; ++k) CHECK(std::count(kinds.begin(), kinds.end(), k) <= 2);
    layouts.insert(kinds);
  }
  CHECK(layouts.size() > 1);  // the seed decides
}

TEST_CASE("K-4 the first tile touches a start space, paths must match, the wall takes anything") {
  CastleScenario g(ScenarioSet({"###"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PS", "TW", "PS"});
  CHECK(g.Try(castle::PlaceTile{{1, 0}, 0}) == RejectReason::kNotAdjacent);
  // Turned a quarter, the path runs N-S: its W side shows no path against the start path.
  CHECK(g.Try(castle::PlaceTile{{0, 0}, 1}) == RejectReason::kEdgeMismatch);
  CHECK(g.Try(castle::PlaceTile{{5, 0}, 0}) == RejectReason::kOutsideBoard);
  CHECK(g.Try(castle::PlaceTile{{0, 0}, 4}) == RejectReason::kBadRotation);
  g.Place(0, 0, 0);
  // The tower could only have stopped the path: it went back to the box (K-4).
  CHECK(g.state().discarded() == 1);
  CHECK(g.state().current_tile() == g.TileIndex("PS"));
  CHECK(g.Try(castle::PlaceTile{{0, 0}, 0}) == RejectReason::kOccupiedSquare);
  CHECK(g.Try(castle::PlaceTile{{1, 0}, 1}) == RejectReason::kEdgeMismatch);
  CHECK(g.state().LegalPlacements() == std::vector<castle::Placement>{{{1, 0}, 0}, {{1, 0}, 2}});
}

TEST_CASE("K-4 a refused placement cites K-4 and says what was wrong (clarified)") {
  CastleScenario g(ScenarioSet({"###"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PS", "TW", "PS"});
  const auto refusal = [&](const castle::Command& c) {
    const RejectReason r = g.Try(c);
    return engine::Describe(g.state().Explain(r));
  };
  CHECK(refusal(castle::PlaceTile{{1, 0}, 0}) ==
        "K-4: the tile must share a full side with a start space or a placed tile");
  CHECK(refusal(castle::PlaceTile{{0, 0}, 1}) == "K-4: a path must meet a path or the wall");
  CHECK(refusal(castle::PlaceTile{{0, 0}, 4}) == "K-4: the rotation must be 0, 1, 2 or 3");
  CHECK(refusal(castle::PlaceTile{{5, 0}, 0}) == "K-2: not a space inside the castle wall");
  g.Place(0, 0, 0);
  CHECK(refusal(castle::PlaceTile{{0, 0}, 0}) == "K-4: a tile already lies on that space");
  // Never the base game's B-5.
  CHECK(g.state().Explain(RejectReason::kEdgeMismatch).rule == "K-4");
  CHECK(g.state().Explain(RejectReason::kNotAdjacent).rule == "K-4");
}

TEST_CASE("K-4 a tile that fits nowhere is discarded and the player draws again") {
  // Only (0,0) touches the start path, and a tower has no path: it cannot go anywhere.
  CastleScenario g(ScenarioSet({"##"}, "[" + PathStart("S1", 0, 0, "W") + "]"), {"TW", "PS", "PS"});
  REQUIRE(g.state().ToMove() == 0);
  CHECK(g.state().discarded() == 1);
  CHECK(g.state().current_tile() == g.TileIndex("PS"));
  CHECK(g.state().StackSize() == 1);
}

TEST_CASE("K-4 towers, houses and courts touch anything, the wall included") {
  CastleScenario g(ScenarioSet({"###"}, "[" + PlainStart("S1", 0, 0, "W", "tower") + "]"),
                   {"HO", "CO", "TW"});
  g.Place(0, 0, 0);  // a house against a tower start space
  g.Place(1, 0, 0);  // a court against a house
  g.Place(2, 0, 0);  // a tower against a court and the wall
  CHECK(g.state().placed().size() == 3);
}

TEST_CASE("K-5 a herald, knight, squire or merchant on the feature of its region") {
  CastleScenario g(ScenarioSet({"####"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PT", "PS", "CO", "CO"});
  g.Place(0, 0, 0, "t");
  const auto placed = [&] {
    for (const auto& e : g.events()) {
      if (const auto* f = std::get_if<castle::FollowerPlaced>(&e)) return f->follower;
    }
    FAIL("no follower placed");
    return castle::FollowerRef{};
  };
  CHECK(placed().feature == Feature::kTower);
  CHECK(castle::FollowerName(Feature::kTower) == "knight");
  CHECK(castle::FollowerName(Feature::kPath) == "herald");
  CHECK(castle::FollowerName(Feature::kHouse) == "squire");
  CHECK(castle::FollowerName(Feature::kCourt) == "merchant");
  g.Place(1, 0, 0, "n");
  CHECK(placed().feature == Feature::kCourt);
}

TEST_CASE("K-5 no follower on a feature that already holds one, even one's own") {
  CastleScenario g(ScenarioSet({"####"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PS", "PS", "PS", "CO"});
  g.Place(0, 0, 0, "p");
  g.Do(castle::PlaceTile{{1, 0}, 0});
  // Region 1 is the path, joined to seat 0's herald; the courts are free.
  CHECK(g.Try(castle::PlaceFollower{1}) == RejectReason::kFeatureOccupied);
  CHECK(g.Try(castle::PlaceFollower{9}) == RejectReason::kNoSuchSegment);
  CHECK(g.state().LegalFollowerRegions() == std::vector<std::uint8_t>{0, 2});
  g.Do(engine::SkipFollower{});
  g.Do(castle::PlaceTile{{2, 0}, 0});
  CHECK(g.Try(castle::PlaceFollower{1}) == RejectReason::kFeatureOccupied);  // seat 0's own
}

TEST_CASE("K-5 a refused follower cites K-5 and says what was wrong (clarified)") {
  CastleScenario g(ScenarioSet({"####"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PS", "PS", "PS", "CO"});
  g.Place(0, 0, 0, "p");
  g.Do(castle::PlaceTile{{1, 0}, 0});
  RejectReason r = g.Try(castle::PlaceFollower{1});
  REQUIRE(r == RejectReason::kFeatureOccupied);
  CHECK(engine::Describe(g.state().Explain(r)) == "K-5: that feature already holds a follower");
  r = g.Try(castle::PlaceFollower{9});
  REQUIRE(r == RejectReason::kNoSuchSegment);
  CHECK(engine::Describe(g.state().Explain(r)) == "K-5: the tile has no such feature");
  // A tile now, while the follower decision waits: the decision at hand is K-5's.
  r = g.Try(castle::PlaceTile{{2, 0}, 0});
  REQUIRE(r == RejectReason::kWrongPhase);
  CHECK(engine::Describe(g.state().Explain(r)) ==
        "K-5: the tile is placed: place a follower on it or skip");
}

TEST_CASE("K-6 a path ending at the wall is complete") {
  CastleScenario g(ScenarioSet({"##"}, "[" + PathStart("S1", 0, 0, "W") + "]"), {"PS", "PS"});
  g.Place(0, 0, 0, "p");
  CHECK(g.Scored().empty());
  g.Place(1, 0, 0);  // its east end meets the wall
  const auto scored = g.Scored();
  REQUIRE_FALSE(scored.empty());
  CHECK(scored[0].reason == ScoreReason::kCompleted);
  CHECK(scored[0].points == 3);
  CHECK(scored[0].winner == 0);
}

TEST_CASE("K-6 a path that closes a loop is complete") {
  CastleScenario g(ScenarioSet({"##", "##"}, "[" + PlainStart("S1", 0, 0, "W", "court") + "]"),
                   {"PC", "PC", "PC", "PC", "CO"});
  g.Place(0, 0, 0, "p");  // E-S
  g.Place(1, 0, 1);       // S-W
  g.Place(1, 1, 2);       // W-N
  CHECK(g.Scored().empty());
  g.Place(0, 1, 3);  // N-E closes the loop
  const auto scored = g.Scored();
  REQUIRE_FALSE(scored.empty());
  CHECK(scored[0].feature == Feature::kPath);
  CHECK(scored[0].tiles.size() == 4);
  CHECK(scored[0].points == 4);
}

TEST_CASE("K-6 a tower closed by a house along half an edge is complete") {
  CastleScenario g(ScenarioSet({"###"}, "[" + PlainStart("S1", 0, 0, "W", "house") + "]"),
                   {"HO", "TN", "HO", "CO"});
  g.Place(0, 0, 0);
  // TN's tower holds the north halves of its E and W sides; the houses on both sides close it
  // along those halves while its own house joins theirs along the south halves.
  g.Place(1, 0, 0, "t");
  CHECK(g.Scored().empty());
  g.Place(2, 0, 0);
  const auto scored = g.Scored();
  REQUIRE(scored.size() == 1);
  CHECK(scored[0].feature == Feature::kTower);
  CHECK(scored[0].tiles == std::vector<engine::Pos>{{1, 0}});
  CHECK(scored[0].points == 2);
  CHECK(g.state().score(1) == 2);
}

TEST_CASE("K-6 courts are never scored during the game") {
  CastleScenario g(ScenarioSet({"###", "###"}, "[" + PlainStart("S1", 0, 0, "W", "court") + "]"),
                   {"CM", "TW", "TW", "CO", "CO"});
  g.Place(0, 0, 0, "c");
  g.Place(1, 0, 0);
  g.Place(0, 1, 0);  // the court is closed all round now
  CHECK(g.Scored().empty());
  CHECK_FALSE(g.state().IsOver());
  CHECK(g.state().score(0) == 0);
}

TEST_CASE("K-7 a fountain doubles a path once however many fountains it has") {
  CastleScenario g(ScenarioSet({"###"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PF", "PF", "PS"});
  g.Place(0, 0, 0, "p");
  g.Place(1, 0, 0);
  g.Place(2, 0, 0);
  const auto scored = g.Scored();
  REQUIRE_FALSE(scored.empty());
  CHECK(scored[0].reason == ScoreReason::kCompleted);
  CHECK(scored[0].points == 8);  // 4 tiles x 2, not x 4
}

TEST_CASE("K-7 towers score 2 and houses 1 per tile") {
  // No wall tile on fields 4 and 5 this time, so the scores stay what the features gave.
  CastleScenario g(ScenarioSet({"####"}, "[" + PlainStart("S1", 0, 0, "W", "court") + "]",
                               R"([{"fields": [0, 1], "wall_tile": false}, {"fields": [50, 51]}])"),
                   {"TW", "TW", "HO", "CO"});
  g.Place(0, 0, 0, "t");
  g.Place(1, 0, 0);
  CHECK(g.state().score(0) == 0);
  g.Place(2, 0, 0, "h");  // the house closes the tower of 2
  CHECK(g.state().score(0) == 4);
  g.Place(3, 0, 0);  // the court closes the house of 1
  CHECK(g.state().score(0) == 5);
}

TEST_CASE("K-7 a tie scores nothing and the followers still return") {
  CastleScenario g(ScenarioSet({"###"}, "[" + PathStart("S1", 0, 0, "W") + "," +
                                            PathStart("S2", 2, 0, "E") + "]"),
                   {"PS", "PS", "PS"});
  g.Place(0, 0, 0, "p");
  g.Place(2, 0, 0, "p");
  g.Place(1, 0, 0);
  const auto scored = g.Scored();
  REQUIRE_FALSE(scored.empty());
  CHECK(scored[0].winner == -1);
  CHECK(scored[0].points == 0);
  CHECK(scored[0].returned.size() == 2);
  CHECK(g.state().supply(0) == 6);
  CHECK(g.state().supply(1) == 6);
  CHECK(g.state().score(0) == 0);
  CHECK(g.state().score(1) == 0);
}

TEST_CASE("K-7 the majority scores, merchants never return") {
  CastleScenario g(ScenarioSet({"####"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PS", "PS", "PS", "PE"});
  g.Place(0, 0, 0, "p");
  g.Place(1, 0, 0, "n");  // a merchant
  g.Place(2, 0, 0);
  g.Place(3, 0, 0);  // seat 1 closes seat 0's path
  CHECK(g.state().score(0) == 5);
  CHECK(g.state().score(1) == 0);
  CHECK(g.state().supply(0) == 6);
  CHECK(g.state().supply(1) == 5);  // the merchant stays
}

TEST_CASE("K-8 the keep goes on the first house scored and moves to a larger one") {
  CastleScenario g(ScenarioSet({"######"}, "[" + PlainStart("S1", 0, 0, "W", "tower") + "]"),
                   {"HO", "TW", "HO", "HO", "TW", "HO"});
  g.Place(0, 0, 0, "h");
  g.Place(1, 0, 0);
  CHECK(g.Count<castle::KeepMoved>() == 1);
  CHECK(g.state().keep(0).size == 1);
  CHECK(g.state().keep(0).pos == engine::Pos{0, 0});
  g.Place(2, 0, 0, "h");
  g.Place(3, 0, 0);
  g.Place(4, 0, 0);  // closes seat 0's house of 2
  CHECK(g.Count<castle::KeepMoved>() == 1);
  CHECK(g.state().keep(0).size == 2);
  CHECK(g.state().keep(0).pos == engine::Pos{2, 0});
  g.Place(5, 0, 0, "h");  // seat 1's house of 1: its own keep
  CHECK(g.state().keep(1).size == 1);
  CHECK(g.state().keep(0).size == 2);
}

TEST_CASE("K-8 a house not larger than the keep's leaves the keep where it is") {
  CastleScenario g(ScenarioSet({"#####"}, "[" + PlainStart("S1", 0, 0, "W", "tower") + "]"),
                   {"HO", "TW", "HO", "TW", "CO"});
  g.Place(0, 0, 0, "h");
  g.Place(1, 0, 0);
  REQUIRE(g.state().keep(0).pos == engine::Pos{0, 0});
  g.Place(2, 0, 0, "h");
  g.Place(3, 0, 0);  // another house of 1: not larger
  CHECK(g.state().score(0) == 2);
  CHECK(g.Count<castle::KeepMoved>() == 0);
  CHECK(g.state().keep(0).pos == engine::Pos{0, 0});
}

// Seat 0 scores 3 (start space + PS + PE) on seat 1's placement: lands on field 3.
CastleScenario PathOfThree(const std::string& towers, std::vector<std::string> more,
                           std::vector<castle::WallTile> wall, castle::CastleOptions options = {},
                           int track = 100) {
  std::vector<std::string> draws = {"PS", "PE"};
  draws.insert(draws.end(), more.begin(), more.end());
  CastleScenario g(
      ScenarioSet({"#####", "#####"},
                  "[" + PathStart("S1", 0, 0, "W") + "," + PathStart("S2", 0, 1, "W") + "]", towers,
                  track),
      draws, wall, options);
  g.Place(0, 0, 0, "p");
  g.Place(1, 0, 0);
  return g;
}

TEST_CASE("K-9 landing exactly on a corner tower takes its wall tile") {
  CastleScenario g = PathOfThree(kTowers, {"CO", "CO"}, {0, 5});
  CHECK(g.state().score(0) == 3);
  REQUIRE(g.Count<castle::WallTileTaken>() == 1);
  CHECK(g.state().wall_tiles(0).size() == 1);
  CHECK(g.state().wall_tiles(0)[0].kind == 5);
  CHECK_FALSE(g.state().TowerHasWallTile(1));
}

TEST_CASE("K-9 passing over a corner tower takes nothing") {
  CastleScenario g(ScenarioSet({"######"}, "[" + PathStart("S1", 0, 0, "W") + "]", kTowers),
                   {"PS", "PS", "PS", "PS", "PE", "CO"}, {0, 5});
  g.Place(0, 0, 0, "p");
  g.Place(1, 0, 0);
  g.Place(2, 0, 0);
  g.Place(3, 0, 0);
  g.Place(4, 0, 0);  // 6 points: past fields 3 and 4
  CHECK(g.state().score(0) == 6);
  CHECK(g.Count<castle::WallTileTaken>() == 0);
  CHECK(g.state().TowerHasWallTile(1));
}

TEST_CASE("K-9 a wall tile missed on the first lap is taken on the second") {
  // A 10-field track: 5 points pass fields 3 and 4; 8 more make 13, field 3 of the second lap.
  CastleScenario g(
      ScenarioSet({"#####", "#####"},
                  "[" + PathStart("S1", 0, 0, "W") + "," + PathStart("S2", 0, 1, "W") + "]",
                  kTowers, 10),
      {"PS", "PS", "PF", "PS", "PE", "PF", "PE", "CO"}, {0, 9});
  g.Place(0, 0, 0, "p");
  g.Place(1, 0, 0);
  g.Place(0, 1, 0, "p");
  g.Place(2, 0, 0);
  g.Place(3, 0, 0);
  CHECK(g.state().score(0) == 5);
  CHECK(g.Count<castle::WallTileTaken>() == 0);
  g.Place(1, 1, 0);
  g.Place(2, 1, 0);  // start space + PF + PF + PE with fountains: 8
  CHECK(g.state().score(0) == 13);
  CHECK(g.Count<castle::WallTileTaken>() == 1);
  CHECK(g.state().wall_tiles(0).size() == 1);
}

// Seat 0 completes its path (3) and its tower (2 tiles, 4) with one placement.
CastleScenario PathAndTower(const std::string& towers, std::vector<castle::WallTile> wall,
                            std::vector<std::string> more = {"CO", "CO"}) {
  std::vector<std::string> draws = {"PS", "TW", "TW", "CO", "PE"};
  draws.insert(draws.end(), more.begin(), more.end());
  CastleScenario g(ScenarioSet({"#####", "#####"}, "[" + PathStart("S1", 0, 0, "W") + "]", towers),
                   draws, wall);
  g.Place(0, 0, 0, "p");
  g.Place(0, 1, 0);
  g.Place(1, 1, 0, "t");
  g.Place(2, 1, 0);
  g.Do(castle::PlaceTile{{1, 0}, 0});
  g.Do(engine::SkipFollower{});
  return g;
}

TEST_CASE("K-9 the placing player chooses the order of its features, which decides the landing") {
  const std::string towers = R"([{"fields": [0, 1], "wall_tile": false}, {"fields": [4, 5]}])";
  SECTION("path first: fields 3 then 7, no wall tile") {
    CastleScenario g = PathAndTower(towers, {0, 9});
    REQUIRE(g.state().phase() == Phase::kChooseScoring);
    const auto choices = g.state().LegalScoringChoices();
    CHECK(choices.size() == 2);
    const int path = g.state().pending()[0].feature == Feature::kPath ? 0 : 1;
    g.Do(castle::ScoreFeature{static_cast<std::uint8_t>(path), false});
    CHECK(g.state().score(0) == 7);
    CHECK(g.state().wall_tiles(0).empty());
  }
  SECTION("tower first: field 4 takes the wall tile, then 7") {
    CastleScenario g = PathAndTower(towers, {0, 9});
    const int tower = g.state().pending()[0].feature == Feature::kTower ? 0 : 1;
    g.Do(castle::ScoreFeature{static_cast<std::uint8_t>(tower), false});
    CHECK(g.state().score(0) == 7);
    CHECK(g.state().wall_tiles(0).size() == 1);
  }
  SECTION("a feature that is not pending is refused") {
    CastleScenario g = PathAndTower(towers, {0, 9});
    CHECK(g.Try(castle::ScoreFeature{7, false}) == RejectReason::kNoSuchFeature);
    CHECK(g.Try(castle::ScoreFeature{0, true}) == RejectReason::kCannotDouble);
    CHECK(g.Try(engine::SkipFollower{}) == RejectReason::kWrongPhase);
  }
}

TEST_CASE("K-9 the placing player's features score before the opponent's") {
  // Seat 1 closes seat 0's path and its own tower with one tile: its tower scores first.
  CastleScenario g(ScenarioSet({"#####", "#####"}, "[" + PathStart("S1", 0, 0, "W") + "]"),
                   {"PS", "TW", "TW", "CO", "CO", "PE", "CO"});
  g.Place(0, 0, 0, "p");
  g.Place(0, 1, 0, "t");               // seat 1's tower, open east
  g.Place(1, 1, 0);                    // seat 0 extends it: open north to (1,0) and east
  g.Place(2, 1, 0);                    // seat 1 closes its east side
  g.Place(2, 0, 0);                    // seat 0 keeps away from (1,0)
  g.Do(castle::PlaceTile{{1, 0}, 0});  // seat 1: the square closes both
  g.Do(engine::SkipFollower{});
  const auto scored = g.Scored();
  REQUIRE(scored.size() == 2);
  CHECK(scored[0].winner == 1);
  CHECK(scored[0].feature == Feature::kTower);
  CHECK(scored[1].winner == 0);
  CHECK(scored[1].feature == Feature::kPath);
}

TEST_CASE("K-10 wall tile 1: one more full turn at the end of the owner's turn, or kept") {
  SECTION("used") {
    CastleScenario g = PathOfThree(kTowers, {"CO", "CO", "CO"}, {0, 1});
    REQUIRE(g.state().wall_tiles(0).size() == 1);
    g.Place(2, 0, 0);  // seat 0's own turn ends: it may use the tile
    REQUIRE(g.state().phase() == Phase::kExtraTurn);
    CHECK(g.state().ToMove() == 0);
    g.Do(castle::UseExtraTurn{});
    CHECK(g.Count<castle::WallTileUsed>() == 1);
    CHECK(g.state().ToMove() == 0);
    CHECK(g.state().in_extra_turn());
    CHECK(g.state().wall_tiles(0).empty());
  }
  SECTION("kept for later") {
    CastleScenario g = PathOfThree(kTowers, {"CO", "CO", "CO", "CO"}, {0, 1});
    g.Place(2, 0, 0);
    g.Do(castle::EndTurn{});
    CHECK(g.state().ToMove() == 1);
    CHECK(g.state().wall_tiles(0).size() == 1);
    g.Place(3, 0, 0);
    g.Place(4, 0, 0);
    CHECK(g.state().phase() == Phase::kExtraTurn);
  }
}

TEST_CASE("K-10 wall tiles 2 and 3 do not apply to the scoring that won them, only later") {
  // Tower at fields 3/4 holds tile 2: the path (3) takes it, then the tower scores undoubled.
  CastleScenario g = PathAndTower(kTowers, {0, 2}, {"CO", "TW", "CO", "CO"});
  const int path = g.state().pending()[0].feature == Feature::kPath ? 0 : 1;
  g.Do(castle::ScoreFeature{static_cast<std::uint8_t>(path), false});
  REQUIRE(g.state().wall_tiles(0).size() == 1);
  CHECK(g.state().score(0) == 7);  // 3 + 4: not doubled
  CHECK(g.state().wall_tiles(0)[0].kind == 2);
  g.Place(2, 0, 0);                    // seat 1
  g.Place(3, 0, 0, "t");               // seat 0: a tower open south and east
  g.Place(4, 0, 0);                    // seat 1 closes its east side
  g.Do(castle::PlaceTile{{3, 1}, 0});  // seat 0 closes it, a later turn
  g.Do(engine::SkipFollower{});
  REQUIRE(g.state().phase() == Phase::kChooseScoring);
  const auto choices = g.state().LegalScoringChoices();
  CHECK(std::find(choices.begin(), choices.end(), castle::ScoreFeature{0, true}) != choices.end());
  g.Do(castle::ScoreFeature{0, true});
  CHECK(g.state().score(0) == 11);  // 7 + 2 x 2
  CHECK(g.state().wall_tiles(0).empty());
}

TEST_CASE("K-10 a wall tile is used only on the owner's own turn") {
  // Seat 0 holds tile 2; seat 1 completes seat 0's tower: no doubling, no decision.
  CastleScenario g = PathAndTower(kTowers, {0, 2}, {"CO", "TW", "CO", "CO", "CO"});
  const int path = g.state().pending()[0].feature == Feature::kPath ? 0 : 1;
  g.Do(castle::ScoreFeature{static_cast<std::uint8_t>(path), false});
  g.Place(2, 0, 0);       // seat 1
  g.Place(3, 0, 0, "t");  // seat 0
  g.Place(4, 0, 0);       // seat 1
  g.Place(4, 1, 0);       // seat 0
  g.Place(3, 1, 0);       // seat 1 closes seat 0's tower
  CHECK(g.Scored().at(0).points == 2);
  CHECK(g.state().score(0) == 9);
  CHECK(g.state().wall_tiles(0).size() == 1);
}

// Final scoring with one wall tile held by seat 0, taken on seat 1's first turn.
TEST_CASE("K-10 wall tiles 4-9 at the end") {
  SECTION("4: one incomplete path scores 1 per tile") {
    CastleScenario g = PathOfThree(kTowers, {"PF", "CO"}, {0, 4});
    g.Place(0, 1, 0, "p");
    g.Place(2, 0, 0);
    REQUIRE(g.state().IsOver());
    CHECK(g.state().score(0) == 3 + 2);  // start space + PF, fountain or not
  }
  SECTION("4 with wall4_fountain_bonus: 2 per tile with a fountain") {
    castle::CastleOptions options;
    options.wall4_fountain_bonus = true;
    CastleScenario g = PathOfThree(kTowers, {"PF", "CO"}, {0, 4}, options);
    g.Place(0, 1, 0, "p");
    g.Place(2, 0, 0);
    CHECK(g.state().score(0) == 3 + 4);
  }
  SECTION("5: one incomplete tower scores 2 per tile") {
    CastleScenario g = PathOfThree(kTowers, {"TW", "CO"}, {0, 5});
    g.Place(1, 1, 0, "t");
    g.Place(2, 0, 0);
    CHECK(g.state().score(0) == 3 + 2);
  }
  SECTION("6: one incomplete house scores 1 per tile") {
    CastleScenario g = PathOfThree(kTowers, {"HO", "CO"}, {0, 6});
    g.Place(1, 1, 0, "h");
    g.Place(2, 0, 0);
    CHECK(g.state().score(0) == 3 + 1);
  }
  SECTION("7: one court scores 4 per market instead of 3") {
    CastleScenario g = PathOfThree(kTowers, {"CM", "CO"}, {0, 7});
    g.Place(2, 0, 0, "c");
    g.Place(3, 0, 0);
    CHECK(g.state().score(0) == 3 + 4);
  }
  SECTION("9: five points") {
    CastleScenario g = PathOfThree(kTowers, {"CO", "CO"}, {0, 9});
    g.Place(2, 0, 0);
    g.Place(3, 0, 0);
    CHECK(g.state().score(0) == 3 + 5);
  }
  SECTION("without the majority the tile does nothing") {
    CastleScenario g = PathOfThree(kTowers, {"TW", "CO"}, {0, 5});
    g.Place(1, 1, 0);
    g.Place(2, 0, 0);
    CHECK(g.state().score(0) == 3);
    CHECK(g.state().wall_tiles(0).size() == 1);  // unused
  }
}

TEST_CASE("K-10 wall tile 8: the keep counts two tiles larger") {
  // Both keeps are 1 tile; seat 0's tile 8 makes its keep 3 and wins the empty area of 2.
  CastleScenario g = PathOfThree(kTowers, {"HO", "CO", "TW", "HO", "CO"}, {0, 8});
  g.Place(2, 0, 0, "h");  // open south and east
  g.Place(2, 1, 0);
  g.Place(3, 0, 0);  // closes seat 0's house
  REQUIRE(g.state().keep(0).size == 1);
  g.Place(4, 0, 0, "h");  // open south
  g.Place(4, 1, 0);       // closes seat 1's house
  REQUIRE(g.state().IsOver());
  REQUIRE(g.state().keep(1).size == 1);
  const castle::FeatureScored keep = KeepScored(g);
  CHECK(keep.winner == 0);
  CHECK(keep.wall_tile == 8);
  CHECK(keep.points == 2);
  CHECK(g.state().score(0) == 3 + 1 + 2);
}

TEST_CASE("K-11 each wall tile 8 adds 2 to its owner's keep: two tiles 8 add 4 (clarified)") {
  // Seat 0 takes both tiles 8 (landing on fields 3 and 6), keeps a house of 1; seat 1 keeps a
  // house of 3. With 2 + 2 seat 0's keep is 5 and wins the one empty space; 1 + 2 would tie.
  CastleScenario g(
      ScenarioSet({"#######", "#######"},
                  "[" + PathStart("S1", 0, 0, "W") + "," + PathStart("S2", 0, 1, "W") + "]",
                  R"([{"fields": [0, 1], "wall_tile": false}, {"fields": [3, 4]},
                      {"fields": [6, 7]}])"),
      {"PS", "PE", "PS", "PE", "HO", "CO", "TW", "HO", "TW", "HO", "TW", "HO", "CO"}, {0, 8, 8});
  g.Place(0, 0, 0, "p");
  g.Place(1, 0, 0);  // seat 0: 3 points, field 3: the first tile 8
  g.Place(0, 1, 0, "p");
  g.Place(1, 1, 0);  // seat 0: 6, the second tile 8
  REQUIRE(g.state().wall_tiles(0).size() == 2);
  g.Place(2, 0, 0, "h");
  g.Place(2, 1, 0);
  g.Place(3, 0, 0);  // closes seat 0's house of 1
  g.Place(3, 1, 0, "h");
  g.Place(4, 0, 0);
  g.Place(4, 1, 0);
  g.Place(5, 0, 0);
  g.Place(5, 1, 0);
  g.Place(6, 1, 0);  // closes seat 1's house of 3
  REQUIRE(g.state().IsOver());
  CHECK(g.state().keep(0).size == 1);
  CHECK(g.state().keep(1).size == 3);
  const castle::FeatureScored keep = KeepScored(g);
  CHECK(keep.winner == 0);
  CHECK(keep.wall_tile == 8);
  CHECK(keep.points == 1);
  CHECK(g.Count<castle::WallTileUsed>() == 2);
  CHECK(g.state().wall_tiles(0).empty());
  CHECK(g.state().score(0) == 3 + 3 + 1 + 1);
  CHECK(g.state().score(1) == 3);
}

TEST_CASE("K-11 the larger keep scores the largest empty area, equal keeps score nothing") {
  const std::string starts =
      "[" + PlainStart("S1", 0, 0, "W", "tower") + "," + PlainStart("S2", 5, 0, "E", "tower") + "]";
  SECTION("equal keeps") {
    CastleScenario g(ScenarioSet({"######"}, starts), {"HO", "HO", "TW", "TW"});
    g.Place(0, 0, 0, "h");
    g.Place(5, 0, 0, "h");
    g.Place(1, 0, 0);
    g.Place(4, 0, 0);
    REQUIRE(g.state().IsOver());
    CHECK(g.state().LargestEmptyArea().size() == 2);
    const castle::FeatureScored keep = KeepScored(g);
    CHECK(keep.winner == -1);
    CHECK(keep.points == 0);
    CHECK(g.state().score(0) == 1);
    CHECK(g.state().score(1) == 1);
  }
  SECTION("a larger keep") {
    CastleScenario g(ScenarioSet({"#######"}, "[" + PlainStart("S1", 0, 0, "W", "tower") + "]"),
                     {"HO", "CO", "CO", "CO", "CO"});
    g.Place(0, 0, 0, "h");
    g.Place(1, 0, 0);  // the court closes the house
    REQUIRE(g.state().keep(0).size == 1);
    g.Place(2, 0, 0);
    g.Place(3, 0, 0);
    g.Place(4, 0, 0);
    REQUIRE(g.state().IsOver());
    // Spaces 5 and 6 are empty: seat 0's keep against none scores 2.
    CHECK(g.state().score(0) == 1 + 2);
  }
}

TEST_CASE(
    "K-11 castle_start_spaces_empty: start spaces are no empty spaces, unless unbuilt counts "
    "those with no tile against them (clarified)") {
  // A row of 7 with start spaces against (0,0) and (6,0). Seat 0's house at (0,0), closed by a
  // court at (1,0), is its keep of 1. Spaces 2..6 stay empty: 5 spaces, and no tile lies against
  // the start space S2 at (6,0).
  const std::string starts =
      "[" + PlainStart("S1", 0, 0, "W", "tower") + "," + PlainStart("S2", 6, 0, "E", "tower") + "]";
  const auto play = [&](castle::StartSpacesEmpty option) {
    castle::CastleOptions o;
    o.start_spaces_empty = option;
    auto g = std::make_unique<CastleScenario>(ScenarioSet({"#######"}, starts),
                                              std::vector<std::string>{"HO", "CO"},
                                              std::vector<castle::WallTile>{}, o);
    g->Place(0, 0, 0, "h");
    g->Place(1, 0, 0);  // the court closes the house: seat 0's keep
    REQUIRE(g->state().IsOver());
    REQUIRE(g->state().keep(0).size == 1);
    return g;
  };
  SECTION("ignored, the default: 5 empty spaces") {
    CHECK(castle::GetCastleOption(castle::CastleOptions{}, "castle_start_spaces_empty") ==
          "ignored");
    const auto g = play(castle::StartSpacesEmpty::kIgnored);
    const castle::FeatureScored keep = KeepScored(*g);
    CHECK(keep.winner == 0);
    CHECK(keep.points == 5);
    CHECK(g->state().LargestEmptyArea().start_spaces == 0);
  }
  SECTION("unbuilt: S2, with no tile against it, is a sixth; S1 is built against") {
    const auto g = play(castle::StartSpacesEmpty::kUnbuilt);
    const castle::FeatureScored keep = KeepScored(*g);
    CHECK(keep.winner == 0);
    CHECK(keep.points == 6);
    CHECK(keep.tiles.size() == 5);
    CHECK(g->state().LargestEmptyArea().start_spaces == 1);
  }
  SECTION("the option's words") {
    castle::CastleOptions o;
    CHECK(castle::SetCastleOption(o, "castle_start_spaces_empty", "unbuilt").empty());
    CHECK(o.start_spaces_empty == castle::StartSpacesEmpty::kUnbuilt);
    CHECK(castle::SetCastleOption(o, "castle_start_spaces_empty", "maybe") ==
          "option castle_start_spaces_empty: expected ignored or unbuilt, got 'maybe'");
  }
}

TEST_CASE("K-11 courts: the most merchants score 3 per market, a tie scores nothing") {
  SECTION("majority") {
    CastleScenario g(ScenarioSet({"###"}, "[" + PlainStart("S1", 0, 0, "W", "court") + "]"),
                     {"CM", "CM", "CO"});
    g.Place(0, 0, 0, "c");
    g.Place(1, 0, 0);
    g.Place(2, 0, 0);
    REQUIRE(g.state().IsOver());
    CHECK(g.state().score(0) == 6);
    CHECK(g.state().supply(0) == 5);  // merchants never return
  }
  SECTION("tie") {
    CastleScenario g(ScenarioSet({"###"}, "[" + PlainStart("S1", 0, 0, "W", "court") + "," +
                                              PlainStart("S2", 2, 0, "E", "court") + "]"),
                     {"CM", "CM", "CO"});
    g.Place(0, 0, 0, "c");
    g.Place(2, 0, 0, "c");
    g.Place(1, 0, 0);
    REQUIRE(g.state().IsOver());
    CHECK(g.state().score(0) == 0);
    CHECK(g.state().score(1) == 0);
  }
}

TEST_CASE(
    "K-11 the game ends after the last tile, wall tiles leave, incomplete features score nothing") {
  CastleScenario g = PathOfThree(kTowers, {"TW"}, {0, 9});
  REQUIRE(g.state().wall_tiles(0).size() == 1);  // it took the only one
  g.Place(2, 0, 0);                              // the last tile
  REQUIRE(g.state().IsOver());
  // Seat 0's herald-less path on S2 and nothing else: only wall tile 9 scores at the end.
  CHECK(g.state().score(0) == 3 + 5);
  CHECK(g.Count<castle::WallTilesRemoved>() == 1);
  CHECK(g.Count<castle::GameEnded>() == 1);
  CHECK(g.state().LegalPlacements().empty());
  CHECK(g.Try(castle::PlaceTile{{3, 0}, 0}) == RejectReason::kGameOver);
}

TEST_CASE("K-12 most points wins, equal totals share the victory") {
  CastleScenario g(ScenarioSet({"###"}, "[" + PathStart("S1", 0, 0, "W") + "," +
                                            PathStart("S2", 2, 0, "E") + "]"),
                   {"PS", "PS", "PS"});
  g.Place(0, 0, 0, "p");
  g.Place(2, 0, 0, "p");
  g.Place(1, 0, 0);
  REQUIRE(g.state().IsOver());
  CHECK(g.state().Winners() == std::vector<engine::Seat>{0, 1});
  CastleScenario h(ScenarioSet({"##"}, "[" + PathStart("S1", 0, 0, "W") + "]"), {"PS", "PS"});
  h.Place(0, 0, 0, "p");
  h.Place(1, 0, 0);
  REQUIRE(h.state().IsOver());
  CHECK(h.state().Winners() == std::vector<engine::Seat>{0});
}

}  // namespace
}  // namespace carc::test
