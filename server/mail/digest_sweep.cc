#include "mail/digest_sweep.h"

#include <spdlog/spdlog.h>

#include "store/event_store.h"
#include "sys/unix_seconds.h"

namespace carc::server::mail {

DigestSweep::DigestSweep(store::MailStore& store, MailSender& sender, Waiting waiting,
                         DigestSweepConfig config, DigestMetrics& metrics, Now now)
    : store_(store),
      sender_(sender),
      waiting_(std::move(waiting)),
      config_(std::move(config)),
      metrics_(metrics),
      now_(now ? std::move(now) : Now(UnixSeconds)) {
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

}  // namespace carc::server::mail
