#include "app/moderation_metrics.h"

#include "app/metric_family.h"

namespace carc::server {

std::function<void(std::ostream&)> ModerationMetricsSection(
    const ModerationWatchMetrics& metrics, const accounts::ModerationApiMetrics& api,
    const accounts::SettingsApiMetrics& settings, const ReportMetrics& reports) {
  return [&metrics, &api, &settings, &reports](std::ostream& out) {
    Metric(out, "carc_moderation_polls_total", "counter",
           "Times the store was asked whether a sanction changed (--moderation-poll-ms).",
           metrics.polls.load());
    Metric(out, "carc_moderation_reloads_total", "counter",
           "Times the sanctions in force were read again (one changed).", metrics.reloads.load());
    Metric(out, "carc_moderation_bans_closed_total", "counter",
           "Accounts whose sockets a new ban closed.", metrics.closed.load());
    Metric(out, "carc_moderation_store_errors_total", "counter",
           "Polls that could not read the store.", metrics.store_errors.load());
    Metric(out, "carc_moderation_address_bans", "gauge",
           "Address and network bans in force (their refusals: "
           "carc_rejections_total{reason=\"address_banned\"}).",
           metrics.address_bans.load());
    Metric(out, "carc_moderation_room_actions", "gauge",
           "Kicks and closed rooms in force, on every node's rooms.", metrics.room_actions.load());
    Metric(out, "carc_moderation_actions_total", "counter",
           "Admin API requests: actions taken (done) and requests refused for a power, a rank or "
           "a field (refused).",
           "result", {{"done", api.done.load()}, {"refused", api.refused.load()}});
    Metric(out, "carc_moderation_refusals_audited_total", "counter",
           "Admin actions a moderator, admin or owner was refused for a power or rank they lack, "
           "noted in the audit log (as \"refused ACTION\"; at most 10 at once and 60 an hour per "
           "account).",
           api.refusals_audited.load());
    Metric(out, "carc_settings_changes_total", "counter",
           "Changes of the server's settings kept (each with its audit entry).",
           settings.changes.load());
    Metric(out, "carc_reports_total", "counter",
           "Players' reports: kept for the moderators, or failed (the store, or the workers full).",
           "result", {{"kept", reports.kept.load()}, {"failed", reports.failed.load()}});
  };
}

}  // namespace carc::server
