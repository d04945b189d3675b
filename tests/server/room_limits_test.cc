// Rooms cannot be used to exhaust the server: the room limits (--max-rooms,
// --max-rooms-per-address), disposal of empty lobbies and of finished games nobody is in, one
// rematch room per game, readiness that does not write the log, one room per connection
// whatever the order of its messages, and LeaveRoom's answer.
#include <catch2/catch.hpp>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "carc/store/v1/room_log.pb.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

v1::ClientMessage LeaveMsg() {
  v1::ClientMessage m;
  m.mutable_leave_room();
  return m;
}

v1::ClientMessage RematchMsg() {
  v1::ClientMessage m;
  m.mutable_rematch();
  return m;
}

v1::ClientMessage ReadyMsg(bool ready) {
  v1::ClientMessage m;
  m.mutable_set_ready()->set_ready(ready);
  return m;
}

// Limits small enough to reach in a test, and a sweeper that runs often (tests also call
// Sweep() themselves).
server::ServerConfig LimitsConfig(int per_address, int total, int lobby_ttl_seconds = 1) {
  server::ServerConfig c = TestConfig();
  c.max_rooms_per_address = per_address;
  c.max_rooms = total;
  c.empty_lobby_ttl = std::chrono::seconds(lobby_ttl_seconds);
  c.sweep_interval = std::chrono::milliseconds(200);
  c.rate_burst = 1000;
  c.rate_per_second = 1000;
  return c;
}

std::string CreateRoomOn(client::WsClient& c, int seats = 2) {
  const auto granted = Ask(c, CreateMsg(seats));
  if (!granted || !granted->has_seat_granted()) return "";
  return granted->seat_granted().room_code();
}

bool Leave(client::WsClient& c, const std::string& code) {
  const auto left = Ask(c, LeaveMsg());
  return left && left->has_room_left() && left->room_left().room_code() == code;
}

// The room's seats as a spectator on a fresh connection sees them.
std::optional<v1::RoomState> StateOf(TestServer& server, const std::string& code) {
  auto watcher = DialHello(server);
  if (!watcher) return std::nullopt;
  const auto st = Ask(*watcher, JoinMsg(code, true));
  if (!st || !st->has_room_state()) return std::nullopt;
  return st->room_state();
}

int Occupied(const v1::RoomState& st) {
  int n = 0;
  for (const auto& seat : st.seats()) n += seat.occupied() ? 1 : 0;
  return n;
}

// Waits (bounded) until nothing holds the room any more.
bool Freed(const std::weak_ptr<server::Room>& room) {
  for (int i = 0; i < 200 && !room.expired(); ++i) std::this_thread::sleep_for(10ms);
  return room.expired();
}

// A finished 2-player game (seat 1 resigned), every seat has seen the final RoomState.
RawGame FinishedGame(TestServer& server) {
  RawGame game = StartRawGame(server, 2);
  if (!game.error.empty()) return game;
  v1::ClientMessage resign;
  resign.mutable_resign();
  game.seats[1]->Send(resign);
  for (auto& c : game.seats) {
    if (!Skip(*c, [](const v1::ServerMessage& m) {
          return m.has_room_state() && m.room_state().status() == v1::ROOM_STATUS_FINISHED &&
                 m.room_state().game_id() != 0;
        })) {
      game.error = "the game did not finish";
    }
  }
  return game;
}

}  // namespace

TEST_CASE(
    "rooms: create and leave from one address stops at --max-rooms-per-address, and the empty "
    "lobbies are disposed of and freed",
    "[server][rooms][limits]") {
  TestServer server(LimitsConfig(3, 100, 2));
  auto c = DialHello(server);
  REQUIRE(c);
  std::vector<std::weak_ptr<server::Room>> rooms;
  std::vector<std::string> codes;
  for (int i = 0; i < 3; ++i) {
    const std::string code = CreateRoomOn(*c);
    REQUIRE(code != "");
    codes.push_back(code);
    rooms.push_back(server.app().registry().Find(code));
    REQUIRE(Leave(*c, code));
  }
  const auto refused = Ask(*c, CreateMsg(2));
  REQUIRE(refused);
  REQUIRE(refused->has_error());
  CHECK(refused->error().code() == v1::ERROR_CODE_TOO_MANY_ROOMS);
  // Another connection from the same address is the same address.
  auto other = DialHello(server);
  const auto again = Ask(*other, CreateMsg(2));
  REQUIRE(again);
  REQUIRE(again->has_error());
  CHECK(again->error().code() == v1::ERROR_CODE_TOO_MANY_ROOMS);
  CHECK(MetricValue(server.port(), "carc_rooms_refused_total{reason=\"max_rooms_per_address\"}") ==
        2);
  CHECK(server.app().registry().size() == 3);

  // Nobody is seated (a spectator does not count): after --empty-lobby-ttl the sweeper
  // disposes of them, in memory and in the store, and the address may create rooms again.
  auto watcher = DialHello(server);
  const auto watching = Ask(*watcher, JoinMsg(codes[0], true));
  REQUIRE(watching);
  REQUIRE(watching->has_room_state());
  server.app().registry().Sweep();
  CHECK(server.app().registry().size() == 3);  // not before the time-to-live
  std::this_thread::sleep_for(2100ms);
  server.app().registry().Sweep();
  CHECK(server.app().registry().size() == 0);
  for (const auto& room : rooms) CHECK(Freed(room));
  CHECK(MetricValue(server.port(), "carc_rooms_disposed_total{reason=\"empty_lobby\"}") == 3);
  CHECK(server.app().store().OpenRooms().empty());
  // The spectator is told, and is free to go elsewhere.
  const auto left = Skip(*watcher, [](const v1::ServerMessage& m) { return m.has_room_left(); });
  REQUIRE(left);
  CHECK(left->request_id() == 0);
  CHECK(left->room_left().room_code() == codes[0]);
  CHECK(CreateRoomOn(*c) != "");
  const auto joined = Ask(*watcher, JoinMsg(codes[1]));
  REQUIRE(joined);
  REQUIRE(joined->has_error());
  CHECK(joined->error().code() == v1::ERROR_CODE_ROOM_NOT_FOUND);
}

TEST_CASE("rooms: --max-rooms refuses a room past the total, whoever asks",
          "[server][rooms][limits]") {
  TestServer server(LimitsConfig(100, 3));
  std::vector<std::unique_ptr<client::WsClient>> hosts;
  for (int i = 0; i < 3; ++i) {
    hosts.push_back(DialHello(server));
    REQUIRE(CreateRoomOn(*hosts.back()) != "");
  }
  auto late = DialHello(server);
  const auto refused = Ask(*late, CreateMsg(2));
  REQUIRE(refused);
  REQUIRE(refused->has_error());
  CHECK(refused->error().code() == v1::ERROR_CODE_TOO_MANY_ROOMS);
  CHECK(MetricValue(server.port(), "carc_rooms_refused_total{reason=\"max_rooms\"}") == 1);
  CHECK(server.app().registry().size() == 3);
  // A seated lobby is not disposed of: the limit holds until someone leaves.
  std::this_thread::sleep_for(1100ms);
  server.app().registry().Sweep();
  CHECK(server.app().registry().size() == 3);
}

TEST_CASE(
    "rooms: a spectator cannot ask for a rematch, a second Rematch names the same room, "
    "and rematches count against the room limits",
    "[server][rooms][limits]") {
  TestServer server(LimitsConfig(2, 100, 60));
  RawGame game = FinishedGame(server);
  REQUIRE(game.error == "");
  auto watcher = DialHello(server);
  REQUIRE(Ask(*watcher, JoinMsg(game.code, true)));
  const auto spectator = Ask(*watcher, RematchMsg());
  REQUIRE(spectator);
  REQUIRE(spectator->has_error());
  CHECK(spectator->error().code() == v1::ERROR_CODE_NOT_A_PLAYER);
  CHECK(server.app().registry().size() == 1);

  const auto first = Ask(*game.seats[0], RematchMsg());
  REQUIRE(first);
  REQUIRE(first->has_rematch_created());
  const std::string code = first->rematch_created().room_code();
  for (int i = 0; i < 5; ++i) {
    const auto again = Ask(*game.seats[i % 2], RematchMsg());
    REQUIRE(again);
    REQUIRE(again->has_rematch_created());
    CHECK(again->rematch_created().room_code() == code);
  }
  CHECK(server.app().registry().size() == 2);
  // The game room and its rematch are this address's two rooms.
  auto other = DialHello(server);
  const auto refused = Ask(*other, CreateMsg(2));
  REQUIRE(refused);
  REQUIRE(refused->has_error());
  CHECK(refused->error().code() == v1::ERROR_CODE_TOO_MANY_ROOMS);
}

TEST_CASE(
    "rooms: a finished game whose players leave is disposed of at the next sweep and "
    "freed, while anyone is in it it stays",
    "[server][rooms][limits]") {
  TestServer server(LimitsConfig(10, 100));
  RawGame game = FinishedGame(server);
  REQUIRE(game.error == "");
  std::weak_ptr<server::Room> room = server.app().registry().Find(game.code);
  REQUIRE_FALSE(room.expired());
  const auto id = room.lock()->room_id();

  REQUIRE(Leave(*game.seats[0], game.code));
  server.app().registry().Sweep();
  CHECK(server.app().registry().Find(game.code) != nullptr);  // seat 1 is still at the table

  // The other one drops its connection instead of leaving: that counts the same.
  game.seats[1]->Close();
  game.seats[1].reset();
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    std::this_thread::sleep_for(20ms);
    server.app().registry().Sweep();
    gone = server.app().registry().Find(game.code) == nullptr;
  }
  CHECK(gone);
  CHECK(server.app().registry().size() == 0);
  CHECK(Freed(room));
  CHECK(MetricValue(server.port(), "carc_rooms_disposed_total{reason=\"finished\"}") == 1);
  // Not rebuilt at the next start; the archive keeps the game.
  for (const auto& open : server.app().store().OpenRooms()) CHECK(open.id != id);
  CHECK(server.app().store().Game(id).has_value());
}

TEST_CASE("rooms: toggling ready 100 times writes a bounded number of log entries",
          "[server][rooms][limits]") {
  TestServer server(LimitsConfig(10, 100));
  auto host = DialHello(server);
  const std::string code = CreateRoomOn(*host, 3);
  REQUIRE(code != "");
  auto guest = DialHello(server);
  const auto joined = Ask(*guest, JoinMsg(code));
  REQUIRE(joined);
  REQUIRE(joined->has_seat_granted());
  const auto room = server.app().registry().Find(code);
  REQUIRE(room);
  const auto before = server.app().store().Log(room->room_id());
  REQUIRE(before);
  for (int i = 0; i < 100; ++i) guest->Send(ReadyMsg(i % 2 == 0));
  // Answered in order on the room's strand: every toggle has been handled once this is.
  const auto marker = Ask(*guest, SnapshotMsg());
  REQUIRE(marker);
  REQUIRE(marker->has_error());
  const auto after = server.app().store().Log(room->room_id());
  REQUIRE(after);
  INFO("entries before " << before->size() << ", after " << after->size());
  CHECK(after->size() == before->size());

  // A seat change is still written ahead, with the readiness of the moment. The marker's answer
  // says the ready was handled: a room state would not (Ask keeps the toggles' room states
  // for later, and one of those is "ready" too), and the third's join, on another connection,
  // could then reach the room first.
  guest->Send(ReadyMsg(true));
  const auto handled = Ask(*guest, SnapshotMsg());
  REQUIRE(handled);
  REQUIRE(handled->has_error());
  auto third = DialHello(server);
  REQUIRE(Ask(*third, JoinMsg(code)));
  const auto last = server.app().store().Log(room->room_id());
  REQUIRE(last);
  REQUIRE(last->size() == before->size() + 1);
  carc::store::v1::RoomLogEntry entry;
  REQUIRE(entry.ParseFromString(last->back()));
  REQUIRE(entry.has_seats());
  CHECK(entry.seats().seats(1).ready());
  CHECK(entry.seats().seats(2).occupied());
}

TEST_CASE(
    "rooms: join and create sent back to back on one connection give it one seat in one "
    "room",
    "[server][rooms][race]") {
  TestServer server(LimitsConfig(1000, 1000));
  auto host = DialHello(server);
  const std::string a = CreateRoomOn(*host, 6);
  auto host_b = DialHello(server);
  const std::string b = CreateRoomOn(*host_b, 6);
  REQUIRE(a != "");
  REQUIRE(b != "");
  for (int round = 0; round < 12; ++round) {
    INFO("round " << round);
    auto c = DialHello(server);
    REQUIRE(c);
    std::vector<v1::ClientMessage> requests;
    switch (round % 3) {
      case 0:
        requests = {CreateMsg(2), JoinMsg(a)};
        break;
      case 1:
        requests = {JoinMsg(a), CreateMsg(2)};
        break;
      default:
        requests = {JoinMsg(a), JoinMsg(b)};
        break;
    }
    std::vector<std::uint32_t> ids;
    for (auto& r : requests) {
      ids.push_back(c->NextRequestId());
      r.set_request_id(ids.back());
      REQUIRE(c->Send(r));
    }
    int granted = 0;
    int refused = 0;
    std::set<std::string> codes = {a, b};
    for (const auto id : ids) {
      const auto answer =
          Await(*c, [id](const v1::ServerMessage& m) { return m.request_id() == id; });
      REQUIRE(answer);
      if (answer->has_seat_granted()) {
        ++granted;
        codes.insert(answer->seat_granted().room_code());
      } else {
        REQUIRE(answer->has_error());
        CHECK(answer->error().code() == v1::ERROR_CODE_ALREADY_IN_ROOM);
        ++refused;
      }
    }
    CHECK(granted == 1);
    CHECK(refused == 1);
    // Every room's seats: the hosts, this round's seat, and the earlier rounds' (which left).
    int seats = 0;
    for (const auto& code : codes) {
      const auto st = StateOf(server, code);
      REQUIRE(st);
      seats += Occupied(*st);
    }
    CHECK(seats == 3);
    const auto answer = Ask(*c, LeaveMsg());
    REQUIRE(answer);
    CHECK(answer->has_room_left());
  }
}

TEST_CASE("rooms: a resume and a join sent back to back give the connection one seat",
          "[server][rooms][race]") {
  TestServer server(LimitsConfig(1000, 1000));
  auto host = DialHello(server);
  const std::string a = CreateRoomOn(*host, 3);
  auto guest = DialHello(server);
  const auto granted = Ask(*guest, JoinMsg(a));
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  const std::string token = granted->seat_granted().resume_token();
  guest->Close();
  auto host_b = DialHello(server);
  const std::string b = CreateRoomOn(*host_b, 3);
  REQUIRE(b != "");

  auto c = Dial(server);
  REQUIRE(c);
  v1::ClientMessage hello = HelloMsg(token);
  hello.set_request_id(c->NextRequestId());
  v1::ClientMessage join = JoinMsg(b);
  join.set_request_id(c->NextRequestId());
  REQUIRE(c->Send(hello));
  REQUIRE(c->Send(join));
  const auto welcome =
      Await(*c, [&](const v1::ServerMessage& m) { return m.request_id() == hello.request_id(); });
  const auto joined =
      Await(*c, [&](const v1::ServerMessage& m) { return m.request_id() == join.request_id(); });
  REQUIRE(welcome);
  REQUIRE(joined);
  CHECK(welcome->has_welcome());
  CHECK(welcome->welcome().room_code() == a);
  REQUIRE(joined->has_error());
  CHECK(joined->error().code() == v1::ERROR_CODE_ALREADY_IN_ROOM);
  const auto st_b = StateOf(server, b);
  REQUIRE(st_b);
  CHECK(Occupied(*st_b) == 1);
}

TEST_CASE(
    "rooms: LeaveRoom is answered with RoomLeft, and a CreateRoom right after succeeds, 50 "
    "times in a row",
    "[server][rooms][leave]") {
  TestServer server(LimitsConfig(1000, 1000));
  auto c = DialHello(server);
  REQUIRE(c);
  int ok = 0;
  for (int i = 0; i < 50; ++i) {
    const std::string code = CreateRoomOn(*c);
    if (code.empty() || !Leave(*c, code)) break;
    ++ok;
  }
  CHECK(ok == 50);
  // A leave without a room is NOT_IN_ROOM, and changes nothing.
  const auto stray = Ask(*c, LeaveMsg());
  REQUIRE(stray);
  REQUIRE(stray->has_error());
  CHECK(stray->error().code() == v1::ERROR_CODE_NOT_IN_ROOM);
}
