// Sign-ins held to the review's findings (docs/security.md, "Hardening, round three"):
// - successful sign-ins are metered like failures, and the hashing threads are shared fairly
//   between addresses, so 20 addresses signing in to their own accounts over and over leave
//   other players' sign-ins answered;
// - failures are counted per account and address, so an address that fails 20 times against a
//   named player delays itself, never the owner signing in from elsewhere.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "test_server.h"

using namespace std::chrono_literals;

namespace carc::test::sign_in_metering {
namespace {

std::string Credentials(const std::string& name) {
  return nlohmann::json{{"name", name}, {"password", "correct horse"}}.dump();
}

server::ServerConfig Config() {
  auto config = TestConfig();
  config.hash_threads = 1;
  config.signups_per_hour = 0;  // the accounts are made from 127.0.0.1
  return config;
}

}  // namespace

TEST_CASE("sign-ins: 20 addresses signing in successfully leave other players' sign-ins answered",
          "[accounts][server][timing]") {
  TestServer server(Config());
  const auto port = server.port();
  constexpr int kFlooders = 20;
  constexpr int kOthers = 26;
  for (int i = 0; i < kFlooders; ++i) {
    REQUIRE(HttpRequest(port, "POST", "/api/accounts", Credentials("flood" + std::to_string(i)))
                .status == 201);
  }
  for (int i = 0; i < kOthers; ++i) {
    REQUIRE(HttpRequest(port, "POST", "/api/accounts", Credentials("other" + std::to_string(i)))
                .status == 201);
  }
  // Each flooding address signs in to its own account with two requests in flight (its whole
  // share of the hashing queue), again and again, until the others are done.
  std::atomic<bool> done{false};
  std::atomic<int> flood_ok{0};
  std::atomic<int> flood_metered{0};
  std::vector<std::thread> flood;
  for (int i = 0; i < kFlooders; ++i) {
    for (int lane = 0; lane < 2; ++lane) {
      flood.emplace_back([&, i] {
        const std::string from = "127.0.1." + std::to_string(i + 1);
        while (!done.load()) {
          const auto r = HttpRequestFrom(from, port, "POST", "/api/sessions",
                                         Credentials("flood" + std::to_string(i)));
          if (r.status == 200) ++flood_ok;
          if (r.status == 429) {
            ++flood_metered;
            std::this_thread::sleep_for(20ms);
          }
        }
      });
    }
  }
  std::this_thread::sleep_for(300ms);  // the flood under way
  std::vector<unsigned> answers;
  std::vector<double> seconds;
  for (int i = 0; i < kOthers; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const auto r = HttpRequestFrom("127.0.2." + std::to_string(i + 1), port, "POST",
                                   "/api/sessions", Credentials("other" + std::to_string(i)));
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    answers.push_back(r.status);
    std::this_thread::sleep_for(50ms);
  }
  done = true;
  for (auto& t : flood) t.join();
  const int answered = static_cast<int>(std::count(answers.begin(), answers.end(), 200u));
  std::sort(seconds.begin(), seconds.end());
  WARN("other players' sign-ins answered 200: "
       << answered << " of " << kOthers << "; slowest " << seconds.back() << " s; the flood: "
       << flood_ok.load() << " signed in, " << flood_metered.load() << " refused 429");
  CHECK(answered == kOthers);
  // The flood was real: each address had its burst, then was metered.
  CHECK(flood_ok.load() >= kFlooders);
  CHECK(flood_metered.load() > 0);
  CHECK(MetricValue(port, "carc_account_sign_ins_metered_total") > 0);
}

TEST_CASE("sign-ins: the owner signs in from another address after 20 failures from one",
          "[accounts][server]") {
  TestServer server(Config());
  const auto port = server.port();
  REQUIRE(HttpRequest(port, "POST", "/api/accounts", Credentials("Ada")).status == 201);
  const std::string wrong = nlohmann::json{{"name", "Ada"}, {"password", "not hers"}}.dump();
  int refused_401 = 0;
  int delayed_429 = 0;
  for (int i = 0; i < 20; ++i) {
    const auto r = HttpRequestFrom("127.0.0.66", port, "POST", "/api/sessions", wrong);
    refused_401 += r.status == 401 ? 1 : 0;
    delayed_429 += r.status == 429 ? 1 : 0;
  }
  WARN("20 failures from 127.0.0.66: " << refused_401 << " answered 401, " << delayed_429
                                       << " delayed 429");
  CHECK(refused_401 >= 5);
  CHECK(delayed_429 > 0);
  // The attacker's address waits, even with the right password...
  CHECK(HttpRequestFrom("127.0.0.66", port, "POST", "/api/sessions", Credentials("Ada")).status ==
        429);
  // ...the owner elsewhere does not.
  const auto owner =
      HttpRequestFrom("127.0.0.7", port, "POST", "/api/sessions", Credentials("Ada"));
  CHECK(owner.status == 200);
}

}  // namespace carc::test::sign_in_metering

namespace carc::test::sign_in_metering {

TEST_CASE("passwords: a signed-in player changes theirs with the old one, every session ends",
          "[accounts][server]") {
  TestServer server(Config());
  const auto port = server.port();
  const auto made = HttpRequest(port, "POST", "/api/accounts", Credentials("Ada"));
  REQUIRE(made.status == 201);
  const std::string phone =
      made.Header("Set-Cookie").substr(0, made.Header("Set-Cookie").find(';'));
  const auto laptop_in = HttpRequest(port, "POST", "/api/sessions", Credentials("Ada"));
  REQUIRE(laptop_in.status == 200);
  const std::string laptop =
      laptop_in.Header("Set-Cookie").substr(0, laptop_in.Header("Set-Cookie").find(';'));
  const auto change = [&](const std::string& cookie, const std::string& old_password,
                          const std::string& new_password) {
    return HttpRequest(
        port, "POST", "/api/me/password",
        nlohmann::json{{"old_password", old_password}, {"new_password", new_password}}.dump(),
        {{"Cookie", cookie}});
  };
  CHECK(change("", "correct horse", "battery staple").status == 401);
  const auto wrong = change(phone, "not it", "battery staple");
  CHECK(wrong.status == 401);
  CHECK(nlohmann::json::parse(wrong.body)["field"] == "old_password");
  const auto short_one = change(phone, "correct horse", "short");
  CHECK(short_one.status == 400);
  CHECK(nlohmann::json::parse(short_one.body)["field"] == "new_password");
  const auto changed = change(phone, "correct horse", "battery staple");
  REQUIRE(changed.status == 200);
  const std::string fresh =
      changed.Header("Set-Cookie").substr(0, changed.Header("Set-Cookie").find(';'));
  CHECK(fresh != phone);
  // Every older session ended, this device's new one works.
  CHECK(HttpRequest(port, "GET", "/api/me", "", {{"Cookie", phone}}).status == 401);
  CHECK(HttpRequest(port, "GET", "/api/me", "", {{"Cookie", laptop}}).status == 401);
  CHECK(HttpRequest(port, "GET", "/api/me", "", {{"Cookie", fresh}}).status == 200);
  CHECK(HttpRequest(port, "POST", "/api/sessions", Credentials("Ada")).status == 401);
  CHECK(HttpRequest(port, "POST", "/api/sessions",
                    nlohmann::json{{"name", "Ada"}, {"password", "battery staple"}}.dump())
            .status == 200);
  CHECK(MetricValue(port, "carc_account_passwords_changed_total") == 1);
}

}  // namespace carc::test::sign_in_metering
