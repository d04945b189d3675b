// Who a computer decides for, and the room's one job in flight (rooms/computer_seats.h), on
// their own: no room, socket or pool.
#include <catch2/catch.hpp>

#include "fake_room.h"
#include "games/registry.h"
#include "rooms/computer_seats.h"
#include "test_game.h"

namespace carc::test {
namespace {

using server::ComputerSeats;
using namespace std::chrono_literals;

const ComputerSeats::Clock::time_point t0{std::chrono::hours(1000)};

// Seat 0 a person (connected unless `away_since`), seat 1 a computer.
server::SeatTable Table(std::optional<ComputerSeats::Clock::time_point> away_since) {
  server::SeatTable seats(2);
  seats.Grant(0, "Ada", std::make_shared<FakeSession>("ada"), "hash-a");
  if (away_since) {
    seats[0].session.reset();
    seats[0].dropped_at = *away_since;
  }
  REQUIRE(seats.GrantComputer(1, "greedy") == server::SeatTable::Refusal::kNone);
  return seats;
}

}  // namespace

TEST_CASE(
    "computer seats: a computer's seat, and a person's away past the grace period only "
    "under ABANDON_POLICY_COMPUTER",
    "[rooms][computers]") {
  const ComputerSeats stand_in(true, 300s);
  const ComputerSeats fallback(false, 300s);
  CHECK(stand_in.Plays(Table(std::nullopt)[1], t0));
  CHECK(fallback.Plays(Table(std::nullopt)[1], t0));
  CHECK_FALSE(stand_in.Plays(Table(std::nullopt)[0], t0));  // connected
  CHECK_FALSE(stand_in.Plays(Table(t0 - 299s)[0], t0));     // within the grace period
  CHECK(stand_in.Plays(Table(t0 - 300s)[0], t0));
  CHECK_FALSE(fallback.Plays(Table(t0 - 300s)[0], t0));
}

TEST_CASE(
    "computer seats: one job per decision, an urgent one replaces it, an old answer is not "
    "taken for the new job",
    "[rooms][computers]") {
  ComputerSeats computers(true, 300s);
  auto game = TwoSeatGame(7);
  REQUIRE(game);
  auto first = computers.Prepare(*game, bots::BotLevel{bots::BotKind::kGreedy, 10ms}, false);
  REQUIRE(first);
  CHECK(first->level.kind == bots::BotKind::kGreedy);
  CHECK(first->state->seq() == game->seq());
  const ComputerSeats::Job first_job = first->cancel;
  computers.Submitted(first_job, game->seq());
  // The same decision again: nothing new to ask.
  CHECK_FALSE(computers.Prepare(*game, {}, false));
  // Its clock ran out: the quick answer replaces the one waiting, which is cancelled.
  auto urgent = computers.Prepare(*game, bots::BotLevel{bots::BotKind::kGreedy, 10ms}, true);
  REQUIRE(urgent);
  CHECK(urgent->urgent);
  CHECK(first_job->load());
  const ComputerSeats::Job urgent_job = urgent->cancel;
  computers.Submitted(urgent_job, game->seq());
  // The old job's answer does not end the new one: asking again still finds it in flight.
  computers.Answered(first_job);
  CHECK_FALSE(computers.Prepare(*game, {}, false));
  // The player of another seat coming back cancels nothing; the seat to move's does.
  computers.Cancel(1 - game->ToMove(), game.get());
  CHECK_FALSE(urgent_job->load());
  computers.Cancel(game->ToMove(), game.get());
  CHECK(urgent_job->load());
  computers.Answered(urgent_job);
  CHECK(computers.Prepare(*game, {}, false));

  CHECK_FALSE(computers.RanOutFor(0, 0));
  computers.RanOut(0, 0);
  CHECK(computers.RanOutFor(0, 0));
  CHECK_FALSE(computers.RanOutFor(0, 1));
  CHECK_FALSE(computers.RanOutFor(1, 0));
}

TEST_CASE("computer seats: stand-ins are noted once per change, and cleared at the end",
          "[rooms][computers]") {
  ComputerSeats computers(true, 300s);
  auto game = TwoSeatGame(7);
  REQUIRE(game);
  // Nobody stands in: a computer's own seat is not a stand-in.
  CHECK(computers.NoteStandIns(Table(std::nullopt), game.get(), t0));
  CHECK_FALSE(computers.standing_in(0));
  CHECK_FALSE(computers.standing_in(1));
  CHECK_FALSE(computers.NoteStandIns(Table(std::nullopt), game.get(), t0));
  // The person is away past the grace period: a computer stands in, once.
  CHECK(computers.NoteStandIns(Table(t0 - 301s), game.get(), t0));
  CHECK(computers.standing_in(0));
  CHECK_FALSE(computers.NoteStandIns(Table(t0 - 301s), game.get(), t0));
  // No game (the lobby): nobody.
  CHECK(computers.NoteStandIns(Table(t0 - 301s), nullptr, t0));
  CHECK_FALSE(computers.standing_in(0));
  CHECK(computers.NoteStandIns(Table(t0 - 301s), game.get(), t0));
  computers.ClearStandIns();
  CHECK_FALSE(computers.standing_in(0));
}

}  // namespace carc::test
