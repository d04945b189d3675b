// The /metrics lines of the push notices: the subscriptions the API took or refused and the
// messages the sender sent, retried, gave up on or dropped, the notices players' preferences
// muted or held, and those preferences' changes (docs/security.md names the limits).
#pragma once

#include <functional>
#include <ostream>

#include "accounts/notice_preferences_api.h"
#include "accounts/push_api.h"
#include "push/push_sender.h"

namespace carc::server {

// The section Metrics::AddSection writes; both must outlive it.
std::function<void(std::ostream&)> PushMetricsSection(const push::PushSenderMetrics& sender,
                                                      const accounts::PushApiMetrics& api);

// The preferences' changes, written also when push is off (they hold the e-mail's quiet hours).
std::function<void(std::ostream&)> NoticePreferencesMetricsSection(
    const accounts::NoticePreferencesMetrics& preferences);

}  // namespace carc::server
