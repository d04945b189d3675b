// Whole games over the wire: 2..6 random bots and a spectator play to the end on one server;
// every client's mirror agrees with the server's public hash, and the room's record replays
// through the engine to the scores the clients saw.
#include <catch2/catch.hpp>

#include "bot_game.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

// A spectator that joins after the game sees the same final state as everyone else.
void CheckLateSpectator(TestServer& server, const BotGame& game) {
  auto c = DialHello(server);
  REQUIRE(c);
  const auto joined = Ask(*c, JoinMsg(game.code(), true));
  REQUIRE(joined);
  REQUIRE(joined->has_room_state());
  CHECK(joined->room_state().status() == v1::ROOM_STATUS_FINISHED);
  const auto snap = Await(*c, [](const v1::ServerMessage& m) { return m.has_snapshot(); });
  REQUIRE(snap);
  CHECK(snap->snapshot().base().phase() == v1::BASE_PHASE_GAME_OVER);
  CHECK(snap->snapshot().public_hash() == game.seats().front().mirror_hash);
  std::vector<int> scores(snap->snapshot().base().scores().begin(),
                          snap->snapshot().base().scores().end());
  CHECK(scores == game.seats().front().final_scores);
}

}  // namespace

TEST_CASE("complete games with 2 to 6 bots and a spectator", "[server][game]") {
  const int players = GENERATE(2, 3, 4, 5, 6);
  INFO(players << " players");
  TestServer server;
  BotGameSpec spec;
  spec.players = players;
  spec.seed = static_cast<std::uint64_t>(players);
  BotGame game(server, spec);
  REQUIRE(game.setup_error() == "");
  game.Join();
  CheckFinished(game);
  CheckRecord(server, game);
  CheckLateSpectator(server, game);
  // The game really was played: a base game has 71 tiles to place after the start tile.
  int commands = 0;
  for (const auto& r : game.seats()) commands += r.commands;
  CHECK(commands >= 71);
}

TEST_CASE("a complete game with private hands of two tiles", "[server][game][V-2]") {
  TestServer server;
  BotGameSpec spec;
  spec.players = 3;
  spec.seed = 42;
  spec.options.hand_size = 2;
  spec.options.hand_visibility = engine::HandVisibility::kPrivate;
  BotGame game(server, spec);
  REQUIRE(game.setup_error() == "");
  game.Join();
  CheckFinished(game);
  CheckRecord(server, game);
}

TEST_CASE("the record of a running game with private hands is withheld", "[server][game][V-2]") {
  TestServer server;
  engine::Options o;
  o.hand_size = 2;
  o.hand_visibility = engine::HandVisibility::kPrivate;
  RawGame g = StartRawGame(server, 2, o);
  REQUIRE(g.error == "");
  // Asked by a player (a seat's token): a private room's record is for its members only.
  const HttpResult res = HttpRequest(server.port(), "GET", "/api/rooms/" + g.code + "/record", "",
                                     {{"Authorization", "Bearer " + g.tokens[0]}});
  REQUIRE(res.error == "");
  CHECK(res.status == 409);
  CHECK(HttpGet(server.port(), "/api/rooms/NOSUCH/record").status == 404);
}
