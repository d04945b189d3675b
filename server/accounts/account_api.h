// Accounts over HTTP (docs/protocol.md, "Accounts"):
//   POST   /api/accounts             {"name","password"}: 201 {"name"} and the session cookie
//   POST   /api/sessions             {"name","password"}: 200 {"name"} and the session cookie
//   DELETE /api/sessions/current     sign out: 204, the cookie cleared
//   GET    /api/me                   200 {"name","created_at"}; 401 when not signed in
//   GET    /api/me/sessions          200 {"sessions":[{"id","created_at","last_seen_at",
//                                    "label","current"}]}, the most recently seen first
//   DELETE /api/me/sessions/{id}     204: that session ended
//   DELETE /api/me/sessions          204: every session of the account ended, this one too
//   POST   /api/me/password          {"old_password","new_password"}: 200 {"name"}, every session
//                                    of the account ended and a new one for this device (cookie)
// A session is the carc_session cookie (accounts/session_cookie.h) or, from the command line,
// "Authorization: Bearer TOKEN". Errors are JSON {"error": "...", "field"?: "name"|"password"}:
// 400 (bad JSON, a bad name or password), 401 (not signed in; a wrong name or password, the same
// answer whether the name exists or not), 403 (a banned account's sign-in: {"error", "ban":
// {"reason","ends_at"}}, ends_at null for ever), 404, 405 (Allow says which), 409 (name taken), 413
// (a body over 8 KB), 429 (too many sign-ups from the address, failed sign-ins of the account
// from the address or from the address in all, or sign-ins past --sign-ins-per-hour: Retry-After),
// 503 (the hashing workers are full: Retry-After; or the store cannot be read).
//
// Contract: Serve runs on a network thread and does there only what is cheap (routing, the JSON
// of a small body, name and password lengths, the failure delays); password hashing runs on the
// `hashing` workers and every store access on the `reads` workers (net/api_workers.h), whose
// bounds refuse what they cannot take. Unknown names cost one Argon2id verification like a
// wrong password, so neither the answer nor its time tells whether a name exists. Passwords
// and tokens are never logged or stored in clear. The workers must stop before this object goes.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "accounts/account_metrics.h"
#include "accounts/failure_delay.h"
#include "accounts/fair_play.h"
#include "accounts/password_hash.h"
#include "moderation/server_settings.h"
#include "net/address_rate.h"
#include "net/api_workers.h"
#include "net/http_api.h"
#include "net/http_services.h"
#include "store/account_store.h"
#include "store/moderation_store.h"

namespace carc::server::accounts {

struct AccountLimits {
  HashParams hash;
  // A session ends when unused this long, and this long after it was made whatever its use.
  std::chrono::seconds session_idle{std::chrono::hours(24 * 30)};
  std::chrono::seconds session_max{std::chrono::hours(24 * 365)};
  int max_sessions = 20;         // per account: past it the least recently seen ends
  double signups_per_hour = 5;   // per address (AddressKey); 0: no limit
  int failures_per_account = 5;  // free failed sign-ins before the delays start
  int failures_per_address = 20;
  // Sign-ins that reach the hashing threads, right or wrong, per address; and right ones per
  // account: after a burst of kSignInBurst, this many an hour (0: no limit).
  double sign_ins_per_hour = 60;
  std::chrono::seconds max_failure_delay{900};
  bool https = false;  // --public-url is https: every cookie is Secure
};

// Who a session token belongs to.
struct SignedIn {
  store::AccountId account = 0;
  std::string name;
  std::int64_t session = 0;
};

class AccountApi {
 public:
  // `store` may be nullptr (a store that keeps no accounts): every path then answers 503.
  // `now` gives seconds since the Unix epoch (tests pass their own).
  // `moderation` (nullable): a banned account's sign-in is refused (accounts/ban_refusal.h).
  AccountApi(store::AccountStore* store, AccountLimits limits, ApiWorkers& hashing,
             ApiWorkers& reads, std::function<std::int64_t()> now = {},
             store::ModerationStore* moderation = nullptr);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  // The live session `token` opens, touching it; nullopt for none. Reads the store: call it on
  // a worker, never on a network thread.
  std::optional<SignedIn> Authenticate(std::string_view token);

  // The WebSocket upgrade's check (HttpServices::authenticate, net/http_services.h): false when
  // the upgrade carries neither a session cookie nor a Bearer token (a guest's socket). Else
  // the session is read on a reads worker and `done` gets its account, or a 401 that clears the
  // cookie (the session ended: no socket opens on it), or a 503 (the workers are full or the
  // store cannot be read).
  bool AuthenticateUpgrade(UpgradeCredentials credentials,
                           std::function<void(UpgradeVerdict)> done);

  const AccountMetrics& metrics() const { return metrics_; }
  AccountMetrics& metrics() { return metrics_; }

  // For the account's other parts (passkeys): the request's session (its cookie or Bearer
  // token; reads the store), a new session answered with its cookie (writes the store; a
  // banned account gets the ban's 403 instead, and no session), and
  // `job` run on a worker of the reads' pool, answered 503 when the pool refuses or the store
  // fails.
  std::optional<SignedIn> SessionOf(const ApiRequest& request);
  ApiResponse NewSession(const ApiRequest& request, const store::Account& account, unsigned status);
  void OnReadWorker(const ApiRequest& request, ApiReply reply,
                    std::function<void(const ApiRequest&, const ApiReply&)> job) {
    OnWorker(reads_, request, std::move(reply), std::move(job));
  }
  // The same on the hashing pool, for a job that hashes a password (a reset's new one).
  void OnHashingWorker(const ApiRequest& request, ApiReply reply,
                       std::function<void(const ApiRequest&, const ApiReply&)> job) {
    OnWorker(hashing_, request, std::move(reply), std::move(job));
  }
  // The signed-in `account`'s new password (its old one, or a passkey, checked by the caller):
  // hashed on the hashing pool, every session ended, a new one for this device answered.
  void ReplacePassword(const ApiRequest& request, store::AccountId account,
                       std::shared_ptr<std::string> new_password, ApiReply reply);
  // The parameters new password hashes are made with.
  const HashParams& hash_params() const { return limits_.hash; }
  // OnReadWorker for a signed-in player's own resource: 401 when the request has no session.
  void OnSignedInWorker(
      const ApiRequest& request, ApiReply reply,
      std::function<void(const ApiRequest&, const SignedIn&, const ApiReply&)> job);
  std::int64_t Now() const { return now_(); }
  // The server's settings (null: the defaults), which sign-up obeys: set before the port opens.
  void set_settings(const moderation::SettingsBox* settings) { settings_ = settings; }
  // The fair-play limit (accounts/fair_play.h) a signed-in socket is given at its upgrade, read
  // from `ratings` (null: none kept, no limit): set before the port opens.
  void set_fair_play(store::RatingStore* ratings, FairPlayLimit limit) {
    fair_play_ratings_ = ratings;
    fair_play_ = limit;
  }
  // Whether this request's cookies are Secure (an https --public-url, or a trusted proxy's
  // X-Forwarded-Proto).
  bool Secure(const ApiRequest& request) const { return limits_.https || request.https; }

 private:
  void SignUp(const ApiRequest& request, ApiReply reply);
  void SignIn(const ApiRequest& request, ApiReply reply);
  void ChangePassword(const ApiRequest& request, ApiReply reply);
  ApiResponse PasswordReplaced(const ApiRequest& request, const store::Account& account,
                               const std::string& new_password);
  // Runs `job` on a worker of `pool`, answering 503 itself when the pool refuses.
  void OnWorker(ApiWorkers& pool, const ApiRequest& request, ApiReply reply,
                std::function<void(const ApiRequest&, const ApiReply&)> job);
  void Signed(const ApiRequest& request, const ApiReply& reply);

  store::AccountStore* store_;
  store::ModerationStore* moderation_;
  const moderation::SettingsBox* settings_ = nullptr;
  store::RatingStore* fair_play_ratings_ = nullptr;
  FairPlayLimit fair_play_;
  const AccountLimits limits_;
  ApiWorkers& hashing_;
  ApiWorkers& reads_;
  std::function<std::int64_t()> now_;
  AddressRate signups_;
  AddressRate address_sign_ins_;
  AddressRate account_sign_ins_;
  // Keyed by account and address together: one address's failures make that address wait for
  // that account, never the owner elsewhere (a key of the account alone let anyone lock a
  // named player out).
  FailureDelay account_failures_;
  FailureDelay address_failures_;
  AccountMetrics metrics_;
};

}  // namespace carc::server::accounts
