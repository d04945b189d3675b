// One message handed to an SMTP relay, with libcurl (Debian libcurl4-openssl-dev): the mail
// protocol, STARTTLS and implicit TLS, authentication and timeouts in one maintained library,
// where a client of our own would be a second TLS and SMTP state machine to keep right.
//
// Contract: SendSmtp blocks for at most `timeout` (connection included) and is safe to call
// from several threads at once (an easy handle each; curl_global_init is called once before
// the first). Only smtp:// and smtps:// URLs are followed. The result's `error` names what
// failed in words; it never holds the password, the message or the recipient's address.
#pragma once

#include <chrono>
#include <string>

namespace carc::server::mail {

enum class StartTls { kRequired, kOff };

struct SmtpSettings {
  std::string url;       // smtp://HOST[:PORT] (STARTTLS per `starttls`) or smtps://HOST[:PORT]
  std::string user;      // "" for a relay that takes mail without authentication
  std::string password;  // a secret: from CARC_SMTP_PASSWORD, never logged
  StartTls starttls = StartTls::kRequired;
  std::chrono::milliseconds timeout{30000};
};

struct SmtpResult {
  bool ok = false;
  long code = 0;       // the relay's last reply code (e.g. 250, 451, 550), 0 for none
  bool retry = false;  // worth trying again later: no connection, a timeout, a 4xx reply
  std::string error;   // "" when ok
};

SmtpResult SendSmtp(const SmtpSettings& settings, const std::string& from, const std::string& to,
                    const std::string& message);

}  // namespace carc::server::mail
