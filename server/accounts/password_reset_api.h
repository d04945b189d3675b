// A forgotten password over HTTP (docs/protocol.md, "Passwords"): a link mailed to the account's
// confirmed address, and the new password chosen with it.
//   POST /api/password-reset {"name", "lang"?}   anyone: 202 {"requested": true} whatever the
//                                  name (so that the answer tells no one which names have a
//                                  confirmed address); a link goes out when the account has one
//                                  and none went to it in the last 10 minutes. 429
//                                  (Retry-After) past --password-resets-per-hour from the
//                                  address; 503 when this server sends no mail (the host can
//                                  make a link: `carcassonne-server admin reset-password NAME`)
//   POST /api/password-reset/complete {"token", "password"}   anyone (the token is the
//                                  credential): 200 {"name"} and a new session cookie, the
//                                  account's every other session ended and its other links
//                                  spent; 400 field "password" (the rules of sign-up) or
//                                  "token" (one answer for every token that is no good)
// Errors are JSON {"error", "field"?}, and also 405 (Allow says which), 413 (a body over 2 KB),
// 503 (no store, the workers are full or the store cannot be read).
//
// Contract: Serve runs on a network thread and only routes there; the store is read and
// written on the account API's workers (a completion on its hashing pool: it hashes the new
// password), the mail queued on the sender, never waited for. Neither the token nor the
// address is logged.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "accounts/account_api.h"
#include "mail/mail_sender.h"
#include "net/address_rate.h"
#include "net/http_api.h"
#include "store/account_store.h"
#include "store/mail_store.h"

namespace carc::server::accounts {

struct PasswordResetMetrics {
  std::atomic<std::uint64_t> requested{0};  // 202
  std::atomic<std::uint64_t> mailed{0};     // of those, a link queued for a confirmed address
  std::atomic<std::uint64_t> completed{0};  // 200: a new password chosen
  std::atomic<std::uint64_t> refused{0};    // 400, 413: a bad body, password or token
  std::atomic<std::uint64_t> metered{0};    // 429
};

class PasswordResetApi {
 public:
  // `accounts` nullptr (a store that keeps none): every path answers 503. `mail` or `sender`
  // nullptr: links are not mailed (requests answer 503), links the host made still complete.
  // `per_hour`: requests from one address an hour, after a burst of as many (0: no limit).
  PasswordResetApi(store::AccountStore* accounts, store::MailStore* mail, mail::MailSender* sender,
                   std::string public_url, AccountApi& api, double per_hour);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  const PasswordResetMetrics& metrics() const { return metrics_; }

 private:
  void Request(const ApiRequest& request, const ApiReply& reply);
  void Complete(const ApiRequest& request, ApiReply reply);

  store::AccountStore* accounts_;
  store::MailStore* mail_;
  mail::MailSender* sender_;
  const std::string public_url_;
  AccountApi& api_;
  AddressRate from_address_;
  // One link per account per 10 minutes, whoever asks: a name typed again and again mails its
  // owner once.
  AddressRate to_account_;
  PasswordResetMetrics metrics_;
};

}  // namespace carc::server::accounts
