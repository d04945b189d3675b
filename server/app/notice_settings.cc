#include <string>

#include "config_setting.h"
#include "mail/mail_address.h"

namespace carc::server::config {

void AddNoticeSettings(SettingTable& table) {
  table.insert({
      {"push",
       {"CARC_PUSH",
        "on or off: notices to players' browsers while they are away (Web Push: your turn, game "
        "over); the server makes its VAPID key once and keeps it in the store (on)",
        OnOff(&ServerConfig::push)}},
      {"push-queue",
       {"CARC_PUSH_QUEUE",
        "notices and retries the push sender holds; more are dropped and counted in "
        "carc_push_messages_total{outcome=\"dropped_full\"} (1000)",
        Int(&ServerConfig::push_queue, 1, 1 << 24)}},
      {"push-threads",
       {"CARC_PUSH_THREADS",
        "threads that post push messages, each request 5 s at most; apart from the network "
        "threads (4)",
        Int(&ServerConfig::push_threads, 1, 64)}},
      {"push-per-account",
       {"CARC_PUSH_PER_ACCOUNT",
        "push requests one account's browsers may have in flight; more wait, counted in "
        "carc_push_deferred_total, so that one account's endpoints that hang hold up no other "
        "account's (2)",
        Int(&ServerConfig::push_per_account, 1, 64)}},
      {"push-per-service",
       {"CARC_PUSH_PER_SERVICE",
        "push requests one push service (an endpoint's origin) may have in flight; more wait, "
        "counted in carc_push_deferred_total (3)",
        Int(&ServerConfig::push_per_service, 1, 64)}},
      {"push-subscriptions-per-account",
       {"CARC_PUSH_SUBSCRIPTIONS_PER_ACCOUNT",
        "browsers one account may subscribe to notices; more are answered 409 (10)",
        Int(&ServerConfig::push_subscriptions_per_account, 1, 100)}},
      {"vapid-subject",
       {"CARC_VAPID_SUBJECT",
        "the contact push services are given with each notice (RFC 8292): mailto:ADDRESS or an "
        "https URL (--public-url when it is https, else mailto:admin@localhost)",
        [](ServerConfig& c, const std::string& v) {
          if (!v.starts_with("mailto:") && !v.starts_with("https://")) return false;
          if (v.size() > 512 || v.find_first_of(" \t\r\n\"") != std::string::npos) return false;
          c.vapid_subject = v;
          return true;
        }}},
      {"push-allow-loopback",
       {"CARC_PUSH_ALLOW_LOOPBACK",
        "on or off: let push subscriptions name this machine (http or https on 127.0.0.1, ::1, "
        "localhost), for tests with a push service of their own; never on a public server "
        "(off)",
        OnOff(&ServerConfig::push_allow_loopback)}},
      {"smtp-url",
       {"CARC_SMTP_URL",
        "the SMTP relay that sends this server's e-mail (address confirmations, the daily "
        "digest of games waiting): smtp://HOST[:PORT] (STARTTLS, see --smtp-starttls) or "
        "smtps://HOST[:PORT]; needs --mail-from and --public-url (none: no e-mail)",
        [](ServerConfig& c, const std::string& v) {
          if (!v.starts_with("smtp://") && !v.starts_with("smtps://")) return false;
          if (v.size() > 2048 || v.find_first_of(" \t\r\n") != std::string::npos) return false;
          c.smtp_url = v;
          return true;
        }}},
      {"smtp-user",
       {"CARC_SMTP_USER", "the name to sign in to the SMTP relay with (none: no sign-in)",
        Line(&ServerConfig::smtp_user, 256)}},
      {"smtp-password",
       {"CARC_SMTP_PASSWORD",
        "the SMTP relay's password; give it in the environment variable rather than the flag, "
        "which other users of the machine can see (none)",
        Line(&ServerConfig::smtp_password, 1024)}},
      {"smtp-starttls",
       {"CARC_SMTP_STARTTLS",
        "on or off: an smtp:// relay must switch to TLS (STARTTLS) before anything is sent; "
        "off only for a relay on this machine or a network you trust (on)",
        OnOff(&ServerConfig::smtp_starttls)}},
      {"mail-from",
       {"CARC_MAIL_FROM", "the address this server's e-mail comes from (none)",
        [](ServerConfig& c, const std::string& v) {
          if (!mail::CheckMailAddress(v).empty()) return false;
          c.mail_from = v;
          return true;
        }}},
      {"mail-queue",
       {"CARC_MAIL_QUEUE",
        "e-mails and retries the mail sender holds; more are dropped and counted in "
        "carc_mail_messages_total{outcome=\"dropped_full\"} (1000)",
        Int(&ServerConfig::mail_queue, 1, 1 << 20)}},
      {"digest-hours",
       {"CARC_DIGEST_HOURS",
        "the time between two digests of games waiting to one player, 1 to 168 (24)",
        Int(&ServerConfig::digest_hours, 1, 168)}},
      {"digest-sweep-seconds",
       {"CARC_DIGEST_SWEEP_SECONDS",
        "how often the store is asked for the digests due, 1 to 3600 (300)",
        Int(&ServerConfig::digest_sweep_seconds, 1, 3600)}},
  });
}

std::string CheckNoticeSettings(const ServerConfig& c) {
  if (!c.smtp_url.empty() && c.mail_from.empty()) {
    return "--smtp-url needs --mail-from: the address this server's e-mail comes from";
  }
  if (!c.smtp_url.empty() && c.public_url.empty()) {
    return "--smtp-url needs --public-url: the links in the e-mails lead there";
  }
  return {};
}

}  // namespace carc::server::config
