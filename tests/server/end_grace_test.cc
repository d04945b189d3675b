// EndGracePeriod: a player present lets the absent policy take a gone player's turns at once
// instead of waiting out the grace period (the web client's "let a computer play now"), and
// every request that has no grace period to end is refused with ERROR_CODE_NOT_AWAY.
#include <catch2/catch.hpp>

#include "test_server.h"

namespace carc::test {
namespace {

v1::ClientMessage EndGraceMsg(int seat) {
  static std::uint32_t next_id = 7000;
  v1::ClientMessage m;
  m.set_request_id(++next_id);
  m.mutable_end_grace_period()->set_seat(seat);
  return m;
}

server::ServerConfig LongGrace() {
  server::ServerConfig config = TestConfig();
  config.grace_period = std::chrono::seconds(600);
  config.absent_level = "greedy";
  return config;
}

}  // namespace

TEST_CASE("end grace: a player present lets a computer play for a gone player at once", "[rooms]") {
  TestServer server(LongGrace());
  RawGame game = StartRawGame(server, 2);  // the computer policy: the default with bots
  REQUIRE(game.error.empty());
  // Nobody is away, and seats that do not exist have no grace period.
  for (const int seat : {0, 1, 2, -1, 2147483647}) {
    INFO("seat " << seat);
    const auto refused = ErrorAnswering(*game.seats[0], EndGraceMsg(seat));
    REQUIRE(refused);
    CHECK(refused->code() == v1::ERROR_CODE_NOT_AWAY);
  }

  game.seats[1].reset();  // seat 1's player goes
  const auto away = Skip(*game.seats[0], [](const v1::ServerMessage& m) {
    return m.has_room_state() && !m.room_state().seats(1).connected();
  });
  REQUIRE(away);
  // Ten minutes of grace to run: without the request nobody would play seat 1 for that long.
  CHECK(away->room_state().seats(1).away_ms_left() > 590'000);
  while (ToMove(game) == 0) REQUIRE(PlayOneCommand(game));
  const auto seq = SeqOf(game);
  REQUIRE(seq);

  // Carried out: no answer of its own, the room's state says it (read at once, not waited for).
  game.seats[0]->Send(EndGraceMsg(1));
  const auto stood_in = Skip(*game.seats[0], [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().seats(1).computer_standing_in();
  });
  REQUIRE(stood_in);
  CHECK(stood_in->room_state().seats(1).away_ms_left() == 0);
  const auto moved = Skip(
      *game.seats[0],
      [&](const v1::ServerMessage& m) {
        return m.has_event_batch() && m.event_batch().seq() >= *seq + 2;
      },
      10s);
  REQUIRE(moved);
  CHECK(ToMove(game) == 0);
  // The grace period is over now: a second request has nothing to end.
  const auto again = ErrorAnswering(*game.seats[0], EndGraceMsg(1));
  REQUIRE(again);
  CHECK(again->code() == v1::ERROR_CODE_NOT_AWAY);
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_grace_periods_ended_total 1\n") != std::string::npos);

  // The player still takes the seat back with the token.
  game.seats[1] = DialHello(server, game.tokens[1]);
  REQUIRE(game.seats[1]);
  REQUIRE(Skip(*game.seats[1], [](const v1::ServerMessage& m) {
    return m.has_room_state() && !m.room_state().seats(1).computer_standing_in() &&
           m.room_state().seats(1).connected();
  }));
}

TEST_CASE("end grace: a room that waits for its players has no policy to apply", "[rooms]") {
  TestServer server(LongGrace());
  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(v1::ABANDON_POLICY_WAIT);
  RawGame game = StartRawGame(server, room);
  REQUIRE(game.error.empty());
  game.seats[1].reset();
  REQUIRE(Skip(*game.seats[0], [](const v1::ServerMessage& m) {
    return m.has_room_state() && !m.room_state().seats(1).connected();
  }));
  const auto refused = ErrorAnswering(*game.seats[0], EndGraceMsg(1));
  REQUIRE(refused);
  CHECK(refused->code() == v1::ERROR_CODE_NOT_AWAY);
  CHECK(refused->message().find("WAIT") != std::string::npos);
}

}  // namespace carc::test
