// A moderator's kicks and closed rooms over a live server (docs/moderation.md, "Kicks and closed
// rooms"): a kicked player's connection told why and sent away, the seat played by a computer
// whatever the absent policy, the player's return refused until the kick is lifted, then the
// seat theirs again; a closed room sending everyone away, refusing joins (across a restart) and
// playing nothing until reopened, its game where it was; each action and its undo audited; and
// both made on one node of a cluster reaching the room on another within 2 s.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <thread>

#include "account_helpers.h"
#include "app/server_app.h"
#include "store/moderation_store.h"
#include "test_postgres.h"
#include "test_server.h"

namespace cs = carc::server::store;
using carc::server::moderation::Role;
using namespace std::chrono_literals;

namespace carc::test::room_moderation {

HttpResult Act(std::uint16_t port, const std::string& token, const nlohmann::json& body) {
  return HttpRequest(port, "POST", "/api/admin/actions", body.dump(), Bearer(token));
}

server::ServerConfig Config(const std::string& dir) {
  auto config = AccountGamesConfig();
  config.moderation_poll_ms = 100;
  config.data_dir = dir;
  return config;
}

// A server with two players, Ada and Bea, and a moderator, Moira.
struct Cast {
  explicit Cast(server::ServerConfig config) : server(std::move(config)) {
    GrantRole(server, "moira", Role::kModerator);
  }
  TestServer server;
  const std::uint16_t port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  const std::string bea = NewAccount(port, "Bea");
  const std::string mo = NewAccount(port, "Moira");
};

bool LeftBy(const v1::ServerMessage& m, v1::RemovedBy why) {
  return m.has_room_left() && m.room_left().moderation() == why;
}

// The error a fresh connection of `auth` is answered when it joins `code` (none: an empty one).
v1::Error JoinRefusal(TestServer& server, const HeaderFields& auth, const std::string& code) {
  auto c = DialHello(server, "", nullptr, auth);
  REQUIRE(c);
  const auto answer = Ask(*c, JoinMsg(code));
  REQUIRE(answer);
  return answer->has_error() ? answer->error() : v1::Error{};
}

// Asks to join `code` until the answer is not `while_code` (the watch applies an action within
// its poll): the last answer.
std::optional<v1::ServerMessage> JoinUntilNot(TestServer& server, const HeaderFields& auth,
                                              const std::string& code, v1::ErrorCode while_code) {
  std::optional<v1::ServerMessage> answer;
  for (int i = 0; i < 50; ++i) {
    auto c = DialHello(server, "", nullptr, auth);
    if (!c) continue;
    answer = Ask(*c, JoinMsg(code));
    if (!answer || !answer->has_error() || answer->error().code() != while_code) return answer;
    std::this_thread::sleep_for(100ms);
  }
  return answer;
}

TEST_CASE(
    "room moderation: a kicked player's seat is played by a computer until the kick is lifted",
    "[moderation][server]") {
  Cast cast(Config(NewDataDir()));
  TestServer& server = cast.server;
  const auto port = cast.port;
  const std::string &ada = cast.ada, &bea = cast.bea, &mo = cast.mo;
  // ABANDON_POLICY_WAIT: only the kick makes a computer play Bea's seat.
  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(v1::ABANDON_POLICY_WAIT);
  RawGame game = StartRawGame(server, room, {Bearer(ada), Bearer(bea)});
  REQUIRE(game.error.empty());

  // Refusals first: a player has no kick, a bad code or name is named, nothing is audited.
  cs::ModerationStore& mod = *server.app().store().moderation();
  const std::int64_t audit_before = mod.LastAuditId();
  CHECK(Act(port, ada, {{"action", "kick"}, {"room", game.code}, {"name", "Bea"}, {"reason", "x"}})
            .status == 403);
  CHECK(Act(port, mo, {{"action", "kick"}, {"room", "NO SUCH"}, {"name", "Bea"}, {"reason", "x"}})
            .status == 400);
  CHECK(Act(port, mo, {{"action", "kick"}, {"room", "ZZZZ9999"}, {"name", "Bea"}, {"reason", "x"}})
            .status == 404);
  CHECK(
      Act(port, mo, {{"action", "kick"}, {"room", game.code}, {"name", "Nobody"}, {"reason", "x"}})
          .status == 404);
  CHECK(Act(port, mo, {{"action", "kick"}, {"room", game.code}, {"name", "Bea"}, {"reason", ""}})
            .status == 400);
  CHECK(Act(port, mo, {{"action", "close-room"}, {"room", game.code}}).status == 400);
  CHECK(mod.LastAuditId() == audit_before);

  std::string lower = game.code;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  HttpResult r = Act(
      port, mo,
      {{"action", "kick"}, {"room", lower}, {"name", "bea"}, {"reason", "insults in the chat"}});
  REQUIRE(r.status == 200);
  CHECK_THAT(nlohmann::json::parse(r.body)["done"].get<std::string>(),
             Catch::StartsWith("kicked Bea from room " + game.code));

  // Bea's connection is told why and let go; Ada sees a computer in Bea's seat.
  const auto left = Skip(
      *game.seats[1], [](const v1::ServerMessage& m) { return LeftBy(m, v1::REMOVED_BY_KICK); },
      10s);
  REQUIRE(left);
  CHECK(left->room_left().reason() == "insults in the chat");
  CHECK(left->room_left().room_code() == game.code);
  const auto stood_in = Skip(*game.seats[0], [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().seats_size() == 2 &&
           m.room_state().seats(1).computer_standing_in();
  });
  REQUIRE(stood_in);

  // The game goes on through Bea's turns without her: Ada plays hers, the computer Bea's.
  int bea_turns = 0;
  for (int guard = 0; guard < 200 && bea_turns < 2; ++guard) {
    const int to_move = ToMove(game, 0);
    REQUIRE(to_move >= 0);
    if (to_move == 0) {
      const auto seq = SeqOf(game, 0);
      REQUIRE(seq);
      REQUIRE(PlayOneCommand(game));
      continue;
    }
    const auto seq = SeqOf(game, 0);
    REQUIRE(seq);
    // Seat 1 to move: wait for the computer's move.
    bool moved = false;
    for (int i = 0; i < 100 && !moved; ++i) {
      std::this_thread::sleep_for(50ms);
      const auto now = SeqOf(game, 0);
      moved = now && *now > *seq;
    }
    REQUIRE(moved);
    ++bea_turns;
  }
  CHECK(bea_turns == 2);

  // Bea may not come back, whatever connection she uses; the room says why.
  auto back = DialHello(server, "", nullptr, Cookie(bea));
  REQUIRE(back);
  auto refused = Ask(*back, JoinMsg(game.code));
  REQUIRE(refused);
  REQUIRE(refused->has_error());
  CHECK(refused->error().code() == v1::ERROR_CODE_KICKED);
  CHECK_THAT(refused->error().message(), Catch::Contains("insults in the chat"));
  v1::ServerMessage welcome;
  REQUIRE(DialHello(server, game.tokens[1], &welcome));  // the seat's resume token
  REQUIRE(welcome.has_error());
  CHECK(welcome.error().code() == v1::ERROR_CODE_KICKED);
  refused = Ask(*back, JoinMsg(game.code, /*spectate=*/true));
  REQUIRE(refused);
  CHECK(refused->error().code() == v1::ERROR_CODE_KICKED);

  // The undo: Bea takes her seat back, and no computer stands in for her any more.
  REQUIRE(Act(port, mo, {{"action", "unkick"}, {"room", game.code}, {"name", "Bea"}}).status ==
          200);
  const auto granted = JoinUntilNot(server, Cookie(bea), game.code, v1::ERROR_CODE_KICKED);
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  CHECK(granted->seat_granted().seat() == 1);
  const auto returned = Skip(*game.seats[0], [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().seats_size() == 2 &&
           !m.room_state().seats(1).computer_standing_in();
  });
  CHECK(returned);

  const auto entries = mod.Audit(0, 2);
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].action == "unkick");
  CHECK(entries[0].actor == "Moira");
  CHECK(entries[0].target == "Bea");
  CHECK(entries[0].detail == game.code);
  CHECK(entries[1].action == "kick");
  CHECK(entries[1].reason == "insults in the chat");
  CHECK(mod.RoomActionsInForce(10).empty());
}

TEST_CASE(
    "room moderation: a closed room sends everyone away and waits, across a restart, until "
    "reopened",
    "[moderation][server]") {
  const std::string dir = NewDataDir();
  std::string code;
  std::string ada;
  std::string mo;
  std::uint64_t seq_at_close = 0;
  {
    TestServer server(Config(dir));
    const auto port = server.port();
    ada = NewAccount(port, "Ada");
    const std::string bea = NewAccount(port, "Bea");
    mo = NewAccount(port, "Moira");
    GrantRole(server, "moira", Role::kModerator);
    // ABANDON_POLICY_COMPUTER with no grace to speak of: were the room not held, a computer
    // would play both seats at once.
    v1::RoomOptions room = RoomFor(2);
    room.set_abandon_policy(v1::ABANDON_POLICY_COMPUTER);
    RawGame game = StartRawGame(server, room, {Bearer(ada), Bearer(bea)});
    REQUIRE(game.error.empty());
    code = game.code;
    REQUIRE(PlayOneCommand(game));
    auto watcher = DialHello(server);
    REQUIRE(watcher);
    REQUIRE(Ask(*watcher, JoinMsg(code, /*spectate=*/true)));

    REQUIRE(Act(port, mo, {{"action", "close-room"}, {"room", code}, {"reason", "raid"}}).status ==
            200);
    for (auto* c : {game.seats[0].get(), game.seats[1].get(), watcher.get()}) {
      const auto left = Skip(
          *c, [](const v1::ServerMessage& m) { return LeftBy(m, v1::REMOVED_BY_ROOM_CLOSED); });
      REQUIRE(left);
      CHECK(left->room_left().reason() == "raid");
    }
    cs::EventStore& store = server.app().store();
    const cs::RoomId id = store.moderation()->RoomActionsInForce(1).at(0).room_id;
    seq_at_close = store.Log(id).value().size();
    const v1::Error refused = JoinRefusal(server, Cookie(ada), code);
    CHECK(refused.code() == v1::ERROR_CODE_ROOM_CLOSED);
    CHECK_THAT(refused.message(), Catch::Contains("raid"));
    CHECK(ListsRoom(server, code) == std::optional<bool>(false));
    // Nothing is played while the room is closed, though nobody is there past the grace period
    // (2 s) of a room whose policy is a computer for the absent.
    std::this_thread::sleep_for(3s);
    CHECK(store.Log(id).value().size() == seq_at_close);
  }
  // The close outlives a restart.
  TestServer server(Config(dir));
  const auto port = server.port();
  CHECK(JoinRefusal(server, Cookie(ada), code).code() == v1::ERROR_CODE_ROOM_CLOSED);

  // The undo: the players come back to the game as it was.
  REQUIRE(Act(port, mo, {{"action", "reopen-room"}, {"room", code}}).status == 200);
  const auto granted = JoinUntilNot(server, Cookie(ada), code, v1::ERROR_CODE_ROOM_CLOSED);
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  CHECK(granted->seat_granted().seat() == 0);
  cs::EventStore& store = server.app().store();
  const auto rooms = store.OpenRooms();
  const auto it = std::find_if(rooms.begin(), rooms.end(),
                               [&](const cs::OpenRoom& r) { return r.code == code; });
  REQUIRE(it != rooms.end());
  CHECK(it->entries.size() == seq_at_close);  // nothing was played while closed, nor restarted
  const auto entries = store.moderation()->Audit(0, 2);
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].action == "reopen-room");
  CHECK(entries[0].target == code);
  CHECK(entries[1].action == "close-room");
  CHECK(entries[1].reason == "raid");
  CHECK(MetricValue(port, "carc_moderation_room_actions") == 0);
}

TEST_CASE("room moderation: moderators list every room, private ones too, a player may not",
          "[moderation][server]") {
  Cast cast(Config(NewDataDir()));
  TestServer& server = cast.server;
  const auto port = cast.port;
  const std::string &ada = cast.ada, &bea = cast.bea, &mo = cast.mo;
  RawGame game = StartRawGame(server, RoomFor(2), {Bearer(ada), Bearer(bea)});  // private
  REQUIRE(game.error.empty());
  CHECK(HttpRequest(port, "GET", "/api/admin/rooms", "", Bearer(ada)).status == 403);
  CHECK(HttpGet(port, "/api/admin/rooms").status == 401);
  auto rooms = GetJson(port, "/api/admin/rooms", Bearer(mo))["rooms"];
  REQUIRE(rooms.size() == 1);
  CHECK(rooms[0]["room"] == game.code);
  CHECK(rooms[0]["game"] == "base");
  CHECK(rooms[0]["status"] == "playing");
  CHECK(rooms[0]["public"] == false);
  CHECK(rooms[0]["players"] == nlohmann::json::array({"Ada", "Bea"}));
  CHECK(rooms[0]["closed"] == false);
  REQUIRE(
      Act(port, mo, {{"action", "close-room"}, {"room", game.code}, {"reason", "raid"}}).status ==
      200);
  bool closed = false;
  for (int i = 0; i < 50 && !closed; ++i) {
    closed = GetJson(port, "/api/admin/rooms", Bearer(mo))["rooms"][0]["closed"] == true;
    if (!closed) std::this_thread::sleep_for(100ms);
  }
  CHECK(closed);
}

TEST_CASE("room moderation: a kick and a close made on node B reach the room on node A within 2 s",
          "[moderation][postgres][cluster]") {
  const std::string url = NewPostgresDatabase();
  TestServer a(AccountClusterNode(url, "a"));  // the default --moderation-poll-ms: 1 s
  TestServer b(AccountClusterNode(url, "b"));
  const std::string ada = NewAccount(a.port(), "Ada");
  const std::string bea = NewAccount(a.port(), "Bea");
  const std::string mo = NewAccount(b.port(), "Moira");
  GrantRole(b, "moira", Role::kModerator);
  RawGame game = StartRawGame(a, RoomFor(2), {Bearer(ada), Bearer(bea)});
  REQUIRE(game.error.empty());

  auto within = [](client::WsClient& c, v1::RemovedBy why) {
    const auto made = std::chrono::steady_clock::now();
    const auto left = Skip(
        c, [why](const v1::ServerMessage& m) { return LeftBy(m, why); }, 5s);
    const auto took = std::chrono::steady_clock::now() - made;
    INFO("sent away after " << std::chrono::duration_cast<std::chrono::milliseconds>(took).count()
                            << " ms");
    CHECK(left.has_value());
    CHECK(took < 2s);
  };
  REQUIRE(Act(b.port(), mo,
              {{"action", "kick"}, {"room", game.code}, {"name", "Bea"}, {"reason", "griefing"}})
              .status == 200);
  within(*game.seats[1], v1::REMOVED_BY_KICK);
  REQUIRE(Act(b.port(), mo, {{"action", "close-room"}, {"room", game.code}, {"reason", "raid"}})
              .status == 200);
  within(*game.seats[0], v1::REMOVED_BY_ROOM_CLOSED);
  CHECK(MetricValue(a.port(), "carc_moderation_room_actions") == 2);
}

}  // namespace carc::test::room_moderation
