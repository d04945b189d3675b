// A player's e-mail address over HTTP (docs/protocol.md, "E-mail"): given, confirmed by the link
// mailed to it, its daily digest turned on or off, removed.
//   GET    /api/me/email                  200 {"address": string|null, "verified", "digest",
//                                         "sending"}: "sending" says whether this server sends
//                                         mail at all (--smtp-url)
//   PUT    /api/me/email {"address", "lang"?}  202 the same object: the address kept,
//                                         unverified, and a link to confirm it mailed to it;
//                                         400 (field "address" or "lang"); 429 (Retry-After) a
//                                         link went out less than kResendSeconds ago
//   PATCH  /api/me/email {"digest": bool}  200 the same object; 404 no address
//   DELETE /api/me/email                  204, also when there was none
//   POST   /api/email/verify {"token"}    anyone (the token is the credential): 200
//                                         {"verified": true}; 400 (field "token") a token that is
//                                         unknown, used, replaced or out of date (one answer)
// Errors are JSON {"error", "field"?}, and also 401 (not signed in; not for verify), 405 (Allow
// says which), 413 (a body over 1 KB), 503 (no store, mail is off for PUT, the workers are full
// or the store cannot be read).
//
// The link is --public-url + "/account?email-token=" + TOKEN: the web client's account screen
// posts the token, so a mail scanner that opens the link confirms nothing. The token is 256
// random bits, kept only as its hash, good for kTokenHours.
//
// Contract: Serve runs on a network thread and only routes there; bodies are read and the store
// written on the account API's reads workers, and the mail queued on the sender (which never
// blocks). The address is the player's secret: never logged, shown only to its owner.
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

inline constexpr int kTokenHours = 24;
// One link per ten minutes and account: enough to fix a typo, too few to mail-bomb anyone.
inline constexpr std::int64_t kResendSeconds = 600;

struct EmailApiMetrics {
  std::atomic<std::uint64_t> links_sent{0};  // 202: an address kept and its link queued
  std::atomic<std::uint64_t> verified{0};    // 200 on verify
  std::atomic<std::uint64_t> refused{0};     // 400, 413: a bad address, a bad or old token
  std::atomic<std::uint64_t> too_soon{0};    // 429
  std::atomic<std::uint64_t> removed{0};     // 204
};

class EmailApi {
 public:
  // `store` or `accounts_store` nullptr (a store that keeps none): every path answers 503.
  // `sender` nullptr: mail is off (--smtp-url unset); an address can still be seen and removed.
  // `public_url` is where the links point (no trailing slash).
  EmailApi(store::MailStore* store, store::AccountStore* accounts_store, mail::MailSender* sender,
           std::string public_url, AccountApi& accounts);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  const EmailApiMetrics& metrics() const { return metrics_; }

 private:
  void Signed(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void SetAddress(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void SetDigest(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void Verify(const ApiRequest& request, const ApiReply& reply);
  ApiResponse State(unsigned status, store::AccountId account);

  store::MailStore* store_;
  store::AccountStore* accounts_store_;
  mail::MailSender* sender_;
  const std::string public_url_;
  AccountApi& accounts_;
  // Links sent to each e-mail address (lower-cased): one per kResendSeconds whichever account
  // asks, so that many accounts cannot mail-bomb one address.
  AddressRate links_to_address_;
  EmailApiMetrics metrics_;
};

}  // namespace carc::server::accounts
