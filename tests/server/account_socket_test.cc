// A WebSocket that knows its account (net/http_services.h, accounts/account_api.h): the upgrade's
// session cookie or Bearer token signs the socket in, a page of another origin gets no socket
// even with a good cookie, an ended session opens none; a seat taken signed in belongs to the
// account, which takes it back from another device; the account's games are listed on its
// profile and in "my games", exported, and kept under a neutral label once it is deleted.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "account_helpers.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;
using namespace std::chrono_literals;

namespace {

// The status of a raw upgrade request with `fields`, and its Set-Cookie field.
std::pair<unsigned, std::string> Upgrade(std::uint16_t port, HeaderFields fields) {
  fields.insert(fields.end(), {{"Upgrade", "websocket"},
                               {"Connection", "Upgrade"},
                               {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                               {"Sec-WebSocket-Version", "13"},
                               {"Host", "127.0.0.1:" + std::to_string(port)}});
  const auto r = HttpRequest(port, "GET", "/ws", "", fields);
  return {r.status, r.Header("Set-Cookie")};
}

std::string AccountOf(const v1::ServerMessage& welcome) {
  return welcome.has_welcome() ? welcome.welcome().account_name() : "<no welcome>";
}

}  // namespace

TEST_CASE(
    "account sockets: signed in by the session, refused for a foreign Origin or an "
    "ended session",
    "[accounts][server][security]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const std::string token = NewAccount(port, "Ada");

  // Cross-site WebSocket hijacking: the browser sends the cookie along, the Origin gives it away.
  CHECK(Upgrade(port, {{"Origin", "https://evil.example"}, Cookie(token)[0]}).first == 403);
  CHECK(Upgrade(port, {{"Origin", "http://127.0.0.1:" + std::to_string(port)}, Cookie(token)[0]})
            .first == 101);

  v1::ServerMessage welcome;
  auto by_cookie = DialHello(server, "", &welcome, Cookie(token));
  REQUIRE(by_cookie);
  CHECK(AccountOf(welcome) == "Ada");
  auto by_bearer = DialHello(server, "", &welcome, Bearer(token));
  REQUIRE(by_bearer);
  CHECK(AccountOf(welcome) == "Ada");
  auto guest = DialHello(server, "", &welcome);
  REQUIRE(guest);
  CHECK(AccountOf(welcome) == "");

  // Signed out: the same cookie opens no socket, and the refusal clears it.
  REQUIRE(HttpRequest(port, "DELETE", "/api/sessions/current", "", Cookie(token)).status == 204);
  const auto [status, cleared] = Upgrade(port, Cookie(token));
  CHECK(status == 401);
  CHECK(cleared.starts_with("carc_session=; Path=/; Max-Age=0"));
  CHECK(Dial(server, Bearer(token)) == nullptr);
  CHECK(Dial(server, Cookie("not-a-token")) == nullptr);
  // The sockets already open keep working.
  CHECK(Ask(*by_cookie, JoinMsg("ZZZZZZ")));
  const std::string metrics = HttpGet(port, "/metrics").body;
  CHECK(metrics.find("carc_account_sockets_total{outcome=\"signed_in\"} 3") != std::string::npos);
  CHECK(metrics.find("carc_account_sockets_total{outcome=\"ended\"} 3") != std::string::npos);
}

TEST_CASE(
    "account sockets: a seat belongs to its account, which takes it back from another "
    "device, under its own name",
    "[accounts][server]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const std::string phone = NewAccount(port, "Ada");
  // A second session of the same account: the laptop.
  const auto signed_in =
      HttpRequest(port, "POST", "/api/sessions",
                  nlohmann::json{{"name", "ada"}, {"password", "correct horse"}}.dump());
  REQUIRE(signed_in.status == 200);
  const std::string laptop = signed_in.Header("Set-Cookie").substr(13, 43);

  // The account's name, whatever name the message asks for: accounts cannot be impersonated.
  v1::RoomOptions room = RoomFor(2);
  RawGame game = StartRawGame(server, room, {Cookie(phone), {}});
  REQUIRE(game.error == "");
  REQUIRE(PlayOneCommand(game));
  auto other = DialHello(server, "", nullptr, Cookie(laptop));
  REQUIRE(other);
  v1::ClientMessage join = JoinMsg(game.code);
  join.mutable_join_room()->set_player_name("Mallory");
  const auto granted = Ask(*other, join);
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  CHECK(granted->seat_granted().seat() == 0);
  CHECK(granted->seat_granted().resume_token().empty());
  // The phone's connection gives the seat up to the laptop's.
  CHECK(AwaitClose(*game.seats[0]) == server::close_code::kReplaced);
  const auto state = Skip(*other, [](const v1::ServerMessage& m) { return m.has_room_state(); });
  REQUIRE(state);
  CHECK(state->room_state().seats(0).name() == "Ada");
  // The laptop plays the seat on.
  game.seats[0] = std::move(other);
  for (int i = 0; i < 4; ++i) REQUIRE(PlayOneCommand(game));

  // A guest joining the started game is not given the seat.
  auto guest = DialHello(server);
  REQUIRE(guest);
  const auto refused = Ask(*guest, JoinMsg(game.code));
  REQUIRE(refused);
  CHECK(refused->error().code() == v1::ERROR_CODE_GAME_ALREADY_STARTED);
}

TEST_CASE(
    "account history: profile and my games and export list a game, and deletion keeps "
    "it under a label",
    "[accounts][server]") {
  auto config = AccountGamesConfig();
  TestServer server(config);
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  const std::string bob = NewAccount(port, "Bob");

  RawGame game = StartRawGame(server, RoomFor(2), {Cookie(ada), Bearer(bob)});
  REQUIRE(game.error == "");
  const auto playing = GetJson(port, "/api/me/games", Cookie(ada));
  REQUIRE(playing["in_progress"].size() == 1);
  CHECK(playing["in_progress"][0]["room"] == game.code);
  CHECK(playing["in_progress"][0]["seat"] == 0);
  CHECK(playing["in_progress"][0]["started"] == true);
  CHECK(playing["in_progress"][0]["players"] == nlohmann::json{"Ada", "Bob"});
  CHECK(playing["finished"].empty());
  // Whose turn it is, as each of them sees it, and after the turn passes.
  const int first = ToMove(game);
  CHECK(playing["in_progress"][0]["to_move"] == first);
  CHECK(playing["in_progress"][0]["your_turn"] == (first == 0));
  CHECK(GetJson(port, "/api/me/games", Bearer(bob))["in_progress"][0]["your_turn"] == (first == 1));
  for (int guard = 0; guard < 10 && ToMove(game) == first; ++guard) REQUIRE(PlayOneCommand(game));
  const auto next = GetJson(port, "/api/me/games", Cookie(ada))["in_progress"][0];
  CHECK(next["to_move"] == 1 - first);
  CHECK(next["your_turn"] == (first == 1));
  for (int guard = 0; guard < 400 && PlayOneCommand(game); ++guard) {
  }
  const auto end = Skip(*game.seats[1], [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().status() == v1::ROOM_STATUS_FINISHED &&
           m.room_state().game_id() != 0;
  });
  REQUIRE(end);
  const auto game_id = static_cast<std::int64_t>(end->room_state().game_id());

  // A private room's game: on the profile for its players only, Ada herself and Bob; a
  // stranger, signed in or not, sees the tally and not who played whom.
  const std::string cyd = NewAccount(port, "Cyd");
  for (const HeaderFields& stranger : {HeaderFields{}, Cookie(cyd)}) {
    const auto seen = GetJson(port, "/api/players/ADA", stranger);
    CHECK(seen["games"][0]["played"] == 1);
    CHECK(seen["recent"].empty());
  }
  CHECK(GetJson(port, "/api/players/ada", Bearer(bob))["recent"].size() == 1);
  const auto profile = GetJson(port, "/api/players/ADA", Cookie(ada));
  CHECK(profile["name"] == "Ada");
  REQUIRE(profile["games"].size() == 1);
  CHECK(profile["games"][0]["game"] == "base");
  CHECK(profile["games"][0]["played"] == 1);
  REQUIRE(profile["recent"].size() == 1);
  const auto& played = profile["recent"][0];
  CHECK(played["id"] == game_id);
  CHECK(played["seat"] == 0);
  CHECK(played["players"][0]["name"] == "Ada");
  CHECK(played["players"][1]["name"] == "Bob");
  const int ada_score = played["players"][0]["score"];
  const int bob_score = played["players"][1]["score"];
  CHECK(played["won"] == (ada_score >= bob_score));
  CHECK(profile["games"][0]["won"] == (ada_score >= bob_score ? 1 : 0));
  CHECK(played["replay"] == "/api/games/" + std::to_string(game_id) + "/replay");
  CHECK(HttpGet(port, played["replay"].get<std::string>()).status == 200);
  CHECK(GetJson(port, "/api/players/nobody-here", {}, 404)["error"] == "no player of that name");
  CHECK(HttpGet(port, "/api/players/%zz").status == 404);

  const auto mine = GetJson(port, "/api/me/games", Bearer(bob));
  CHECK(mine["in_progress"].empty());
  REQUIRE(mine["finished"].size() == 1);
  CHECK(mine["finished"][0]["seat"] == 1);
  CHECK(HttpGet(port, "/api/me/games").status == 401);

  const auto exported = HttpRequest(port, "GET", "/api/me/export", "", Cookie(ada));
  REQUIRE(exported.status == 200);
  CHECK(exported.Header("Content-Disposition").starts_with("attachment"));
  const auto data = nlohmann::json::parse(exported.body);
  CHECK(data["account"]["name"] == "Ada");
  CHECK(data["sessions"].size() == 1);
  CHECK(data["games"].size() == 1);
  // A session is named by its id, never by its token.
  CHECK(exported.body.find(ada) == std::string::npos);

  // Deleting asks for the name, and only from the account's own pages.
  const std::string own = "http://127.0.0.1:" + std::to_string(port);
  HeaderFields from_page = Cookie(ada);
  from_page.emplace_back("Origin", "https://evil.example");
  CHECK(HttpRequest(port, "DELETE", "/api/me", R"({"name":"Ada"})", from_page).status == 403);
  const auto wrong = HttpRequest(port, "DELETE", "/api/me", R"({"name":"Bob"})", Cookie(ada));
  CHECK(wrong.status == 400);
  CHECK(nlohmann::json::parse(wrong.body)["field"] == "name");
  CHECK(HttpRequest(port, "DELETE", "/api/me", "", Cookie(ada)).status == 400);
  const auto gone = HttpRequest(port, "DELETE", "/api/me", R"({"name":"ada"})", Cookie(ada));
  CHECK(gone.status == 204);
  CHECK(gone.Header("Set-Cookie").starts_with("carc_session=; Path=/; Max-Age=0"));

  CHECK(HttpRequest(port, "POST", "/api/sessions",
                    nlohmann::json{{"name", "Ada"}, {"password", "correct horse"}}.dump())
            .status == 401);
  CHECK(HttpRequest(port, "GET", "/api/me", "", Cookie(ada)).status == 401);
  CHECK(Upgrade(port, Cookie(ada)).first == 401);
  CHECK(HttpGet(port, "/api/players/Ada").status == 404);
  // Bob's game keeps its moves and scores; Ada's seat is a neutral label now.
  const auto bobs = GetJson(port, "/api/players/bob", Bearer(bob));
  REQUIRE(bobs["recent"].size() == 1);
  CHECK(bobs["recent"][0]["players"][0]["name"] == "Deleted player");
  CHECK(bobs["recent"][0]["players"][0]["score"] == ada_score);
  const auto listed = GetJson(port, "/api/games?player=Ada", {});
  CHECK(listed["games"].empty());
  CHECK(HttpGet(port, "/metrics").body.find("carc_accounts_deleted_total 1") != std::string::npos);
}

TEST_CASE(
    "account history: a guest who signs up claims their games with the tokens the "
    "browser kept",
    "[accounts][server]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  // A finished game and a lobby, played as guests.
  RawGame done = StartRawGame(server, 2);
  REQUIRE(done.error == "");
  for (int guard = 0; guard < 400 && PlayOneCommand(done); ++guard) {
  }
  REQUIRE(Skip(*done.seats[0], [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().game_id() != 0;
  }));
  auto waiting = DialHello(server);
  REQUIRE(waiting);
  const auto lobby = Ask(*waiting, CreateMsg(3));
  REQUIRE(lobby);
  REQUIRE(lobby->has_seat_granted());

  const std::string ada = NewAccount(port, "Ada");
  const auto claims = [&](const nlohmann::json& tokens) {
    return HttpRequest(port, "POST", "/api/me/claims", nlohmann::json{{"tokens", tokens}}.dump(),
                       Cookie(ada));
  };
  const auto claimed = claims({done.tokens[1], lobby->seat_granted().resume_token(), "unknown"});
  REQUIRE(claimed.status == 200);
  CHECK(nlohmann::json::parse(claimed.body) == nlohmann::json{{"finished", 1}, {"in_progress", 1}});
  // The lobby's table shows the account's name once the room has the claim.
  const auto renamed = Skip(*waiting, [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().seats(0).name() == "Ada";
  });
  CHECK(renamed);
  const auto mine = GetJson(port, "/api/me/games", Cookie(ada));
  REQUIRE(mine["in_progress"].size() == 1);
  CHECK(mine["in_progress"][0]["room"] == lobby->seat_granted().room_code());
  CHECK(mine["in_progress"][0]["started"] == false);
  REQUIRE(mine["finished"].size() == 1);
  CHECK(mine["finished"][0]["seat"] == 1);
  CHECK(mine["finished"][0]["players"][1]["name"] == "Ada");
  // A seat is claimed once: another account gets nothing from the same token.
  const std::string bob = NewAccount(port, "Bob");
  const auto again = HttpRequest(port, "POST", "/api/me/claims",
                                 nlohmann::json{{"tokens", {done.tokens[1]}}}.dump(), Cookie(bob));
  CHECK(nlohmann::json::parse(again.body)["finished"] == 0);
  CHECK(claims("not a list").status == 400);
  CHECK(claims(nlohmann::json::array({1, 2})).status == 400);
  CHECK(HttpRequest(port, "POST", "/api/me/claims", R"({"tokens":[]})").status == 401);
}

namespace {

// How often `needle` occurs, whatever its case, in the bytes of the store's files in `dir`
// (the database, its write-ahead log and shared memory).
int TracesIn(const std::string& dir, std::string needle) {
  const auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  needle = lower(needle);
  int found = 0;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::ifstream in(dir + "/carcassonne.sqlite" + suffix, std::ios::binary);
    if (!in) continue;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    const std::string text = lower(bytes.str());
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
      ++found;
    }
  }
  return found;
}

}  // namespace

TEST_CASE(
    "account deletion leaves the name nowhere in the store's files, its write-ahead log "
    "included",
    "[accounts][server]") {
  auto config = AccountGamesConfig();
  TestServer server(config);
  const auto port = server.port();
  // A name no other bytes of the store could hold by chance.
  const std::string name = "Zebulonquartz";
  const std::string zeb = NewAccount(port, name);
  const std::string bob = NewAccount(port, "Bob");
  RawGame game = StartRawGame(server, RoomFor(2), {Cookie(zeb), Bearer(bob)});
  REQUIRE(game.error == "");
  for (int i = 0; i < 6; ++i) REQUIRE(PlayOneCommand(game));
  // A second session and a sign-in: more rows that held the account.
  REQUIRE(HttpRequest(port, "POST", "/api/sessions",
                      nlohmann::json{{"name", name}, {"password", "correct horse"}}.dump())
              .status == 200);
  server.app().store().Flush();
  const int before = TracesIn(config.data_dir, name);
  CHECK(before > 0);

  const auto gone =
      HttpRequest(port, "DELETE", "/api/me", nlohmann::json{{"name", name}}.dump(), Cookie(zeb));
  REQUIRE(gone.status == 204);
  server.app().store().Flush();
  const int after = TracesIn(config.data_dir, name);
  WARN("the name's bytes in the store's files: " << before << " before the deletion, " << after
                                                 << " after");
  CHECK(after == 0);
}
