// The /metrics lines of moderation: the watch's polls of the store, its reloads of the
// sanctions in force, the accounts whose sockets a new ban closed, and the store's failures;
// the admin API's actions taken and requests refused; the settings' changes; the reports kept.
#pragma once

#include <functional>
#include <ostream>

#include "accounts/moderation_api.h"
#include "accounts/settings_api.h"
#include "app/moderation_watch.h"
#include "app/report_filing.h"

namespace carc::server {

// The section Metrics::AddSection writes; `metrics` must outlive it.
std::function<void(std::ostream&)> ModerationMetricsSection(
    const ModerationWatchMetrics& metrics, const accounts::ModerationApiMetrics& api,
    const accounts::SettingsApiMetrics& settings, const ReportMetrics& reports);

}  // namespace carc::server
