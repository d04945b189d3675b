// `carcassonne rooms` against a real server on loopback: the public rooms it lists, as text and
// as JSON; bad options and a server that cannot be reached.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli/cli_run.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

TEST_CASE("rooms prints the public rooms a server lists, and only those", "[server][cli]") {
  TestServer server;
  v1::RoomOptions options;
  options.set_game_type(v1::GAME_TYPE_BASE);
  options.set_seats(3);
  options.set_is_public(true);
  auto host = DialHello(server);
  REQUIRE(host);
  const auto open = Ask(*host, CreateMsg(options));
  REQUIRE(open);
  REQUIRE(open->has_seat_granted());
  options.set_is_public(false);
  auto other = DialHello(server);
  REQUIRE(other);
  const auto hidden = Ask(*other, CreateMsg(options));
  REQUIRE(hidden);
  REQUIRE(hidden->has_seat_granted());

  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  const CliRun listing = RunCli("rooms --json --server " + url, false);
  INFO(listing.out);
  CHECK(listing.code == 0);
  REQUIRE(nlohmann::json::accept(listing.out));
  const auto rooms = nlohmann::json::parse(listing.out);
  REQUIRE(rooms.size() == 1);
  CHECK(rooms[0]["code"] == open->seat_granted().room_code());
  CHECK(rooms[0]["game"] == "base");
  CHECK(rooms[0]["status"] == "lobby");
  CHECK(rooms[0]["players"] == 1);
  CHECK(rooms[0]["seats"] == 3);

  const CliRun text = RunCli("rooms --server " + url, false);
  CHECK(text.code == 0);
  CHECK(text.out.find(open->seat_granted().room_code()) != std::string::npos);
  CHECK(text.out.find(hidden->seat_granted().room_code()) == std::string::npos);

  // The first server of a list that answers is asked.
  const CliRun list = RunCli("rooms --json --server ws://127.0.0.1:1," + url, false);
  CHECK(list.code == 0);
  CHECK(list.out.find(open->seat_granted().room_code()) != std::string::npos);
}

TEST_CASE("rooms refuses bad options, and says when no server answers", "[server][cli]") {
  CHECK(RunCli("rooms --server wss://a:1", true).code == 2);
  CHECK(RunCli("rooms --bogus", true).code == 2);
  std::string seventeen;
  for (int i = 0; i < 17; ++i) seventeen += (i ? "," : "") + std::string("ws://127.0.0.1:1");
  CHECK(RunCli("rooms --server " + seventeen, true).code == 2);
  CHECK(RunCli("rooms --server ws://127.0.0.1:1,", true).code == 2);
  const CliRun none = RunCli("rooms --server ws://127.0.0.1:1", true);
  CHECK(none.code == 1);
  CHECK(none.out.find("127.0.0.1:1") != std::string::npos);
}
