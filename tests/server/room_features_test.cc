// Room features beyond a plain game: the turn clock, resigning, kicking, rematch, the
// abandon policy and the public room list.
#include <algorithm>
#include <catch2/catch.hpp>
#include <thread>

#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

v1::ClientMessage Simple(void (*set)(v1::ClientMessage&)) {
  v1::ClientMessage m;
  set(m);
  return m;
}

// A two-seat game whose clocks hold one second and gain nothing, started.
RawGame OneSecondClockGame(TestServer& server, v1::AbandonPolicy policy) {
  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(policy);
  room.mutable_clock()->set_initial_seconds(1);
  room.mutable_clock()->set_increment_seconds(0);
  return StartRawGame(server, room);
}

}  // namespace

TEST_CASE("turn clock: an empty time bank makes the server play the fallback move") {
  TestServer server;
  // The computer policy has its own test.
  RawGame game = OneSecondClockGame(server, v1::ABANDON_POLICY_WAIT);
  REQUIRE(game.error.empty());
  const auto before = Snapshot(*game.seats[0]);
  REQUIRE(before);
  REQUIRE(before->clock().remaining_ms_size() == 2);
  const int mover = before->base().to_move();
  CHECK(before->clock().running_for() == mover);
  // Nobody moves: within a few seconds the seat to move times out.
  const auto batch = Skip(
      *game.seats[0],
      [](const v1::ServerMessage& m) { return HasEvent(m, v1::BaseEvent::kTurnTimedOut); }, 8s);
  REQUIRE(batch);
  const v1::EventBatch& b = batch->event_batch();
  CHECK(b.seq() == before->seq() + 1);  // one command: the timeout
  CHECK(HasEvent(*batch, v1::BaseEvent::kTilePlaced));
  CHECK(b.clock().remaining_ms(mover) == 0);
  CHECK(b.clock().running_for() != mover);
}

TEST_CASE("turn clock: under the computer policy an empty time bank makes a computer play") {
  TestServer server;
  RawGame game = OneSecondClockGame(server, v1::ABANDON_POLICY_COMPUTER);
  REQUIRE(game.error.empty());
  const auto before = Snapshot(*game.seats[0]);
  REQUIRE(before);
  const int mover = before->base().to_move();
  // Nobody moves: within a few seconds the greedy computer places the tile (not the engine's
  // timeout), ahead of any queue.
  const auto batch = Skip(
      *game.seats[0],
      [](const v1::ServerMessage& m) { return HasEvent(m, v1::BaseEvent::kTilePlaced); }, 8s);
  REQUIRE(batch);
  CHECK(batch->event_batch().seq() == before->seq() + 1);
  CHECK_FALSE(HasEvent(*batch, v1::BaseEvent::kTurnTimedOut));
  CHECK(batch->event_batch().clock().remaining_ms(mover) == 0);
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_bot_moves_total 0\n") == std::string::npos);
}

TEST_CASE("resign over the wire: the other seat wins at once in a 2-player game") {
  TestServer server;
  RawGame game = StartRawGame(server, 2);
  REQUIRE(game.error.empty());
  // A resignation is answered by the batch every seat gets (it carries no request id). The
  // test sends without waiting: a client that stops reading misses the server's pings.
  game.seats[1]->Send(Simple([](v1::ClientMessage& m) { m.mutable_resign(); }));
  const auto ended = Skip(*game.seats[0], [](const v1::ServerMessage& m) {
    return HasEvent(m, v1::BaseEvent::kGameEnded);
  });
  REQUIRE(ended);
  CHECK(HasEvent(*ended, v1::BaseEvent::kPlayerResigned));
  for (const auto& e : ended->event_batch().events()) {
    if (e.base().has_game_ended()) {
      REQUIRE(e.base().game_ended().winners_size() == 1);
      CHECK(e.base().game_ended().winners(0) == 0);
    }
  }
  const auto again = Ask(*game.seats[1], Simple([](v1::ClientMessage& m) { m.mutable_resign(); }));
  REQUIRE(again);
  REQUIRE(again->has_error());
  CHECK(again->error().code() == v1::ERROR_CODE_RULE_VIOLATION);

  // A finished room offers a rematch: a new room with the same options.
  game.seats[0]->Send(Simple([](v1::ClientMessage& m) { m.mutable_rematch(); }));
  const auto rematch =
      Skip(*game.seats[1], [](const v1::ServerMessage& m) { return m.has_rematch_created(); });
  REQUIRE(rematch);
  const std::string code = rematch->rematch_created().room_code();
  CHECK(code != game.code);
  auto newcomer = DialHello(server);
  const auto joined = Ask(*newcomer, JoinMsg(code));
  REQUIRE(joined);
  CHECK(joined->has_seat_granted());
}

TEST_CASE("kick: only the host removes a player, who is closed with 4001") {
  TestServer server;
  auto host = DialHello(server);
  const auto created = Ask(*host, CreateMsg(3));
  REQUIRE(created);
  REQUIRE(created->has_seat_granted());
  const std::string code = created->seat_granted().room_code();
  auto guest = DialHello(server);
  REQUIRE(Ask(*guest, JoinMsg(code)));
  auto other = DialHello(server);
  REQUIRE(Ask(*other, JoinMsg(code)));

  v1::ClientMessage kick;
  kick.mutable_kick_player()->set_seat(2);
  const auto refused = Ask(*guest, kick);
  REQUIRE(refused);
  REQUIRE(refused->has_error());
  CHECK(refused->error().code() == v1::ERROR_CODE_NOT_HOST);

  kick.mutable_kick_player()->set_seat(1);
  host->Send(kick);
  CHECK(AwaitClose(*guest) == 4001);
  const auto state = Skip(*host, [](const v1::ServerMessage& m) {
    return m.has_room_state() && !m.room_state().seats(1).occupied();
  });
  CHECK(state);
}

TEST_CASE("abandon policy FALLBACK_MOVE: after the grace period the server plays the seat") {
  TestServer server;  // grace period 2 s
  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(v1::ABANDON_POLICY_FALLBACK_MOVE);
  RawGame game = StartRawGame(server, room);
  REQUIRE(game.error.empty());
  const auto snap = Snapshot(*game.seats[0]);
  REQUIRE(snap);
  const int mover = snap->base().to_move();
  const int stayer = 1 - mover;
  game.seats[static_cast<std::size_t>(mover)]->Close();
  const auto played = Skip(
      *game.seats[static_cast<std::size_t>(stayer)],
      [](const v1::ServerMessage& m) { return HasEvent(m, v1::BaseEvent::kTurnTimedOut); }, 10s);
  REQUIRE(played);
  CHECK(played->event_batch().seq() > snap->seq());
}

namespace {

// Creates a two-seat room through `client` and returns its code.
std::string CreateRoomCode(client::WsClient& client, bool is_public) {
  v1::RoomOptions options = RoomFor(2);
  options.set_is_public(is_public);
  const auto created = Ask(client, CreateMsg(options));
  REQUIRE(created);
  REQUIRE(created->has_seat_granted());
  return created->seat_granted().room_code();
}

// The codes ListRooms gives `client`.
std::vector<std::string> ListedCodes(client::WsClient& client) {
  const auto list = Ask(client, Simple([](v1::ClientMessage& m) { m.mutable_list_rooms(); }));
  REQUIRE(list);
  REQUIRE(list->has_room_list());
  std::vector<std::string> codes;
  for (const auto& r : list->room_list().rooms()) codes.push_back(r.code());
  return codes;
}

bool Contains(const std::vector<std::string>& codes, const std::string& code) {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

}  // namespace

TEST_CASE("ListRooms shows public rooms only") {
  TestServer server;
  auto a = DialHello(server);
  const std::string pub = CreateRoomCode(*a, true);
  auto b = DialHello(server);
  const std::string priv = CreateRoomCode(*b, false);
  auto c = DialHello(server);
  const auto codes = ListedCodes(*c);
  CHECK(Contains(codes, pub));
  CHECK_FALSE(Contains(codes, priv));
}

TEST_CASE(
    "ListRooms leaves out a public room everyone has left, and an empty list is still a RoomList") {
  TestServer server;
  auto a = DialHello(server);
  const std::string code = CreateRoomCode(*a, true);
  auto c = DialHello(server);
  CHECK(Contains(ListedCodes(*c), code));
  a->Close();
  // The server learns of the closed connection on its own strand: ask until it has, ten times a
  // second (within the connection's message rate) for up to 5 s.
  bool gone = false;
  for (int i = 0; i < 50 && !gone; ++i) {
    gone = !Contains(ListedCodes(*c), code);
    if (!gone) std::this_thread::sleep_for(100ms);
  }
  CHECK(gone);
}
