#include "app/password_reset_metrics.h"

namespace carc::server {

std::function<void(std::ostream&)> PasswordResetMetricsSection(
    const accounts::PasswordResetMetrics& api) {
  return [&api](std::ostream& o) {
    o << "# HELP carc_password_resets_total Password resets by outcome (requested: a link asked "
         "for, 202 whatever the name; mailed: of those, a link queued to a confirmed address; "
         "completed: a new password chosen with a link; refused: a bad body, password or link; "
         "metered: past --password-resets-per-hour from the address).\n"
         "# TYPE carc_password_resets_total counter\n"
      << "carc_password_resets_total{outcome=\"requested\"} " << api.requested.load() << "\n"
      << "carc_password_resets_total{outcome=\"mailed\"} " << api.mailed.load() << "\n"
      << "carc_password_resets_total{outcome=\"completed\"} " << api.completed.load() << "\n"
      << "carc_password_resets_total{outcome=\"refused\"} " << api.refused.load() << "\n"
      << "carc_password_resets_total{outcome=\"metered\"} " << api.metered.load() << "\n";
  };
}

}  // namespace carc::server
