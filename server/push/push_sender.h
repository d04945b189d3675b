// Sends the notices (push/notice.h) to every browser an account subscribed (store/push_store.h),
// as Web Push messages: encrypted for each subscription (RFC 8291), signed with the server's
// VAPID key (RFC 8292), posted to its push service (RFC 8030) with a TTL and an urgency.
//
// Contract: Notify is thread-safe and never blocks: it queues the notice, or counts it
// `dropped_full` when `max_queued` notices and retries wait already. A thread of the sender's
// own reads the store and encrypts; `threads` more post, each request bounded by `timeout`;
// nothing of it runs on a network thread or a room's strand. An account has at most
// `per_account` requests in flight and a push service (an endpoint's origin) `per_service`: a
// message past either waits (`deferred`) and goes when one of them is answered, so endpoints
// that hang hold up only their own account's and service's messages, never another account's.
// An answer of
//   2xx        counts sent and resets the subscription's failures;
//   404, 410   removes the subscription (the browser dropped it);
//   429, 5xx, no answer   retries later, the wait doubling from `first_retry` (a Retry-After
//              is honoured up to `max_retry`), at most `attempts` tries in all;
//   other      counts failed (the request was refused: no retry would change that).
// The account's preferences (store/social_store.h) are read first: a kind it turned off is
// counted `muted` and not sent; a notice due in its quiet hours is counted `held` and sent at
// their end, a later one for the same account and room replacing it (queued all the same).
// Stop (also the destructor) ends the thread; what still waits is dropped, never half-sent.
// Endpoints, keys and payloads are never logged: a subscription is named by its id.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "net/api_workers.h"
#include "push/notice.h"
#include "push/push_request.h"
#include "push/vapid.h"
#include "store/push_store.h"
#include "store/social_store.h"

namespace carc::server::push {

struct PushSenderConfig {
  std::size_t max_queued = 1000;
  int attempts = 4;
  std::chrono::seconds first_retry{30};
  std::chrono::seconds max_retry{3600};
  std::chrono::milliseconds timeout{5000};
  int threads = 4;
  std::size_t per_account = 2;
  std::size_t per_service = 3;
  std::int64_t ttl = 24 * 60 * 60;  // a day: a turn that waits longer gets a reminder anyway
  std::string subject;              // VAPID "sub": mailto: or https: (vapid.h)
  Loopback loopback = Loopback::kRefused;
};

struct PushSenderMetrics {
  std::atomic<std::int64_t> queued{0};  // notices and retries waiting
  std::atomic<std::uint64_t> dropped_full{0};
  std::atomic<std::uint64_t> sent{0};
  std::atomic<std::uint64_t> retried{0};
  std::atomic<std::uint64_t> failed{0};  // refused, or out of tries
  std::atomic<std::uint64_t> gone{0};    // subscriptions removed on a 404 or 410
  std::atomic<std::uint64_t> muted{0};   // notices of a kind their player turned off
  std::atomic<std::uint64_t> held{0};    // notices kept until their player's quiet hours end
  // Messages that waited for their account's or push service's requests in flight.
  std::atomic<std::uint64_t> deferred{0};
};

class PushSender final : public Notifier {
 public:
  // How a request is made (SendPushRequest; tests pass their own), and the time in seconds since
  // the Unix epoch (the VAPID tokens' expiry).
  using Transport = std::function<PushResponse(const PushRequest&)>;
  using Now = std::function<std::int64_t()>;
  // An account's notice preferences; may throw StoreError (then every notice goes, at once).
  // Empty: every notice goes, at once.
  using Preferences = std::function<store::NoticePreferenceRow(std::int64_t account)>;

  PushSender(store::PushStore& store, const VapidKey& key, PushSenderConfig config,
             PushSenderMetrics& metrics, Transport transport = {}, Now now = {},
             Preferences preferences = {});
  ~PushSender() override;
  PushSender(const PushSender&) = delete;
  PushSender& operator=(const PushSender&) = delete;

  void Notify(Notice notice) override;
  void Stop();

 private:
  using Clock = std::chrono::steady_clock;
  struct Retry {
    store::PushSubscriptionRow subscription;
    std::string payload;
    NoticeKind kind;
    std::string room;
    int attempt = 1;  // tries made
    // Set when the message waits for its account's or service's requests in flight (the
    // service's origin): the sending thread checks again before taking it out of the queue.
    std::string deferred_for;
  };

  void Run();
  // `released`: the notice waited through quiet hours already and is not held again.
  void Fan(const Notice& notice, bool released);
  // True when the notice is kept for later (quiet hours, unless `released`) or muted: nothing
  // to send now.
  bool HoldOrMute(const Notice& notice, bool released);
  // The account's preferences, or the defaults when there is no reader or the store fails.
  store::NoticePreferenceRow PreferencesOf(std::int64_t account);
  std::size_t Queued() const;  // with mu_ held
  // With mu_ held: whether a message to `account` at `service` must wait for a request in flight.
  bool Busy(std::int64_t account, const std::string& service) const;
  void Attempt(Retry job);
  // On a sending thread: the push service's answer to `job`, and what follows from it.
  void Settle(Retry job, const PushResponse& answer);
  // Queues `job` again at `due` (with mu_ not held); false when the queue is full.
  bool Requeue(Retry job, Clock::time_point due);
  // The Authorization for `origin`'s push service: a token kept until an hour before it ends.
  std::string Authorization(const std::string& origin, std::string& error);

  store::PushStore& store_;
  const VapidKey& key_;
  const PushSenderConfig config_;
  PushSenderMetrics& metrics_;
  Transport transport_;
  Now now_;

  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Notice> notices_;
  std::multimap<Clock::time_point, Retry> retries_;
  using Held = std::multimap<Clock::time_point, Notice>;
  Held held_;
  std::map<std::pair<std::int64_t, std::string>, Held::iterator> held_by_room_;
  Preferences preferences_;
  bool stopping_ = false;
  std::map<std::string, std::pair<std::string, std::int64_t>> tokens_;  // origin: header, expiry
  // Requests in flight by account and by push service (origin), under mu_.
  std::map<std::int64_t, std::size_t> in_flight_accounts_;
  std::map<std::string, std::size_t> in_flight_services_;
  std::thread thread_;
  ApiWorkers senders_;  // last: stopped (and its threads joined) before the rest goes
};

}  // namespace carc::server::push
