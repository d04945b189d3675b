// The server's e-mail, put together: the sender (mail/mail_sender.h) and, once the rooms exist,
// the daily digest's sweep (mail/digest_sweep.h), with their counters.
//
// Contract: made only when --smtp-url names a relay and the store keeps addresses. The sweep
// stops before the sender (it queues on it); both threads end when the service goes.
#pragma once

#include <memory>

#include "mail/digest_sweep.h"
#include "mail/mail_sender.h"
#include "store/mail_store.h"

namespace carc::server::mail {

class MailService {
 public:
  MailService(store::MailStore& store, MailSenderConfig sender, DigestSweepConfig digests)
      : store_(store),
        digest_config_(std::move(digests)),
        sender_(std::make_unique<MailSender>(std::move(sender), sender_metrics_)) {}

  MailSender& sender() { return *sender_; }
  // Starts the sweep; `waiting` reads the rooms, so it comes when they exist.
  void StartDigests(DigestSweep::Waiting waiting, DigestSweep::Preferences preferences = {}) {
    digests_ =
        std::make_unique<DigestSweep>(store_, *sender_, std::move(waiting), digest_config_,
                                      digest_metrics_, DigestSweep::Now{}, std::move(preferences));
  }

  // Ends the sweep (before what `waiting` reads goes); the sender keeps going.
  void StopDigests() { digests_.reset(); }

  const MailSenderMetrics& sender_metrics() const { return sender_metrics_; }
  const DigestMetrics& digest_metrics() const { return digest_metrics_; }

 private:
  store::MailStore& store_;
  const DigestSweepConfig digest_config_;
  MailSenderMetrics sender_metrics_;
  DigestMetrics digest_metrics_;
  std::unique_ptr<MailSender> sender_;
  std::unique_ptr<DigestSweep> digests_;  // last: stopped first, it queues on the sender
};

}  // namespace carc::server::mail
