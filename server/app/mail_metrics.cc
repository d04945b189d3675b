#include "app/mail_metrics.h"

namespace carc::server {

std::function<void(std::ostream&)> MailMetricsSection(const mail::MailService* mail,
                                                      const accounts::EmailApiMetrics& api) {
  return [mail, &api](std::ostream& o) {
    const auto sender = [mail](auto field) -> long long {
      return mail ? static_cast<long long>((mail->sender_metrics().*field).load()) : 0;
    };
    const auto digest = [mail](auto field) -> long long {
      return mail ? static_cast<long long>((mail->digest_metrics().*field).load()) : 0;
    };
    using S = mail::MailSenderMetrics;
    using D = mail::DigestMetrics;
    o << "# HELP carc_mail_addresses_total E-mail addresses by outcome (link_sent: given and a "
         "link to confirm it queued; verified; refused: a bad address or token; too_soon: "
         "another link asked for within 10 minutes; removed).\n"
         "# TYPE carc_mail_addresses_total counter\n"
      << "carc_mail_addresses_total{outcome=\"link_sent\"} " << api.links_sent.load() << "\n"
      << "carc_mail_addresses_total{outcome=\"verified\"} " << api.verified.load() << "\n"
      << "carc_mail_addresses_total{outcome=\"refused\"} " << api.refused.load() << "\n"
      << "carc_mail_addresses_total{outcome=\"too_soon\"} " << api.too_soon.load() << "\n"
      << "carc_mail_addresses_total{outcome=\"removed\"} " << api.removed.load() << "\n"
      << "# HELP carc_mail_messages_total E-mails by outcome (sent: the relay took it; "
         "retried; failed: refused by the relay or out of tries; dropped_full: past "
         "--mail-queue).\n"
         "# TYPE carc_mail_messages_total counter\n"
      << "carc_mail_messages_total{outcome=\"sent\"} " << sender(&S::sent) << "\n"
      << "carc_mail_messages_total{outcome=\"retried\"} " << sender(&S::retried) << "\n"
      << "carc_mail_messages_total{outcome=\"failed\"} " << sender(&S::failed) << "\n"
      << "carc_mail_messages_total{outcome=\"dropped_full\"} " << sender(&S::dropped_full) << "\n"
      << "# HELP carc_mail_queue E-mails and retries waiting for the relay.\n"
         "# TYPE carc_mail_queue gauge\n"
      << "carc_mail_queue " << sender(&S::queued) << "\n"
      << "# HELP carc_mail_digests_total Accounts the digest sweep claimed, by outcome (sent: "
         "games waited, a digest was queued; nothing: no game waited; held: put off to the end "
         "of the player's quiet hours).\n"
         "# TYPE carc_mail_digests_total counter\n"
      << "carc_mail_digests_total{outcome=\"sent\"} " << digest(&D::sent) << "\n"
      << "carc_mail_digests_total{outcome=\"nothing\"} " << digest(&D::nothing) << "\n"
      << "carc_mail_digests_total{outcome=\"held\"} " << digest(&D::held) << "\n"
      << "# HELP carc_mail_digest_sweeps_total Digest sweeps run.\n"
         "# TYPE carc_mail_digest_sweeps_total counter\n"
      << "carc_mail_digest_sweeps_total " << digest(&D::sweeps) << "\n"
      << "# HELP carc_mail_digest_store_errors_total Digest sweeps the store could not answer "
         "(tried again at the next one).\n"
         "# TYPE carc_mail_digest_store_errors_total counter\n"
      << "carc_mail_digest_store_errors_total " << digest(&D::store_errors) << "\n";
  };
}

}  // namespace carc::server
