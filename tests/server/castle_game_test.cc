// The Castle over the wire (K-1..K-12): whole games of bots with a spectator, the record the
// room serves once the game is over, and what a Castle room refuses.
#include <catch2/catch.hpp>

#include "bot_game.h"
#include "carc/codec/castle/castle_data.h"
#include "carc/codec/castle/castle_record.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

v1::RoomOptions CastleRoom(bool fountain_bonus = false) {
  v1::RoomOptions o;
  o.set_game_type(v1::GAME_TYPE_CASTLE);
  o.set_seats(2);
  o.mutable_castle()->set_wall4_fountain_bonus(fountain_bonus);
  return o;
}

}  // namespace

TEST_CASE("K-1..K-12 whole Castle games of bots over the server, a spectator watching",
          "[server][game][castle]") {
  int scoring_choices = 0;
  int extra_turn_decisions = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    TestServer server;
    BotGameSpec spec;
    spec.players = 2;
    spec.seed = seed;
    spec.room = CastleRoom(seed % 2 == 0);
    BotGame game(server, spec);
    REQUIRE(game.setup_error() == "");
    game.Join();
    CheckFinished(game);
    for (const auto& r : game.seats()) {
      CHECK_FALSE(r.has_mirror);  // a Castle seat follows the server's views
      const auto count = [&](const char* kind) {
        const auto it = r.decisions.find(kind);
        return it == r.decisions.end() ? 0 : it->second;
      };
      scoring_choices += count("scoring_choice");
      extra_turn_decisions += count("extra_turn");
    }
    // The room serves the record once the game is over; it replays to the scores every seat saw.
    const HttpResult res = HttpGet(server.port(), "/api/rooms/" + game.code() + "/record");
    REQUIRE(res.status == 200);
    const auto replay = codec::ReplayCastleRecord(res.body, codec::DefaultCastleSet());
    INFO((replay.error ? replay.error->message : std::string("replayed")));
    REQUIRE_FALSE(replay.error.has_value());
    CHECK_FALSE(codec::CompareCastleScores(replay).has_value());
    const std::vector<int> seen = game.seats().front().final_scores;
    CHECK(std::vector<int>(replay.final_scores.begin(), replay.final_scores.end()) == seen);
  }
  INFO("scoring choices " << scoring_choices << ", extra turn decisions " << extra_turn_decisions);
  CHECK(scoring_choices + extra_turn_decisions >= 0);
}

TEST_CASE("K-1 a Castle room: exactly two seats, Castle commands only, no record while it runs",
          "[server][castle]") {
  TestServer server;
  auto c = DialHello(server);
  REQUIRE(c);
  v1::RoomOptions three = CastleRoom();
  three.set_seats(3);
  auto a = Ask(*c, CreateMsg(three));
  REQUIRE(a);
  CHECK(a->has_error());
  CHECK(a->error().code() == v1::ERROR_CODE_INVALID_OPTIONS);

  // The Castle's options reach the room (they share a oneof with the base game's).
  a = Ask(*c, CreateMsg(CastleRoom(true)));
  REQUIRE(a);
  REQUIRE(a->has_seat_granted());
  const auto state = Await(*c, [](const v1::ServerMessage& x) { return x.has_room_state(); });
  REQUIRE(state);
  CHECK(state->room_state().options().game_type() == v1::GAME_TYPE_CASTLE);
  CHECK(state->room_state().options().castle().wall4_fountain_bonus());

  RawGame g = StartRawGame(server, CastleRoom());
  REQUIRE(g.error == "");
  v1::ClientMessage ask;
  ask.mutable_request_snapshot();
  const auto answer = Ask(*g.seats[0], ask);
  REQUIRE(answer);
  REQUIRE(answer->has_snapshot());
  const v1::GameSnapshot snap = answer->snapshot();
  REQUIRE(snap.has_castle());
  CHECK_FALSE(snap.castle().definitions().board_json().empty());
  const int mover = snap.castle().to_move();
  // A base-game command in a Castle room is malformed; nothing changes.
  v1::ClientMessage base;
  base.mutable_game_command()->set_expected_seq(snap.seq());
  base.mutable_game_command()->mutable_base()->mutable_skip_follower();
  a = Ask(*g.seats[static_cast<std::size_t>(mover)], base);
  REQUIRE(a);
  REQUIRE(a->has_error());
  CHECK(a->error().code() == v1::ERROR_CODE_MALFORMED_MESSAGE);
  // A follower before any tile is placed breaks the rules.
  v1::ClientMessage early;
  early.mutable_game_command()->set_expected_seq(snap.seq());
  early.mutable_game_command()->mutable_castle()->mutable_skip_follower();
  a = Ask(*g.seats[static_cast<std::size_t>(mover)], early);
  REQUIRE(a);
  REQUIRE(a->has_error());
  CHECK(a->error().code() == v1::ERROR_CODE_RULE_VIOLATION);
  CHECK(a->error().reject_reason() == "wrong_phase");
  CHECK(a->error().rule() == "K-4");
  CHECK(a->error().message() == "K-4: the game waits for a tile to be placed");
  // A tile where it touches nothing: K-4 in the Castle's words, not the base game's B-5. The
  // first space of the shipped board that no start space lies against is such a place.
  const auto set = codec::DefaultCastleSet();
  std::optional<engine::Pos> lone;
  for (int y = 0; y < set->height() && !lone; ++y) {
    for (int x = 0; x < set->width() && !lone; ++x) {
      const bool start = std::any_of(set->board.start_spaces.begin(), set->board.start_spaces.end(),
                                     [&](const auto& st) {
                                       return st.space == engine::Pos{x, y};
                                     });
      if (set->IsSpace({x, y}) && !start) lone = engine::Pos{x, y};
    }
  }
  REQUIRE(lone);
  v1::ClientMessage far;
  far.mutable_game_command()->set_expected_seq(snap.seq());
  auto* place = far.mutable_game_command()->mutable_castle()->mutable_place_tile();
  place->mutable_position()->set_x(lone->x);
  place->mutable_position()->set_y(lone->y);
  a = Ask(*g.seats[static_cast<std::size_t>(mover)], far);
  REQUIRE(a);
  REQUIRE(a->has_error());
  CHECK(a->error().reject_reason() == "not_adjacent");
  CHECK(a->error().message() ==
        "K-4: the tile must share a full side with a start space or a placed tile");
  // The record would show the face-down wall tiles: not before the end, even to a player.
  const HttpResult res = HttpRequest(server.port(), "GET", "/api/rooms/" + g.code + "/record", "",
                                     {{"Authorization", "Bearer " + g.tokens[0]}});
  CHECK(res.status == 409);
}
