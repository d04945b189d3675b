// Sends this server's e-mails (verification links, digests) through the SMTP relay of
// --smtp-url, from a queue of its own: nothing of it runs on a network thread or a room's
// strand, and a slow or absent relay holds nobody up.
//
// Contract: Send is thread-safe and never blocks: it queues the message, or returns false and
// counts it `dropped_full` when `max_queued` messages (retries included) wait already. One
// thread of the sender's own composes (mail/mail_message.h) and hands over one message after
// the other. A relay that cannot be reached, times out or answers 4xx is tried again later, the
// wait doubling from `first_retry` up to `max_retry`, at most `attempts` tries in all; a 5xx
// answer is final (counted failed). Stop (also the destructor) ends the thread; what still waits
// is dropped. Addresses and texts are never logged: a message is named by its kind.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "mail/mail_message.h"
#include "mail/smtp_transport.h"

namespace carc::server::mail {

struct MailSenderConfig {
  SmtpSettings smtp;
  std::string from;  // the envelope and From: address (--mail-from)
  std::string from_name = "Carcassonne";
  std::size_t max_queued = 1000;
  int attempts = 4;
  std::chrono::seconds first_retry{60};
  std::chrono::seconds max_retry{3600};
};

struct MailSenderMetrics {
  std::atomic<std::int64_t> queued{0};
  std::atomic<std::uint64_t> dropped_full{0};
  std::atomic<std::uint64_t> sent{0};
  std::atomic<std::uint64_t> retried{0};
  std::atomic<std::uint64_t> failed{0};  // refused by the relay, or out of tries
};

class MailSender {
 public:
  // How a composed message reaches the relay (SendSmtp; tests pass their own), and the time in
  // seconds since the Unix epoch (the Date header).
  using Transport =
      std::function<SmtpResult(const std::string& from, const std::string& to, const std::string&)>;
  using Now = std::function<std::int64_t()>;

  MailSender(MailSenderConfig config, MailSenderMetrics& metrics, Transport transport = {},
             Now now = {});
  ~MailSender();
  MailSender(const MailSender&) = delete;
  MailSender& operator=(const MailSender&) = delete;

  // `kind` names the message in logs ("verification", "digest").
  bool Send(MailMessage message, std::string kind);
  void Stop();

 private:
  using Clock = std::chrono::steady_clock;
  struct Job {
    MailMessage message;
    std::string kind;
    std::string composed;  // made at the first try, so that a retry is the same message
    int attempt = 1;
  };

  void Run();
  void Attempt(Job job);

  const MailSenderConfig config_;
  MailSenderMetrics& metrics_;
  Transport transport_;
  Now now_;

  std::mutex mu_;
  std::condition_variable wake_;
  std::multimap<Clock::time_point, Job> jobs_;  // by when each is due
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace carc::server::mail
