// Accounts over HTTP against a real server (accounts/account_api.h): sign-up, sign-in, the
// session cookie, sign-out, the sessions list, the Origin checks, the equal answers for an
// unknown name and a wrong password, and secrets that never reach the store or the log in clear.
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <vector>

#include "test_server.h"

using namespace carc;
using namespace std::chrono_literals;

namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

std::string Credentials(const std::string& name, const std::string& password) {
  return nlohmann::json{{"name", name}, {"password", password}}.dump();
}

// The token a Set-Cookie field gives ("" for none or a cleared cookie).
std::string CookieToken(const test::HttpResult& r) {
  const std::string field = r.Header("Set-Cookie");
  const std::string prefix = "carc_session=";
  if (!field.starts_with(prefix)) return "";
  return field.substr(prefix.size(), field.find(';') - prefix.size());
}

Fields WithCookie(const std::string& token, Fields more = {}) {
  more.emplace_back("Cookie", "theme=dark; carc_session=" + token);
  return more;
}

server::ServerConfig AccountsConfig() {
  auto config = test::TestConfig();
  config.hash_threads = 1;
  return config;
}

// Makes the account `name` (password "correct horse") from 127.0.0.1.
void SignUp(std::uint16_t port, const std::string& name) {
  REQUIRE(
      test::HttpRequest(port, "POST", "/api/accounts", Credentials(name, "correct horse")).status ==
      201);
}

// Seconds the hashing threads have spent, from /metrics.
double HashingSeconds(std::uint16_t port) {
  const auto metrics = test::HttpGet(port, "/metrics").body;
  const std::string name = "\ncarc_account_hashing_seconds_total ";
  const auto at = metrics.find(name);
  REQUIRE(at != std::string::npos);
  return std::stod(metrics.substr(at + name.size()));
}

}  // namespace

TEST_CASE("accounts: sign up, sign in, see oneself and one's sessions, sign out",
          "[accounts][server]") {
  test::TestServer server(AccountsConfig());
  const auto port = server.port();
  const auto made =
      test::HttpRequest(port, "POST", "/api/accounts", Credentials("Ada", "correct horse"),
                        {{"User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0"}});
  REQUIRE(made.status == 201);
  CHECK(nlohmann::json::parse(made.body) == nlohmann::json{{"name", "Ada"}});
  const std::string cookie = made.Header("Set-Cookie");
  CHECK(cookie.find("HttpOnly") != std::string::npos);
  CHECK(cookie.find("SameSite=Lax") != std::string::npos);
  CHECK(cookie.find("Secure") == std::string::npos);  // plain http, no https proxy
  const std::string first = CookieToken(made);
  REQUIRE(first.size() == 43);

  // The same name in other case or width is taken.
  const auto again = test::HttpRequest(port, "POST", "/api/accounts",
                                       Credentials("\xEF\xBC\xA1"
                                                   "DA",
                                                   "another password"));
  CHECK(again.status == 409);
  CHECK(nlohmann::json::parse(again.body)["field"] == "name");

  const auto me = test::HttpRequest(port, "GET", "/api/me", "", WithCookie(first));
  REQUIRE(me.status == 200);
  CHECK(nlohmann::json::parse(me.body)["name"] == "Ada");
  CHECK(test::HttpGet(port, "/api/me").status == 401);

  // A second session, from the command line's Bearer token.
  const auto signed_in =
      test::HttpRequest(port, "POST", "/api/sessions", Credentials("ada", "correct horse"),
                        {{"User-Agent", "carcassonne/0.1.0"}});
  REQUIRE(signed_in.status == 200);
  const std::string second = CookieToken(signed_in);
  REQUIRE(second.size() == 43);
  CHECK(second != first);
  const auto list = test::HttpRequest(port, "GET", "/api/me/sessions", "",
                                      {{"Authorization", "Bearer " + second}});
  REQUIRE(list.status == 200);
  const auto sessions = nlohmann::json::parse(list.body)["sessions"];
  REQUIRE(sessions.size() == 2);
  CHECK(sessions[0]["current"] != sessions[1]["current"]);
  std::int64_t first_id = 0;
  for (const auto& s : sessions) {
    if (s["current"] == true) {
      CHECK(s["label"] == "carcassonne (command line)");
    } else {
      CHECK(s["label"] == "Firefox on Linux");
      first_id = s["id"];
    }
  }

  // The command line ends the browser's session; the browser is then signed out.
  CHECK(test::HttpRequest(port, "DELETE", "/api/me/sessions/" + std::to_string(first_id), "",
                          {{"Authorization", "Bearer " + second}})
            .status == 204);
  CHECK(test::HttpRequest(port, "GET", "/api/me", "", WithCookie(first)).status == 401);
  CHECK(test::HttpRequest(port, "DELETE", "/api/me/sessions/" + std::to_string(first_id), "",
                          {{"Authorization", "Bearer " + second}})
            .status == 404);

  // Signing out clears the cookie and ends the session for good.
  const auto out =
      test::HttpRequest(port, "DELETE", "/api/sessions/current", "", WithCookie(second));
  CHECK(out.status == 204);
  CHECK(out.Header("Set-Cookie").starts_with("carc_session=; Path=/; Max-Age=0"));
  CHECK(test::HttpRequest(port, "GET", "/api/me", "", WithCookie(second)).status == 401);
  CHECK(test::HttpRequest(port, "GET", "/api/me", "", {{"Authorization", "Bearer " + second}})
            .status == 401);
}

TEST_CASE("accounts: bad input gets a specific error and hashes nothing", "[accounts][server]") {
  test::TestServer server(AccountsConfig());
  const auto port = server.port();
  const auto status_of = [&](const std::string& path, const std::string& body) {
    const auto r = test::HttpRequest(port, "POST", path, body);
    INFO(r.body);
    return std::pair{r.status, r.body.empty() ? nlohmann::json() : nlohmann::json::parse(r.body)};
  };
  CHECK(status_of("/api/accounts", "not json").first == 400);
  CHECK(status_of("/api/accounts", "[]").first == 400);
  CHECK(status_of("/api/accounts", R"({"name":1,"password":"12345678"})").second["field"] ==
        "name");
  CHECK(status_of("/api/accounts", R"({"name":"Ada"})").second["field"] == "password");
  CHECK(status_of("/api/accounts", Credentials("admin", "12345678")).second["error"] ==
        "that name is reserved");
  CHECK(status_of("/api/accounts", Credentials("Ada", "1234567")).second["field"] == "password");
  CHECK(status_of("/api/accounts", R"({"name":{"a":{"b":{}}},"password":"x"})").first == 400);
  // A megabyte of password is refused before it is read into JSON, let alone hashed.
  const std::string huge = Credentials("Ada", std::string(1 << 20, 'p'));
  CHECK(status_of("/api/accounts", huge).first == 413);
  CHECK(status_of("/api/sessions", huge).first == 413);
  CHECK(status_of("/api/sessions", Credentials("Ada", std::string(2000, 'p'))).first == 400);
  CHECK(HashingSeconds(port) == 0.0);
  CHECK(test::HttpRequest(port, "GET", "/api/accounts").status == 405);
  CHECK(test::HttpRequest(port, "GET", "/api/accounts").allow == "POST");
  CHECK(test::HttpRequest(port, "PUT", "/api/me").status == 405);
  CHECK(test::HttpGet(port, "/api/me/nothing").status == 404);
}

TEST_CASE("accounts: pages of another origin can neither sign in nor sign out",
          "[accounts][server]") {
  test::TestServer server(AccountsConfig());
  const auto port = server.port();
  const Fields foreign = {{"Origin", "http://evil.example"}};
  // CSRF: a foreign page's POST and DELETE are refused before anything is done.
  CHECK(
      test::HttpRequest(port, "POST", "/api/accounts", Credentials("Mallory", "12345678"), foreign)
          .status == 403);
  const auto own = test::HttpRequest(port, "POST", "/api/accounts", Credentials("Ada", "12345678"),
                                     {{"Origin", "http://127.0.0.1"}});
  REQUIRE(own.status == 201);
  const std::string token = CookieToken(own);
  CHECK(test::HttpRequest(port, "DELETE", "/api/sessions/current", "", WithCookie(token, foreign))
            .status == 403);
  CHECK(test::HttpRequest(port, "DELETE", "/api/me/sessions", "", WithCookie(token, foreign))
            .status == 403);
  CHECK(test::HttpRequest(port, "GET", "/api/me", "", WithCookie(token)).status == 200);
  // Mallory's account was never made.
  CHECK(
      test::HttpRequest(port, "POST", "/api/sessions", Credentials("Mallory", "12345678")).status ==
      401);
}

// [timing]: left out of the ThreadSanitizer run and run alone under ASan ([serial]).
TEST_CASE("accounts: an unknown name and a wrong password answer alike, in the same time",
          "[accounts][server][serial][timing]") {
  auto config = AccountsConfig();
  config.sign_in_failures_per_account = 1000;
  config.sign_in_failures_per_address = 1000;
  config.sign_ins_per_hour = 0;  // 40 tries from one address: the metering has its own tests
  // Little memory and many passes, so that a hash is CPU work alone: with the default 19 MiB the
  // allocator's fresh pages made single hashes take 23 or 44 ms at random under ASan, and in one
  // CI run every wrong-password try drew a slow one (fastest 20 against 47 ms).
  config.password_hash_mib = 1;
  config.password_hash_passes = 64;
  test::TestServer server(config);
  const auto port = server.port();
  SignUp(port, "Ada");
  const auto timed = [&](const std::string& name) {
    const auto start = std::chrono::steady_clock::now();
    const auto r =
        test::HttpRequest(port, "POST", "/api/sessions", Credentials(name, "wrong password"));
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return std::pair{r, ms};
  };
  std::vector<double> unknown;
  std::vector<double> wrong;
  // Interleaved, so that the machine's load hits both alike, and each goes first half the time:
  // in one CI run under the sanitizers the unknown name, always sent first, came out 15% slower.
  for (int i = 0; i < 20; ++i) {
    const bool unknown_first = i % 2 == 0;
    auto first = timed(unknown_first ? "Nobody" + std::to_string(i) : "Ada");
    auto second = timed(unknown_first ? "Ada" : "Nobody" + std::to_string(i));
    const auto [u, u_ms] = unknown_first ? first : second;
    const auto [w, w_ms] = unknown_first ? second : first;
    REQUIRE(u.status == 401);
    REQUIRE(w.status == 401);
    CHECK(u.body == w.body);
    CHECK(u.Header("Content-Length") == w.Header("Content-Length"));
    unknown.push_back(u_ms);
    wrong.push_back(w_ms);
  }
  // The fastest of each: load only ever adds time, so the least-disturbed answer is the best
  // measure of the work done. Medians once came out 33 ms against 65 ms in a CI run that shared
  // the machine with another build; the fastest of twenty still meets an idle moment.
  const double u = *std::min_element(unknown.begin(), unknown.end());
  const double w = *std::min_element(wrong.begin(), wrong.end());
  INFO("fastest ms: unknown name " << u << ", wrong password " << w);
  CHECK(u > 5.0);  // a hash was computed for the unknown name too
  // Without the hash for nobody an unknown name would skip the whole Argon2id computation (the
  // `u > 5` above); 20% leaves room for a loaded machine and still tells the two apart.
  CHECK(std::abs(u - w) <= 0.20 * std::max(u, w));
}

TEST_CASE("accounts: sign-ups racing from one address make no more accounts than the limit",
          "[accounts][server]") {
  // The review: concurrent sign-ups from one address made 6 accounts where the limit is 5 (each
  // passed the check before any took its token).
  auto config = AccountsConfig();
  config.signups_per_hour = 5;
  config.hash_threads = 2;
  config.hash_per_address = 16;
  test::TestServer server(config);
  const auto port = server.port();
  std::vector<std::thread> racers;
  std::vector<unsigned> status(12, 0);
  for (std::size_t i = 0; i < status.size(); ++i) {
    racers.emplace_back([&, i] {
      status[i] = test::HttpRequest(port, "POST", "/api/accounts",
                                    Credentials("Racer" + std::to_string(i), "correct horse"))
                      .status;
    });
  }
  for (auto& t : racers) t.join();
  const auto count = [&](unsigned code) { return std::count(status.begin(), status.end(), code); };
  INFO("201: " << count(201) << ", 429: " << count(429) << ", 503: " << count(503));
  CHECK(count(201) + count(429) + count(503) == 12);
  CHECK(count(201) <= 5);
  // Those refused for a busy moment gave their token back: one by one, the address reaches
  // exactly the limit, and no further.
  int made = static_cast<int>(count(201));
  for (int i = 0; i < 12 && made < 6; ++i) {
    const auto r = test::HttpRequest(port, "POST", "/api/accounts",
                                     Credentials("Later" + std::to_string(i), "correct horse"));
    if (r.status == 201) ++made;
    if (r.status == 429) break;
  }
  CHECK(made == 5);
}

TEST_CASE("accounts: a sign-up with a taken name costs its address no sign-up",
          "[accounts][server]") {
  auto config = AccountsConfig();
  config.signups_per_hour = 2;
  test::TestServer server(config);
  const auto port = server.port();
  const auto sign_up = [&](const std::string& name) {
    return test::HttpRequest(port, "POST", "/api/accounts", Credentials(name, "correct horse"))
        .status;
  };
  CHECK(sign_up("Ada") == 201);
  CHECK(sign_up("ADA") == 409);  // its token given back
  CHECK(sign_up("Bob") == 201);
  CHECK(sign_up("Cyril") == 429);
}

TEST_CASE("accounts: failed sign-ins make the account wait, and sign-ups per address are capped",
          "[accounts][server]") {
  auto config = AccountsConfig();
  config.sign_in_failures_per_account = 2;
  config.signups_per_hour = 2;
  test::TestServer server(config);
  const auto port = server.port();
  SignUp(port, "Ada");
  SignUp(port, "Bob");
  const auto third =
      test::HttpRequest(port, "POST", "/api/accounts", Credentials("Cy", "correct horse"));
  // "Cy" is too short: checked before the rate, so the rate is what refuses a good name.
  CHECK(third.status == 400);
  const auto capped =
      test::HttpRequest(port, "POST", "/api/accounts", Credentials("Cyd", "correct horse"));
  CHECK(capped.status == 429);
  CHECK(!capped.Header("Retry-After").empty());
  // Another address may still sign up.
  CHECK(test::HttpRequestFrom("127.0.0.2", port, "POST", "/api/accounts",
                              Credentials("Cyd", "correct horse"))
            .status == 201);

  for (int i = 0; i < 3; ++i) {
    CHECK(test::HttpRequest(port, "POST", "/api/sessions", Credentials("Ada", "wrong password"))
              .status == 401);
  }
  const auto wait =
      test::HttpRequest(port, "POST", "/api/sessions", Credentials("Ada", "correct horse"));
  CHECK(wait.status == 429);
  CHECK(wait.Header("Retry-After") == "1");
  std::this_thread::sleep_for(1100ms);
  CHECK(test::HttpRequest(port, "POST", "/api/sessions", Credentials("Ada", "correct horse"))
            .status == 200);
  const auto metrics = test::HttpGet(port, "/metrics").body;
  CHECK(metrics.find("carc_account_sign_ins_delayed_total 1\n") != std::string::npos);
  CHECK(metrics.find("carc_account_sign_in_failures_total 3\n") != std::string::npos);
  CHECK(metrics.find("carc_account_signups_total 3\n") != std::string::npos);
}

TEST_CASE("accounts: passwords and session tokens never reach the store or the log in clear",
          "[accounts][server]") {
  std::ostringstream log;
  const auto previous = spdlog::default_logger();
  spdlog::set_default_logger(std::make_shared<spdlog::logger>(
      "capture", std::make_shared<spdlog::sinks::ostream_sink_mt>(log)));
  auto config = AccountsConfig();
  const std::string dir = config.data_dir;
  std::string token;
  std::string other;
  {
    test::TestServer server(config);
    spdlog::set_level(spdlog::level::trace);  // the test server sets warn: every level is wanted
    const auto port = server.port();
    token = CookieToken(
        test::HttpRequest(port, "POST", "/api/accounts", Credentials("Ada", "s3cret-Pa55word")));
    REQUIRE(token.size() == 43);
    other = CookieToken(
        test::HttpRequest(port, "POST", "/api/sessions", Credentials("Ada", "s3cret-Pa55word")));
    REQUIRE(other.size() == 43);
    CHECK(test::HttpRequest(port, "GET", "/api/me", "", WithCookie(token)).status == 200);
    CHECK(
        test::HttpRequest(port, "DELETE", "/api/sessions/current", "", WithCookie(other)).status ==
        204);
  }
  spdlog::set_default_logger(previous);
  spdlog::set_level(spdlog::level::warn);
  std::string stored;
  for (const char* suffix : {"", "-wal"}) {
    std::ifstream in(dir + "/carcassonne.sqlite" + suffix, std::ios::binary);
    stored += std::string(std::istreambuf_iterator<char>(in), {});
  }
  REQUIRE(stored.size() > 4096);
  CHECK(log.str().find("Ada") != std::string::npos);  // the log was captured
  for (const std::string& secret : {token, other, std::string("s3cret-Pa55word")}) {
    CHECK(stored.find(secret) == std::string::npos);
    CHECK(log.str().find(secret) == std::string::npos);
  }
}

TEST_CASE("accounts: behind https the session cookie is __Host-carc_session, the plain name unread",
          "[accounts][server]") {
  auto config = AccountsConfig();
  config.trusted_proxies = "127.0.0.1";  // a TLS proxy that says X-Forwarded-Proto: https
  test::TestServer server(config);
  const auto port = server.port();
  const Fields https = {{"X-Forwarded-Proto", "https"}};
  const auto made =
      test::HttpRequest(port, "POST", "/api/accounts", Credentials("Ada", "correct horse"), https);
  REQUIRE(made.status == 201);
  const std::string cookie = made.Header("Set-Cookie");
  REQUIRE(cookie.starts_with("__Host-carc_session="));
  CHECK(cookie.find("; Path=/;") != std::string::npos);
  CHECK(cookie.find("Domain") == std::string::npos);
  CHECK(cookie.ends_with("; Secure"));
  const std::string token = cookie.substr(20, cookie.find(';') - 20);
  REQUIRE(token.size() == 43);
  Fields host_cookie = https;
  host_cookie.emplace_back("Cookie", "__Host-carc_session=" + token);
  CHECK(test::HttpRequest(port, "GET", "/api/me", "", host_cookie).status == 200);
  // The plain name over https: what a sibling subdomain or a plain-http answer could plant.
  Fields planted = https;
  planted.emplace_back("Cookie", "carc_session=" + token);
  CHECK(test::HttpRequest(port, "GET", "/api/me", "", planted).status == 401);
}
