// The room's parts on their own, without a socket or a clock: the turn clock and the token
// bucket (connections' messages and chat), the chat gate, the write gate, the room's phase,
// the seat table.
#include <catch2/catch.hpp>

#include "net/token_bucket.h"
#include "rooms/chat_gate.h"
#include "rooms/room_phase.h"
#include "rooms/seat_table.h"
#include "rooms/turn_clock.h"
#include "rooms/write_gate.h"

using carc::server::ChatGate;
using carc::server::TokenBucket;
using carc::server::TurnClock;
using carc::server::WriteGate;
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

TEST_CASE("turn clock: an undo restores the state, a restart charges nobody for the downtime",
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

TEST_CASE("token bucket: a burst, then the rate, and time going backwards adds nothing",
          "[rooms]") {
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

TEST_CASE("chat gate: length in characters, 5 at once then one per 2 s per connection", "[rooms]") {
  ChatGate chat;
  // 500 characters of two bytes each pass; 501 do not, and cost the sender nothing.
  std::string long_text;
  for (int i = 0; i < 500; ++i) long_text += "\xc3\xa9";  // é
  ChatGate::Verdict v = chat.Check("a", 1, "Ann", long_text, t0);
  CHECK(v.code == carc::v1::ERROR_CODE_UNSPECIFIED);
  CHECK(v.message.chat().seat() == 1);
  CHECK(v.message.chat().name() == "Ann");
  CHECK(v.message.chat().text() == long_text);
  v = chat.Check("a", 1, "Ann", long_text + "e", t0);
  CHECK(v.code == carc::v1::ERROR_CODE_CHAT_TOO_LONG);
  CHECK(v.error.find("500") != std::string::npos);
  CHECK_FALSE(v.message.has_chat());
  CHECK(chat.Check("a", 1, "Ann", "", t0).code == carc::v1::ERROR_CODE_CHAT_TOO_LONG);
  // Four more make the burst of 5; the sixth is a flood. Another connection has its own.
  for (int i = 0; i < 4; ++i) CHECK(chat.Check("a", 1, "Ann", "hi", t0).code == 0);
  v = chat.Check("a", 1, "Ann", "hi", t0);
  CHECK(v.code == carc::v1::ERROR_CODE_RATE_LIMITED);
  CHECK(v.error == "too many chat messages");
  CHECK(chat.Check("b", -1, "Bo", "hi", t0).code == 0);
  CHECK(chat.Check("a", 1, "Ann", "hi", t0 + 1900ms).code == carc::v1::ERROR_CODE_RATE_LIMITED);
  CHECK(chat.Check("a", 1, "Ann", "hi", t0 + 2s).code == 0);
  CHECK(chat.tracked() == 2);
  chat.Forget("a");  // the connection left: a new one starts with a full burst
  CHECK(chat.tracked() == 1);
  for (int i = 0; i < 5; ++i) CHECK(chat.Check("a", 1, "Ann", "hi", t0 + 2s).code == 0);
  chat.Clear();
  CHECK(chat.tracked() == 0);
}

TEST_CASE("write gate: held in order while a write is in flight, clients refused past the bound",
          "[rooms]") {
  WriteGate gate(3);
  std::vector<int> ran;
  gate.RunOrHold([&] { ran.push_back(0); });  // no write: at once
  CHECK(ran == std::vector<int>{0});
  CHECK_FALSE(gate.full());
  gate.BeginWrite();
  for (int i = 1; i <= 3; ++i) {
    CHECK_FALSE(gate.full());
    gate.RunOrHold([&ran, i] { ran.push_back(i); });
  }
  CHECK(gate.held() == 3);
  CHECK(gate.full());  // a fourth client's message would be refused
  CHECK(ran == std::vector<int>{0});
  // The room's own work is still held past the bound.
  gate.RunOrHold([&] {
    ran.push_back(4);
    gate.BeginWrite();  // a held command starts a write of its own: the rest waits again
  });
  gate.RunOrHold([&] { ran.push_back(5); });
  gate.EndWrite();
  CHECK(ran == std::vector<int>{0});  // nothing runs until the room has broadcast the result
  gate.RunHeld();
  CHECK(ran == std::vector<int>{0, 1, 2, 3, 4});
  CHECK(gate.writing());
  CHECK(gate.held() == 1);
  CHECK_FALSE(gate.full());
  gate.EndWrite();
  gate.RunHeld();
  CHECK(ran == std::vector<int>{0, 1, 2, 3, 4, 5});
  CHECK(gate.held() == 0);
  gate.BeginWrite();
  gate.RunOrHold([&] { ran.push_back(6); });
  gate.Clear();  // the connections are gone
  gate.EndWrite();
  gate.RunHeld();
  CHECK(ran.size() == 6);
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

TEST_CASE(
    "seat table: colours by default (B-2), the host passes on, moves and colours refused "
    "with their reason",
    "[rooms]") {
  using carc::server::SeatTable;
  using R = SeatTable::Refusal;
  SeatTable t(4);
  CHECK(t.FirstFree() == 0);
  t.Grant(2, "Ada", nullptr, "h-ada");
  t.Grant(0, "Bo", nullptr, "h-bo");
  CHECK(t.Occupied() == 2);
  CHECK(t.host() == 2);  // the first to sit
  CHECK(t.IsHost(2));
  CHECK(t[2].colour == "yellow");  // B-2: the first colour nobody has
  CHECK(t[0].colour == "red");
  CHECK(t.SeatOfToken("h-bo") == 0);
  CHECK(t.SeatOfToken("") == -1);
  CHECK(t.SeatOfToken("nobody") == -1);
  CHECK(t.SeatOf(nullptr) == -1);

  CHECK(t.ChooseColour(0, "yellow") == R::kColourTaken);
  CHECK(t.ChooseColour(0, "purple") == R::kUnknownColour);
  CHECK(t.ChooseColour(1, "blue") == R::kNoSuchSeat);  // nobody sits there
  CHECK(t.ChooseColour(0, "blue") == R::kNone);
  CHECK(t[0].colour == "blue");

  int to = -1;
  CHECK(t.Move(0, 2, &to) == R::kSeatTaken);
  CHECK(t.Move(0, 4, &to) == R::kNoSuchSeat);
  CHECK(t.Move(0, -2, &to) == R::kNoSuchSeat);
  CHECK(t.Move(2, -1, &to) == R::kNone);  // the first free seat
  CHECK(to == 1);
  CHECK(t.host() == 1);  // the host moved with the player
  CHECK(t[1].name == "Ada");
  CHECK_FALSE(t[2].occupied);

  CHECK(t.FirstNotReady() == 0);  // the host need not be ready
  t[0].ready = true;
  CHECK_FALSE(t.FirstNotReady());

  CHECK(t.Free(1) == "h-ada");  // the host leaves: the first occupied seat hosts
  CHECK(t.host() == 0);
  CHECK(t.Free(3).empty());
  CHECK(t.Free(7).empty());  // out of the table: nothing happens
  CHECK(t.Occupied() == 1);
}

TEST_CASE("seat table: compacted for the start (the host kept), stored and read back", "[rooms]") {
  using carc::server::SeatTable;
  SeatTable t(5);
  t.Grant(4, "Cy", nullptr, "h-cy");
  t.Grant(1, "Di", nullptr, "h-di");
  t.Grant(3, "Ed", nullptr, "h-ed");
  const SeatTable players = t.Compacted();
  REQUIRE(players.size() == 3);
  CHECK(players[0].name == "Di");
  CHECK(players[1].name == "Ed");
  CHECK(players[2].name == "Cy");
  CHECK(players.host() == 2);  // Cy, the host, was seat 4

  t[3].ready = true;
  SeatTable back;
  back.Load(t.ToStored(), t0);
  REQUIRE(back.size() == 5);
  CHECK(back.host() == 4);
  CHECK(back[3].ready);
  CHECK(back[3].token_hash == "h-ed");
  CHECK(back[3].dropped_at == t0);  // the grace period starts again
  CHECK_FALSE(back[0].occupied);
  CHECK(back.TokenHashes() == std::vector<std::string>{"h-di", "h-ed", "h-cy"});
  CHECK(back.ToStored().SerializeAsString() == t.ToStored().SerializeAsString());
}

TEST_CASE("seat table: computer players are ready, never host, and stored with their level",
          "[rooms]") {
  using carc::server::SeatTable;
  using R = SeatTable::Refusal;
  SeatTable t(4);
  CHECK(t.GrantComputer(1, "greedy") == R::kNone);
  CHECK(t[1].computer());
  CHECK(t[1].ready);
  CHECK(t[1].name == "Computer 2");
  CHECK(t[1].colour == "yellow");  // B-2: the first colour nobody has
  CHECK_FALSE(t.IsHost(1));        // nobody hosts a table of computers
  CHECK(t.GrantComputer(1, "random") == R::kSeatTaken);
  CHECK(t.GrantComputer(4, "random") == R::kNoSuchSeat);
  CHECK(t.GrantComputer(-1, "random") == R::kNoSuchSeat);
  // The first person to sit hosts, though a computer sat first.
  t.Grant(3, "Fay", nullptr, "h-fay");
  CHECK(t.host() == 3);
  CHECK(t.IsHost(3));
  CHECK(t[3].colour == "red");
  CHECK(t.GrantComputer(0, "mcts@250") == R::kNone);
  CHECK(t.Occupied() == 3);
  CHECK(t.Computers() == 2);
  CHECK_FALSE(t.FirstNotReady());  // computers are ready, the host need not be
  CHECK(t.TokenHashes() == std::vector<std::string>{"h-fay"});
  // Stored and read back with their levels.
  SeatTable back;
  back.Load(t.ToStored(), t0);
  CHECK(back[0].computer_level == "mcts@250");
  CHECK(back[1].computer_level == "greedy");
  CHECK_FALSE(back[3].computer());
  CHECK(back.host() == 3);
  // The host leaves: a person hosts next, never a computer; with no person left, nobody does.
  t.Grant(2, "Gil", nullptr, "h-gil");
  CHECK(t.Free(3) == "h-fay");
  CHECK(t.host() == 2);
  CHECK(t.Free(2) == "h-gil");
  CHECK_FALSE(t.IsHost(t.host()));
  // The next person to sit hosts again.
  t.Grant(3, "Hal", nullptr, "h-hal");
  CHECK(t.IsHost(3));
}

TEST_CASE(
    "seat table: a guest's seat claimed by the account they signed up for, a deleted account's "
    "seat left to its label",
    "[rooms][accounts]") {
  using carc::server::SeatTable;
  SeatTable t(3);
  t.Grant(0, "ada", nullptr, "h-ada");
  t.Grant(1, "Bob", nullptr, "h-bob");
  t[1].account = 7;  // Bob sat signed in
  CHECK(t.GrantComputer(2, "greedy") == SeatTable::Refusal::kNone);
  t[2].token_hash = "h-cpu";

  // Refused, nothing changed: an unknown token, a guest's "account", an account seated here
  // already, a seat of another account, a computer's seat.
  CHECK(t.ClaimByToken("h-nobody", 5, "Ada") == -1);
  CHECK(t.ClaimByToken("h-ada", 0, "Ada") == -1);
  CHECK(t.ClaimByToken("h-ada", 7, "Ada") == -1);
  CHECK(t.ClaimByToken("h-bob", 5, "Ada") == -1);
  CHECK(t.ClaimByToken("h-cpu", 5, "Ada") == -1);
  CHECK(t[0].account == 0);
  CHECK(t[0].name == "ada");
  CHECK(t[1].name == "Bob");
  CHECK(t[2].account == 0);

  // The guest's seat becomes the account's, under the account's name; once only.
  CHECK(t.ClaimByToken("h-ada", 5, "Ada") == 0);
  CHECK(t[0].account == 5);
  CHECK(t[0].name == "Ada");
  CHECK(t.SeatOfAccount(5) == 0);
  CHECK(t.ClaimByToken("h-ada", 6, "Eve") == -1);
  CHECK(t[0].account == 5);

  // Deleted: the seat plays on under its label, for no account; another account's is untouched.
  CHECK(t.ForgetAccount(9, "Player 9") == -1);
  CHECK(t.ForgetAccount(0, "nobody") == -1);
  CHECK(t.ForgetAccount(5, "Player 1") == 0);
  CHECK(t[0].account == 0);
  CHECK(t[0].name == "Player 1");
  CHECK(t[0].occupied);
  CHECK(t[0].token_hash == "h-ada");  // the guest's way back still works
  CHECK(t.SeatOfAccount(5) == -1);
  CHECK(t[1].account == 7);
}
