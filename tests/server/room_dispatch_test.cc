// A room's path for a command, without a socket (fake_room.h): a client's game command is
// decoded once, by its game's adapter, and a hint reaches the asker through the adapter's wire
// form, for a game the server does not name (test_game.h).
#include <catch2/catch.hpp>

#include "fake_room.h"
#include "rooms/tokens.h"
#include "test_game.h"

namespace carc::test {
namespace {

v1::ClientMessage Create(std::uint32_t rid) {
  v1::ClientMessage m;
  m.set_request_id(rid);
  v1::RoomOptions* o = m.mutable_create_room()->mutable_options();
  o->set_game_type(TestGame::kType);
  o->set_seats(2);
  o->set_hints(true);
  m.mutable_create_room()->set_player_name("Ada");
  return m;
}

}  // namespace

TEST_CASE(
    "room: a game command is decoded once, stored only once accepted, and a third game's hint "
    "goes out through its adapter",
    "[rooms][dispatch]") {
  TestGame game;
  server::ExtraGame offered(game);
  server::RoomConfig config;
  config.max_computer_ms = std::chrono::milliseconds(30);  // a hint's search time
  FakeRooms rooms(config, 1);

  const auto ada = rooms.Connect();
  rooms.Deliver(ada, Create(1));
  const auto granted = ada->Last(&v1::ServerMessage::has_seat_granted);
  REQUIRE(granted);
  const std::string code = granted->seat_granted().room_code();
  const auto bo = rooms.Connect();
  v1::ClientMessage join;
  join.mutable_join_room()->set_code(code);
  join.mutable_join_room()->set_player_name("Bo");
  rooms.Deliver(bo, join);
  REQUIRE(bo->Last(&v1::ServerMessage::has_seat_granted));
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_ready(true);
  rooms.Deliver(bo, ready);
  v1::ClientMessage start;
  start.mutable_start_game();
  rooms.Deliver(ada, start);
  const auto snapshot = ada->Last(&v1::ServerMessage::has_snapshot);
  REQUIRE(snapshot);

  // Whoever moves first asks for a hint: the search runs on the pool's thread.
  const bool ada_first = snapshot->snapshot().base().to_move() == 0;
  const auto& mover = ada_first ? ada : bo;
  v1::ClientMessage ask;
  ask.set_request_id(7);
  ask.mutable_request_hint()->set_expected_seq(snapshot->snapshot().seq());
  const int wire_forms = game.wire_forms;
  rooms.Deliver(mover, ask);
  REQUIRE(rooms.RunUntil([&] { return mover->Last(&v1::ServerMessage::has_hint).has_value(); },
                         std::chrono::seconds(10)));
  const v1::Hint hint = mover->Last(&v1::ServerMessage::has_hint)->hint();
  CHECK(game.wire_forms == wire_forms + 1);
  CHECK(hint.command().has_base());
  CHECK(hint.command().expected_seq() == snapshot->snapshot().seq());

  // A command the engine refuses: decoded once, never given a stored form.
  v1::ClientMessage wrong;
  wrong.set_request_id(6);
  *wrong.mutable_game_command() = hint.command();
  wrong.mutable_game_command()->mutable_base()->mutable_place_tile()->mutable_position()->set_x(40);
  const int decodes_before = game.decodes;
  rooms.Deliver(mover, wrong);
  CHECK(game.decodes == decodes_before + 1);
  CHECK(game.stored_forms == 0);
  const auto refused = mover->Last(&v1::ServerMessage::has_error);
  REQUIRE(refused);
  CHECK(refused->error().code() == v1::ERROR_CODE_RULE_VIOLATION);
  mover->received.clear();

  // The hint, sent as it is: decoded once, accepted, and only then given its stored form.
  const int decodes = game.decodes;
  v1::ClientMessage play;
  play.set_request_id(8);
  *play.mutable_game_command() = hint.command();
  rooms.Deliver(mover, play);
  CHECK(game.decodes == decodes + 1);
  CHECK(game.stored_forms == 1);
  const auto batch = mover->Last(&v1::ServerMessage::has_event_batch);
  REQUIRE(batch);
  CHECK(batch->event_batch().seq() == snapshot->snapshot().seq() + 1);
  CHECK_FALSE(mover->Last(&v1::ServerMessage::has_error));
  CHECK(rooms.metrics.commands == 1);
}

}  // namespace carc::test

namespace carc::test {
namespace {

// `s` creates a two-seat room of the base game: its SeatGranted.
std::optional<v1::ServerMessage> SeatInNewRoom(FakeRooms& rooms,
                                               const std::shared_ptr<FakeSession>& s) {
  v1::ClientMessage create;
  create.mutable_create_room()->mutable_options()->set_seats(2);
  create.mutable_create_room()->set_player_name("Ada");
  rooms.Deliver(s, create);
  return s->Last(&v1::ServerMessage::has_seat_granted);
}

}  // namespace

TEST_CASE("room: Welcome says the same limits from the lobby and from a seat taken back",
          "[rooms][dispatch]") {
  server::RoomConfig config;
  config.max_message_bytes = 4000;
  config.rate_per_second = 7;
  config.max_computer_ms = std::chrono::milliseconds(1234);
  FakeRooms rooms(config, 1);
  const auto ada = rooms.Connect();
  auto first = ada->Last(&v1::ServerMessage::has_welcome);
  REQUIRE(first);
  CHECK(first->welcome().session_id() == ada->id());
  CHECK(first->welcome().max_message_bytes() == 4000);
  CHECK(first->welcome().max_commands_per_second() == 7);
  CHECK(first->welcome().max_computer_ms() == 1234);
  CHECK(first->welcome().seat() == -1);
  CHECK(first->welcome().room_code().empty());

  const auto granted = SeatInNewRoom(rooms, ada);
  REQUIRE(granted);
  rooms.Disconnect(ada);

  const auto back = rooms.Connect(granted->seat_granted().resume_token());
  auto again = back->Last(&v1::ServerMessage::has_welcome);
  REQUIRE(again);
  CHECK(again->welcome().session_id() == back->id());
  CHECK(again->welcome().room_code() == granted->seat_granted().room_code());
  CHECK(again->welcome().seat() == 0);
  first->mutable_welcome()->clear_session_id();
  again->mutable_welcome()->clear_session_id();
  again->mutable_welcome()->clear_room_code();
  again->mutable_welcome()->set_seat(-1);
  CHECK(again->welcome().SerializeAsString() == first->welcome().SerializeAsString());

  // Without computer players, nothing a computer could be asked for: 0.
  FakeRooms plain(config, 0);
  CHECK(plain.Connect()->Last(&v1::ServerMessage::has_welcome)->welcome().max_computer_ms() == 0);
}

}  // namespace carc::test

namespace carc::test {

TEST_CASE(
    "room: a resume that reaches a room closed since it was looked up is told to reconnect, "
    "not that its token is bad",
    "[rooms][dispatch][race]") {
  FakeRooms rooms;
  const auto ada = rooms.Connect();
  const auto granted = SeatInNewRoom(rooms, ada);
  REQUIRE(granted);
  const std::string code = granted->seat_granted().room_code();
  rooms.Disconnect(ada);

  // The lobby found the room by the token; before its resume ran on the room's strand, the
  // room was closed here (a cluster node's lease lost, a server stopping).
  const auto room = rooms.registry().Find(code);
  REQUIRE(room);
  const auto back = std::make_shared<FakeSession>("back");
  REQUIRE(back->ClaimMembership());
  rooms.registry().Evict(code, server::close_code::kRestart, "the room moved");
  room->Resume(back, server::HashToken(granted->seat_granted().resume_token()), 5);
  rooms.RunUntilIdle();
  // Closed as the room's members were (the client reconnects and is sent where the room is
  // now), not refused with ERROR_CODE_INVALID_TOKEN (the client would give the seat up).
  CHECK(back->closed_with == server::close_code::kRestart);
  CHECK_FALSE(back->Last(&v1::ServerMessage::has_error));
}

TEST_CASE(
    "room: a connection whose seat a newer one took is closed with 4000 and what it sends "
    "meanwhile goes unanswered",
    "[rooms][dispatch][reconnect]") {
  FakeRooms rooms;
  const auto ada = rooms.Connect();
  const auto granted = SeatInNewRoom(rooms, ada);
  REQUIRE(granted);
  const std::string token = granted->seat_granted().resume_token();
  REQUIRE(!token.empty());

  const auto phone = rooms.Connect(token);
  REQUIRE(phone->Last(&v1::ServerMessage::has_welcome));
  CHECK(ada->closed_with == server::close_code::kReplaced);
  // Read before its close went out (the fake transport never finishes the close): no error
  // races ahead of the close's reason, and the connection cannot join anything else.
  const std::size_t answers = ada->received.size();
  v1::ClientMessage ready;
  ready.set_request_id(2);
  ready.mutable_set_ready()->set_ready(true);
  rooms.Deliver(ada, ready);
  v1::ClientMessage join;
  join.set_request_id(3);
  join.mutable_join_room()->set_code(granted->seat_granted().room_code());
  rooms.Deliver(ada, join);
  CHECK(ada->received.size() == answers);
  CHECK(rooms.registry().Find(granted->seat_granted().room_code())->Summary().players() == 1);
}

}  // namespace carc::test
