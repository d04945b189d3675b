#include "app/moderation_metrics.h"

namespace carc::server {

std::function<void(std::ostream&)> ModerationMetricsSection(
    const ModerationWatchMetrics& metrics, const accounts::ModerationApiMetrics& api,
    const accounts::SettingsApiMetrics& settings, const ReportMetrics& reports) {
  return [&metrics, &api, &settings, &reports](std::ostream& out) {
    out << "# HELP carc_moderation_polls_total Times the store was asked whether a sanction "
           "changed (--moderation-poll-ms).\n"
           "# TYPE carc_moderation_polls_total counter\n"
           "carc_moderation_polls_total "
        << metrics.polls.load()
        << "\n# HELP carc_moderation_reloads_total Times the sanctions in force were read again "
           "(one changed).\n"
           "# TYPE carc_moderation_reloads_total counter\n"
           "carc_moderation_reloads_total "
        << metrics.reloads.load()
        << "\n# HELP carc_moderation_bans_closed_total Accounts whose sockets a new ban closed.\n"
           "# TYPE carc_moderation_bans_closed_total counter\n"
           "carc_moderation_bans_closed_total "
        << metrics.closed.load()
        << "\n# HELP carc_moderation_store_errors_total Polls that could not read the store.\n"
           "# TYPE carc_moderation_store_errors_total counter\n"
           "carc_moderation_store_errors_total "
        << metrics.store_errors.load()
        << "\n# HELP carc_moderation_address_bans Address and network bans in force (their "
           "refusals: carc_rejections_total{reason=\"address_banned\"}).\n"
           "# TYPE carc_moderation_address_bans gauge\n"
           "carc_moderation_address_bans "
        << metrics.address_bans.load()
        << "\n# HELP carc_moderation_room_actions Kicks and closed rooms in force, on every "
           "node's rooms.\n"
           "# TYPE carc_moderation_room_actions gauge\n"
           "carc_moderation_room_actions "
        << metrics.room_actions.load()
        << "\n# HELP carc_moderation_actions_total Admin API requests: actions taken (done) and "
           "requests refused for a power, a rank or a field (refused).\n"
           "# TYPE carc_moderation_actions_total counter\n"
           "carc_moderation_actions_total{result=\"done\"} "
        << api.done.load() << "\ncarc_moderation_actions_total{result=\"refused\"} "
        << api.refused.load()
        << "\n# HELP carc_settings_changes_total Changes of the server's settings kept (each with "
           "its audit entry).\n"
           "# TYPE carc_settings_changes_total counter\n"
           "carc_settings_changes_total "
        << settings.changes.load()
        << "\n# HELP carc_reports_total Players' reports: kept for the moderators, or failed (the "
           "store, or the workers full).\n"
           "# TYPE carc_reports_total counter\n"
           "carc_reports_total{result=\"kept\"} "
        << reports.kept.load() << "\ncarc_reports_total{result=\"failed\"} "
        << reports.failed.load() << "\n";
  };
}

}  // namespace carc::server
