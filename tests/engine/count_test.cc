// The Count of Carcassonne (RULES.md section 3, C-1..C-6) and the publisher's clarifications in
// ../shared/seeds/004_82c0ec9669c562e8.txt that concern the base game and the Count (notes 1, 7,
// 8, 13, 14, 18, 19, 20, 22, 26, 27, 28, 29 and the note on the Count's quarter).
//
// The block lies with CO1 at (-2,-1) and CO7 at (0,0). Its open edges used below: CO11's road
// leaves south into (0,2); CO12's small city opens east into (2,1); CO9's small city opens south
// into (-2,2); CO8's east edge (a field) faces (2,0).
#include <catch2/catch.hpp>

#include "carc/engine/player_view.h"
#include "carc/engine/random_player.h"
#include "scenario.h"

using namespace carc::engine;
using carc::test::EventsOf;
using carc::test::Kind;
using carc::test::Scenario;
using carc::test::ScoredOf;

namespace {

Options CountOptions(CountMove move = CountMove::kFree) {
  Options o;
  o.count = true;
  o.count_move = move;
  return o;
}

// The Count decisions announced from event index `from` on, as (seat, choice).
std::vector<std::pair<Seat, CountChoice>> Decisions(const Scenario& s, std::size_t from = 0) {
  std::vector<std::pair<Seat, CountChoice>> out;
  for (const CountDecision& d : EventsOf<CountDecision>(s.events(), from)) {
    out.emplace_back(d.player, d.choice);
  }
  return out;
}

// The opening most tests share (2 players, seat 0 first):
//   1. seat 0: A at (2,0), a thief on its road (which runs south into (2,1));
//   2. seat 1: L at (2,1) turned so that its city closes CO12's small city and its north road
//      ends seat 0's road, a thief on L's south road. Seat 0 scores the road (2), the city
//      scores for nobody, seat 1 scored nothing: C-2 asks seat 1.
// Draws after these two: `rest`.
Scenario Opening(std::string_view rest, CountMove move = CountMove::kFree) {
  Scenario s(2, std::string("A L ") + std::string(rest), CountOptions(move));
  s.Play("2,0 r0 r1");
  s.Play("2,1 r3 r3");
  return s;
}

}  // namespace

TEST_CASE("C-1 the city block replaces the start tile and 71 base tiles are drawn") {
  Options o = CountOptions();
  GameConfig config;
  config.players = 3;
  config.seed = 99;
  config.options = o;
  const GameState state(config);
  const TileCatalog& cat = state.catalog();
  REQUIRE(state.num_placed() == kBlockTiles);
  for (int i = 0; i < kBlockTiles; ++i) {
    const PlacedTile& t = state.placed(i);
    CHECK(cat.Def(t.kind).id == "CO" + std::to_string(i + 1));
    CHECK(t.pos == Pos{-2 + i % 4, -1 + i / 4});
    CHECK(t.rotation == 0);
    CHECK(t.player == -1);
  }
  CHECK(state.placed(6).pos == Pos{0, 0});  // CO7
  // No tile of the block is in the stack, and the start tile is not used: 71 tiles, 3 of them D.
  CHECK(state.StackSize() + 1 == 71);
  int d_left = state.StackCount(Kind('D')) + (state.current_tile() == Kind('D') ? 1 : 0);
  CHECK(d_left == 3);
  for (int k = cat.block_first; k < cat.num_kinds; ++k) {
    CHECK(state.StackCount(static_cast<TileKind>(k)) == 0);
  }
  CHECK(state.count_quarter() == Quarter::kCastle);
  for (int q = 0; q < kQuarters; ++q) {
    for (Seat s = 0; s < 3; ++s) CHECK(state.InCity(static_cast<Quarter>(q), s) == 0);
  }
  // Tiles go against the block's outer edges only: the legal squares are all outside it.
  const std::vector<Placement> legal = state.LegalPlacements();
  REQUIRE_FALSE(legal.empty());
  for (const Placement& p : legal) {
    const bool inside = p.pos.x >= -2 && p.pos.x <= 1 && p.pos.y >= -1 && p.pos.y <= 1;
    CHECK_FALSE(inside);
  }
}

TEST_CASE("C-1 features that run into the block are normal features") {
  // CO11's road leaves south: U continues it, W ends it. The road counts CO11 as one of its
  // three tiles.
  Scenario s(2, "U W B", CountOptions());
  s.Play("0,2 r0 r1");
  s.Play("0,3 r2 -");
  const auto roads = ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted);
  REQUIRE(roads.size() == 1);
  CHECK(roads[0].points == 3);
  CHECK(roads[0].tiles.size() == 3);
  CHECK(roads[0].winners == std::vector<Seat>{0});
  // CO9's small city is closed by E: 2 tiles, 4 points, nobody on it.
  Scenario c(2, "E B", CountOptions());
  c.Play("-2,2 r0 c1");
  const auto cities = ScoredOf(c.events(), FeatureKind::kCity, ScoreReason::kCompleted);
  REQUIRE(cities.size() == 1);
  CHECK(cities[0].points == 4);
  CHECK(c.Score(0) == 4);
}

TEST_CASE("C-1 the city of Carcassonne counts as a completed city for farms (note 1)") {
  // A farmer on B's field next to CO8: that farm is the block's east field, which borders the
  // city of Carcassonne and CO12's small city (incomplete, so it does not count).
  for (const FarmScoring method : {FarmScoring::kC3, FarmScoring::kC1}) {
    Options o = CountOptions();
    o.farm_scoring = method;
    Scenario s(2, "B", o);
    s.Play("2,0 r0 f1");
    REQUIRE(s.state().IsOver());  // the only tile: final scoring, nobody in the city
    const auto farms = ScoredOf(s.events(), FeatureKind::kField, ScoreReason::kFarm);
    REQUIRE(farms.size() == 1);
    CHECK(farms[0].cities == 1);
    CHECK(farms[0].points == (method == FarmScoring::kC3 ? 3 : 4));
    CHECK(farms[0].winners == std::vector<Seat>{0});
    if (method == FarmScoring::kC1) CHECK(farms[0].tiles.size() == kBlockTiles);
  }
}

TEST_CASE(
    "C-2 the placing player scores nothing but another does: one follower into a quarter (notes 7, "
    "8)") {
  Scenario s = Opening("B B");
  // Seat 0 scored the road; seat 1's placement scored nothing for seat 1.
  CHECK(s.Score(0) == 2);
  CHECK(s.Score(1) == 0);
  REQUIRE(s.state().phase() == Phase::kEnterCity);
  CHECK(s.state().ToMove() == 1);
  CHECK(Decisions(s) == std::vector<std::pair<Seat, CountChoice>>{{1, CountChoice::kEnterCity}});
  // Every quarter but the Count's (the castle), with any Count move (option free).
  const std::vector<CityEntry> entries = s.state().LegalCityEntries();
  CHECK(entries.size() == 3 * 4);
  for (const CityEntry& e : entries) CHECK(e.quarter != Quarter::kCastle);
  // Only the seat asked decides; the Count's own quarter is blocked (C-3).
  CHECK(s.Apply(0, EnterCity{Quarter::kMarket, Quarter::kCastle}) == RejectReason::kNotYourTurn);
  CHECK(s.Apply(1, EnterCity{Quarter::kCastle, Quarter::kCastle}) == RejectReason::kQuarterBlocked);
  CHECK(s.Apply(1, PlaceFollower{0}) == RejectReason::kWrongPhase);
  CHECK(s.Apply(1, SkipFollower{}) == RejectReason::kWrongPhase);
  const int supply = s.state().supply(1);
  const std::size_t mark = s.events().size();
  REQUIRE(s.Apply(1, EnterCity{Quarter::kMarket, Quarter::kCastle}) == RejectReason::kNone);
  CHECK(s.state().supply(1) == supply - 1);
  CHECK(s.state().InCity(Quarter::kMarket, 1) == 1);
  CHECK(EventsOf<FollowerEnteredCity>(s.events(), mark).size() == 1);
  CHECK(EventsOf<CountMoved>(s.events(), mark).empty());  // he stayed in the castle
  // The turn passes on.
  CHECK(s.state().phase() == Phase::kPlaceTile);
  CHECK(s.state().ToMove() == 0);
}

TEST_CASE(
    "C-2 no follower into the city when the placer scores, nobody scores, or supply is empty") {
  SECTION("the placing player scores") {
    Scenario s(2, "U W B", CountOptions());
    s.Play("0,2 r0 r1");
    s.Play("0,3 r2 r1");  // seat 1 ends seat 0's road: seat 0 scores, seat 1 does not
    CHECK(s.state().phase() == Phase::kEnterCity);
    Scenario t(2, "U B W B", CountOptions());
    t.Play("0,2 r0 r1");
    t.Play("-1,2 r0 -");
    t.Play("0,3 r2 -");  // seat 0 ends its own road: it scored, so no C-2
    CHECK(t.Score(0) == 3);
    CHECK(t.state().phase() == Phase::kPlaceTile);
    CHECK(Decisions(t).empty());
  }
  SECTION("a completed feature that scores for nobody is no trigger") {
    Scenario s(2, "E B", CountOptions());
    s.Play("-2,2 r0 -");
    CHECK(ScoredOf(s.events(), FeatureKind::kCity, ScoreReason::kCompleted).size() == 1);
    CHECK(s.state().phase() == Phase::kPlaceTile);
    CHECK(Decisions(s).empty());
  }
  SECTION("the placing player has no follower left") {
    Options o = CountOptions();
    o.followers = 1;
    Scenario s(2, "A L B", o);
    s.Play("2,0 r0 r1");
    s.Play("2,1 r3 r3");  // seat 1's only follower is on L's south road
    CHECK(s.state().supply(1) == 0);
    CHECK(s.Score(0) == 2);
    CHECK(s.state().phase() == Phase::kPlaceTile);
    CHECK(Decisions(s).empty());
  }
}

TEST_CASE("C-2 at most one follower per tile placed, however many features scored (note 14)") {
  // Seat 1's L closes CO12's city and seat 0's road: two features scored, one C-2 decision.
  Scenario s = Opening("B B");
  CHECK(ScoredOf(s.events(), FeatureKind::kCity, ScoreReason::kCompleted).size() == 1);
  CHECK(ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted).size() == 1);
  CHECK(Decisions(s).size() == 1);
  REQUIRE(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kCastle}) == RejectReason::kNone);
  CHECK(s.state().phase() == Phase::kPlaceTile);
  CHECK(s.Apply(1, EnterCity{Quarter::kMarket, Quarter::kCastle}) == RejectReason::kNotYourTurn);
}

TEST_CASE("C-2 scoring comes first, then the follower goes into the city (note 13)") {
  Scenario s = Opening("B B");
  // The road's FeatureScored and the returned thief come before the decision.
  std::size_t scored_at = 0;
  std::size_t decision_at = 0;
  for (std::size_t i = 0; i < s.events().size(); ++i) {
    if (std::holds_alternative<FeatureScored>(s.events()[i])) scored_at = i;
    if (std::holds_alternative<CountDecision>(s.events()[i])) decision_at = i;
  }
  CHECK(scored_at < decision_at);
  // The thief that just scored is back in supply when seat 0 decides... and seat 1 may use any
  // follower of its supply.
  CHECK(s.state().supply(0) == 7);
  CHECK(s.state().supply(1) == 6);
}

TEST_CASE("C-2 the placer may pass, and a timeout passes") {
  Scenario s = Opening("B B");
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
  CHECK(s.state().phase() == Phase::kPlaceTile);
  CHECK(s.state().supply(1) == 6);
  CHECK(EventsOf<CountPassed>(s.events()).size() == 1);
  Scenario t = Opening("B B");
  const std::uint64_t seq = t.state().seq();
  REQUIRE(t.Apply(1, Timeout{}) == RejectReason::kNone);
  CHECK(t.state().seq() == seq + 1);
  CHECK(EventsOf<TurnTimedOut>(t.events()).size() == 1);
  CHECK(t.state().InCity(Quarter::kMarket, 1) == 0);
  CHECK(t.state().phase() == Phase::kPlaceTile);
}

TEST_CASE("C-3 count_move free: the Count may go to any quarter, or stay") {
  Scenario s = Opening("B B");
  const std::size_t mark = s.events().size();
  REQUIRE(s.Apply(1, EnterCity{Quarter::kMarket, Quarter::kCathedral}) == RejectReason::kNone);
  CHECK(s.state().count_quarter() == Quarter::kCathedral);
  const auto moved = EventsOf<CountMoved>(s.events(), mark);
  REQUIRE(moved.size() == 1);
  CHECK(moved[0].from == Quarter::kCastle);
  CHECK(moved[0].to == Quarter::kCathedral);
}

TEST_CASE("C-3 count_move clockwise: the Count must move on to the next quarter") {
  Scenario s = Opening("B B", CountMove::kClockwise);
  const std::vector<CityEntry> entries = s.state().LegalCityEntries();
  REQUIRE(entries.size() == 3);
  for (const CityEntry& e : entries) CHECK(e.count_to == Quarter::kMarket);
  CHECK(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kCastle}) ==
        RejectReason::kBadCountMove);
  CHECK(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kCathedral}) ==
        RejectReason::kBadCountMove);
  REQUIRE(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kMarket}) == RejectReason::kNone);
  CHECK(s.state().count_quarter() == Quarter::kMarket);
  CHECK(NextQuarter(Quarter::kMarket) == Quarter::kBlacksmith);
  CHECK(NextQuarter(Quarter::kCathedral) == Quarter::kCastle);
}

TEST_CASE("C-3 count_move follow: the Count moves to the quarter that received the follower") {
  Scenario s = Opening("B B", CountMove::kFollow);
  const std::vector<CityEntry> entries = s.state().LegalCityEntries();
  REQUIRE(entries.size() == 3);
  for (const CityEntry& e : entries) CHECK(e.count_to == e.quarter);
  CHECK(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kMarket}) ==
        RejectReason::kBadCountMove);
  REQUIRE(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kBlacksmith}) == RejectReason::kNone);
  CHECK(s.state().count_quarter() == Quarter::kBlacksmith);
}

// After the opening seat 1 is in the blacksmith; then seat 0 ends seat 1's south road with W at
// (2,2), and seat 1 is asked first (out of turn). Draws after: `rest`.
Scenario BothInBlacksmith(std::string_view rest, bool seat1_redeploys) {
  Scenario s = Opening(std::string("W ") + std::string(rest));
  REQUIRE(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kCastle}) == RejectReason::kNone);
  const std::size_t mark = s.events().size();
  s.Play("2,2 r2 -");
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  CHECK(s.state().ToMove() == 1);
  CHECK(s.state().current_player() == 0);
  if (seat1_redeploys) {
    REQUIRE(s.Apply(1, Redeploy{1}) == RejectReason::kNone);
  } else {
    REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
  }
  // Seat 1 scored (its thief), seat 0 nothing: C-2 for seat 0.
  CHECK(Decisions(s, mark).back() == std::pair<Seat, CountChoice>{0, CountChoice::kEnterCity});
  REQUIRE(s.Apply(0, EnterCity{Quarter::kBlacksmith, Quarter::kCastle}) == RejectReason::kNone);
  return s;
}

TEST_CASE(
    "C-4 a seat that is not the active player redeploys before the feature scores (note 20)") {
  Scenario s = Opening("W B B");
  REQUIRE(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kCastle}) == RejectReason::kNone);
  const std::size_t mark = s.events().size();
  s.Play("2,2 r2 -");  // seat 0 ends seat 1's road
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  CHECK(s.state().ToMove() == 1);
  CHECK(s.state().current_player() == 0);
  const auto decision = EventsOf<CountDecision>(s.events(), mark);
  REQUIRE(decision.size() == 1);
  CHECK(decision[0].quarter == Quarter::kBlacksmith);
  CHECK(decision[0].kind == FeatureKind::kRoad);
  CHECK(decision[0].tiles == std::vector<Pos>{{2, 1}, {2, 2}});
  CHECK(ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted).size() == 1);  // not yet
  // The view of seat 1 carries the decision; seat 0's has no legal moves.
  const PlayerView v1 = ViewFor(s.state(), 1);
  CHECK(v1.to_move == 1);
  CHECK(v1.redeploy_limit == 1);
  CHECK(v1.redeploy_tiles == std::vector<Pos>{{2, 1}, {2, 2}});
  CHECK(ViewFor(s.state(), 0).redeploy_limit == 0);
  CHECK(s.Apply(0, Pass{}) == RejectReason::kNotYourTurn);
  CHECK(s.Apply(1, Redeploy{2}) == RejectReason::kEmptyQuarter);
  CHECK(s.Apply(1, Redeploy{0}) == RejectReason::kEmptyQuarter);
  REQUIRE(s.Apply(1, Redeploy{1}) == RejectReason::kNone);
  const auto roads = ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted);
  REQUIRE(roads.size() == 2);
  CHECK(roads[1].followers[1] == 2);  // the thief and the redeployed follower
  CHECK(roads[1].winners == std::vector<Seat>{1});
  // Both went back to supply (C-4: all its followers return).
  CHECK(s.state().supply(1) == 7);
  CHECK(s.state().InCity(Quarter::kBlacksmith, 1) == 0);
}

TEST_CASE("C-4 one round starting left of the placer and ending with the placer (note 28)") {
  // Both seats have a follower in the blacksmith; seat 0 ends CO11's road (unoccupied).
  Scenario s = BothInBlacksmith("U W B B", false);
  s.Play("0,2 r0 -");  // seat 1
  const std::size_t mark = s.events().size();
  s.Play("0,3 r2 -");  // seat 0 ends the road CO11-U-W
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  CHECK(s.state().ToMove() == 1);
  REQUIRE(s.Apply(1, Redeploy{1}) == RejectReason::kNone);
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  CHECK(s.state().ToMove() == 0);
  REQUIRE(s.Apply(0, Redeploy{1}) == RejectReason::kNone);
  CHECK(Decisions(s, mark) == std::vector<std::pair<Seat, CountChoice>>{
                                  {1, CountChoice::kRedeploy}, {0, CountChoice::kRedeploy}});
  // One round only: the road scored right after the placer's decision, a tie.
  const auto roads = ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted);
  CHECK(roads.back().points == 3);
  CHECK(roads.back().winners == std::vector<Seat>{0, 1});
  CHECK(s.state().phase() == Phase::kPlaceTile);
}

TEST_CASE(
    "C-2 a placer outnumbered on the feature it completed scored nothing: it may enter the "
    "city (clarified)") {
  // Seat 1 puts a thief on the road CO11-U, seat 0 ends it; in the C-4 round both move their
  // blacksmith follower onto it. Seat 1 has 2 there, seat 0 (the placer) 1: seat 0 scores
  // nothing although it is on the road, so C-2 asks seat 0.
  Scenario s = BothInBlacksmith("U W B B", false);
  s.Play("0,2 r0 r1");  // seat 1
  const std::size_t mark = s.events().size();
  s.Play("0,3 r2 -");  // seat 0
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  REQUIRE(s.Apply(1, Redeploy{1}) == RejectReason::kNone);
  REQUIRE(s.Apply(0, Redeploy{1}) == RejectReason::kNone);
  const auto roads = ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted);
  CHECK(roads.back().followers[0] == 1);
  CHECK(roads.back().followers[1] == 2);
  CHECK(roads.back().winners == std::vector<Seat>{1});
  CHECK(s.state().phase() == Phase::kEnterCity);
  CHECK(s.state().ToMove() == 0);
  CHECK(Decisions(s, mark).back() == std::pair<Seat, CountChoice>{0, CountChoice::kEnterCity});
}

TEST_CASE(
    "C-4 three players: a seat with nothing in the quarter is skipped, the order stays "
    "(clarified)") {
  // Seats 1 and 2 get a follower into the blacksmith by C-2, seat 0 none. When seat 1 ends a
  // road, the round goes left of the placer: seat 2 decides, seat 0 is skipped, then seat 1.
  Scenario s(3, "A L W U W B B", CountOptions());
  s.Play("2,0 r0 r1");  // seat 0: a thief on A's road
  s.Play("2,1 r3 r3");  // seat 1 ends it (seat 0 scores) and puts a thief on L's south road
  REQUIRE(s.state().phase() == Phase::kEnterCity);
  REQUIRE(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kCastle}) == RejectReason::kNone);
  std::size_t mark = s.events().size();
  s.Play("2,2 r2 -");  // seat 2 ends seat 1's road
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  // Left of seat 2 is seat 0, with nothing in the blacksmith: skipped, seat 1 decides.
  CHECK(s.state().ToMove() == 1);
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
  CHECK(Decisions(s, mark).front() == std::pair<Seat, CountChoice>{1, CountChoice::kRedeploy});
  // Seat 1 scored its thief's road, seat 2 nothing: C-2 for seat 2.
  REQUIRE(s.state().phase() == Phase::kEnterCity);
  REQUIRE(s.state().ToMove() == 2);
  REQUIRE(s.Apply(2, EnterCity{Quarter::kBlacksmith, Quarter::kCastle}) == RejectReason::kNone);
  s.Play("0,2 r0 -");  // seat 0
  mark = s.events().size();
  s.Play("0,3 r2 -");  // seat 1 ends the road CO11-U-W, on which nobody stands
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  CHECK(s.state().ToMove() == 2);
  REQUIRE(s.Apply(2, Pass{}) == RejectReason::kNone);
  CHECK(s.state().ToMove() == 1);  // seat 0 skipped
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
  CHECK(Decisions(s, mark) == std::vector<std::pair<Seat, CountChoice>>{
                                  {2, CountChoice::kRedeploy}, {1, CountChoice::kRedeploy}});
  CHECK(s.state().phase() == Phase::kPlaceTile);
}

TEST_CASE("C-4 completing a feature nobody occupies: redeploy, then it scores (notes 18, 19)") {
  // Seat 1 passes on its own road; seat 0 then completes CO11's unoccupied road, seat 1 moves
  // its blacksmith follower onto it and scores alone; seat 0 scored nothing, so C-2 asks seat 0.
  Scenario s = BothInBlacksmith("U W B B", false);
  s.Play("0,2 r0 -");
  s.Play("0,3 r2 -");
  REQUIRE(s.Apply(1, Redeploy{1}) == RejectReason::kNone);
  REQUIRE(s.Apply(0, Pass{}) == RejectReason::kNone);
  const auto roads = ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted);
  CHECK(roads.back().winners == std::vector<Seat>{1});
  CHECK(s.state().phase() == Phase::kEnterCity);
  CHECK(s.state().ToMove() == 0);
}

TEST_CASE("C-2 points from a redeployed follower count as scoring for the placer (note 13)") {
  // Seat 0 completes CO11's unoccupied road and redeploys its own blacksmith follower onto it:
  // it scored, so no follower goes into the city even though it placed nothing on the road.
  Scenario s = BothInBlacksmith("U W B B", false);
  s.Play("0,2 r0 -");
  s.Play("0,3 r2 -");
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
  REQUIRE(s.Apply(0, Redeploy{1}) == RejectReason::kNone);
  CHECK(s.Score(0) == 2 + 3);
  CHECK(s.state().phase() == Phase::kPlaceTile);
  CHECK(s.state().InCity(Quarter::kBlacksmith, 1) == 1);  // seat 1's stays (C-6)
}

TEST_CASE("C-4 the Count's quarter is blocked") {
  // Seat 1 enters the blacksmith and sends the Count there too: its own follower is blocked.
  Scenario s = Opening("W B B");
  REQUIRE(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kBlacksmith}) == RejectReason::kNone);
  s.Play("2,2 r2 -");               // seat 0 ends seat 1's road: no round, it scores at once
  CHECK(Decisions(s).size() == 2);  // the C-2 of the opening, then C-2 for seat 0
  CHECK(s.state().phase() == Phase::kEnterCity);
  CHECK(s.state().ToMove() == 0);
  CHECK(s.state().InCity(Quarter::kBlacksmith, 1) == 1);
  // And nobody may put a follower into the Count's quarter.
  CHECK(s.Apply(0, EnterCity{Quarter::kBlacksmith, Quarter::kBlacksmith}) ==
        RejectReason::kQuarterBlocked);
}

TEST_CASE("C-4 a cloister takes a second monk from the cathedral (note 22)") {
  // Seat 1 enters the cathedral; seat 0 puts a monk on B below CO10; the tiles around it are
  // filled until seat 1's A completes it (and also the road CO11-U-A, which nobody holds).
  for (const bool redeploy : {true, false}) {
    Scenario s = Opening("B E U E E A B B");
    REQUIRE(s.Apply(1, EnterCity{Quarter::kCathedral, Quarter::kCastle}) == RejectReason::kNone);
    s.Play("-1,2 r0 cloister");  // seat 0
    s.Play("-2,2 r0 -");         // seat 1: closes CO9's small city, nobody on it
    s.Play("0,2 r0 -");          // seat 0
    s.Play("-2,3 r2 -");         // seat 1
    s.Play("-1,3 r2 -");         // seat 0
    const std::size_t mark = s.events().size();
    s.Play("0,3 r2 -");  // seat 1 completes the cloister and the road
    // The road first (A's segment), with no round (nobody in the blacksmith), then the cloister.
    REQUIRE(s.state().phase() == Phase::kRedeploy);
    CHECK(s.state().ToMove() == 1);
    const auto decision = EventsOf<CountDecision>(s.events(), mark);
    REQUIRE(decision.size() == 1);
    CHECK(decision[0].kind == FeatureKind::kCloister);
    CHECK(decision[0].tiles.size() == 9);
    CHECK(ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted).size() == 2);
    if (redeploy) {
      REQUIRE(s.Apply(1, Redeploy{1}) == RejectReason::kNone);
      const auto cloisters = ScoredOf(s.events(), FeatureKind::kCloister, ScoreReason::kCompleted);
      REQUIRE(cloisters.size() == 1);
      CHECK(cloisters[0].winners == std::vector<Seat>{0, 1});  // one monk each: a tie
      CHECK(s.state().phase() == Phase::kPlaceTile);           // seat 1 scored: no C-2
    } else {
      REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
      const auto cloisters = ScoredOf(s.events(), FeatureKind::kCloister, ScoreReason::kCompleted);
      REQUIRE(cloisters.size() == 1);
      CHECK(cloisters[0].winners == std::vector<Seat>{0});
      CHECK(s.state().phase() == Phase::kEnterCity);  // seat 0 scored, seat 1 did not
    }
  }
}

TEST_CASE("C-4 several features completed by one tile: a round and a scoring each, in order") {
  // Seat 1 has a follower in the blacksmith. Seat 0's L at (2,1) closes CO12's city and ends the
  // road from seat 1's A: the city first (the castle is the Count's: no round; it scores for
  // nobody), then the road's round (seat 1 moves its follower) and its scoring.
  Scenario s(2, "U W B A L B B", CountOptions());
  s.Play("0,2 r0 r1");  // seat 0
  s.Play("0,3 r2 -");   // seat 1 ends seat 0's road: C-2 for seat 1
  REQUIRE(s.Apply(1, EnterCity{Quarter::kBlacksmith, Quarter::kCastle}) == RejectReason::kNone);
  s.Play("-1,2 r0 f1");  // seat 0: a farmer on B
  s.Play("2,0 r0 r1");   // seat 1: A, a thief on its road
  const std::size_t mark = s.events().size();
  s.Play("2,1 r3 -");  // seat 0's L
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  CHECK(s.state().ToMove() == 1);
  CHECK(s.state().redeploy_kind() == FeatureKind::kRoad);
  REQUIRE(s.Apply(1, Redeploy{1}) == RejectReason::kNone);
  std::vector<std::string> order;
  for (std::size_t i = mark; i < s.events().size(); ++i) {
    if (const auto* f = std::get_if<FeatureScored>(&s.events()[i])) {
      order.push_back(f->kind == FeatureKind::kCity ? "city scored" : "road scored");
    } else if (std::holds_alternative<CountDecision>(s.events()[i])) {
      order.push_back("decision");
    } else if (std::holds_alternative<FollowersRedeployed>(s.events()[i])) {
      order.push_back("redeployed");
    }
  }
  CHECK(order == std::vector<std::string>{"city scored", "decision", "redeployed", "road scored",
                                          "decision"});
  const auto roads = ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kCompleted);
  CHECK(roads.back().followers[1] == 2);
  // Seat 1 scored, seat 0 nothing: the last decision is seat 0's C-2.
  CHECK(s.state().phase() == Phase::kEnterCity);
  CHECK(s.state().ToMove() == 0);
}

TEST_CASE("C-5 market followers move to farms only in final scoring (note 26)") {
  // Seat 1 is in the market during the game: no completed feature ever asks it.
  Scenario s = Opening("U W");
  REQUIRE(s.Apply(1, EnterCity{Quarter::kMarket, Quarter::kCastle}) == RejectReason::kNone);
  s.Play("0,2 r0 -");
  const std::size_t mark = s.events().size();
  s.Play("0,3 r2 -");  // seat 1 ends CO11's road (nobody on it): no round for the market
  for (const auto& [seat, choice] : Decisions(s, mark)) CHECK(choice != CountChoice::kRedeploy);
  // The draws are over: final scoring starts left of seat 1, with seat 0, who has nothing in
  // the city, so seat 1 is asked, and may move its market follower onto any farm.
  REQUIRE(s.state().phase() == Phase::kFinalMove);
  CHECK(s.state().ToMove() == 1);
  const std::vector<CityExit> exits = s.state().LegalCityExits();
  REQUIRE_FALSE(exits.empty());
  for (const CityExit& e : exits) {
    CHECK(e.quarter == Quarter::kMarket);
    CHECK(e.kind == FeatureKind::kField);
  }
}

TEST_CASE("C-5 final scoring: one follower at a time, round and round, until all pass (note 27)") {
  // Seat 1 ends with followers in the blacksmith and the market; seat 0 with one in the
  // blacksmith. The last tile is seat 0's: seat 1 starts.
  Scenario s = BothInBlacksmith("U", false);
  // Seat 1's U continues CO11's road south (incomplete): the last tile.
  s.Play("0,2 r0 -");
  REQUIRE(s.state().phase() == Phase::kFinalMove);
  CHECK(s.state().ToMove() == 0);  // left of seat 1, who placed the last tile
  const std::vector<CityExit> exits = s.state().LegalCityExits();
  // The blacksmith serves incomplete roads, one entry per road: CO1's, CO4's, CO11-U, L's east
  // road and W's west and east roads.
  for (const CityExit& e : exits) CHECK(e.kind == FeatureKind::kRoad);
  CHECK(exits.size() == 6);
  // A complete road or a city is no target.
  CHECK(s.Apply(0, LeaveCity{Quarter::kBlacksmith, {2, 0}, 0}) == RejectReason::kWrongTarget);
  CHECK(s.Apply(0, LeaveCity{Quarter::kCastle, {2, 1}, 0}) == RejectReason::kQuarterBlocked);
  CHECK(s.Apply(0, LeaveCity{Quarter::kMarket, {-1, 2}, 0}) == RejectReason::kEmptyQuarter);
  const TileCatalog& cat = s.state().catalog();
  const std::uint8_t u_road = cat.SegmentIndex(Kind('U'), "r1");
  REQUIRE(s.Apply(0, LeaveCity{Quarter::kBlacksmith, {0, 2}, u_road}) == RejectReason::kNone);
  // Seat 1 next, then back to seat 0 who has nothing left: seat 1 moves again until it passes.
  CHECK(s.state().ToMove() == 1);
  REQUIRE(s.Apply(1, LeaveCity{Quarter::kBlacksmith, {0, 2}, u_road}) == RejectReason::kNone);
  CHECK(s.state().IsOver());  // seat 0 has nothing left to move, seat 1 neither
  // The road CO11-U (2 tiles) scores for both at the end: one follower each.
  const auto roads = ScoredOf(s.events(), FeatureKind::kRoad, ScoreReason::kIncomplete);
  REQUIRE_FALSE(roads.empty());
  bool found = false;
  for (const FeatureScored& r : roads) {
    if (r.tiles.size() == 2 && r.followers[0] == 1 && r.followers[1] == 1) found = true;
  }
  CHECK(found);
}

TEST_CASE("C-5 a seat that passes cannot move again, and the Count still blocks (note 27)") {
  Scenario s = BothInBlacksmith("U", false);
  s.Play("0,2 r0 -");
  REQUIRE(s.state().ToMove() == 0);
  REQUIRE(s.Apply(0, Pass{}) == RejectReason::kNone);
  CHECK(s.state().ToMove() == 1);
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
  CHECK(s.state().IsOver());
  // C-5: followers still in the city score nothing (note 29); they stay where they are.
  CHECK(s.state().InCity(Quarter::kBlacksmith, 0) == 1);
  CHECK(s.state().InCity(Quarter::kBlacksmith, 1) == 1);
}

TEST_CASE("C-6 followers in the city leave it only by C-4 or C-5") {
  // Seat 1's follower in the market stays through a completed road and city and the whole game;
  // in final scoring it passes, and the follower neither scores nor returns to supply.
  Scenario s = Opening("U W E");
  REQUIRE(s.Apply(1, EnterCity{Quarter::kMarket, Quarter::kCastle}) == RejectReason::kNone);
  const int supply = s.state().supply(1);
  s.Play("0,2 r0 -");   // seat 0
  s.Play("0,3 r2 -");   // seat 1 ends CO11's road, nobody on it
  s.Play("-2,2 r0 -");  // seat 0 closes CO9's city, nobody on it; the last tile
  CHECK(s.state().supply(1) == supply);
  REQUIRE(s.state().phase() == Phase::kFinalMove);
  CHECK(s.state().ToMove() == 1);
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
  REQUIRE(s.state().IsOver());
  CHECK(s.state().InCity(Quarter::kMarket, 1) == 1);
  // Final scoring returned the thief on L's open road, not the follower in the city.
  CHECK(s.state().supply(1) == supply + 1);
}

TEST_CASE(
    "C-5 after the last tile drawn is discarded, the round starts left of the player who placed "
    "the last tile actually placed (clarified)") {
  // Both seats have a follower in the blacksmith. Seat 1 closes CO9's city with E, seat 0 plays
  // U, the last tile placed; seat 1 then draws C, which fits nowhere (no city edge is open) and
  // is discarded (B-6). The draws are over: the C-5 round starts left of seat 0 (the last
  // placer), with seat 1, not left of seat 1 (whose turn it was).
  Scenario s = BothInBlacksmith("E U C", false);
  s.Play("-2,2 r0 -");  // seat 1
  const std::size_t mark = s.events().size();
  s.Play("0,2 r0 -");  // seat 0: the last tile placed
  const auto discarded = EventsOf<TileDiscarded>(s.events(), mark);
  REQUIRE(discarded.size() == 1);
  CHECK(discarded[0].tile == Kind('C'));
  REQUIRE(s.state().phase() == Phase::kFinalMove);
  CHECK(discarded[0].player == 1);  // seat 1 drew it
  CHECK(s.state().ToMove() == 1);
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);
  CHECK(s.state().ToMove() == 0);
  REQUIRE(s.Apply(0, Pass{}) == RejectReason::kNone);
  CHECK(s.state().IsOver());
}

namespace {

// Seat 1 ends with three followers in the castle quarter: seat 0 puts a knight on a small city
// four times and seat 1 closes it, scoring nothing, so C-2 lets it enter the city (first the
// blacksmith, sending the Count to the cathedral, then the castle three times; from the second
// time on it passes in the C-4 round of the city it closes). Then seat 1 closes CO9's city and
// decides, in its C-4 round, with 3 followers in the castle.
Scenario ThreeInTheCastle(std::string_view count_redeploy) {
  Options o = CountOptions();
  REQUIRE(SetOption(o, "count_redeploy", count_redeploy).empty());
  Scenario s(2, "E E E E E D D D J J B", o);
  const auto enter = [&](Quarter q) {
    REQUIRE(s.state().phase() == Phase::kEnterCity);
    REQUIRE(s.Apply(1, EnterCity{q, Quarter::kCathedral}) == RejectReason::kNone);
  };
  s.Play("-2,-2 r0 c1");
  s.Play("-2,-3 r2 -");
  enter(Quarter::kBlacksmith);
  s.Play("1,2 r1 c1");
  s.Play("2,2 r3 -");
  enter(Quarter::kCastle);
  s.Play("-3,-3 r0 c1");
  s.Play("-3,-4 r2 -");
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);  // its C-4 round, 1 in the castle
  enter(Quarter::kCastle);
  s.Play("2,3 r2 c1");
  s.Play("2,4 r0 -");
  REQUIRE(s.Apply(1, Pass{}) == RejectReason::kNone);  // 2 in the castle
  enter(Quarter::kCastle);
  s.Play("-4,-4 r0 c1");
  s.Play("-2,2 r0 -");  // seat 1 closes CO9's city
  REQUIRE(s.state().phase() == Phase::kRedeploy);
  REQUIRE(s.state().ToMove() == 1);
  REQUIRE(s.state().RedeployLimit() == 3);
  return s;
}

}  // namespace

TEST_CASE(
    "C-4 (clarified) count_redeploy seed: all, one or none of the quarter's followers, another "
    "number is refused citing C-4") {
  Scenario s = ThreeInTheCastle("seed");
  CHECK(s.state().RedeployCounts() == std::vector<int>{1, 3});
  CHECK(ViewFor(s.state(), 1).redeploy_counts == std::vector<int>{1, 3});
  const GameState before = s.state();
  const RejectReason r = s.Apply(1, Redeploy{2});
  CHECK(r == RejectReason::kRedeployAmount);
  CHECK(s.state() == before);
  const Refusal why = s.state().Explain(r);
  CHECK(why.rule == "C-4");
  CHECK(Describe(why) ==
        "C-4: move all of your followers from the quarter, exactly one, or none (option "
        "count_redeploy=seed)");
  CHECK(GameState(before).Apply(1, Redeploy{1}) == RejectReason::kNone);
  REQUIRE(s.Apply(1, Redeploy{3}) == RejectReason::kNone);
  CHECK(s.state().InCity(Quarter::kCastle, 1) == 0);
}

TEST_CASE("C-4 (clarified) count_redeploy any, the default: any number from 1 to all") {
  CHECK(GetOption(Options{}, "count_redeploy") == "any");
  Scenario s = ThreeInTheCastle("any");
  CHECK(s.state().RedeployCounts() == std::vector<int>{1, 2, 3});
  REQUIRE(s.Apply(1, Redeploy{2}) == RejectReason::kNone);
  CHECK(s.state().InCity(Quarter::kCastle, 1) == 1);
}
