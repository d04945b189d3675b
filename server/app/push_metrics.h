// The /metrics lines of the push notices: the subscriptions the API took or refused and the
// messages the sender sent, retried, gave up on or dropped (docs/security.md names the limits).
#pragma once

#include <functional>
#include <ostream>

#include "accounts/push_api.h"
#include "push/push_sender.h"

namespace carc::server {

// The section Metrics::AddSection writes; both must outlive it.
std::function<void(std::ostream&)> PushMetricsSection(const push::PushSenderMetrics& sender,
                                                      const accounts::PushApiMetrics& api);

}  // namespace carc::server
