// The daily digest (docs/protocol.md, "E-mail"): every `period`, the accounts whose verified
// address wants a digest and got none for `every` are claimed in the store (one node of a
// cluster takes each), and each one whose turn-based games wait for their move is mailed the
// list. An account with nothing waiting is claimed all the same: it is asked again after
// `every`, so that the sweep costs one store query per account and day, not per minute. An
// account in its quiet hours (store/social_store.h) is put off in the store until they end:
// its digest, listing the games waiting then, comes at their end (on any node).
//
// Contract: one thread of the sweep's own; nothing of it runs on a network thread or a room's
// strand; its first sweep is one period after the start. `waiting` is called on that thread and
// must be thread-safe. A store that cannot be read is tried again at the next period. SweepOnce is
// public for tests (and runs on the caller's thread). Stop (also the destructor) ends the thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "mail/mail_sender.h"
#include "mail/mail_texts.h"
#include "store/mail_store.h"
#include "store/social_store.h"

namespace carc::server::mail {

struct DigestSweepConfig {
  std::chrono::seconds every{24 * 3600};  // at most one digest per account in this time
  std::chrono::seconds period{300};       // how often the store is asked
  int batch = 200;                        // accounts claimed per store query
  std::string base_url;                   // --public-url, without a trailing slash
};

struct DigestMetrics {
  std::atomic<std::uint64_t> sent{0};     // digests queued on the sender
  std::atomic<std::uint64_t> nothing{0};  // accounts claimed with no game waiting
  std::atomic<std::uint64_t> held{0};     // accounts put off to the end of their quiet hours
  std::atomic<std::uint64_t> sweeps{0};
  std::atomic<std::uint64_t> store_errors{0};
};

class DigestSweep {
 public:
  // The account's turn-based games that wait for its move, on this node.
  using Waiting = std::function<std::vector<WaitingGame>(store::AccountId)>;
  using Now = std::function<std::int64_t()>;  // seconds since the Unix epoch
  // The account's quiet hours; may throw StoreError (then the digest goes). Empty: none.
  using Preferences = std::function<store::NoticePreferenceRow(store::AccountId)>;

  DigestSweep(store::MailStore& store, MailSender& sender, Waiting waiting,
              DigestSweepConfig config, DigestMetrics& metrics, Now now = {},
              Preferences preferences = {});
  ~DigestSweep();
  DigestSweep(const DigestSweep&) = delete;
  DigestSweep& operator=(const DigestSweep&) = delete;

  // Claims and mails every account due now; returns how many digests it queued.
  int SweepOnce();
  void Stop();

 private:
  void Run();
  // When the account's quiet hours (if any) end, if `now` is inside them.
  std::optional<std::int64_t> QuietUntil(store::AccountId account, std::int64_t now);

  store::MailStore& store_;
  MailSender& sender_;
  Waiting waiting_;
  const DigestSweepConfig config_;
  DigestMetrics& metrics_;
  Now now_;
  Preferences preferences_;

  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace carc::server::mail
