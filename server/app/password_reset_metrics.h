// The /metrics lines of password resets (accounts/password_reset_api.h): links asked for and
// mailed, new passwords chosen, requests refused and metered.
#pragma once

#include <functional>
#include <ostream>

#include "accounts/password_reset_api.h"

namespace carc::server {

// The section Metrics::AddSection writes; `api` must outlive it.
std::function<void(std::ostream&)> PasswordResetMetricsSection(
    const accounts::PasswordResetMetrics& api);

}  // namespace carc::server
