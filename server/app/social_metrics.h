// The /metrics lines of friends and invitations (accounts/social_api.h; the limits in
// docs/security.md).
#pragma once

#include <functional>
#include <ostream>

#include "accounts/social_api.h"

namespace carc::server {

// The section Metrics::AddSection writes; `social` must outlive it.
std::function<void(std::ostream&)> SocialMetricsSection(const accounts::SocialMetrics& social);

}  // namespace carc::server
