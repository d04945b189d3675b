// The server's settings over a live server (accounts/settings_api.h): only an admin reads or
// changes them (a player 403, a guest 401, nothing changed or audited), /api/server shows the
// name and message of the day to anyone and never the invitation code; sign-up closed, by
// invitation and refused words in names; refused words in chat and guests kept from playing.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "account_helpers.h"
#include "app/server_app.h"
#include "store/moderation_store.h"
#include "test_server.h"

namespace cs = carc::server::store;
using carc::server::moderation::Role;
using namespace std::chrono_literals;

namespace carc::test::settings_api {

HttpResult Change(std::uint16_t port, const std::string& token, const nlohmann::json& body) {
  return HttpRequest(port, "POST", "/api/admin/settings", body.dump(), Bearer(token));
}

HttpResult SignUp(std::uint16_t port, const nlohmann::json& body) {
  return HttpRequest(port, "POST", "/api/accounts", body.dump());
}

std::string ErrorOf(const HttpResult& r) {
  const auto json = nlohmann::json::parse(r.body, nullptr, false);
  return json.is_object() && json.contains("error") ? json["error"].get<std::string>() : "";
}

struct Staffed {
  TestServer server{AccountGamesConfig()};
  std::uint16_t port = server.port();
  std::string admin = NewAccount(port, "Alba");
  std::string mod = NewAccount(port, "Moira");
  std::string player = NewAccount(port, "Pat");
  cs::ModerationStore& store = *server.app().store().moderation();

  Staffed() {
    GrantRole(server, "alba", Role::kAdmin);
    GrantRole(server, "moira", Role::kModerator);
  }
};

TEST_CASE("settings: only an admin reads or changes them, and the home page's part is anyone's",
          "[moderation][accounts][server][security]") {
  Staffed s;
  const auto port = s.port;
  const auto home = GetJson(port, "/api/server", {});
  CHECK(home ==
        nlohmann::json{{"name", ""}, {"motd", ""}, {"sign_up", "open"}, {"guests_play", true}});
  const std::int64_t audit_before = s.store.LastAuditId();
  const nlohmann::json motd = {{"motd", "Tournament on Saturday"}};
  for (const std::string* token : {&s.player, &s.mod}) {
    CHECK(Change(port, *token, motd).status == 403);
    CHECK(HttpRequest(port, "GET", "/api/admin/settings", "", Bearer(*token)).status == 403);
  }
  CHECK(HttpRequest(port, "POST", "/api/admin/settings", motd.dump()).status == 401);
  CHECK(HttpGet(port, "/api/admin/settings").status == 401);
  CHECK(s.store.LastAuditId() == audit_before);
  CHECK(GetJson(port, "/api/server", {})["motd"] == "");

  // Bad values: the field named, nothing kept.
  CHECK(Change(port, s.admin, {{"motd", 7}}).status == 400);
  CHECK(Change(port, s.admin, {{"sign_up", "sometimes"}}).status == 400);
  CHECK(Change(port, s.admin, {{"guests_play", "no"}}).status == 400);
  CHECK(Change(port, s.admin, {{"refused_words", "spam"}}).status == 400);
  CHECK(Change(port, s.admin, {{"colour", "red"}}).status == 400);
  const HttpResult no_code = Change(port, s.admin, {{"sign_up", "invitation"}, {"motd", "x"}});
  CHECK(no_code.status == 400);
  CHECK(nlohmann::json::parse(no_code.body)["field"] == "invitation_code");
  CHECK(Change(port, s.admin, {{"motd", std::string(501, 'm')}}).status == 400);
  CHECK(HttpRequest(port, "POST", "/api/admin/settings", "[1]", Bearer(s.admin)).status == 400);
  CHECK(HttpRequest(port, "DELETE", "/api/admin/settings", "", Bearer(s.admin)).status == 405);
  CHECK(HttpRequest(port, "POST", "/api/server", "{}").status == 405);
  CHECK(s.store.LastAuditId() == audit_before);

  const HttpResult changed = Change(
      port, s.admin, {{"name", "Carcassonne at the Mill"}, {"motd", "Tournament on Saturday"}});
  REQUIRE(changed.status == 200);
  CHECK(nlohmann::json::parse(changed.body)["done"] == "changed: motd, name");
  CHECK(GetJson(port, "/api/server", {}) == nlohmann::json{{"name", "Carcassonne at the Mill"},
                                                           {"motd", "Tournament on Saturday"},
                                                           {"sign_up", "open"},
                                                           {"guests_play", true}});
  // The same again changes nothing and writes no entry.
  const std::int64_t after_change = s.store.LastAuditId();
  CHECK(nlohmann::json::parse(Change(port, s.admin, motd).body)["done"] == "nothing changed");
  CHECK(s.store.LastAuditId() == after_change);
  const auto entry = s.store.Audit(0, 1).at(0);
  CHECK(entry.actor == "Alba");
  CHECK(entry.action == "settings");
  CHECK(entry.detail == "motd, name");
  CHECK(MetricValue(port, "carc_settings_changes_total") == 1);

  // The code is the admin's to read, never the home page's nor the audit log's.
  REQUIRE(
      Change(port, s.admin, {{"sign_up", "invitation"}, {"invitation_code", "meeple-42"}}).status ==
      200);
  CHECK(GetJson(port, "/api/admin/settings", Bearer(s.admin))["settings"]["invitation_code"] ==
        "meeple-42");
  CHECK(HttpGet(port, "/api/server").body.find("meeple-42") == std::string::npos);
  CHECK(s.store.Audit(0, 1).at(0).detail == "invitation_code, sign_up");
}

TEST_CASE("settings: sign-up closed, by invitation, and refused words in names",
          "[moderation][accounts][server]") {
  Staffed s;
  const auto port = s.port;
  const nlohmann::json eve = {{"name", "Eve"}, {"password", "correct horse"}};
  REQUIRE(Change(port, s.admin, {{"sign_up", "closed"}}).status == 200);
  HttpResult r = SignUp(port, eve);
  CHECK(r.status == 403);
  CHECK(ErrorOf(r) == "sign-up is closed on this server");
  CHECK_FALSE(s.server.app().store().accounts()->AccountByKey("eve"));
  // Those who have accounts still sign in.
  CHECK(HttpRequest(port, "POST", "/api/sessions",
                    nlohmann::json{{"name", "Pat"}, {"password", "correct horse"}}.dump())
            .status == 200);

  REQUIRE(
      Change(port, s.admin, {{"sign_up", "invitation"}, {"invitation_code", "meeple-42"}}).status ==
      200);
  r = SignUp(port, eve);
  CHECK(r.status == 403);
  CHECK(ErrorOf(r) == "sign-up on this server needs its invitation code");
  auto with_code = eve;
  with_code["invitation"] = "meeple-43";
  r = SignUp(port, with_code);
  CHECK(r.status == 403);
  CHECK(ErrorOf(r) == "that is not this server's invitation code");
  with_code["invitation"] = "meeple-42";
  CHECK(SignUp(port, with_code).status == 201);

  REQUIRE(
      Change(port, s.admin, {{"sign_up", "open"}, {"refused_words", {"Grief", "spam"}}}).status ==
      200);
  r = SignUp(port, {{"name", "grief-king"}, {"password", "correct horse"}});
  CHECK(r.status == 400);
  CHECK(ErrorOf(r) == "this server refuses the word \"grief\" in names");
  CHECK(SignUp(port, {{"name", "Griefless"}, {"password", "correct horse"}}).status == 201);
  CHECK(GetJson(port, "/api/admin/settings", Bearer(s.admin))["settings"]["refused_words"] ==
        nlohmann::json{"grief", "spam"});
}

TEST_CASE("settings: a refused word in chat is refused, and guests kept from playing may watch",
          "[moderation][accounts][server]") {
  Staffed s;
  REQUIRE(Change(s.port, s.admin, {{"refused_words", {"spam"}}, {"guests_play", false}}).status ==
          200);
  RawGame game = StartRawGame(s.server, RoomFor(2), {Bearer(s.player), Bearer(s.mod)});
  REQUIRE(game.error.empty());
  const auto answer = Ask(*game.seats[0], ChatMsg("buy SPAM here"));
  REQUIRE(answer.has_value());
  REQUIRE(answer->has_error());
  const auto* refused = &answer->error();
  CHECK(refused->code() == v1::ERROR_CODE_REFUSED_WORD);
  CHECK(refused->message() == "this server refuses the word \"spam\" in chat");
  REQUIRE(game.seats[0]->Send(ChatMsg("good game")));
  const auto heard = Await(*game.seats[1], [](const v1::ServerMessage& m) { return m.has_chat(); });
  REQUIRE(heard.has_value());
  CHECK(heard->chat().text() == "good game");  // the refused line never reached the other seat
  CHECK(MetricValue(s.port, "carc_rejections_total{reason=\"chat_refused_word\"}") == 1);

  auto guest = DialHello(s.server);
  const auto create = ErrorAnswering(*guest, CreateMsg(2));
  REQUIRE(create.has_value());
  CHECK(create->code() == v1::ERROR_CODE_SIGN_IN_REQUIRED);
  CHECK(create->message() ==
        "this server seats signed-in players only: sign in, or join a room to watch");
  const auto watch = Ask(*guest, JoinMsg(game.code, /*spectate=*/true));
  REQUIRE(watch.has_value());
  CHECK_FALSE(watch->has_error());

  // Guests may play again: one creates a room.
  REQUIRE(Change(s.port, s.admin, {{"guests_play", true}}).status == 200);
  auto another = DialHello(s.server);
  const auto made = Ask(*another, CreateMsg(2));
  REQUIRE(made.has_value());
  CHECK_FALSE(made->has_error());
}

}  // namespace carc::test::settings_api
