// The admin API (accounts/moderation_api.h) over a live server: every admin request of a player
// without the role refused (403, nothing changed, nothing audited), a guest's with 401; a
// moderator's mute taking effect on the muted player's chat and lifted again, each in the audit
// log under the moderator's name; an admin's reads of the audit log and the address bans.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <thread>

#include "account_helpers.h"
#include "app/server_app.h"
#include "store/moderation_store.h"
#include "test_server.h"

namespace cs = carc::server::store;
using carc::server::moderation::Role;
using namespace std::chrono_literals;

namespace carc::test::moderation_api {

HttpResult Act(std::uint16_t port, const std::string& token, const nlohmann::json& body) {
  return HttpRequest(port, "POST", "/api/admin/actions", body.dump(), Bearer(token));
}

// Two actions a moderator `token` is refused: a mute of `above` (of her rank or higher), and an
// address ban (an admin's power).
void RefusedTwice(std::uint16_t port, const std::string& token, const std::string& above) {
  CHECK(Act(port, token, {{"action", "mute"}, {"name", above}, {"for", "1h"}, {"reason", "x"}})
            .status == 403);
  CHECK(Act(port, token,
            {{"action", "ban-address"},
             {"network", "203.0.113.0/24"},
             {"for", "1h"},
             {"reason", "x"}})
            .status == 403);
}

TEST_CASE("admin API: every request of a player without the role is refused, a guest's too",
          "[moderation][accounts][server][security]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const std::string pat = NewAccount(port, "Pat");
  NewAccount(port, "Ada");
  cs::ModerationStore& mod = *server.app().store().moderation();
  const std::int64_t audit_before = mod.LastAuditId();

  const auto me = GetJson(port, "/api/admin/me", Bearer(pat));
  CHECK(me["role"] == "player");
  CHECK(me["powers"] == nlohmann::json::array({"report"}));
  CHECK(HttpGet(port, "/api/admin/me").status == 401);

  const std::vector<nlohmann::json> actions = {
      {{"action", "mute"}, {"name", "Ada"}, {"for", "1h"}, {"reason", "x"}},
      {{"action", "unmute"}, {"name", "Ada"}},
      {{"action", "ban"}, {"name", "Ada"}, {"for", "1h"}, {"reason", "x"}},
      {{"action", "unban"}, {"name", "Ada"}},
      {{"action", "end-sessions"}, {"name", "Ada"}, {"reason", "x"}},
      {{"action", "ban-address"}, {"network", "203.0.113.0/24"}, {"for", "1h"}, {"reason", "x"}},
      {{"action", "unban-address"}, {"network", "203.0.113.0/24"}},
      {{"action", "grant"}, {"name", "Ada"}, {"role", "moderator"}},
      {{"action", "grant"}, {"name", "Pat"}, {"role", "owner"}},
      {{"action", "kick"}, {"room", "KLMN2345"}, {"name", "Ada"}, {"reason", "x"}},
      {{"action", "unkick"}, {"room", "KLMN2345"}, {"name", "Ada"}},
      {{"action", "close-room"}, {"room", "KLMN2345"}, {"reason", "x"}},
      {{"action", "reopen-room"}, {"room", "KLMN2345"}},
  };
  for (const auto& body : actions) {
    INFO(body.dump());
    const HttpResult r = Act(port, pat, body);
    CHECK(r.status == 403);
    CHECK_THAT(nlohmann::json::parse(r.body)["error"].get<std::string>(),
               Catch::Contains("needs the role"));
    CHECK(HttpRequest(port, "POST", "/api/admin/actions", body.dump()).status == 401);
  }
  CHECK(HttpRequest(port, "GET", "/api/admin/sanctions", "", Bearer(pat)).status == 403);
  CHECK(HttpRequest(port, "GET", "/api/admin/audit", "", Bearer(pat)).status == 403);
  CHECK(HttpGet(port, "/api/admin/audit").status == 401);
  CHECK(mod.LastAuditId() == audit_before);
  CHECK(mod.RoleOf(server.app().store().accounts()->AccountByKey("pat")->id) == Role::kPlayer);
  CHECK(MetricValue(port, "carc_moderation_actions_total{result=\"refused\"}") >= 11);
  CHECK(MetricValue(port, "carc_moderation_actions_total{result=\"done\"}") == 0);

  // Malformed requests: a specific refusal, nothing done.
  const std::string mo = NewAccount(port, "Moira");
  GrantRole(server, "moira", Role::kModerator);
  CHECK(Act(port, mo, {{"action", "smite"}, {"name", "Ada"}}).status == 400);
  CHECK(Act(port, mo, {{"action", "mute"}, {"name", 7}}).status == 400);
  CHECK(Act(port, mo, {{"action", "mute"}, {"name", "Ada"}, {"extra", "x"}}).status == 400);
  CHECK(HttpRequest(port, "POST", "/api/admin/actions", "[1]", Bearer(mo)).status == 400);
  CHECK(
      HttpRequest(port, "POST", "/api/admin/actions", std::string(5000, ' '), Bearer(mo)).status ==
      413);
  CHECK(HttpRequest(port, "GET", "/api/admin/actions", "", Bearer(mo)).status == 405);
  CHECK(HttpRequest(port, "GET", "/api/admin/nothing", "", Bearer(mo)).status == 404);
  CHECK(mod.LastAuditId() == audit_before + 1);  // Moira's grant only
}

TEST_CASE("admin API: a staff member refused for a power or rank is noted in the audit log",
          "[moderation][accounts][server][security]") {
  // The review: refused admin actions were not audited.
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const std::string mo = NewAccount(port, "Moira");
  NewAccount(port, "Alba");
  GrantRole(server, "moira", Role::kModerator);
  GrantRole(server, "alba", Role::kAdmin);
  cs::ModerationStore& mod = *server.app().store().moderation();
  const std::int64_t before = mod.LastAuditId();
  // A rank she lacks (Alba is an admin), then a power (bans are an admin's).
  RefusedTwice(port, mo, "Alba");
  const auto audit = mod.Audit(0, 10);
  REQUIRE(mod.LastAuditId() == before + 2);
  CHECK(audit[0].actor == "Moira");
  CHECK(audit[0].action == "refused ban-address");
  CHECK(audit[0].target == "203.0.113.0/24");
  CHECK_THAT(audit[0].detail, Catch::Contains("needs the role"));
  CHECK(audit[1].action == "refused mute");
  CHECK(audit[1].target == "Alba");
  CHECK_THAT(audit[1].detail, Catch::Contains("a role acts only on lower roles"));
  // A flood is noted a few times only: 10 at once.
  for (int i = 0; i < 12; ++i) {
    Act(port, mo, {{"action", "mute"}, {"name", "Alba"}, {"for", "1h"}, {"reason", "x"}});
  }
  CHECK(mod.LastAuditId() == before + 10);
  CHECK(MetricValue(port, "carc_moderation_refusals_audited_total") == 10);
}

TEST_CASE("admin API: a moderator mutes from the API, the player's chat is refused, then lifted",
          "[moderation][accounts][server]") {
  auto config = AccountGamesConfig();
  config.moderation_poll_ms = 100;
  TestServer server(config);
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  const std::string mo = NewAccount(port, "Moira");
  const std::string al = NewAccount(port, "Alba");
  GrantRole(server, "moira", Role::kModerator);
  GrantRole(server, "alba", Role::kAdmin);

  HttpResult r =
      Act(port, mo,
          {{"action", "mute"}, {"name", "ada"}, {"for", "1h"}, {"reason", "insults in the lobby"}});
  REQUIRE(r.status == 200);
  CHECK_THAT(nlohmann::json::parse(r.body)["done"].get<std::string>(),
             Catch::StartsWith("muted Ada until "));
  // A moderator cannot touch another moderator, nor ban an address.
  RefusedTwice(port, mo, "Moira");

  const auto sanctions = GetJson(port, "/api/admin/sanctions", Bearer(mo));
  REQUIRE(sanctions["sanctions"].size() == 1);
  CHECK(sanctions["sanctions"][0]["name"] == "Ada");
  CHECK(sanctions["sanctions"][0]["by"] == "Moira");
  CHECK_FALSE(sanctions.contains("address_bans"));  // a moderator's page has none

  // The muted player's chat, once the watch has read the mute.
  RawGame game = StartRawGame(server, RoomFor(2), {Bearer(ada), {}});
  REQUIRE(game.error.empty());
  bool refused = false;
  for (int i = 0; i < 50 && !refused; ++i) {
    const auto answer = Ask(*game.seats[0], ChatMsg("hello"), 500ms);
    refused = answer && answer->has_error() && answer->error().code() == v1::ERROR_CODE_MUTED &&
              answer->error().message().find("insults in the lobby") != std::string::npos;
    if (!refused) std::this_thread::sleep_for(100ms);
  }
  CHECK(refused);

  REQUIRE(Act(port, mo, {{"action", "unmute"}, {"name", "Ada"}}).status == 200);
  const auto audit = GetJson(port, "/api/admin/audit?limit=4", Bearer(al));
  REQUIRE(audit["entries"].size() == 4);
  CHECK(audit["entries"][0]["action"] == "unmute");
  CHECK(audit["entries"][0]["actor"] == "Moira");
  // Her two refusals are noted too.
  CHECK(audit["entries"][1]["action"] == "refused ban-address");
  CHECK(audit["entries"][2]["action"] == "refused mute");
  CHECK(audit["entries"][3]["action"] == "mute");
  CHECK(audit["entries"][3]["reason"] == "insults in the lobby");
  const auto older =
      GetJson(port, "/api/admin/audit?before=" + audit["entries"][3]["id"].dump(), Bearer(al));
  CHECK(older["entries"].size() == 2);  // the two grants
  CHECK(HttpRequest(port, "GET", "/api/admin/audit?limit=0", "", Bearer(al)).status == 400);
  CHECK(HttpRequest(port, "GET", "/api/admin/audit?limit=201", "", Bearer(al)).status == 400);
  CHECK(HttpRequest(port, "GET", "/api/admin/audit?page=2", "", Bearer(al)).status == 400);

  r = Act(port, al,
          {{"action", "ban-address"},
           {"network", "2001:db8::/32"},
           {"for", "7d"},
           {"reason", "evasion"}});
  CHECK(r.status == 200);
  CHECK(GetJson(port, "/api/admin/sanctions", Bearer(al))["address_bans"][0]["network"] ==
        "2001:db8::/32");
  CHECK(MetricValue(port, "carc_moderation_actions_total{result=\"done\"}") == 3);
}

TEST_CASE("admin API: moderators find players by the beginning of their name, with sanctions",
          "[moderation][accounts][server]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  NewAccount(port, "Adalbert");
  NewAccount(port, "Bob");
  const std::string mo = NewAccount(port, "Moira");
  GrantRole(server, "moira", Role::kModerator);
  REQUIRE(
      Act(port, mo, {{"action", "mute"}, {"name", "Adalbert"}, {"for", "1d"}, {"reason", "spam"}})
          .status == 200);

  CHECK(HttpRequest(port, "GET", "/api/admin/players?name=a", "", Bearer(ada)).status == 403);
  const auto found = GetJson(port, "/api/admin/players?name=ADA", Bearer(mo))["players"];
  REQUIRE(found.size() == 2);
  CHECK(found[0]["name"] == "Ada");
  CHECK(found[0]["role"] == "player");
  CHECK(found[0]["sanctions"].empty());
  CHECK_FALSE(found[0].contains("password_hash"));
  CHECK(found[1]["name"] == "Adalbert");
  REQUIRE(found[1]["sanctions"].size() == 1);
  CHECK(found[1]["sanctions"][0]["kind"] == "mute");
  CHECK(found[1]["sanctions"][0]["reason"] == "spam");
  const auto everyone = GetJson(port, "/api/admin/players", Bearer(mo))["players"];
  REQUIRE(everyone.size() == 4);
  CHECK(everyone[3]["name"] == "Moira");
  CHECK(everyone[3]["role"] == "moderator");
  CHECK(GetJson(port, "/api/admin/players?name=zz", Bearer(mo))["players"].empty());
  CHECK(HttpRequest(port, "GET", "/api/admin/players?who=a", "", Bearer(mo)).status == 400);
  CHECK(HttpRequest(port, "GET", "/api/admin/players?name=" + std::string(81, 'a'), "", Bearer(mo))
            .status == 400);
}

}  // namespace carc::test::moderation_api
