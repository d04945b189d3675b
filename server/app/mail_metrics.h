// The /metrics lines of the e-mail: addresses given, confirmed and refused, the messages the
// sender sent, retried, gave up on or dropped, and the digest sweep's work.
#pragma once

#include <functional>
#include <ostream>

#include "accounts/email_api.h"
#include "mail/mail_service.h"

namespace carc::server {

// The section Metrics::AddSection writes; `mail` may be nullptr (no e-mail: its lines read 0).
// Both must outlive it.
std::function<void(std::ostream&)> MailMetricsSection(const mail::MailService* mail,
                                                      const accounts::EmailApiMetrics& api);

}  // namespace carc::server
