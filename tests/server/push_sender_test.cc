// The push sender (push/push_sender.h) without a network: a transport of the test's own answers
// as a push service would, and an in-memory store. What is sent (each subscription's message in
// its language, encrypted for it, with TTL, urgency, topic and a VAPID token), and what each
// answer leads to: sent, dropped on 404/410, retried on 5xx/429/no answer, failed otherwise,
// and refused past the queue's bound.
#include <openssl/rand.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <condition_variable>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "net/base64url.h"
#include "push/push_receiver.h"
#include "push/push_sender.h"
#include "push/vapid_verifier.h"
#include "store/event_store.h"

namespace wp = carc::server::push;
namespace cstore = carc::server::store;

namespace {

// Subscriptions in memory: what the sender reads and what its deliveries change.
class SenderTestStore final : public cstore::PushStore {
 public:
  cstore::PutSubscription Put(const cstore::PushSubscriptionRow& row, int) override {
    std::lock_guard lock(mu_);
    auto copy = row;
    copy.id = ++last_id_;
    rows_[copy.id] = copy;
    return cstore::PutSubscription::kCreated;
  }
  bool Delete(std::int64_t, const std::string&) override { return false; }
  std::vector<cstore::PushSubscriptionRow> Subscriptions(std::int64_t account) override {
    std::lock_guard lock(mu_);
    std::vector<cstore::PushSubscriptionRow> out;
    for (const auto& [id, row] : rows_) {
      if (row.account == account) out.push_back(row);
    }
    return out;
  }
  void Delivered(std::int64_t id, bool ok, bool drop) override {
    std::lock_guard lock(mu_);
    if (drop) {
      rows_.erase(id);
    } else if (rows_.count(id) > 0) {
      rows_[id].failures = ok ? 0 : rows_[id].failures + 1;
    }
  }
  std::string ServerKey(const std::string&, const std::string& candidate) override {
    return candidate;
  }
  std::size_t size() {
    std::lock_guard lock(mu_);
    return rows_.size();
  }

 private:
  std::mutex mu_;
  std::int64_t last_id_ = 0;
  std::map<std::int64_t, cstore::PushSubscriptionRow> rows_;
};

struct SenderTestBrowser {
  std::string ua_private;
  cstore::PushSubscriptionRow row;
};

SenderTestBrowser NewSenderTestBrowser(std::int64_t account, const std::string& endpoint,
                                       const std::string& lang) {
  const wp::Pkey key = wp::NewP256Key();
  REQUIRE(key);
  std::string auth(16, '\0');
  REQUIRE(RAND_bytes(reinterpret_cast<unsigned char*>(auth.data()), 16) == 1);
  cstore::PushSubscriptionRow row;
  row.account = account;
  row.session = 1;
  row.endpoint = endpoint;
  row.p256dh = wp::P256Point(key.get());
  row.auth = auth;
  row.lang = lang;
  return {wp::P256Scalar(key.get()), row};
}

// The push service's side: every request seen, answered from a script (then 201).
class ScriptedService {
 public:
  explicit ScriptedService(std::vector<wp::PushResponse> script = {})
      : script_(std::move(script)) {}
  wp::PushResponse Answer(const wp::PushRequest& r) {
    std::lock_guard lock(mu_);
    seen_.push_back(r);
    wp::PushResponse answer{201, "", 0};
    if (next_ < script_.size()) answer = script_[next_++];
    changed_.notify_all();
    return answer;
  }
  // Waits (bounded) for `n` requests.
  std::vector<wp::PushRequest> Await(std::size_t n) {
    std::unique_lock lock(mu_);
    changed_.wait_for(lock, std::chrono::seconds(10), [&] { return seen_.size() >= n; });
    return seen_;
  }

 private:
  std::mutex mu_;
  std::condition_variable changed_;
  std::vector<wp::PushResponse> script_;
  std::size_t next_ = 0;
  std::vector<wp::PushRequest> seen_;
};

wp::PushSenderConfig SenderTestConfig() {
  wp::PushSenderConfig c;
  c.subject = "mailto:admin@example.org";
  c.first_retry = std::chrono::seconds(0);  // retried at once: the test does not wait
  c.attempts = 3;
  return c;
}

wp::VapidKey SenderTestKey() {
  auto key = wp::VapidKey::Generate();
  REQUIRE(std::holds_alternative<wp::VapidKey>(key));
  return std::move(std::get<wp::VapidKey>(key));
}

// Waits (bounded) until the sender has settled `n` messages (sent, failed or gone).
void AwaitSettled(const wp::PushSenderMetrics& m, std::uint64_t n) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (m.sent + m.failed + m.gone < n && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace

TEST_CASE("push sender: each of the account's browsers gets the notice in its language", "[push]") {
  SenderTestStore store;
  const auto phone = NewSenderTestBrowser(7, "https://fcm.googleapis.com/fcm/send/abc", "de");
  const auto laptop = NewSenderTestBrowser(7, "https://updates.push.services.mozilla.com/x", "sv");
  const auto other = NewSenderTestBrowser(8, "https://fcm.googleapis.com/fcm/send/zzz", "en");
  for (const auto* b : {&phone, &laptop, &other}) store.Put(b->row, 10);
  const wp::VapidKey key = SenderTestKey();
  wp::PushSenderMetrics metrics;
  ScriptedService service;
  wp::PushSender sender(
      store, key, SenderTestConfig(), metrics,
      [&](const wp::PushRequest& r) { return service.Answer(r); }, [] { return 1'800'000'000; });
  sender.Notify({wp::NoticeKind::kTurn, 7, "R7K2ABCD", "base", ""});
  const auto seen = service.Await(2);
  AwaitSettled(metrics, 2);
  REQUIRE(seen.size() == 2);
  CHECK(metrics.sent == 2);
  for (const auto& r : seen) {
    const bool to_phone = r.endpoint.host == "fcm.googleapis.com";
    const auto& browser = to_phone ? phone : laptop;
    CHECK(r.endpoint.target == (to_phone ? "/fcm/send/abc" : "/x"));
    const auto plain =
        carc::test::push::DecryptPushBody(r.body, browser.ua_private, browser.row.auth);
    REQUIRE(plain);
    CHECK(nlohmann::json::parse(*plain) == nlohmann::json{{"kind", "turn"},
                                                          {"room", "R7K2ABCD"},
                                                          {"url", "/r/R7K2ABCD"},
                                                          {"game", "base"},
                                                          {"lang", to_phone ? "de" : "sv"}});
    CHECK(r.ttl == 86400);
    CHECK(r.urgency == "high");
    CHECK(r.topic == "room-R7K2ABCD");
    // "vapid t=JWT, k=KEY": signed by the server's key, for this push service, for 12 hours.
    const std::string& a = r.authorization;
    const auto t = a.find("t="), k = a.find(", k=");
    REQUIRE(a.starts_with("vapid t="));
    REQUIRE(k != std::string::npos);
    CHECK(a.substr(k + 4) == key.PublicKey());
    std::string point;
    REQUIRE(carc::server::DecodeBase64Url(key.PublicKey(), point));
    const auto jwt = carc::test::push::ReadEs256Jwt(a.substr(t + 2, k - t - 2), point);
    REQUIRE(jwt);
    CHECK(jwt->signature_valid);
    CHECK(jwt->claims["aud"] == "https://" + r.endpoint.host);
    CHECK(jwt->claims["exp"] == 1'800'000'000 + 12 * 3600);
    CHECK(jwt->claims["sub"] == "mailto:admin@example.org");
  }
}

TEST_CASE("push sender: a gone subscription is dropped, a busy service is asked again", "[push]") {
  SenderTestStore store;
  const wp::VapidKey key = SenderTestKey();
  wp::PushSenderMetrics metrics;
  SECTION("410 and 404 remove the subscription") {
    for (const unsigned status : {410U, 404U}) {
      store.Put(NewSenderTestBrowser(7, "https://push.example.org/a", "en").row, 10);
      ScriptedService service({{status, "", 0}});
      wp::PushSender sender(store, key, SenderTestConfig(), metrics,
                            [&](const wp::PushRequest& r) { return service.Answer(r); });
      sender.Notify({wp::NoticeKind::kGameOver, 7, "ROOM2345", "castle", ""});
      AwaitSettled(metrics, status == 410 ? 1 : 2);
      CHECK(service.Await(1).size() == 1);
      CHECK(store.size() == 0);
    }
    CHECK(metrics.gone == 2);
    CHECK(metrics.retried == 0);
  }
  SECTION("503, no answer and 429 are tried again, up to the attempts") {
    store.Put(NewSenderTestBrowser(7, "https://push.example.org/a", "en").row, 10);
    ScriptedService service({{503, "", 0}, {0, "connection refused", 0}, {201, "", 0}});
    wp::PushSender sender(store, key, SenderTestConfig(), metrics,
                          [&](const wp::PushRequest& r) { return service.Answer(r); });
    sender.Notify({wp::NoticeKind::kReminder, 7, "ROOM2345", "base", ""});
    AwaitSettled(metrics, 1);
    CHECK(service.Await(3).size() == 3);
    CHECK(metrics.sent == 1);
    CHECK(metrics.retried == 2);
    CHECK(store.size() == 1);
    // Three tries in all: the fourth 429 is not made.
    ScriptedService busy({{429, "", 0}, {429, "", 0}, {429, "", 0}, {201, "", 0}});
    wp::PushSender again(store, key, SenderTestConfig(), metrics,
                         [&](const wp::PushRequest& r) { return busy.Answer(r); });
    again.Notify({wp::NoticeKind::kReminder, 7, "ROOM2345", "base", ""});
    AwaitSettled(metrics, 2);
    CHECK(busy.Await(3).size() == 3);
    CHECK(metrics.failed == 1);
    // The success above reset the failures: these are the three here.
    CHECK(store.Subscriptions(7).at(0).failures == 3);
  }
  SECTION("a refusal is not tried again") {
    store.Put(NewSenderTestBrowser(7, "https://push.example.org/a", "en").row, 10);
    ScriptedService service({{400, "", 0}});
    wp::PushSender sender(store, key, SenderTestConfig(), metrics,
                          [&](const wp::PushRequest& r) { return service.Answer(r); });
    sender.Notify({wp::NoticeKind::kInvitation, 7, "ROOM2345", "base", "Ann"});
    AwaitSettled(metrics, 1);
    CHECK(metrics.failed == 1);
    CHECK(metrics.retried == 0);
    CHECK(service.Await(1).at(0).urgency == "normal");
    CHECK(store.size() == 1);
  }
}

TEST_CASE("push sender: past its queue's bound a notice is dropped and counted", "[push]") {
  SenderTestStore store;
  store.Put(NewSenderTestBrowser(7, "https://push.example.org/a", "en").row, 10);
  const wp::VapidKey key = SenderTestKey();
  wp::PushSenderMetrics metrics;
  std::mutex mu;
  std::condition_variable cv;
  bool release = false;
  int calls = 0;
  auto config = SenderTestConfig();
  config.max_queued = 3;
  config.per_account = 1;  // the first request hangs; everything after it waits in the queue
  {
    wp::PushSender sender(store, key, config, metrics, [&](const wp::PushRequest&) {
      std::unique_lock lock(mu);
      ++calls;
      cv.notify_all();
      cv.wait(lock, [&] { return release; });  // a push service that hangs
      return wp::PushResponse{201, "", 0};
    });
    sender.Notify({wp::NoticeKind::kTurn, 7, "ROOM2345", "base", ""});
    {
      std::unique_lock lock(mu);
      REQUIRE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return calls == 1; }));
    }
    for (int i = 0; i < 5; ++i) sender.Notify({wp::NoticeKind::kTurn, 7, "ROOM2345", "base", ""});
    // The sender moves waiting notices to its deferred list meanwhile, and a notice in its hands
    // is in neither: the count is read once, when both are seen together.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    bool full = false;
    while (!(full = metrics.queued == 3 && metrics.dropped_full == 2) &&
           std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    CHECK(full);
    CHECK(metrics.queued <= 3);
    {
      std::lock_guard lock(mu);
      release = true;
    }
    cv.notify_all();
    AwaitSettled(metrics, 4);
    CHECK(metrics.sent == 4);
    CHECK(metrics.queued == 0);
  }
}

TEST_CASE("push sender: a kind turned off is not sent, quiet hours hold a notice to their end",
          "[push][quiet]") {
  // Issue 40, point 6. 1'800'000'000 is 08:00 UTC: its day starts 8 hours before. The clock
  // stands 5 s before the end of quiet hours 02:00-03:00 UTC.
  constexpr std::int64_t kDay = 1'800'000'000 - 8 * 3600;
  constexpr std::int64_t kNow = kDay + 3 * 3600 - 5;
  SenderTestStore store;
  const auto phone = NewSenderTestBrowser(7, "https://push.example.org/a", "en");
  store.Put(phone.row, 10);
  const wp::VapidKey key = SenderTestKey();
  wp::PushSenderMetrics metrics;
  ScriptedService service;
  cstore::NoticePreferenceRow prefs;
  prefs.push_kinds = 0xF & ~(1u << static_cast<unsigned>(wp::NoticeKind::kGameOver));
  prefs.quiet_from = 2 * 60;
  prefs.quiet_to = 3 * 60;
  prefs.time_zone = "UTC";
  std::atomic<bool> store_fails{false};
  wp::PushSender sender(
      store, key, SenderTestConfig(), metrics,
      [&](const wp::PushRequest& r) { return service.Answer(r); }, [] { return kNow; },
      [&](std::int64_t account) {
        if (store_fails) throw cstore::StoreError("the store is down");
        return account == 7 ? prefs : cstore::NoticePreferenceRow{};
      });
  const auto start = std::chrono::steady_clock::now();
  sender.Notify({wp::NoticeKind::kGameOver, 7, "ROOMAAAA", "base", ""});
  sender.Notify({wp::NoticeKind::kTurn, 7, "ROOMAAAA", "base", ""});
  sender.Notify({wp::NoticeKind::kReminder, 7, "ROOMAAAA", "base", ""});  // replaces the turn
  sender.Notify({wp::NoticeKind::kInvitation, 7, "ROOMBBBB", "base", "Ann"});
  std::this_thread::sleep_for(std::chrono::seconds(1));
  CHECK(metrics.muted == 1);
  CHECK(metrics.held == 3);
  CHECK(metrics.queued == 2);
  CHECK(service.Await(0).empty());
  // At the end of the quiet hours: one notice per room, the newest.
  const auto seen = service.Await(2);
  AwaitSettled(metrics, 2);
  CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(4900));
  REQUIRE(seen.size() == 2);
  std::map<std::string, std::string> kinds;
  for (const auto& r : seen) {
    const auto plain = carc::test::push::DecryptPushBody(r.body, phone.ua_private, phone.row.auth);
    REQUIRE(plain);
    const auto notice = nlohmann::json::parse(*plain);
    kinds[notice["room"].get<std::string>()] = notice["kind"].get<std::string>();
  }
  CHECK(kinds ==
        std::map<std::string, std::string>{{"ROOMAAAA", "reminder"}, {"ROOMBBBB", "invitation"}});
  CHECK(metrics.sent == 2);
  CHECK(metrics.queued == 0);
  // Preferences that cannot be read stop nothing: the notice goes at once.
  store_fails = true;
  sender.Notify({wp::NoticeKind::kGameOver, 7, "ROOMAAAA", "base", ""});
  CHECK(service.Await(3).size() == 3);
}

TEST_CASE("push sender: another account's notice is delivered within 2 s while 10 endpoints hang",
          "[push]") {
  // The review: one sender thread, 10 s a request, three retries on a timeout: ten
  // subscriptions of one account at an endpoint that accepts and never answers delayed another
  // player's notice by 100 s.
  SenderTestStore store;
  for (int i = 0; i < 10; ++i) {
    store.Put(
        NewSenderTestBrowser(7, "https://push.example.org/hang-" + std::to_string(i), "en").row,
        10);
  }
  store.Put(NewSenderTestBrowser(8, "https://push.example.org/healthy", "en").row, 10);
  const wp::VapidKey key = SenderTestKey();
  wp::PushSenderMetrics metrics;
  std::atomic<int> hanging{0};
  std::atomic<int> hung_most{0};
  std::mutex mu;
  std::condition_variable cv;
  std::optional<std::chrono::steady_clock::time_point> delivered;
  auto config = SenderTestConfig();
  config.timeout = std::chrono::milliseconds(3000);
  const auto notified = std::chrono::steady_clock::now();
  {
    wp::PushSender sender(store, key, config, metrics, [&](const wp::PushRequest& r) {
      if (r.endpoint.target.find("/hang-") == 0) {
        // Accepts and never answers: the request runs into its timeout.
        const int now_hanging = ++hanging;
        int most = hung_most.load();
        while (now_hanging > most && !hung_most.compare_exchange_weak(most, now_hanging)) {
        }
        std::this_thread::sleep_for(config.timeout);
        --hanging;
        return wp::PushResponse{0, "timed out", 0};
      }
      std::lock_guard lock(mu);
      delivered = std::chrono::steady_clock::now();
      cv.notify_all();
      return wp::PushResponse{201, "", 0};
    });
    for (int i = 0; i < 3; ++i) sender.Notify({wp::NoticeKind::kTurn, 7, "HANGROOM", "base", ""});
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the hanging under way
    const auto asked = std::chrono::steady_clock::now();
    sender.Notify({wp::NoticeKind::kTurn, 8, "ROOM2345", "base", ""});
    std::unique_lock lock(mu);
    REQUIRE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return delivered.has_value(); }));
    const double seconds = std::chrono::duration<double>(*delivered - asked).count();
    WARN("the healthy endpoint's notice came "
         << seconds << " s after it was asked for, "
         << std::chrono::duration<double>(asked - notified).count()
         << " s into the hanging; at most " << hung_most.load() << " requests hung at once");
    CHECK(seconds < 2.0);
  }
  // The hanging account had at most its share in flight (--push-per-account), the rest waited.
  CHECK(hung_most.load() <= 2);
  CHECK(metrics.deferred.load() > 0);
}
