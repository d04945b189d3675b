#include "app/push_metrics.h"

namespace carc::server {

std::function<void(std::ostream&)> PushMetricsSection(const push::PushSenderMetrics& sender,
                                                      const accounts::PushApiMetrics& api) {
  return [&sender, &api](std::ostream& o) {
    o << "# HELP carc_push_subscriptions_total Browsers' push subscriptions posted, by outcome "
         "(subscribed, updated: kept; refused: a bad endpoint or key; full: past "
         "--push-subscriptions-per-account; unsubscribed: ended by the player).\n"
         "# TYPE carc_push_subscriptions_total counter\n"
      << "carc_push_subscriptions_total{outcome=\"subscribed\"} " << api.subscribed.load() << "\n"
      << "carc_push_subscriptions_total{outcome=\"updated\"} " << api.updated.load() << "\n"
      << "carc_push_subscriptions_total{outcome=\"refused\"} " << api.refused.load() << "\n"
      << "carc_push_subscriptions_total{outcome=\"full\"} " << api.full.load() << "\n"
      << "carc_push_subscriptions_total{outcome=\"unsubscribed\"} " << api.unsubscribed.load()
      << "\n"
      << "# HELP carc_push_messages_total Push messages by outcome (sent; retried: to be tried "
         "again later; failed: refused or out of tries; gone: the push service said the "
         "subscription ended, which is removed; dropped_full: past --push-queue).\n"
         "# TYPE carc_push_messages_total counter\n"
      << "carc_push_messages_total{outcome=\"sent\"} " << sender.sent.load() << "\n"
      << "carc_push_messages_total{outcome=\"retried\"} " << sender.retried.load() << "\n"
      << "carc_push_messages_total{outcome=\"failed\"} " << sender.failed.load() << "\n"
      << "carc_push_messages_total{outcome=\"gone\"} " << sender.gone.load() << "\n"
      << "carc_push_messages_total{outcome=\"dropped_full\"} " << sender.dropped_full.load() << "\n"
      << "# HELP carc_push_deferred_total Push messages that waited for their account's "
         "(--push-per-account) or push service's (--push-per-service) requests in flight.\n"
         "# TYPE carc_push_deferred_total counter\n"
      << "carc_push_deferred_total " << sender.deferred.load() << "\n"
      << "# HELP carc_push_queue Notices and retries waiting for the push sender.\n"
         "# TYPE carc_push_queue gauge\n"
      << "carc_push_queue " << sender.queued.load() << "\n"
      << "# HELP carc_push_notices_total Notices their players' preferences stopped or delayed "
         "(muted: a kind they turned off; held: kept until their quiet hours end).\n"
         "# TYPE carc_push_notices_total counter\n"
      << "carc_push_notices_total{outcome=\"muted\"} " << sender.muted.load() << "\n"
      << "carc_push_notices_total{outcome=\"held\"} " << sender.held.load() << "\n";
  };
}

std::function<void(std::ostream&)> NoticePreferencesMetricsSection(
    const accounts::NoticePreferencesMetrics& preferences) {
  return [&preferences](std::ostream& o) {
    o << "# HELP carc_notice_preferences_total PUT /api/me/notices by outcome (changed; "
         "refused: a bad field or a body over 1 KB).\n"
         "# TYPE carc_notice_preferences_total counter\n"
      << "carc_notice_preferences_total{outcome=\"changed\"} " << preferences.changed.load() << "\n"
      << "carc_notice_preferences_total{outcome=\"refused\"} " << preferences.refused.load()
      << "\n";
  };
}

}  // namespace carc::server
