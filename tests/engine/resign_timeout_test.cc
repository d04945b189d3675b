// Commands that come from the room rather than a player's choice: Timeout (a clock ran out,
// or a resigned seat's turn) plays the documented fallback move; Resign takes a seat out.
#include <catch2/catch.hpp>

#include "carc/engine/random_player.h"
#include "carc/engine/replay.h"
#include "scenario.h"

using namespace carc::engine;
using carc::test::EventsOf;
using carc::test::Scenario;

TEST_CASE("Timeout in the tile step plays the first legal placement and no follower") {
  Scenario s(2, "E U V");
  const Placement first = s.state().LegalPlacements().front();
  const std::uint64_t seq = s.state().seq();
  REQUIRE(s.state().Apply(1, Timeout{}, nullptr) == RejectReason::kNotYourTurn);
  std::vector<Event> events;
  REQUIRE(s.state().Apply(0, Timeout{}, &events) == RejectReason::kNone);
  CHECK(s.state().seq() == seq + 1);  // one command, one seq step
  REQUIRE_FALSE(EventsOf<TurnTimedOut>(events).empty());
  const auto placed = EventsOf<TilePlaced>(events);
  REQUIRE(placed.size() == 1);
  CHECK(placed[0].pos == first.pos);
  CHECK(placed[0].rotation == first.rotation);
  CHECK(EventsOf<FollowerPlaced>(events).empty());
  CHECK(s.state().supply(0) == 7);
  CHECK(s.state().ToMove() == 1);
}

TEST_CASE("Timeout in the follower step deploys no follower") {
  Scenario s(2, "E U V");
  REQUIRE(s.TryPlace({0, -1}, 2) == RejectReason::kNone);
  REQUIRE(s.state().phase() == Phase::kPlaceFollower);
  std::vector<Event> events;
  REQUIRE(s.state().Apply(0, Timeout{}, &events) == RejectReason::kNone);
  CHECK(EventsOf<FollowerPlaced>(events).empty());
  CHECK(s.state().supply(0) == 7);
  CHECK(s.state().ToMove() == 1);
}

TEST_CASE("Resign: the seat cannot move or win, and its turns take Timeout") {
  Scenario s(3, "E U V B");
  std::vector<Event> events;
  REQUIRE(s.state().Apply(1, Resign{}, &events) == RejectReason::kNone);  // not its turn: allowed
  CHECK(EventsOf<PlayerResigned>(events).size() == 1);
  CHECK(s.state().resigned(1));
  CHECK_FALSE(s.state().IsOver());  // two seats still play
  CHECK(s.state().Apply(1, Resign{}) == RejectReason::kResigned);
  s.Play("0,-1 r2 c1");  // seat 0 closes the city D+E: 4 points
  REQUIRE(s.state().ToMove() == 1);
  CHECK(s.state().Apply(1, PlaceTile{{1, 0}, 1, kNoTile}) == RejectReason::kResigned);
  REQUIRE(s.state().Apply(1, Timeout{}) == RejectReason::kNone);
  CHECK(s.state().ToMove() == 2);
}

TEST_CASE("Resign leaving one seat ends the game at once, the resigned seat cannot win") {
  Scenario s(2, "E U V B");
  s.Play("0,-1 r2 c1");  // seat 0: 4 points
  std::vector<Event> events;
  REQUIRE(s.state().Apply(1, Resign{}, &events) == RejectReason::kNone);
  REQUIRE(s.state().IsOver());
  const auto ended = EventsOf<GameEnded>(events);
  REQUIRE(ended.size() == 1);
  CHECK(ended[0].winners == std::vector<Seat>{0});

  Scenario t(2, "E U V B");
  t.Play("0,-1 r2 c1");  // seat 0 leads 4:0 and resigns: seat 1 wins with fewer points
  REQUIRE(t.state().Apply(0, Resign{}) == RejectReason::kNone);
  REQUIRE(t.state().IsOver());
  CHECK(t.state().score(0) == 4);
  CHECK(t.state().Leaders() == std::vector<Seat>{1});
}

TEST_CASE("games with resignations and timeouts replay from their command log") {
  for (int players = 3; players <= 5; ++players) {
    GameConfig config;
    config.players = players;
    config.seed = 700 + static_cast<std::uint64_t>(players);
    GameState state(config);
    RandomPlayer player(static_cast<std::uint64_t>(players));
    Rng chance(static_cast<std::uint64_t>(players) * 31);
    std::vector<LoggedCommand> log;
    while (!state.IsOver()) {
      if (log.size() == 20) {  // seat 1 resigns early; its turns then take Timeout
        REQUIRE(state.Apply(1, Resign{}) == RejectReason::kNone);
        log.push_back({1, Resign{}});
      }
      LoggedCommand c = player.Choose(state);
      if (state.resigned(c.seat) || chance.Below(10) == 0) c.command = Timeout{};
      REQUIRE(state.Apply(c.seat, c.command) == RejectReason::kNone);
      log.push_back(c);
    }
    const ReplayResult again = Replay(config, log);
    CHECK(again.error == RejectReason::kNone);
    CHECK(again.state == state);
    const auto leaders = state.Leaders();
    CHECK(std::find(leaders.begin(), leaders.end(), 1) == leaders.end());
  }
}
