// Lobbies of games over days that their host left (the review: a lobby only its absent host
// holds was never disposed of, survived restarts, and counted toward --max-rooms; 30 of them
// refused every new room). Now such a lobby waits --turn-based-lobby-hours for its host, counted
// across restarts from the time kept in its seat table; an account sits in at most
// --max-turn-based-lobbies of them; and turn-based rooms count toward --max-turn-based-rooms,
// apart from the live rooms' --max-rooms.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>

#include "fake_room.h"

namespace carc::test::away_lobby {
namespace {

constexpr std::int64_t kHour = 3600;
constexpr std::int64_t kStart = 1'800'000'000;

v1::ClientMessage CreateRoom(bool turn_based, std::uint32_t request_id) {
  v1::ClientMessage m;
  m.set_request_id(request_id);
  v1::RoomOptions* o = m.mutable_create_room()->mutable_options();
  o->set_game_type(v1::GAME_TYPE_BASE);
  o->set_seats(2);
  if (turn_based) o->mutable_turn_based()->set_move_seconds(24 * kHour);
  m.mutable_create_room()->set_player_name("Host");
  return m;
}

server::RoomConfig Config(std::int64_t& now) {
  server::RoomConfig config;
  config.wall_now = [&now] { return now; };
  config.max_turn_based_rooms = 30;
  config.max_rooms = 30;
  config.max_rooms_per_address = 1000;  // every fake connection has one address
  return config;
}

// Sweeps until the sweeper has nothing more to dispose of.
void SweepAll(server::RoomRegistry& registry, FakeRooms& rooms) {
  for (int i = 0; i < 3; ++i) {
    registry.Sweep();
    rooms.RunUntilIdle();
  }
}

}  // namespace

TEST_CASE("away lobbies: 30 lobbies of absent hosts expire, and a new room is created",
          "[rooms][turn-based]") {
  std::int64_t now = kStart;
  FakeRooms rooms(Config(now));
  // Six accounts, five lobbies each: the review's 30, every host gone at once.
  std::vector<std::string> codes;
  for (int account = 1; account <= 6; ++account) {
    for (int i = 0; i < 5; ++i) {
      const auto host = rooms.Connect();
      host->set_account({account, "Host" + std::to_string(account)});
      rooms.Deliver(host, CreateRoom(true, 1));
      const auto granted = host->Last(&v1::ServerMessage::has_seat_granted);
      REQUIRE(granted);
      codes.push_back(granted->seat_granted().room_code());
      rooms.Disconnect(host);
    }
    // A sixth lobby of the same account is past --max-turn-based-lobbies.
    const auto more = rooms.Connect();
    more->set_account({account, "Host" + std::to_string(account)});
    rooms.Deliver(more, CreateRoom(true, 2));
    const auto refused = more->Last(&v1::ServerMessage::has_error);
    REQUIRE(refused);
    CHECK(refused->error().code() == v1::ERROR_CODE_TOO_MANY_ROOMS);
    CHECK_THAT(refused->error().message(), Catch::Contains("--max-turn-based-lobbies"));
  }
  // The turn-based rooms are at their cap; a live room is not held up by them.
  const auto late = rooms.Connect();
  late->set_account({99, "Late"});
  rooms.Deliver(late, CreateRoom(true, 3));
  REQUIRE(late->Last(&v1::ServerMessage::has_error));
  CHECK_THAT(late->Last(&v1::ServerMessage::has_error)->error().message(),
             Catch::Contains("--max-turn-based-rooms"));
  const auto live = rooms.Connect();
  rooms.Deliver(live, CreateRoom(false, 4));
  CHECK(live->Last(&v1::ServerMessage::has_seat_granted));
  CHECK(rooms.metrics.rooms_refused_max_turn_based.load() == 1);

  // An hour short of the wait, every lobby is still there.
  now += 71 * kHour;
  SweepAll(rooms.registry(), rooms);
  for (const std::string& code : codes) CHECK(rooms.registry().Find(code));
  // At the wait's end, all 30 go.
  now += kHour;
  SweepAll(rooms.registry(), rooms);
  int left = 0;
  for (const std::string& code : codes) left += rooms.registry().Find(code) ? 1 : 0;
  CHECK(left == 0);
  CHECK(rooms.metrics.rooms_disposed_away_lobby.load() == 30);
  // And a new turn-based room is made.
  rooms.Deliver(late, CreateRoom(true, 5));
  CHECK(late->Last(&v1::ServerMessage::has_seat_granted));
}

TEST_CASE(
    "away lobbies: a host who comes back keeps the lobby, and the wait counts across a "
    "restart",
    "[rooms][turn-based]") {
  std::int64_t now = kStart;
  FakeRooms rooms(Config(now));
  const auto open = [&](std::int64_t account) {
    const auto host = rooms.Connect();
    host->set_account({account, "Host" + std::to_string(account)});
    rooms.Deliver(host, CreateRoom(true, 1));
    const auto granted = host->Last(&v1::ServerMessage::has_seat_granted);
    REQUIRE(granted);
    return std::make_pair(host, granted->seat_granted().room_code());
  };
  auto [ann, ann_room] = open(1);
  auto [bob, bob_room] = open(2);
  rooms.Disconnect(ann);
  rooms.Disconnect(bob);
  // Ann comes back after 70 hours and stays; Bob does not.
  now += 70 * kHour;
  const auto back = rooms.Connect();
  back->set_account({1, "Host1"});
  v1::ClientMessage join;
  join.mutable_join_room()->set_code(ann_room);
  join.mutable_join_room()->set_player_name("Host1");
  rooms.Deliver(back, join);
  REQUIRE(back->Last(&v1::ServerMessage::has_seat_granted));
  now += 10 * kHour;
  SweepAll(rooms.registry(), rooms);
  CHECK(rooms.registry().Find(ann_room));
  CHECK_FALSE(rooms.registry().Find(bob_room));

  // Ann leaves now, and a third lobby's host too; the server restarts (a new registry on the
  // same store) 40 hours later and runs 32 more: each wait was kept in its seat table.
  rooms.Disconnect(back);
  auto [cy, cy_room] = open(3);
  rooms.Disconnect(cy);
  now += 40 * kHour;
  boost::asio::io_context io;
  FakeRoomMetrics metrics;
  const server::RoomConfig config = Config(now);
  server::RoomRegistry restarted(io, config, metrics, rooms.store, nullptr);
  restarted.RestoreAll();
  io.poll();
  REQUIRE(restarted.Find(cy_room));
  REQUIRE(restarted.Find(ann_room));
  restarted.Sweep();
  io.restart();
  io.poll();
  CHECK(restarted.Find(cy_room));
  CHECK(restarted.Find(ann_room));
  now += 32 * kHour;
  restarted.Sweep();
  io.restart();
  io.poll();
  CHECK_FALSE(restarted.Find(cy_room));
  CHECK_FALSE(restarted.Find(ann_room));
  CHECK(metrics.rooms_disposed_away_lobby.load() == 2);
  restarted.CloseAll(server::close_code::kRestart, "end of the test");
  io.restart();
  io.poll();
  restarted.ReleaseSessions();
}

}  // namespace carc::test::away_lobby
