// The daily digest and a player's quiet hours (mail/digest_sweep.h, issue 40 point 6): an
// account claimed inside them is put off in the store to their end and mailed then, with the
// games waiting at that time; one without quiet hours is mailed at once.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mail/digest_sweep.h"
#include "mail/mail_sender.h"
#include "store/account_store.h"
#include "store/mail_store.h"
#include "store/social_store.h"
#include "store/sqlite_store.h"
#include "test_server.h"

namespace carc::test::digest_quiet {

namespace mail = carc::server::mail;
namespace cs = carc::server::store;
using namespace std::chrono_literals;

// 1'800'000'000 is 08:00 UTC; quiet hours 07:00-09:00 UTC hold it for an hour.
constexpr std::int64_t kQuietNow = 1'800'000'000;

TEST_CASE("digest: an account in its quiet hours is mailed at their end, others at once",
          "[mail][quiet]") {
  auto store = cs::OpenSqliteStore(cs::StorePath(NewDataDir()), cs::Durability::kFull);
  cs::MailStore& mails = *store->mail();
  const auto add = [&](const std::string& name, const std::string& hash) {
    const cs::AccountId id = *store->accounts()->CreateAccount(name, name, "h", 0);
    REQUIRE(mails.SetAddress(id, {name + "@example.org", "en", hash, 0, kQuietNow * 2}, -1) ==
            cs::SetAddressOutcome::kSet);
    REQUIRE(mails.Verify(hash, 1) == id);
    return id;
  };
  const cs::AccountId ada = add("ada", "hash-ada");
  add("bob", "hash-bob");  // no preferences: the defaults, never quiet
  store->social()->SetNoticePreferences(ada, {0xF, 7 * 60, 9 * 60, "UTC"});

  std::mutex mu;
  std::vector<std::string> to;
  mail::MailSenderMetrics sender_metrics;
  mail::MailSender sender({}, sender_metrics,
                          [&](const std::string&, const std::string& rcpt, const std::string&) {
                            std::lock_guard lock(mu);
                            to.push_back(rcpt);
                            return mail::SmtpResult{true, 250, false, ""};
                          });
  std::atomic<std::int64_t> now{kQuietNow};
  mail::DigestSweepConfig config;
  config.period = 1h;  // the sweep's own thread waits; the test sweeps
  config.base_url = "https://play.example.org";
  mail::DigestMetrics metrics;
  mail::DigestSweep sweep(
      mails, sender,
      [](cs::AccountId) {
        return std::vector<mail::WaitingGame>{{"ROOMAAAA", "base", {"Cy"}, 0}};
      },
      config, metrics, [&] { return now.load(); },
      [&](cs::AccountId account) { return store->social()->NoticePreferencesOf(account); });
  const auto mailed = [&] {
    const auto until = std::chrono::steady_clock::now() + 10s;
    for (;;) {
      {
        std::lock_guard lock(mu);
        if (sender_metrics.sent + sender_metrics.failed >= metrics.sent) return to;
      }
      if (std::chrono::steady_clock::now() > until) FAIL("the sender took no mail in 10 s");
      std::this_thread::sleep_for(5ms);
    }
  };

  CHECK(sweep.SweepOnce() == 1);
  CHECK(metrics.held == 1);
  CHECK(mailed() == std::vector<std::string>{"bob@example.org"});
  // Still inside: nothing is due, Ada's digest was put off, Bob's was sent.
  now = kQuietNow + 3599;
  CHECK(sweep.SweepOnce() == 0);
  // At the end of Ada's quiet hours her digest is due, and only hers.
  now = kQuietNow + 3600;
  CHECK(sweep.SweepOnce() == 1);
  CHECK(mailed() == std::vector<std::string>{"bob@example.org", "ada@example.org"});
  CHECK(metrics.held == 1);
  // Then a day apart, as for everyone.
  now = kQuietNow + 3600 + 24 * 3600 - 1;
  CHECK(sweep.SweepOnce() == 1);  // Bob's, a day after his
  CHECK(mailed().back() == "bob@example.org");
}

}  // namespace carc::test::digest_quiet
