// The lobby's seat messages on their own (rooms/lobby_desk.h): a seat table, no room, socket or
// store. Each refusal names its code and changes nothing.
#include <catch2/catch.hpp>

#include "rooms/lobby_desk.h"

namespace carc::test {
namespace {

using server::LobbyAnswer;
using server::LobbyDesk;
using server::SeatTable;
using Then = LobbyAnswer::Then;

// Four seats: the host in 0, a second person in 1, 2 and 3 free.
SeatTable Table() {
  SeatTable seats(4);
  seats.Grant(0, "Ada", nullptr, "t0");
  seats.Grant(1, "Bob", nullptr, "t1");
  return seats;
}

const LobbyDesk::Limits kLimits{true, std::chrono::milliseconds(2000)};

LobbyAnswer Decide(SeatTable& seats, int seat, const v1::ClientMessage& m,
                   const LobbyDesk::Limits& limits = kLimits) {
  return LobbyDesk::Decide(seats, seat, m, limits);
}

v1::ClientMessage AddComputer(const std::string& level, int seat = -1) {
  v1::ClientMessage m;
  m.mutable_add_computer()->set_level(level);
  m.mutable_add_computer()->set_seat(seat);
  return m;
}

// What the clients would see of the table: a refusal must leave it as it was.
std::string Stored(const SeatTable& seats) {
  return seats.ToStored().SerializeAsString();
}

}  // namespace

TEST_CASE("lobby desk: a seat moves, and a taken or missing seat is refused unchanged",
          "[server][rooms][lobby]") {
  SeatTable seats = Table();
  v1::ClientMessage m;
  m.mutable_take_seat()->set_seat(3);
  const LobbyAnswer moved = Decide(seats, 1, m);
  CHECK(moved.then == Then::kMoved);
  CHECK(moved.seat == 3);
  CHECK(seats[3].name == "Bob");
  CHECK_FALSE(seats[1].occupied);

  const std::string before = Stored(seats);
  m.mutable_take_seat()->set_seat(0);
  const LobbyAnswer taken = Decide(seats, 3, m);
  CHECK(taken.then == Then::kNothing);
  CHECK(taken.code == v1::ERROR_CODE_SEAT_TAKEN);
  CHECK(taken.error == "that seat is taken");
  m.mutable_take_seat()->set_seat(9);
  const LobbyAnswer missing = Decide(seats, 3, m);
  CHECK(missing.code == v1::ERROR_CODE_SEAT_TAKEN);
  CHECK(missing.error == "no such seat");
  CHECK(Stored(seats) == before);
}

TEST_CASE("lobby desk: colours are unique and known (B-2), readiness is the seat's own",
          "[server][rooms][lobby]") {
  SeatTable seats = Table();
  const std::string taken_colour = seats[0].colour;
  v1::ClientMessage m;
  m.mutable_choose_colour()->set_colour(taken_colour);
  const std::string before = Stored(seats);
  const LobbyAnswer taken = Decide(seats, 1, m);
  CHECK(taken.code == v1::ERROR_CODE_COLOUR_TAKEN);
  CHECK(taken.error == "colour " + taken_colour + " is taken");
  m.mutable_choose_colour()->set_colour("mauve");
  const LobbyAnswer unknown = Decide(seats, 1, m);
  CHECK(unknown.code == v1::ERROR_CODE_INVALID_OPTIONS);
  CHECK(Stored(seats) == before);

  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_ready(true);
  CHECK(Decide(seats, 1, ready).then == Then::kBroadcast);
  CHECK(seats[1].ready);
  CHECK_FALSE(seats[0].ready);
}

TEST_CASE("lobby desk: only the host adds computers, at a level this server allows",
          "[server][rooms][lobby]") {
  SeatTable seats = Table();
  const std::string before = Stored(seats);
  CHECK(Decide(seats, 1, AddComputer("easy")).code == v1::ERROR_CODE_NOT_HOST);
  CHECK(Decide(seats, 0, AddComputer("easy"), {false, std::chrono::milliseconds(2000)}).error ==
        "this server has no computer players (--bot-threads 0)");
  CHECK(Decide(seats, 0, AddComputer("grandmaster")).code == v1::ERROR_CODE_INVALID_OPTIONS);
  CHECK(Decide(seats, 0, AddComputer(std::string(17, 'e'))).code ==
        v1::ERROR_CODE_INVALID_OPTIONS);  // refused unread
  const LobbyAnswer slow = Decide(seats, 0, AddComputer("mcts@5000"));
  CHECK(slow.code == v1::ERROR_CODE_INVALID_OPTIONS);
  CHECK_THAT(slow.error, Catch::Contains("at most 2000 ms"));
  CHECK(Decide(seats, 0, AddComputer("easy", 1)).code == v1::ERROR_CODE_SEAT_TAKEN);
  CHECK(Stored(seats) == before);

  CHECK(Decide(seats, 0, AddComputer("easy")).then == Then::kBroadcast);
  CHECK(seats[2].computer());
  CHECK(Decide(seats, 0, AddComputer("mcts@2000", 3)).then == Then::kBroadcast);
  CHECK(seats[3].computer());
  const LobbyAnswer full = Decide(seats, 0, AddComputer("easy"));
  CHECK(full.code == v1::ERROR_CODE_ROOM_FULL);
}

TEST_CASE("lobby desk: the host starts once two are seated and all are ready, and kicks",
          "[server][rooms][lobby]") {
  SeatTable seats(4);
  seats.Grant(0, "Ada", nullptr, "t0");
  v1::ClientMessage start;
  start.mutable_start_game();
  CHECK(Decide(seats, 0, start).code == v1::ERROR_CODE_NOT_ENOUGH_PLAYERS);
  seats.Grant(1, "Bob", nullptr, "t1");
  CHECK(Decide(seats, 1, start).code == v1::ERROR_CODE_NOT_HOST);
  const LobbyAnswer waiting = Decide(seats, 0, start);
  CHECK(waiting.code == v1::ERROR_CODE_PLAYERS_NOT_READY);
  CHECK(waiting.error == "seat 1 is not ready");
  seats[1].ready = true;
  const std::string before = Stored(seats);
  CHECK(Decide(seats, 0, start).then == Then::kStart);
  CHECK(Stored(seats) == before);  // starting is the room's to write

  v1::ClientMessage kick;
  kick.mutable_kick_player()->set_seat(0);
  CHECK(Decide(seats, 0, kick).code == v1::ERROR_CODE_NOT_IN_ROOM);  // not the host
  kick.mutable_kick_player()->set_seat(3);
  CHECK(Decide(seats, 0, kick).code == v1::ERROR_CODE_NOT_IN_ROOM);  // nobody there
  kick.mutable_kick_player()->set_seat(-7);
  CHECK(Decide(seats, 0, kick).code == v1::ERROR_CODE_NOT_IN_ROOM);
  kick.mutable_kick_player()->set_seat(1);
  CHECK(Decide(seats, 1, kick).code == v1::ERROR_CODE_NOT_HOST);
  const LobbyAnswer out = Decide(seats, 0, kick);
  CHECK(out.then == Then::kKick);
  CHECK(out.seat == 1);
  CHECK(seats[1].occupied);  // freeing it (and its token) is the room's
  CHECK(Stored(seats) == before);
}

TEST_CASE("lobby desk: a message that is not the seats' is refused", "[server][rooms][lobby]") {
  v1::ClientMessage chat;
  chat.mutable_send_chat()->set_text("hi");
  SeatTable seats = Table();
  const LobbyAnswer a = Decide(seats, 0, chat);
  CHECK(a.code == v1::ERROR_CODE_UNKNOWN_MESSAGE);
}

}  // namespace carc::test
