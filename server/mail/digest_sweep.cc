#include "mail/digest_sweep.h"

#include <spdlog/spdlog.h>

#include "notices/quiet_hours.h"
#include "store/event_store.h"
#include "sys/unix_seconds.h"

namespace carc::server::mail {

DigestSweep::DigestSweep(store::MailStore& store, MailSender& sender, Waiting waiting,
                         DigestSweepConfig config, DigestMetrics& metrics, Now now,
                         Preferences preferences)
    : store_(store),
      sender_(sender),
      waiting_(std::move(waiting)),
      config_(std::move(config)),
      metrics_(metrics),
      now_(now ? std::move(now) : Now(UnixSeconds)),
      preferences_(std::move(preferences)) {
  thread_ = std::thread([this] { Run(); });
}

DigestSweep::~DigestSweep() {
  Stop();
}

void DigestSweep::Stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void DigestSweep::Run() {
  // The first sweep one period after the start: a server restarted in a loop mails nobody
  // more often, and a test drives SweepOnce alone.
  std::unique_lock lock(mu_);
  while (!wake_.wait_for(lock, config_.period, [this] { return stopping_; })) {
    lock.unlock();
    SweepOnce();
    lock.lock();
  }
}

int DigestSweep::SweepOnce() {
  metrics_.sweeps.fetch_add(1, std::memory_order_relaxed);
  int queued = 0;
  for (;;) {
    const std::int64_t now = now_();
    std::vector<store::DigestDue> due;
    try {
      due = store_.ClaimDigests(now - config_.every.count(), now, config_.batch);
    } catch (const store::StoreError& e) {
      metrics_.store_errors.fetch_add(1, std::memory_order_relaxed);
      spdlog::warn("mail: the digests due cannot be read: {}", e.what());
      return queued;
    }
    for (const auto& d : due) {
      if (const auto until = QuietUntil(d.account, now)) {
        try {
          store_.PostponeDigest(d.account, *until - config_.every.count());
          metrics_.held.fetch_add(1, std::memory_order_relaxed);
          continue;
        } catch (const store::StoreError& e) {
          // Not put off: it goes now rather than a day late.
          spdlog::warn("mail: a digest cannot be put off: {}", e.what());
        }
      }
      auto games = waiting_(d.account);
      if (games.empty()) {
        metrics_.nothing.fetch_add(1, std::memory_order_relaxed);
        continue;
      }
      DigestMail mail{d.address, d.name, d.lang, config_.base_url, std::move(games), now};
      if (sender_.Send(ComposeDigest(mail), "digest")) {
        metrics_.sent.fetch_add(1, std::memory_order_relaxed);
        ++queued;
      }
    }
    // A short batch was the last one; a full one may have left more behind.
    if (static_cast<int>(due.size()) < config_.batch) return queued;
    std::lock_guard lock(mu_);
    if (stopping_) return queued;
  }
}

std::optional<std::int64_t> DigestSweep::QuietUntil(store::AccountId account, std::int64_t now) {
  if (!preferences_) return std::nullopt;
  store::NoticePreferenceRow prefs;
  try {
    prefs = preferences_(account);
  } catch (const store::StoreError& e) {
    spdlog::warn("mail: the quiet hours of account {} cannot be read: {}", account, e.what());
    return std::nullopt;
  }
  if (prefs.quiet_from < 0 || prefs.quiet_to < 0) return std::nullopt;
  return notices::QuietUntil({prefs.quiet_from, prefs.quiet_to}, prefs.time_zone, now);
}

}  // namespace carc::server::mail
