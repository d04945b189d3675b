// A forgotten password (accounts/password_reset_api.h, docs/protocol.md "Passwords"): a link
// mailed to the confirmed address through the test's own SMTP relay chooses a new password
// once and ends every session; the answer to a request tells no one whether the name has an
// address; requests are metered per address; without mail the host's command line makes the
// link, and the audit log notes it.
#include <catch2/catch.hpp>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "account_helpers.h"
#include "app/admin_command.h"
#include "smtp_sink.h"
#include "store/account_store.h"
#include "store/moderation_store.h"
#include "test_server.h"

namespace carc::test::password_reset {
namespace {

std::string Body(const std::string& name, const std::string& password) {
  return nlohmann::json{{"name", name}, {"password", password}}.dump();
}

int SignIn(std::uint16_t port, const std::string& name, const std::string& password) {
  return static_cast<int>(HttpRequest(port, "POST", "/api/sessions", Body(name, password)).status);
}

HttpResult Ask(std::uint16_t port, const std::string& name) {
  return HttpRequest(port, "POST", "/api/password-reset", nlohmann::json{{"name", name}}.dump());
}

HttpResult Complete(std::uint16_t port, const std::string& token, const std::string& password) {
  return HttpRequest(port, "POST", "/api/password-reset/complete",
                     nlohmann::json{{"token", token}, {"password", password}}.dump());
}

// The token of the link `prefix` + token in `body` (43 base64url characters).
std::string TokenAfter(const std::string& body, const std::string& prefix) {
  const auto at = body.find(prefix);
  REQUIRE(at != std::string::npos);
  return body.substr(at + prefix.size(), 43);
}

TEST_CASE("password reset: a mailed link chooses a new password once and ends every session",
          "[accounts][mail][server]") {
  SmtpSink sink;
  std::ostringstream log;
  const auto previous = spdlog::default_logger();
  spdlog::set_default_logger(std::make_shared<spdlog::logger>(
      "capture", std::make_shared<spdlog::sinks::ostream_sink_mt>(log)));
  const auto config = MailConfig(sink.port());
  std::optional<TestServer> running(std::in_place, config);
  TestServer& server = *running;
  spdlog::set_level(spdlog::level::info);  // the test server sets warn
  const auto port = server.port();
  const std::string ann = NewAccount(port, "Ann");
  NewAccount(port, "Bob");                               // no address
  REQUIRE(SignIn(port, "Ann", "correct horse") == 200);  // a second session, another device
  REQUIRE(HttpRequest(port, "PUT", "/api/me/email", R"({"address":"ann@example.org"})", Cookie(ann))
              .status == 202);
  auto mails = sink.AwaitMails(1);
  REQUIRE(mails.size() == 1);
  const std::string confirm =
      TokenAfter(mails[0].body, "http://play.example.org/account?email-token=");
  REQUIRE(HttpRequest(port, "POST", "/api/email/verify", nlohmann::json{{"token", confirm}}.dump())
              .status == 200);

  // The same answer for an account with a confirmed address, one without, and no account.
  const auto asked = Ask(port, "ANN");
  REQUIRE(asked.status == 202);
  for (const std::string name : {"Bob", "Nobody"}) {
    const auto other = Ask(port, name);
    CHECK(other.status == 202);
    CHECK(other.body == asked.body);
  }
  mails = sink.AwaitMails(2);
  REQUIRE(mails.size() == 2);
  CHECK(mails[1].to == std::vector<std::string>{"ann@example.org"});
  CHECK(mails[1].body.starts_with("Hello Ann,"));
  const std::string token =
      TokenAfter(mails[1].body, "http://play.example.org/account?reset-token=");
  // Asked again at once: answered alike, no second mail (one per account per 10 minutes).
  CHECK(Ask(port, "Ann").status == 202);

  // A password the rules refuse leaves the link good; a wrong token is refused.
  const auto weak = Complete(port, token, "short");
  CHECK(weak.status == 400);
  CHECK(nlohmann::json::parse(weak.body)["field"] == "password");
  const auto wrong = Complete(port, std::string(43, 'A'), "a new password");
  CHECK(wrong.status == 400);
  CHECK(nlohmann::json::parse(wrong.body)["field"] == "token");
  CHECK(SignIn(port, "Ann", "correct horse") == 200);

  const auto chosen = Complete(port, token, "a new password");
  REQUIRE(chosen.status == 200);
  CHECK(nlohmann::json::parse(chosen.body)["name"] == "Ann");
  const std::string field = chosen.Header("Set-Cookie");
  REQUIRE(field.starts_with("carc_session="));
  const std::string fresh = field.substr(13, field.find(';') - 13);
  // Every earlier session ended, the new one works; the old password no longer, the new one does.
  CHECK(HttpRequest(port, "GET", "/api/me", "", Cookie(ann)).status == 401);
  CHECK(HttpRequest(port, "GET", "/api/me", "", Cookie(fresh)).status == 200);
  CHECK(SignIn(port, "Ann", "correct horse") == 401);
  CHECK(SignIn(port, "Ann", "a new password") == 200);
  // Once only.
  CHECK(Complete(port, token, "another password").status == 400);
  CHECK(SignIn(port, "Ann", "another password") == 401);

  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(sink.Mails().size() == 2);
  CHECK(MetricValue(port, "carc_password_resets_total{outcome=\"requested\"}") == 4);
  CHECK(MetricValue(port, "carc_password_resets_total{outcome=\"mailed\"}") == 1);
  CHECK(MetricValue(port, "carc_password_resets_total{outcome=\"completed\"}") == 1);
  CHECK(MetricValue(port, "carc_password_resets_total{outcome=\"refused\"}") == 3);
  // The token and the address reach neither the log nor the store in clear.
  running.reset();
  spdlog::set_default_logger(previous);
  spdlog::set_level(spdlog::level::warn);
  CHECK_THAT(log.str(), Catch::Contains("Ann chose a new password"));  // the log was captured
  std::string stored;
  for (const char* suffix : {"", "-wal"}) {
    std::ifstream in(config.data_dir + "/carcassonne.sqlite" + suffix, std::ios::binary);
    stored += std::string(std::istreambuf_iterator<char>(in), {});
  }
  REQUIRE(stored.size() > 4096);
  CHECK(stored.find(token) == std::string::npos);
  CHECK(log.str().find(token) == std::string::npos);
  CHECK(log.str().find("ann@example.org") == std::string::npos);
}

TEST_CASE("password reset: requests are metered per address, and bad bodies change nothing",
          "[accounts][mail][server]") {
  SmtpSink sink;
  auto config = MailConfig(sink.port());
  config.password_resets_per_hour = 2;
  TestServer server(config);
  const auto port = server.port();
  CHECK(Ask(port, "Ann").status == 202);
  CHECK(Ask(port, "Bob").status == 202);
  const auto third = Ask(port, "Cyril");
  CHECK(third.status == 429);
  CHECK(std::stoi(third.Header("Retry-After")) >= 1);
  CHECK(MetricValue(port, "carc_password_resets_total{outcome=\"metered\"}") == 1);

  CHECK(HttpRequest(port, "GET", "/api/password-reset", "").status == 405);
  CHECK(HttpRequest(port, "POST", "/api/password-reset/complete", std::string(3000, 'x')).status ==
        413);
  CHECK(HttpRequest(port, "POST", "/api/password-reset/complete", "[1]").status == 400);
  CHECK(HttpRequest(port, "POST", "/api/password-reset/complete",
                    R"({"token":7,"password":"a new password"})")
            .status == 400);
}

TEST_CASE("password reset: without mail the host's command line makes the link",
          "[accounts][server]") {
  auto config = AccountGamesConfig();
  const std::string dir = NewDataDir();
  config.data_dir = dir;
  TestServer server(config);
  const auto port = server.port();
  const std::string ann = NewAccount(port, "Ann");
  const auto refused = Ask(port, "Ann");
  CHECK(refused.status == 503);
  CHECK_THAT(refused.body, Catch::Contains("its host can make you a link"));

  const auto no_env = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  const auto now = static_cast<std::int64_t>(std::time(nullptr));
  std::ostringstream out, err;
  CHECK(server::RunAdminCommand({"reset-password", "nobody", "--data-dir", dir}, out, err, no_env,
                                now) == 2);
  CHECK_THAT(err.str(), Catch::Contains("no account is named"));
  out.str("");
  REQUIRE(server::RunAdminCommand(
              {"reset-password", "ann", "--data-dir", dir, "--public-url", "https://play.test/"},
              out, err, no_env, now) == 0);
  const std::string token = TokenAfter(out.str(), "https://play.test/account?reset-token=");
  CHECK_THAT(out.str(), Catch::StartsWith("a link for Ann to choose a new password"));
  // A second link replaces the first.
  std::ostringstream again;
  REQUIRE(server::RunAdminCommand({"reset-password", "Ann", "--data-dir", dir}, again, err, no_env,
                                  now) == 0);
  const std::string newer = TokenAfter(again.str(), "/account?reset-token=");
  CHECK_THAT(again.str(), Catch::Contains("no --public-url"));
  CHECK(Complete(port, token, "a new password").status == 400);
  REQUIRE(Complete(port, newer, "a new password").status == 200);
  CHECK(HttpRequest(port, "GET", "/api/me", "", Cookie(ann)).status == 401);
  CHECK(SignIn(port, "Ann", "a new password") == 200);
  const auto audit = server.app().store().moderation()->Audit(0, 10);
  REQUIRE(audit.size() == 2);
  CHECK(audit[0].action == "reset-password");
  CHECK(audit[0].actor == "host");
  CHECK(audit[0].target == "Ann");
  CHECK(audit[0].detail.find(newer) == std::string::npos);
}

}  // namespace
}  // namespace carc::test::password_reset
