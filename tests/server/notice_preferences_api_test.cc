// Which notices a player is pushed and their quiet hours over HTTP (accounts/
// notice_preferences_api.h), without a socket: the defaults, a change of some fields that keeps
// the others, each bad field refused by name with nothing changed, and the session it needs
// (issue 40, point 6).
#include <catch2/catch.hpp>

#include "account_api_host.h"
#include "accounts/notice_preferences_api.h"

using namespace carc;
using nlohmann::json;
namespace sa = carc::server::accounts;

namespace {

constexpr std::int64_t kNoticesNow = 1'800'000'000;
constexpr const char* kNoticesPath = "/api/me/notices";

struct NoticesApiFixture : test::AccountApiHost {
  NoticesApiFixture() : AccountApiHost(kNoticesNow), api(store->social(), accounts) {
    account = *store->accounts()->CreateAccount("Ada", "ada", "h", 0);
    SignIn(account);
  }
  server::ApiResponse Ask(const std::string& method, const std::string& body = "",
                          bool signed_in = true) {
    return test::Served(api, Request(method, kNoticesPath, body, signed_in)).get();
  }

  sa::NoticePreferencesApi api;
  server::store::AccountId account = 0;
};

const json kNoticeDefaults = {
    {"push", {{"turn", true}, {"reminder", true}, {"invitation", true}, {"game_over", true}}},
    {"quiet", nullptr},
    {"time_zone", "UTC"}};

}  // namespace

TEST_CASE("notice preferences API: defaults, a change of some fields keeps the others",
          "[accounts][notices][quiet]") {
  NoticesApiFixture f;
  const auto initial = f.Ask("GET");
  REQUIRE(initial.status == 200);
  CHECK(test::ApiBody(initial) == kNoticeDefaults);

  const auto changed =
      f.Ask("PUT", R"({"push":{"game_over":false},"quiet":{"from":"22:30","to":"07:00"},)"
                   R"("time_zone":"Europe/Berlin"})");
  REQUIRE(changed.status == 200);
  json expected = kNoticeDefaults;
  expected["push"]["game_over"] = false;
  expected["quiet"] = {{"from", "22:30"}, {"to", "07:00"}};
  expected["time_zone"] = "Europe/Berlin";
  CHECK(test::ApiBody(changed) == expected);
  CHECK(test::ApiBody(f.Ask("GET")) == expected);
  const auto row = f.store->social()->NoticePreferencesOf(f.account);
  CHECK(row.push_kinds == 0x7);
  CHECK(row.quiet_from == 22 * 60 + 30);
  CHECK(row.quiet_to == 7 * 60);

  // Only the zone: the rest stays; then quiet hours off.
  CHECK(test::ApiBody(f.Ask("PUT", R"({"time_zone":"America/New_York"})"))["quiet"] ==
        expected["quiet"]);
  const auto off = f.Ask("PUT", R"({"quiet":null,"push":{"reminder":false}})");
  REQUIRE(off.status == 200);
  CHECK(test::ApiBody(off)["quiet"].is_null());
  CHECK(test::ApiBody(off)["push"] ==
        json{{"turn", true}, {"reminder", false}, {"invitation", true}, {"game_over", false}});
  CHECK(test::ApiBody(off)["time_zone"] == "America/New_York");
  CHECK(f.api.metrics().changed == 3);
}

TEST_CASE("notice preferences API: each bad field is refused by name and changes nothing",
          "[accounts][notices][quiet][limits]") {
  NoticesApiFixture f;
  REQUIRE(
      f.Ask("PUT", R"({"quiet":{"from":"23:00","to":"06:00"},"time_zone":"Asia/Tokyo"})").status ==
      200);
  const json kept = test::ApiBody(f.Ask("GET"));
  const std::pair<const char*, const char*> bad[] = {
      {R"({"push":{"turn":"no"}})", "push"},
      {R"({"push":{"everything":false}})", "push"},
      {R"({"push":[true]})", "push"},
      {R"({"quiet":{"from":"23:00"}})", "quiet"},
      {R"({"quiet":{"from":"23:00","to":"23:00"}})", "quiet"},
      {R"({"quiet":{"from":"24:00","to":"06:00"}})", "quiet"},
      {R"({"quiet":{"from":"9:00","to":"06:00"}})", "quiet"},
      {R"({"quiet":{"from":"23:00","to":"06:00","x":1}})", "quiet"},
      {R"({"quiet":"22:00-07:00"})", "quiet"},
      {R"({"time_zone":"Mars/Olympus"})", "time_zone"},
      {R"({"time_zone":"../../../etc/passwd"})", "time_zone"},
      {R"({"time_zone":7})", "time_zone"},
      // A good field with a bad one: the good one is not kept either.
      {R"({"push":{"turn":false},"time_zone":"Nowhere/Land"})", "time_zone"},
  };
  for (const auto& [body, field] : bad) {
    INFO(body);
    const auto r = f.Ask("PUT", body);
    CHECK(r.status == 400);
    CHECK(test::ApiBody(r)["field"] == field);
  }
  CHECK(f.Ask("PUT", R"({"mute":true})").status == 400);
  CHECK(f.Ask("PUT", R"({"push":{"turn":{"deep":{"er":1}}}})").status == 400);  // depth 3
  CHECK(f.Ask("PUT", "[]").status == 400);
  CHECK(f.Ask("PUT", R"({"time_zone":")" + std::string(2000, 'A') + R"("})").status == 413);
  CHECK(test::ApiBody(f.Ask("GET")) == kept);
  CHECK(f.api.metrics().refused == 17);
  CHECK(f.api.metrics().changed == 1);
  // A session is needed; other methods are not allowed.
  CHECK(f.Ask("GET", "", false).status == 401);
  CHECK(f.Ask("PUT", R"({"quiet":null})", false).status == 401);
  const auto post = f.Ask("POST", "{}");
  CHECK(post.status == 405);
  CHECK(post.allow == "GET, HEAD, PUT");
  CHECK(test::ApiBody(f.Ask("GET")) == kept);
}
