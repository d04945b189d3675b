// The push subscriptions API on its own (accounts/push_api.h), with no socket or server: accounts
// and sessions in a SQLite store in a scratch folder, the subscriptions in a store in memory that
// keeps the real one's promises (one row per endpoint, at most so many per account). The key for
// anyone, a subscription made, renewed, at the limit and ended, every bad input refused by its
// field without a trace of the secrets sent, and the session a change needs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <mutex>

#include "account_api_host.h"
#include "accounts/account_name.h"
#include "accounts/push_api.h"
#include "accounts/session_cookie.h"
#include "accounts/session_token.h"
#include "net/base64url.h"
#include "push/p256_key.h"

using namespace carc;
using nlohmann::json;
namespace cs = carc::server::store;
namespace push = carc::server::push;

namespace {

constexpr std::int64_t kPushNow = 1'800'000'000;
constexpr const char* kPushEndpoint = "https://push.example.org/send/dKz9-APA91b";
// Four levels of JSON: one more than a subscription's body may have.
constexpr const char* kPushDeepBody = R"({"endpoint":"x","keys":{"p256dh":{"a":{"b":1}}}})";

// In memory, as store/push_store.h promises: an endpoint is kept once and moves to whoever posts
// it last; an account past its limit gets kFull and nothing changes.
class PushApiMemoryStore final : public cs::PushStore {
 public:
  cs::PutSubscription Put(const cs::PushSubscriptionRow& row, int max_per_account) override {
    std::lock_guard lock(mu_);
    auto kept = Find(row.endpoint);
    if (kept == rows_.end() || kept->account != row.account) {
      const auto owned = std::count_if(rows_.begin(), rows_.end(),
                                       [&](const auto& r) { return r.account == row.account; });
      if (owned >= max_per_account) return cs::PutSubscription::kFull;
    }
    if (kept != rows_.end()) {
      const std::int64_t id = kept->id;
      *kept = row;
      kept->id = id;
      return cs::PutSubscription::kUpdated;
    }
    rows_.push_back(row);
    rows_.back().id = ++last_id_;
    return cs::PutSubscription::kCreated;
  }
  bool Delete(std::int64_t account, const std::string& endpoint) override {
    std::lock_guard lock(mu_);
    const auto kept = Find(endpoint);
    if (kept == rows_.end() || kept->account != account) return false;
    rows_.erase(kept);
    return true;
  }
  std::vector<cs::PushSubscriptionRow> Subscriptions(std::int64_t account) override {
    std::lock_guard lock(mu_);
    std::vector<cs::PushSubscriptionRow> out;
    for (const auto& r : rows_) {
      if (r.account == account) out.push_back(r);
    }
    return out;
  }
  void Delivered(std::int64_t, bool, bool) override {}
  std::string ServerKey(const std::string&, const std::string& candidate) override {
    return candidate;
  }

  std::vector<cs::PushSubscriptionRow> All() {
    std::lock_guard lock(mu_);
    return rows_;
  }

 private:
  std::vector<cs::PushSubscriptionRow>::iterator Find(const std::string& endpoint) {
    return std::find_if(rows_.begin(), rows_.end(),
                        [&](const auto& r) { return r.endpoint == endpoint; });
  }

  std::mutex mu_;
  std::vector<cs::PushSubscriptionRow> rows_;
  std::int64_t last_id_ = 0;
};

// A browser's subscription keys: a real P-256 point and 16 bytes of auth secret.
struct PushApiBrowserKeys {
  std::string p256dh = push::P256Point(push::NewP256Key().get());
  std::string auth = std::string("0123456789abcdef");
};

json PushApiBody(const std::string& endpoint, const PushApiBrowserKeys& keys,
                 const std::string& lang = "de") {
  return {{"endpoint", endpoint},
          {"keys",
           {{"p256dh", server::Base64Url(keys.p256dh)}, {"auth", server::Base64Url(keys.auth)}}},
          {"lang", lang}};
}

struct PushApiFixture : test::AccountApiHost {
  explicit PushApiFixture(server::accounts::PushApiLimits limits = {}, bool keys = true,
                          bool sends = true)
      : AccountApiHost(kPushNow),
        vapid(std::get<push::VapidKey>(push::VapidKey::Generate())),
        api(keys ? &subscriptions : nullptr, sends ? &vapid : nullptr, limits, accounts) {
    ada = *store->accounts()->CreateAccount("Ada", server::accounts::NameKey("Ada"), "h", 0);
    session = SignIn(ada);
  }

  // As the browser sends it: with Ada's session cookie, or none.
  server::ApiResponse Ask(const std::string& method, const std::string& target,
                          const std::string& body = "", bool signed_in = true) {
    return test::Served(api, Request(method, target, body, signed_in)).get();
  }
  server::ApiResponse Subscribe(const json& body, bool signed_in = true) {
    return Ask("POST", "/api/me/push-subscriptions", body.dump(), signed_in);
  }
  server::ApiResponse Unsubscribe(const std::string& endpoint, bool signed_in = true) {
    return Ask("DELETE", "/api/me/push-subscriptions", json{{"endpoint", endpoint}}.dump(),
               signed_in);
  }

  cs::AccountId ada = 0;
  std::int64_t session = 0;
  PushApiMemoryStore subscriptions;
  push::VapidKey vapid;
  server::accounts::PushApi api;
};

}  // namespace

TEST_CASE("push api: the server's key is served to anyone, and 503 when it sends no notices",
          "[push][api]") {
  PushApiFixture f;
  for (const char* method : {"GET", "HEAD"}) {
    const auto r = f.Ask(method, "/api/push/vapid-public-key", "", /*signed_in=*/false);
    REQUIRE(r.status == 200);
    const std::string key = test::ApiBody(r)["key"];
    CHECK(key == f.vapid.PublicKey());
    std::string point;
    REQUIRE(server::DecodeBase64Url(key, point));
    CHECK(push::P256PublicKey(point) != nullptr);
  }
  const auto posted = f.Ask("POST", "/api/push/vapid-public-key", "{}");
  CHECK(posted.status == 405);
  CHECK(posted.allow == "GET, HEAD");
  const auto put = f.Ask("PUT", "/api/me/push-subscriptions", "{}");
  CHECK(put.status == 405);
  CHECK(put.allow == "POST, DELETE");

  // No key (notices off), or no store to keep subscriptions in: every path says so.
  for (const bool keys : {false, true}) {
    PushApiFixture off({}, keys, /*sends=*/!keys);
    const auto key = off.Ask("GET", "/api/push/vapid-public-key", "", false);
    CHECK(key.status == 503);
    CHECK(test::ApiBody(key)["error"] == "this server sends no notices");
    PushApiBrowserKeys browser;
    CHECK(off.Subscribe(PushApiBody(kPushEndpoint, browser)).status == 503);
    CHECK(off.Unsubscribe(kPushEndpoint).status == 503);
    CHECK(off.subscriptions.All().empty());
  }
}

TEST_CASE("push api: a subscription is kept once per endpoint, up to the account's limit",
          "[push][api]") {
  PushApiFixture f({3, push::Loopback::kRefused});
  PushApiBrowserKeys browser;
  const auto made = f.Subscribe(PushApiBody(kPushEndpoint, browser));
  REQUIRE(made.status == 201);
  const auto id = test::ApiBody(made)["id"];
  REQUIRE(id.is_number_integer());
  auto rows = f.subscriptions.All();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].id == id);
  CHECK(rows[0].account == f.ada);
  CHECK(rows[0].session == f.session);
  CHECK(rows[0].endpoint == kPushEndpoint);
  CHECK(rows[0].p256dh == browser.p256dh);  // raw bytes, 65 of them
  CHECK(rows[0].p256dh.size() == 65);
  CHECK(rows[0].auth == browser.auth);
  CHECK(rows[0].lang == "de");
  CHECK(rows[0].created_at == kPushNow);

  // The same endpoint again (the page turned notices on again in another language): kept once.
  const auto again = f.Subscribe(PushApiBody(kPushEndpoint, browser, "sv"));
  CHECK(again.status == 200);
  CHECK(test::ApiBody(again)["id"] == id);
  rows = f.subscriptions.All();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].lang == "sv");
  // No language: English.
  json no_lang = PushApiBody("https://push.example.org/send/2", browser);
  no_lang.erase("lang");
  CHECK(f.Subscribe(no_lang).status == 201);
  CHECK(f.subscriptions.Subscriptions(f.ada).back().lang == "en");

  CHECK(f.Subscribe(PushApiBody("https://push.example.org/send/3", browser)).status == 201);
  const auto full = f.Subscribe(PushApiBody("https://push.example.org/send/4", browser));
  CHECK(full.status == 409);
  CHECK(test::ApiBody(full)["error"].get<std::string>().find("3 devices") != std::string::npos);
  CHECK(f.subscriptions.All().size() == 3);
  // One kept already is renewed at the limit: it takes no other place.
  CHECK(f.Subscribe(PushApiBody(kPushEndpoint, browser)).status == 200);

  const auto ended = f.Unsubscribe(kPushEndpoint);
  CHECK(ended.status == 204);
  CHECK(ended.body.empty());
  CHECK(f.subscriptions.All().size() == 2);
  // Turning notices off twice is no error (the client's turnOff, after a sign-out elsewhere).
  const auto twice = f.Unsubscribe(kPushEndpoint);
  CHECK(twice.status == 204);
  CHECK(f.subscriptions.All().size() == 2);
  CHECK(f.Ask("DELETE", "/api/me/push-subscriptions", "{}").status == 400);

  const auto& m = f.api.metrics();
  CHECK(m.subscribed.load() == 3);
  CHECK(m.updated.load() == 2);
  CHECK(m.full.load() == 1);
  CHECK(m.unsubscribed.load() == 1);
  CHECK(m.refused.load() == 0);
}

TEST_CASE("push api: every bad input is refused with its field, never echoed, and nothing kept",
          "[push][api][security]") {
  PushApiFixture f;
  const PushApiBrowserKeys browser;
  const std::string long_endpoint = "https://push.example.org/" + std::string(2000, 'a');
  // A point's 65 bytes with its marker, but not on the curve.
  std::string off_curve(65, '\0');
  off_curve[0] = '\x04';
  for (std::size_t i = 1; i < off_curve.size(); ++i) off_curve[i] = static_cast<char>(i * 7 + 3);
  REQUIRE(push::P256PublicKey(off_curve) == nullptr);

  struct Bad {
    std::string what;
    json body;
    std::string field;
  };
  std::vector<Bad> bad;
  for (const std::string& endpoint :
       std::vector<std::string>{"http://example.org/x", "https://127.0.0.1/x", "https://10.0.0.1/x",
                                "not a url", long_endpoint}) {
    bad.push_back(
        {"endpoint " + endpoint.substr(0, 40), PushApiBody(endpoint, browser), "endpoint"});
  }
  json no_endpoint = PushApiBody(kPushEndpoint, browser);
  no_endpoint.erase("endpoint");
  bad.push_back({"no endpoint", no_endpoint, "endpoint"});
  const auto with_key = [&](const char* key, const json& value) {
    json body = PushApiBody(kPushEndpoint, browser);
    body["keys"][key] = value;
    return body;
  };
  bad.push_back({"p256dh not base64url", with_key("p256dh", "not+base64/url="), "keys.p256dh"});
  bad.push_back({"p256dh 64 bytes", with_key("p256dh", server::Base64Url(browser.p256dh.substr(1))),
                 "keys.p256dh"});
  bad.push_back(
      {"p256dh off the curve", with_key("p256dh", server::Base64Url(off_curve)), "keys.p256dh"});
  bad.push_back({"p256dh a number", with_key("p256dh", 4), "keys.p256dh"});
  bad.push_back(
      {"auth 15 bytes", with_key("auth", server::Base64Url(browser.auth.substr(1))), "keys.auth"});
  json no_keys = PushApiBody(kPushEndpoint, browser);
  no_keys.erase("keys");
  bad.push_back({"no keys", no_keys, "keys.p256dh"});
  bad.push_back({"lang fr", PushApiBody(kPushEndpoint, browser, "fr"), "lang"});
  json lang_number = PushApiBody(kPushEndpoint, browser);
  lang_number["lang"] = 1;
  bad.push_back({"lang a number", lang_number, "lang"});

  for (const Bad& b : bad) {
    INFO(b.what);
    const auto r = f.Subscribe(b.body);
    CHECK(r.status == 400);
    const json answer = test::ApiBody(r);
    CHECK(answer.value("field", "") == b.field);
    CHECK_FALSE(answer.value("error", "").empty());
    // Neither the URL sent nor the keys come back.
    CHECK(r.body.find("example.org") == std::string::npos);
    CHECK(r.body.find("127.0.0.1") == std::string::npos);
    CHECK(r.body.find(server::Base64Url(browser.p256dh)) == std::string::npos);
  }

  // Bodies that are no subscription at all. The parser's complaint would quote the text where
  // it stopped (here inside the endpoint): the answer does not.
  const std::string cut = R"({"endpoint":"https://push.example.org/secret-capability)";
  for (const std::string& body : {cut, std::string("[1]"), std::string(kPushDeepBody)}) {
    INFO(body);
    const auto r = f.Ask("POST", "/api/me/push-subscriptions", body);
    CHECK(r.status == 400);
    CHECK(r.body.find("secret-capability") == std::string::npos);
  }
  CHECK(test::ApiBody(f.Ask("POST", "/api/me/push-subscriptions", kPushDeepBody))["error"]
            .get<std::string>()
            .find("deeper than 3") != std::string::npos);
  const auto big = f.Ask("POST", "/api/me/push-subscriptions", std::string(5 * 1024, ' '));
  CHECK(big.status == 413);
  CHECK(f.Ask("DELETE", "/api/me/push-subscriptions", std::string(5 * 1024, ' ')).status == 413);

  CHECK(f.subscriptions.All().empty());
  // Each refused POST counts: the list, the three bodies, the deep one again and the 413.
  CHECK(f.api.metrics().refused.load() == bad.size() + 5);
  CHECK(f.api.metrics().subscribed.load() == 0);
}

TEST_CASE("push api: subscribing and unsubscribing need a session", "[push][api][security]") {
  PushApiFixture f;
  PushApiBrowserKeys browser;
  const auto posted = f.Subscribe(PushApiBody(kPushEndpoint, browser), /*signed_in=*/false);
  CHECK(posted.status == 401);
  CHECK(f.subscriptions.All().empty());
  REQUIRE(f.Subscribe(PushApiBody(kPushEndpoint, browser)).status == 201);
  CHECK(f.Unsubscribe(kPushEndpoint, /*signed_in=*/false).status == 401);
  CHECK(f.subscriptions.All().size() == 1);
  // Another account's subscription is not this one's to end.
  const auto bob =
      *f.store->accounts()->CreateAccount("Bob", server::accounts::NameKey("Bob"), "h", 0);
  const std::string bobs = server::accounts::NewSessionToken();
  f.store->accounts()->CreateSession(bob, server::accounts::HashSessionToken(bobs), "test",
                                     kPushNow);
  server::ApiRequest request = test::ApiCall("DELETE", "/api/me/push-subscriptions",
                                             json{{"endpoint", kPushEndpoint}}.dump());
  request.cookie = std::string(server::accounts::kSessionCookie) + "=" + bobs;
  CHECK(test::Served(f.api, std::move(request)).get().status == 204);
  CHECK(f.subscriptions.All().size() == 1);  // Ann's is untouched
}

TEST_CASE("push api: an endpoint on this machine passes only when the limits allow it",
          "[push][api][security]") {
  const std::string local = "http://127.0.0.1:8000/push/1";
  PushApiBrowserKeys browser;
  PushApiFixture refused;
  const auto no = refused.Subscribe(PushApiBody(local, browser));
  CHECK(no.status == 400);
  CHECK(test::ApiBody(no)["field"] == "endpoint");
  CHECK(refused.subscriptions.All().empty());

  PushApiFixture allowed({10, push::Loopback::kAllowed});
  CHECK(allowed.Subscribe(PushApiBody(local, browser)).status == 201);
  REQUIRE(allowed.subscriptions.All().size() == 1);
  CHECK(allowed.subscriptions.All()[0].endpoint == local);
  // Still only this machine: a private network stays refused.
  CHECK(allowed.Subscribe(PushApiBody("https://10.0.0.1/x", browser)).status == 400);
}
