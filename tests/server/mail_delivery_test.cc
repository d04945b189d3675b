// E-mail end to end, through an SMTP relay of the test's own on loopback (tests/support/
// smtp_sink.py, Debian's python3-aiosmtpd): an address given over HTTP is mailed a link, the
// token in it confirms the address once, and the daily digest of a turn-based game waiting for
// the player's move reaches the relay in the player's language, with the room's link and no
// token of any seat. With --smtp-url unset, nothing is sent.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "account_helpers.h"
#include "helper_process.h"
#include "mime_base64.h"
#include "server_process.h"
#include "smtp_sink.h"
#include "store/account_store.h"
#include "store/mail_store.h"
#include "store/social_store.h"
#include "test_server.h"

namespace carc::test::mail_delivery {

using namespace std::chrono_literals;

constexpr std::int64_t kMailTestDay = 24 * 60 * 60;

// A turn-based game between `tokens`' accounts, played on until seat `seat` is to move.
RawGame TurnBasedGameWaitingFor(TestServer& server, const std::vector<std::string>& tokens,
                                int seat) {
  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(v1::ABANDON_POLICY_FALLBACK_MOVE);
  room.mutable_turn_based()->set_move_seconds(kMailTestDay);
  RawGame game = StartRawGame(server, room, {Cookie(tokens[0]), Cookie(tokens[1])});
  REQUIRE(game.error == "");
  for (int guard = 0; guard < 10 && ToMove(game) != seat; ++guard) REQUIRE(PlayOneCommand(game));
  REQUIRE(ToMove(game) == seat);
  return game;
}

std::string Header(const SunkMail& m, const std::string& name) {
  const auto at = ("\n" + m.headers).find("\n" + name + ": ");
  if (at == std::string::npos) return "";
  const auto start = at + name.size() + 2;
  return m.headers.substr(start, m.headers.find('\n', start) - start);
}

TEST_CASE("mail: a link confirms the address, and a turn-based game's digest reaches the relay",
          "[mail][accounts][server]") {
  SmtpSink sink;
  TestServer server(MailConfig(sink.port()));
  const auto port = server.port();
  const std::string ann = NewAccount(port, "Ann");
  const std::string bob = NewAccount(port, "Bob");

  const auto bad =
      HttpRequest(port, "PUT", "/api/me/email", R"({"address":"ann at example"})", Cookie(ann));
  CHECK(bad.status == 400);
  CHECK(nlohmann::json::parse(bad.body)["field"] == "address");
  CHECK(HttpRequest(port, "PUT", "/api/me/email", R"({"address":"ann@example.org"})").status ==
        401);
  const auto given = HttpRequest(port, "PUT", "/api/me/email",
                                 R"({"address":"Ann@Example.ORG","lang":"de"})", Cookie(ann));
  REQUIRE(given.status == 202);
  CHECK(nlohmann::json::parse(given.body) == nlohmann::json{{"address", "Ann@example.org"},
                                                            {"verified", false},
                                                            {"digest", true},
                                                            {"sending", true}});
  auto mails = sink.AwaitMails(1);
  REQUIRE(mails.size() == 1);
  CHECK(mails[0].from == "play@example.org");
  CHECK(mails[0].to == std::vector<std::string>{"Ann@example.org"});
  CHECK(Header(mails[0], "To") == "<Ann@example.org>");
  CHECK(Header(mails[0], "Subject").starts_with("=?UTF-8?B?"));  // "Bestätige…": encoded
  const std::string prefix = "http://play.example.org/account?email-token=";
  const auto link = mails[0].body.find(prefix);
  REQUIRE(link != std::string::npos);
  const std::string token = mails[0].body.substr(link + prefix.size(), 43);
  CHECK(mails[0].body.starts_with("Hallo Ann,"));

  // A second link at once is refused; a wrong token confirms nothing; the right one once.
  const auto again =
      HttpRequest(port, "PUT", "/api/me/email", R"({"address":"ann@example.net"})", Cookie(ann));
  CHECK(again.status == 429);
  CHECK(again.Header("Retry-After") == "600");
  // Another account asking for a link to Ann's address at once (in other case): one address
  // gets one link per 10 minutes whoever asks (the review: 6 accounts, 6 mails in seconds).
  const auto other =
      HttpRequest(port, "PUT", "/api/me/email", R"({"address":"ANN@example.org"})", Cookie(bob));
  CHECK(other.status == 429);
  CHECK_THAT(other.body, Catch::Contains("a link went to that address"));
  const auto verify = [&](const std::string& t) {
    return HttpRequest(port, "POST", "/api/email/verify", nlohmann::json{{"token", t}}.dump())
        .status;
  };
  CHECK(verify(std::string(43, 'A')) == 400);
  CHECK(verify("short") == 400);
  CHECK(GetJson(port, "/api/me/email", Cookie(ann))["verified"] == false);

  // The game first: a digest claimed while nothing waits would come only a day later.
  RawGame game = TurnBasedGameWaitingFor(server, {ann, bob}, 0);
  CHECK(verify(token) == 200);
  CHECK(verify(token) == 400);
  CHECK(GetJson(port, "/api/me/email", Cookie(ann))["verified"] == true);
  // Bob, and anyone, sees nothing of Ann's address.
  CHECK(HttpGet(port, "/api/players/Ann").body.find("example.org") == std::string::npos);
  CHECK(GetJson(port, "/api/me/email", Cookie(bob))["address"].is_null());

  mails = sink.AwaitMails(2);
  REQUIRE(mails.size() == 2);
  const SunkMail& digest = mails[1];
  CHECK(digest.to == std::vector<std::string>{"Ann@example.org"});
  CHECK(digest.body.starts_with("Hallo Ann,\r\n\r\nEin Spiel wartet auf deinen Zug:\r\n"));
  CHECK(digest.body.find("- Carcassonne mit Bob (Zug innerhalb von 24 Std.)\r\n") !=
        std::string::npos);
  CHECK(digest.body.find("http://play.example.org/r/" + game.code + "\r\n") != std::string::npos);
  for (const auto& t : game.tokens) CHECK(digest.body.find(t) == std::string::npos);
  CHECK(digest.body.find(token) == std::string::npos);

  // One a day: later sweeps send nothing more.
  std::this_thread::sleep_for(2500ms);
  CHECK(sink.Mails().size() == 2);
  CHECK(MetricValue(port, "carc_mail_messages_total{outcome=\"sent\"}") == 2);
  CHECK(MetricValue(port, "carc_mail_digests_total{outcome=\"sent\"}") == 1);
  CHECK(MetricValue(port, "carc_mail_addresses_total{outcome=\"verified\"}") == 1);
  CHECK(MetricValue(port, "carc_mail_addresses_total{outcome=\"too_soon\"}") == 2);
  // The bad address, the two bad tokens and the used one.
  CHECK(MetricValue(port, "carc_mail_addresses_total{outcome=\"refused\"}") == 4);

  // The export holds the address and the notice preferences; deleting the account deletes them.
  REQUIRE(HttpRequest(port, "PUT", "/api/me/notices",
                      R"({"quiet":{"from":"21:00","to":"06:30"},"time_zone":"Europe/Oslo"})",
                      Cookie(ann))
              .status == 200);
  const auto exported = GetJson(port, "/api/me/export", Cookie(ann));
  CHECK(exported["email"]["address"] == "Ann@example.org");
  CHECK(exported["notices"]["quiet"] == nlohmann::json{{"from", "21:00"}, {"to", "06:30"}});
  CHECK(exported["notices"]["time_zone"] == "Europe/Oslo");
  const auto ann_id = server.app().store().accounts()->AccountByKey("ann");
  REQUIRE(ann_id);
  REQUIRE(server.app().store().mail()->Address(ann_id->id));
  CHECK(HttpRequest(port, "DELETE", "/api/me", R"({"name":"Ann"})", Cookie(ann)).status == 204);
  CHECK_FALSE(server.app().store().mail()->Address(ann_id->id));
  CHECK(server.app().store().social()->NoticePreferencesOf(ann_id->id) ==
        server::store::NoticePreferenceRow{});
}

TEST_CASE("mail: with --smtp-url unset, no address is taken and nothing is sent",
          "[mail][accounts][server]") {
  SmtpSink sink;
  auto config = MailConfig(sink.port());
  config.smtp_url.clear();
  TestServer server(config);
  const auto port = server.port();
  const std::string ann = NewAccount(port, "Ann");
  const std::string bob = NewAccount(port, "Bob");
  const auto refused =
      HttpRequest(port, "PUT", "/api/me/email", R"({"address":"ann@example.org"})", Cookie(ann));
  CHECK(refused.status == 503);
  CHECK(refused.body.find("sends no e-mail") != std::string::npos);
  CHECK(GetJson(port, "/api/me/email", Cookie(ann)) ==
        nlohmann::json{
            {"address", nullptr}, {"verified", false}, {"digest", false}, {"sending", false}});
  RawGame game = TurnBasedGameWaitingFor(server, {ann, bob}, 0);
  std::this_thread::sleep_for(2500ms);  // past the sweep period a mailing server would use
  CHECK(sink.Mails().empty());
  CHECK(MetricValue(port, "carc_mail_messages_total{outcome=\"sent\"}") == 0);
  CHECK(MetricValue(port, "carc_mail_digest_sweeps_total") == 0);
}

TEST_CASE("mail: the e-mail API refuses big and deep bodies and wrong methods, changing nothing",
          "[mail][accounts][server][limits]") {
  SmtpSink sink;
  TestServer server(MailConfig(sink.port()));
  const auto port = server.port();
  const std::string ann = NewAccount(port, "Ann");
  const std::string big =
      R"({"address":"ann@example.org","pad":")" + std::string(2100, 'x') + R"("})";
  CHECK(HttpRequest(port, "PUT", "/api/me/email", big, Cookie(ann)).status == 413);
  CHECK(HttpRequest(port, "POST", "/api/email/verify", big).status == 413);
  // Depth 2, a number, an array: each a 400 that names what is wrong.
  const auto deep =
      HttpRequest(port, "PUT", "/api/me/email", R"({"address":{"a":"b@c.org"}})", Cookie(ann));
  CHECK(deep.status == 400);
  CHECK(HttpRequest(port, "PUT", "/api/me/email", R"({"address":7})", Cookie(ann)).status == 400);
  CHECK(HttpRequest(port, "PUT", "/api/me/email", R"(["ann@example.org"])", Cookie(ann)).status ==
        400);
  CHECK(HttpRequest(port, "PATCH", "/api/me/email", R"({"digest":"yes"})", Cookie(ann)).status ==
        400);
  // Over 254 characters, a header break and a lang that is not one of ours.
  const std::string long_address = std::string(64, 'a') + "@" + std::string(190, 'b') + ".org";
  CHECK(HttpRequest(port, "PUT", "/api/me/email", nlohmann::json{{"address", long_address}}.dump(),
                    Cookie(ann))
            .status == 400);
  CHECK(HttpRequest(port, "PUT", "/api/me/email",
                    nlohmann::json{{"address", "a@b.org\r\nBcc: c@d.org"}}.dump(), Cookie(ann))
            .status == 400);
  CHECK(HttpRequest(port, "PUT", "/api/me/email",
                    R"({"address":"ann@example.org","lang":"../../etc"})", Cookie(ann))
            .status == 400);
  CHECK(HttpRequest(port, "POST", "/api/me/email", R"({"address":"ann@example.org"})", Cookie(ann))
            .status == 405);
  CHECK(HttpRequest(port, "GET", "/api/email/verify", "").status == 405);
  // Nothing was taken and nothing sent; every refusal with a body was counted.
  CHECK(GetJson(port, "/api/me/email", Cookie(ann))["address"].is_null());
  std::this_thread::sleep_for(500ms);
  CHECK(sink.Mails().empty());
  CHECK(MetricValue(port, "carc_mail_addresses_total{outcome=\"refused\"}") == 9);
  CHECK(MetricValue(port, "carc_mail_messages_total{outcome=\"sent\"}") == 0);
}

}  // namespace carc::test::mail_delivery
