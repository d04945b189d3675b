// Reports from a room over a live server (docs/moderation.md, "Reports"): a signed-in player
// reports another, the report keeping the room's chat lines and the game's record; a guest, a
// report of oneself or of nobody and a bad reason refused, each with its code; too many reports
// refused; the queue read and closed by a moderator only, each closing audited.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "account_helpers.h"
#include "app/server_app.h"
#include "store/moderation_store.h"
#include "test_server.h"

namespace cs = carc::server::store;
using carc::server::moderation::Role;
using namespace std::chrono_literals;

namespace carc::test::reports {

v1::ClientMessage ReportMsg(int seat, const std::string& reason, const std::string& quote = "") {
  v1::ClientMessage m;
  m.mutable_report_player()->set_seat(seat);
  m.mutable_report_player()->set_reason(reason);
  m.mutable_report_player()->set_quote(quote);
  return m;
}

TEST_CASE(
    "reports: a player reports another with the room's chat and record, a moderator "
    "closes it",
    "[moderation][accounts][server]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  const std::string bob = NewAccount(port, "Bob");
  const std::string mo = NewAccount(port, "Moira");
  cs::ModerationStore& mod = *server.app().store().moderation();
  GrantRole(server, "moira", Role::kModerator);

  RawGame game = StartRawGame(server, RoomFor(2), {Bearer(ada), Bearer(bob)});
  REQUIRE(game.error.empty());
  REQUIRE(PlayOneCommand(game));
  game.seats[1]->Send(ChatMsg("you are all fools"));
  REQUIRE(Await(*game.seats[0], [](const v1::ServerMessage& m) { return m.has_chat(); }));

  const auto kept = Ask(*game.seats[0], ReportMsg(1, "insults in the chat", "you are all fools"));
  REQUIRE(kept.has_value());
  CHECK(kept->has_report_received());

  // Refused, each with its code, and nothing kept.
  const auto code = [&](int via, const v1::ClientMessage& m) {
    const auto answer = Ask(*game.seats[static_cast<std::size_t>(via)], m);
    return answer && answer->has_error() ? answer->error().code() : v1::ERROR_CODE_UNSPECIFIED;
  };
  CHECK(code(0, ReportMsg(0, "me")) == v1::ERROR_CODE_INVALID_REPORT);
  CHECK(code(0, ReportMsg(5, "nobody")) == v1::ERROR_CODE_INVALID_REPORT);
  CHECK(code(0, ReportMsg(1, "")) == v1::ERROR_CODE_INVALID_REPORT);
  CHECK(code(0, ReportMsg(1, std::string(501, 'r'))) == v1::ERROR_CODE_INVALID_REPORT);
  CHECK(code(0, ReportMsg(1, "bad\x01reason")) == v1::ERROR_CODE_TEXT_CONTROL_CHARACTER);
  // A quote is only what the reported player said in the chat: not made up, not another's line.
  game.seats[0]->Send(ChatMsg("good luck"));
  REQUIRE(Await(*game.seats[1], [](const v1::ServerMessage& m) { return m.has_chat(); }));
  CHECK(code(0, ReportMsg(1, "insults", "a line Bob never said")) == v1::ERROR_CODE_INVALID_REPORT);
  CHECK(code(0, ReportMsg(1, "insults", "good luck")) == v1::ERROR_CODE_INVALID_REPORT);
  CHECK(code(0, ReportMsg(1, "insults", "you are all fools!")) == v1::ERROR_CODE_INVALID_REPORT);
  auto guest = DialHello(server);
  REQUIRE(Ask(*guest, JoinMsg(game.code, /*spectate=*/true)));
  const auto from_guest = Ask(*guest, ReportMsg(1, "rude"));
  REQUIRE(from_guest.has_value());
  CHECK(from_guest->error().code() == v1::ERROR_CODE_SIGN_IN_REQUIRED);

  // The queue: a moderator's, not a player's nor a guest's.
  CHECK(HttpRequest(port, "GET", "/api/admin/reports", "", Bearer(ada)).status == 403);
  CHECK(HttpGet(port, "/api/admin/reports").status == 401);
  const auto queue = GetJson(port, "/api/admin/reports", Bearer(mo));
  REQUIRE(queue["reports"].size() == 1);
  const auto& report = queue["reports"][0];
  CHECK(report["reporter"] == "Ada");
  CHECK(report["target"] == "Bob");
  CHECK(report["room"] == game.code);
  CHECK(report["reason"] == "insults in the chat");
  CHECK(report["quote"] == "you are all fools");
  REQUIRE(report["chat"].size() == 1);  // the report was made before Ada's line
  CHECK(report["chat"][0]["name"] == "Bob");
  CHECK(report["chat"][0]["text"] == "you are all fools");
  CHECK(report["record"].is_object());  // the game so far, public information only
  CHECK(report["status"] == "open");
  CHECK(MetricValue(port, "carc_reports_total{result=\"kept\"}") == 1);

  const std::string path = "/api/admin/reports/" + report["id"].dump();
  CHECK(HttpRequest(port, "POST", path, R"({"status":"actioned"})", Bearer(ada)).status == 403);
  CHECK(HttpRequest(port, "POST", path, R"({"status":"forgiven"})", Bearer(mo)).status == 400);
  CHECK(HttpRequest(port, "POST", path, R"({"status":"actioned","x":"y"})", Bearer(mo)).status ==
        400);
  CHECK(HttpRequest(port, "GET", path, "", Bearer(mo)).status == 405);
  CHECK(HttpRequest(port, "POST", "/api/admin/reports/x", "{}", Bearer(mo)).status == 404);
  REQUIRE(HttpRequest(port, "POST", path, R"({"status":"actioned","note":"muted for an hour"})",
                      Bearer(mo))
              .status == 200);
  CHECK(HttpRequest(port, "POST", path, R"({"status":"dismissed"})", Bearer(mo)).status == 404);
  CHECK(GetJson(port, "/api/admin/reports", Bearer(mo))["reports"].empty());
  const auto closed = GetJson(port, "/api/admin/reports?status=closed", Bearer(mo));
  REQUIRE(closed["reports"].size() == 1);
  CHECK(closed["reports"][0]["closed_by"] == "Moira");
  CHECK(closed["reports"][0]["note"] == "muted for an hour");
  const auto entry = mod.Audit(0, 1).at(0);
  CHECK(entry.action == "close-report");
  CHECK(entry.actor == "Moira");
  CHECK(entry.detail == "actioned");
}

TEST_CASE("reports: past the burst an account's reports are refused, over every room",
          "[moderation][accounts][server][security]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  const std::string bob = NewAccount(port, "Bob");
  RawGame game = StartRawGame(server, RoomFor(2), {Bearer(ada), Bearer(bob)});
  REQUIRE(game.error.empty());
  int kept = 0;
  v1::ErrorCode refused = v1::ERROR_CODE_UNSPECIFIED;
  for (int i = 0; i < 5; ++i) {
    const auto answer = Ask(*game.seats[0], ReportMsg(1, "report " + std::to_string(i)));
    REQUIRE(answer.has_value());
    if (answer->has_report_received()) ++kept;
    if (answer->has_error()) refused = answer->error().code();
  }
  CHECK(kept == 3);  // the burst (--reports-per-hour 10 refills one in 6 minutes)
  CHECK(refused == v1::ERROR_CODE_RATE_LIMITED);
  CHECK(MetricValue(port, "carc_rejections_total{reason=\"report_rate\"}") == 2);
  CHECK(server.app().store().moderation()->Reports(true, 0, 10).size() == 3);
}

}  // namespace carc::test::reports
