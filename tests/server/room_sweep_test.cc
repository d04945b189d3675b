// The sweeper (RoomRegistry::Sweep) without a socket: it looks only at rooms one of whose
// disposal conditions is counting (Room::MayDispose), not at every room of a large server.
#include <catch2/catch.hpp>

#include <thread>

#include "fake_room.h"

namespace carc::test::room_sweep {
namespace {

v1::ClientMessage CreateBase() {
  v1::ClientMessage m;
  m.set_request_id(1);
  m.mutable_create_room()->mutable_options()->set_game_type(v1::GAME_TYPE_BASE);
  m.mutable_create_room()->mutable_options()->set_seats(2);
  m.mutable_create_room()->set_player_name("Host");
  return m;
}

std::string Created(FakeRooms& rooms, const std::shared_ptr<FakeSession>& host) {
  rooms.Deliver(host, CreateBase());
  const auto granted = host->Last(&v1::ServerMessage::has_seat_granted);
  REQUIRE(granted);
  return granted->seat_granted().room_code();
}

v1::ClientMessage Leave() {
  v1::ClientMessage m;
  m.mutable_leave_room();
  return m;
}

}  // namespace

TEST_CASE(
    "sweep: only rooms whose countdown runs are visited, and an emptied lobby is visited no "
    "more once disposed of",
    "[rooms][sweep]") {
  server::RoomConfig config;
  config.empty_lobby_ttl = std::chrono::seconds(1);
  FakeRooms rooms(config);
  auto& registry = rooms.registry();
  const auto swept = [&] { return rooms.metrics.rooms_swept.load(); };

  // Three rooms whose hosts sit in them. Each counted for the moment before its host sat down,
  // so the first sweep looks at each once, and then at none of them.
  std::vector<std::shared_ptr<FakeSession>> hosts;
  for (int i = 0; i < 3; ++i) {
    hosts.push_back(rooms.Connect());
    Created(rooms, hosts.back());
  }
  registry.Sweep();
  CHECK(swept() == 3);
  registry.Sweep();
  registry.Sweep();
  CHECK(swept() == 3);
  CHECK(registry.size() == 3);

  // A fourth room whose host leaves: nobody is seated, its countdown runs, it is looked at
  // at every sweep.
  const auto leaver = rooms.Connect();
  const std::string code = Created(rooms, leaver);
  rooms.Deliver(leaver, Leave());
  REQUIRE(leaver->Last(&v1::ServerMessage::has_room_left));
  registry.Sweep();
  registry.Sweep();
  CHECK(swept() == 5);
  CHECK(registry.size() == 4);

  // Somebody sits in it: the countdown stops; one more look, then none.
  const auto guest = rooms.Connect();
  v1::ClientMessage join;
  join.mutable_join_room()->set_code(code);
  join.mutable_join_room()->set_player_name("Guest");
  rooms.Deliver(guest, join);
  REQUIRE(guest->Last(&v1::ServerMessage::has_seat_granted));
  registry.Sweep();
  registry.Sweep();
  CHECK(swept() == 6);

  // The guest leaves too: after --empty-lobby-ttl the room is disposed of, and no sweep looks
  // for it again. The three rooms being used were never looked at again.
  rooms.Deliver(guest, Leave());
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  registry.Sweep();
  CHECK(swept() == 7);
  CHECK(registry.size() == 3);
  CHECK(registry.Find(code) == nullptr);
  CHECK(rooms.metrics.rooms_disposed_empty_lobby == 1);
  registry.Sweep();
  CHECK(swept() == 7);
}

}  // namespace carc::test::room_sweep
