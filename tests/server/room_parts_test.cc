// The room's parts on their own, without a socket or a clock: the turn clock and the token
// bucket (connections' messages and chat), the room's phase.
#include <catch2/catch.hpp>

#include "net/token_bucket.h"
#include "rooms/room_phase.h"
#include "rooms/turn_clock.h"

using carc::server::TokenBucket;
using carc::server::TurnClock;
using namespace std::chrono_literals;

namespace {

const TurnClock::Clock::time_point t0{std::chrono::hours(1000)};

}  // namespace

TEST_CASE("turn clock: the running seat is charged, gets the increment, and never goes below 0",
          "[rooms][clock]") {
  TurnClock clock(3, 60s, 5s);
  REQUIRE(clock.on());
  CHECK(clock.running_for() == -1);
  CHECK(clock.Switch(0, t0));
  CHECK(clock.Deadline() == t0 + 60s);
  CHECK(clock.RemainingMs(t0 + 10s) == std::vector<std::uint32_t>{50000, 60000, 60000});
  CHECK_FALSE(clock.Switch(0, t0 + 12s));  // the same seat's second step: nothing changes
  CHECK(clock.Switch(1, t0 + 20s));
  // Seat 0 used 20 s of 60 and got 5 s: 45 s. Seat 1 runs from t0 + 20 s.
  CHECK(clock.Readings() == std::vector<std::uint32_t>{45000, 60000, 60000});
  CHECK(clock.Deadline() == t0 + 80s);
  CHECK(clock.Switch(2, t0 + 200s));  // seat 1 overran its bank: 0, plus the increment
  CHECK(clock.Readings() == std::vector<std::uint32_t>{45000, 5000, 60000});
  CHECK(clock.RemainingMs(t0 + 500s) == std::vector<std::uint32_t>{45000, 5000, 0});
  clock.RanOut(t0 + 260s);
  CHECK(clock.Readings() == std::vector<std::uint32_t>{45000, 5000, 0});
  CHECK(clock.Deadline() == t0 + 260s);
  CHECK(clock.Switch(-1, t0 + 261s));  // the game is over: nobody runs
  CHECK(clock.running_for() == -1);
  CHECK(clock.Deadline() == TurnClock::Clock::time_point::max());
}

TEST_CASE("turn clock: an undo restores the state; a restart charges nobody for the downtime",
          "[rooms][clock]") {
  TurnClock clock(2, 30s, 0s);
  clock.Switch(0, t0);
  const TurnClock::State before = clock.state();
  clock.Switch(1, t0 + 10s);
  clock.Restore(before);
  CHECK(clock.running_for() == 0);
  CHECK(clock.Readings() == std::vector<std::uint32_t>{30000, 30000});
  CHECK(clock.Deadline() == t0 + 30s);

  // A log read back: the readings as stored, then the seat to act runs from the restart.
  TurnClock loaded(2, 0s, 0s);
  CHECK_FALSE(loaded.Load({1000}));  // not one reading per seat
  REQUIRE(loaded.Load({12000, 7000}));
  loaded.Resume(1, t0 + 1h);
  CHECK(loaded.Deadline() == t0 + 1h + 7s);
  CHECK(loaded.Readings() == std::vector<std::uint32_t>{12000, 7000});

  TurnClock off;
  CHECK_FALSE(off.on());
  CHECK_FALSE(off.Switch(0, t0));
  CHECK(off.RemainingMs(t0).empty());
}

TEST_CASE("token bucket: a burst, then the rate; time going backwards adds nothing", "[rooms]") {
  TokenBucket b(3, 2, t0);
  CHECK(b.Take(t0));
  CHECK(b.Take(t0));
  CHECK(b.Take(t0));
  CHECK_FALSE(b.Take(t0));          // the burst is spent
  CHECK_FALSE(b.Take(t0 + 400ms));  // 0.8 of a token
  CHECK(b.Take(t0 + 500ms));        // one token per half second
  CHECK_FALSE(b.Take(t0 - 10s));    // an earlier time refills nothing
  CHECK(b.Take(t0 + 100s));         // long idle refills to the burst, not beyond
  CHECK(b.Take(t0 + 100s));
  CHECK(b.Take(t0 + 100s));
  CHECK_FALSE(b.Take(t0 + 100s));
}

TEST_CASE("room phase: lobby, playing, finished in that order only, counted in the gauges",
          "[rooms]") {
  using carc::server::RoomPhase;
  using carc::server::RoomPhaseTracker;
  std::atomic<std::int64_t> lobby{0};
  std::atomic<std::int64_t> playing{0};
  std::atomic<std::int64_t> finished{0};
  {
    RoomPhaseTracker a({lobby, playing, finished});
    RoomPhaseTracker b({lobby, playing, finished});
    CHECK(lobby == 2);
    CHECK_FALSE(a.Advance(RoomPhase::kFinished));  // no game was played
    CHECK_FALSE(a.Advance(RoomPhase::kLobby));
    CHECK(a.phase() == RoomPhase::kLobby);
    CHECK(a.Advance(RoomPhase::kPlaying));
    CHECK_FALSE(a.Advance(RoomPhase::kPlaying));  // a second start
    CHECK((lobby == 1 && playing == 1 && finished == 0));
    CHECK(a.Advance(RoomPhase::kFinished));
    CHECK_FALSE(a.Advance(RoomPhase::kPlaying));  // no way back
    CHECK((lobby == 1 && playing == 0 && finished == 1));
  }
  CHECK((lobby == 0 && playing == 0 && finished == 0));  // gone rooms count nowhere
}
