// The turn-based clock (rooms/move_deadline.h) on its own, with the test's own wall clock: the
// reminder at 80% of the move's time, the reserve that longer moves use up, the expiry, and the
// state a restart reads back.
#include <catch2/catch.hpp>

#include "rooms/move_deadline.h"

using carc::server::MoveDeadline;
using carc::server::TurnBasedRules;

namespace {

constexpr std::int64_t kHour = 60 * 60;
constexpr std::int64_t kDay = 24 * kHour;
constexpr std::int64_t kT0 = 1'800'000'000;  // a Unix time in 2027

}  // namespace

TEST_CASE("turn-based clock: a reminder at 80% of the move's time, the expiry at its end",
          "[turn-based]") {
  MoveDeadline clock(2, {kDay, 0});
  CHECK(clock.Check(kT0) == MoveDeadline::Due::kNothing);  // nobody's turn yet
  CHECK(clock.Left(kT0) == -1);
  REQUIRE(clock.Switch(0, kT0));
  CHECK(clock.RemindAt() == kT0 + kDay * 4 / 5);
  CHECK(clock.Check(kT0 + kDay * 4 / 5 - 1) == MoveDeadline::Due::kNothing);
  CHECK(clock.Check(kT0 + kDay * 4 / 5) == MoveDeadline::Due::kRemind);
  clock.Reminded();
  CHECK(clock.Check(kT0 + kDay - 1) == MoveDeadline::Due::kNothing);  // reminded once a turn
  CHECK(clock.Left(kT0 + kDay - 1) == 1);
  CHECK(clock.Check(kT0 + kDay) == MoveDeadline::Due::kExpire);
  clock.Expired();
  // A policy that waits (ABANDON_POLICY_WAIT) leaves the turn where it is: expired once.
  CHECK(clock.Check(kT0 + 3 * kDay) == MoveDeadline::Due::kNothing);
  CHECK(clock.Left(kT0 + 3 * kDay) == 0);
  // The next turn starts afresh, its reminder due again.
  REQUIRE(clock.Switch(1, kT0 + 3 * kDay));
  CHECK(clock.Check(kT0 + 3 * kDay + kDay * 4 / 5) == MoveDeadline::Due::kRemind);
}

TEST_CASE("turn-based clock: a turn of several commands is one turn", "[turn-based]") {
  MoveDeadline clock(3, {kHour, 0});
  REQUIRE(clock.Switch(2, kT0));
  CHECK_FALSE(clock.Switch(2, kT0 + 600));  // the tile, then the follower: still the same turn
  CHECK(clock.Deadline() == kT0 + kHour);
  CHECK(clock.Switch(-1, kT0 + 900));  // the game is over: no turn runs
  CHECK(clock.Check(kT0 + 10 * kHour) == MoveDeadline::Due::kNothing);
}

TEST_CASE("turn-based clock: moves past their time use the reserve, for the rest of the game",
          "[turn-based]") {
  MoveDeadline clock(2, {kDay, 2 * kDay});
  REQUIRE(clock.Switch(0, kT0));
  CHECK(clock.Deadline() == kT0 + 3 * kDay);
  // Seat 0 moves after a day and a half: half a day of its reserve is gone.
  REQUIRE(clock.Switch(1, kT0 + kDay + kDay / 2));
  CHECK(clock.state().reserve == std::vector<std::int64_t>{kDay + kDay / 2, 2 * kDay});
  // A move within its time costs nothing.
  const std::int64_t t1 = kT0 + kDay + kDay / 2;
  REQUIRE(clock.Switch(0, t1 + kHour));
  CHECK(clock.state().reserve == std::vector<std::int64_t>{kDay + kDay / 2, 2 * kDay});
  CHECK(clock.Deadline() == t1 + kHour + kDay + kDay + kDay / 2);
  // The reminder is still at 80% of the move's own time, not of the reserve.
  CHECK(clock.RemindAt() == t1 + kHour + kDay * 4 / 5);
  // Expired: the reserve is spent, and later turns have the move's time only.
  clock.Expired();
  REQUIRE(clock.Switch(1, t1 + 4 * kDay));
  REQUIRE(clock.Switch(0, t1 + 4 * kDay + kHour));
  CHECK(clock.state().reserve[0] == 0);
  CHECK(clock.Deadline() == t1 + 4 * kDay + kHour + kDay);
}

TEST_CASE("turn-based clock: the state a restart reads back goes on where it was", "[turn-based]") {
  MoveDeadline before(2, {kDay, kDay});
  REQUIRE(before.Switch(1, kT0));
  before.Reminded();
  MoveDeadline after(2, {kDay, kDay});
  REQUIRE(after.Restore(before.state()));
  CHECK(after.state() == before.state());
  // Days that passed while the server was down count: the turn started when it started.
  CHECK(after.Check(kT0 + 2 * kDay) == MoveDeadline::Due::kExpire);
  CHECK(after.Check(kT0 + kDay) == MoveDeadline::Due::kNothing);  // reminded already
  // A state that does not fit the room is refused, and changes nothing.
  MoveDeadline::State wrong = before.state();
  wrong.reserve.push_back(0);
  CHECK_FALSE(after.Restore(wrong));
  wrong = before.state();
  wrong.seat = 2;
  CHECK_FALSE(after.Restore(wrong));
  wrong = before.state();
  wrong.reserve[0] = kDay + 1;  // more reserve than the rules give
  CHECK_FALSE(after.Restore(wrong));
  CHECK(after.state() == before.state());
}

TEST_CASE("turn-based clock: the rules' bounds", "[turn-based]") {
  CHECK(std::string(carc::server::TurnBasedProblem({kHour, 0})).empty());
  CHECK(std::string(carc::server::TurnBasedProblem({14 * kDay, 14 * kDay})).empty());
  CHECK(std::string(carc::server::TurnBasedProblem({kHour - 1, 0})).find("move_seconds") !=
        std::string::npos);
  CHECK(std::string(carc::server::TurnBasedProblem({14 * kDay + 1, 0})).find("move_seconds") !=
        std::string::npos);
  CHECK(std::string(carc::server::TurnBasedProblem({kDay, -1})).find("reserve_seconds") !=
        std::string::npos);
  CHECK(
      std::string(carc::server::TurnBasedProblem({kDay, 14 * kDay + 1})).find("reserve_seconds") !=
      std::string::npos);
}
