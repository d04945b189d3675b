#include "push/push_sender.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "notices/quiet_hours.h"
#include "push/message_encryption.h"
#include "store/event_store.h"
#include "sys/unix_seconds.h"

namespace carc::server::push {
namespace {

constexpr std::int64_t kTokenLife = 12 * 60 * 60;
constexpr std::int64_t kTokenRenewal = 60 * 60;  // a token this close to its end is made again
// A message past its account's or service's budget looks again this soon (an answer wakes the
// sender sooner).
constexpr std::chrono::milliseconds kDeferred{200};

std::string_view UrgencyOf(NoticeKind kind) {
  switch (kind) {
    case NoticeKind::kTurn:
    case NoticeKind::kReminder:
      return "high";
    case NoticeKind::kInvitation:
      return "normal";
    case NoticeKind::kGameOver:
      return "low";
  }
  return "normal";
}

}  // namespace

PushSender::PushSender(store::PushStore& store, const VapidKey& key, PushSenderConfig config,
                       PushSenderMetrics& metrics, Transport transport, Now now,
                       Preferences preferences)
    : store_(store),
      key_(key),
      config_(std::move(config)),
      metrics_(metrics),
      transport_(std::move(transport)),
      now_(now ? std::move(now) : Now(UnixSeconds)),
      preferences_(std::move(preferences)),
      // Their queue never refuses: Attempt admits a request only within the budgets.
      senders_(std::max(1, config_.threads), 1 << 20, 0) {
  if (!transport_) {
    transport_ = [timeout = config_.timeout, loopback = config_.loopback](const PushRequest& r) {
      return SendPushRequest(r, timeout, loopback);
    };
  }
  thread_ = std::thread([this] { Run(); });
}

PushSender::~PushSender() {
  Stop();
}

void PushSender::Stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  // A request in flight ends within its timeout; what waits for a thread is dropped.
  senders_.Stop();
}

void PushSender::Notify(Notice notice) {
  {
    std::lock_guard lock(mu_);
    if (stopping_ || Queued() >= config_.max_queued) {
      metrics_.dropped_full.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    notices_.push_back(std::move(notice));
    metrics_.queued.fetch_add(1, std::memory_order_relaxed);
  }
  wake_.notify_one();
}

void PushSender::Run() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    if (!notices_.empty()) {
      Notice notice = std::move(notices_.front());
      notices_.pop_front();
      metrics_.queued.fetch_sub(1, std::memory_order_relaxed);
      lock.unlock();
      Fan(notice, false);
      lock.lock();
      continue;
    }
    if (!held_.empty() && held_.begin()->first <= Clock::now()) {
      Notice notice = std::move(held_.begin()->second);
      held_by_room_.erase({notice.account, notice.room});
      held_.erase(held_.begin());
      metrics_.queued.fetch_sub(1, std::memory_order_relaxed);
      lock.unlock();
      Fan(notice, true);
      lock.lock();
      continue;
    }
    if (!retries_.empty() && retries_.begin()->first <= Clock::now()) {
      if (const Retry& due = retries_.begin()->second;
          !due.deferred_for.empty() && Busy(due.subscription.account, due.deferred_for)) {
        // Still waiting: it stays in the queue (and in `queued`, which never dips meanwhile).
        auto node = retries_.extract(retries_.begin());
        node.key() = Clock::now() + kDeferred;
        retries_.insert(std::move(node));
        metrics_.deferred.fetch_add(1, std::memory_order_relaxed);
        continue;
      }
      Retry job = std::move(retries_.begin()->second);
      retries_.erase(retries_.begin());
      metrics_.queued.fetch_sub(1, std::memory_order_relaxed);
      lock.unlock();
      Attempt(std::move(job));
      lock.lock();
      continue;
    }
    if (retries_.empty() && held_.empty()) {
      wake_.wait(lock);
    } else {
      auto due = Clock::time_point::max();
      if (!retries_.empty()) due = retries_.begin()->first;
      if (!held_.empty()) due = std::min(due, held_.begin()->first);
      wake_.wait_until(lock, due);
    }
  }
  metrics_.queued.fetch_sub(static_cast<std::int64_t>(Queued()), std::memory_order_relaxed);
  notices_.clear();
  retries_.clear();
  held_by_room_.clear();
  held_.clear();
}

bool PushSender::Busy(std::int64_t account, const std::string& service) const {
  const auto a = in_flight_accounts_.find(account);
  const auto s = in_flight_services_.find(service);
  return (a != in_flight_accounts_.end() && a->second >= config_.per_account) ||
         (s != in_flight_services_.end() && s->second >= config_.per_service);
}

std::size_t PushSender::Queued() const {
  return notices_.size() + retries_.size() + held_.size();
}

store::NoticePreferenceRow PushSender::PreferencesOf(std::int64_t account) {
  if (!preferences_) return {};
  try {
    return preferences_(account);
  } catch (const store::StoreError& e) {
    spdlog::warn("push: the notice preferences of account {} cannot be read: {}", account,
                 e.what());
    return {};
  }
}

bool PushSender::HoldOrMute(const Notice& notice, bool released) {
  const store::NoticePreferenceRow prefs = PreferencesOf(notice.account);
  if ((prefs.push_kinds & (1u << static_cast<unsigned>(notice.kind))) == 0) {
    metrics_.muted.fetch_add(1, std::memory_order_relaxed);
    return true;
  }
  // A released notice waited through its quiet hours already: it goes now.
  if (released) return false;
  if (prefs.quiet_from < 0 || prefs.quiet_to < 0) return false;
  const std::int64_t now = now_();
  const auto until = notices::QuietUntil({prefs.quiet_from, prefs.quiet_to}, prefs.time_zone, now);
  if (!until) return false;
  const auto due = Clock::now() + std::chrono::seconds(*until - now);
  {
    std::lock_guard lock(mu_);
    // One held notice per account and room: the newest says all the older ones did.
    const auto key = std::make_pair(notice.account, notice.room);
    if (const auto kept = held_by_room_.find(key); kept != held_by_room_.end()) {
      held_.erase(kept->second);
      held_by_room_.erase(kept);
      metrics_.queued.fetch_sub(1, std::memory_order_relaxed);
    }
    if (stopping_ || Queued() >= config_.max_queued) {
      metrics_.dropped_full.fetch_add(1, std::memory_order_relaxed);
      return true;
    }
    held_by_room_[key] = held_.emplace(due, notice);
    metrics_.queued.fetch_add(1, std::memory_order_relaxed);
  }
  metrics_.held.fetch_add(1, std::memory_order_relaxed);
  return true;
}

void PushSender::Fan(const Notice& notice, bool released) {
  if (HoldOrMute(notice, released)) return;
  std::vector<store::PushSubscriptionRow> subscriptions;
  try {
    subscriptions = store_.Subscriptions(notice.account);
  } catch (const store::StoreError& e) {
    metrics_.failed.fetch_add(1, std::memory_order_relaxed);
    spdlog::warn("push: the subscriptions of account {} cannot be read: {}", notice.account,
                 e.what());
    return;
  }
  for (auto& s : subscriptions) {
    std::string payload = NoticePayload(notice, s.lang);
    Attempt({std::move(s), std::move(payload), notice.kind, notice.room, 1, {}});
  }
}

std::string PushSender::Authorization(const std::string& origin, std::string& error) {
  const std::int64_t now = now_();
  const auto kept = tokens_.find(origin);
  if (kept != tokens_.end() && kept->second.second - kTokenRenewal > now) {
    return kept->second.first;
  }
  const HttpAudience http = config_.loopback == Loopback::kAllowed
                                ? HttpAudience::kAllowedOnLoopback
                                : HttpAudience::kRefused;
  auto header = VapidAuthorization(key_, {origin, now + kTokenLife, config_.subject}, now, http);
  if (const auto* refused = std::get_if<Refusal>(&header)) {
    error = refused->reason;
    return {};
  }
  tokens_[origin] = {std::get<std::string>(header), now + kTokenLife};
  return std::get<std::string>(header);
}

void PushSender::Attempt(Retry job) {
  const store::PushSubscriptionRow& s = job.subscription;
  auto fail = [&](const std::string& why) {
    metrics_.failed.fetch_add(1, std::memory_order_relaxed);
    spdlog::warn("push: subscription {} of account {}: {}", s.id, s.account, why);
  };
  // Checked when it was kept; checked again in case the flags changed since.
  const auto endpoint = CheckPushEndpoint(s.endpoint, config_.loopback);
  if (const auto* why = std::get_if<std::string>(&endpoint)) return fail(*why);
  const std::int64_t account = s.account;
  const std::string service = std::get<PushEndpoint>(endpoint).origin;
  {
    std::lock_guard lock(mu_);
    if (Busy(account, service)) {
      // Not an attempt: it goes once a request of its account or service is answered.
      metrics_.deferred.fetch_add(1, std::memory_order_relaxed);
      if (stopping_ || Queued() >= config_.max_queued) {
        metrics_.dropped_full.fetch_add(1, std::memory_order_relaxed);
        return;
      }
      job.deferred_for = service;
      retries_.emplace(Clock::now() + kDeferred, std::move(job));
      metrics_.queued.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    ++in_flight_accounts_[account];
    ++in_flight_services_[service];
  }
  const auto release = [this, account, service] {
    std::lock_guard lock(mu_);
    if (--in_flight_accounts_[account] == 0) in_flight_accounts_.erase(account);
    if (--in_flight_services_[service] == 0) in_flight_services_.erase(service);
  };
  auto body = EncryptPushMessage(job.payload, s.p256dh, s.auth);
  if (const auto* refused = std::get_if<Refusal>(&body)) {
    release();
    return fail(refused->reason);
  }
  PushRequest request;
  request.endpoint = std::get<PushEndpoint>(endpoint);
  std::string error;
  request.authorization = Authorization(request.endpoint.origin, error);
  if (request.authorization.empty()) {
    release();
    return fail(error);
  }
  request.body = std::move(std::get<std::string>(body));
  request.ttl = config_.ttl;
  request.urgency = std::string(UrgencyOf(job.kind));
  request.topic = "room-" + job.room;  // a room's newer notice replaces one not yet delivered
  auto shared = std::make_shared<std::pair<Retry, PushRequest>>(std::move(job), std::move(request));
  senders_.Submit(
      "account:" + std::to_string(account),
      [this, shared, release] {
        const PushResponse answer = transport_(shared->second);
        release();
        Settle(std::move(shared->first), answer);
        wake_.notify_all();  // a deferred message of this account or service may go now
      },
      [release](ApiWorkers::Dropped) { release(); });
}

void PushSender::Settle(Retry job, const PushResponse& answer) {
  const store::PushSubscriptionRow& s = job.subscription;
  auto fail = [&](const std::string& why) {
    metrics_.failed.fetch_add(1, std::memory_order_relaxed);
    spdlog::warn("push: subscription {} of account {}: {}", s.id, s.account, why);
  };
  const unsigned status = answer.status;
  try {
    if (status >= 200 && status < 300) {
      metrics_.sent.fetch_add(1, std::memory_order_relaxed);
      if (s.failures > 0 || job.attempt > 1) store_.Delivered(s.id, true, false);
      return;
    }
    if (status == 404 || status == 410) {
      metrics_.gone.fetch_add(1, std::memory_order_relaxed);
      store_.Delivered(s.id, false, true);
      return;
    }
    store_.Delivered(s.id, false, false);
  } catch (const store::StoreError& e) {
    spdlog::warn("push: subscription {}'s delivery cannot be noted: {}", s.id, e.what());
  }
  const bool transient = status == 0 || status == 429 || status >= 500;
  const std::string why = status == 0 ? answer.error : "answered " + std::to_string(status);
  if (!transient || job.attempt >= config_.attempts) return fail(why);
  // 30 s, 60 s, 120 s…: a busy push service is not asked again at once.
  auto wait = config_.first_retry * (1 << std::min(job.attempt - 1, 16));
  if (answer.retry_after > 0) wait = std::chrono::seconds(answer.retry_after);
  wait = std::min<std::chrono::seconds>(wait, config_.max_retry);
  ++job.attempt;
  if (Requeue(std::move(job), Clock::now() + wait)) {
    metrics_.retried.fetch_add(1, std::memory_order_relaxed);
  }
}

bool PushSender::Requeue(Retry job, Clock::time_point due) {
  {
    std::lock_guard lock(mu_);
    if (stopping_ || Queued() >= config_.max_queued) {
      metrics_.dropped_full.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
    retries_.emplace(due, std::move(job));
    metrics_.queued.fetch_add(1, std::memory_order_relaxed);
  }
  wake_.notify_all();
  return true;
}

}  // namespace carc::server::push
