// Web Push subscriptions over HTTP (docs/protocol.md, "Push subscriptions"): a signed-in player's
// browser hands this server its push subscription, so that notices reach the device later.
//   GET    /api/push/vapid-public-key  anyone: 200 {"key"}, the server's VAPID public key in
//                                      base64url (the browser's applicationServerKey)
//   POST   /api/me/push-subscriptions  {"endpoint", "keys": {"p256dh", "auth"}, "lang"?}:
//                                      201 {"id"} for a new endpoint, 200 {"id"} for one kept
//   DELETE /api/me/push-subscriptions  {"endpoint"}: 204, also when the account had none of it
// Errors are JSON {"error", "field"?}: 400 (a bad body; "field" is "endpoint", "keys.p256dh",
// "keys.auth" or "lang"), 401 (not signed in), 405 (Allow says which), 409 (the account holds
// max_per_account subscriptions), 413 (a body over 4 KB), 503 (this server sends no notices; or
// the workers are full or the store cannot be read).
//
// Contract: Serve runs on a network thread and only routes there (and refuses a body over the
// limit unread); the body is checked and the store read and written on the account API's reads
// workers. An endpoint is checked against request forgery (push/push_endpoint.h) before it is
// kept. The endpoint and its keys are the player's secrets (they reach the browser): never
// logged, never repeated in an answer; a refusal names the field and why, not the value.
#pragma once

#include <atomic>
#include <cstdint>

#include "accounts/account_api.h"
#include "net/http_api.h"
#include "push/push_endpoint.h"
#include "push/vapid.h"
#include "store/push_store.h"

namespace carc::server::accounts {

struct PushApiLimits {
  int max_per_account = 10;
  // kAllowed only for tests that stand a push service up on this machine.
  push::Loopback loopback = push::Loopback::kRefused;
};

// What POST and DELETE /api/me/push-subscriptions ended in.
struct PushApiMetrics {
  std::atomic<std::uint64_t> subscribed{0};    // 201: a new endpoint kept
  std::atomic<std::uint64_t> updated{0};       // 200: an endpoint kept already, taken over
  std::atomic<std::uint64_t> refused{0};       // 400, 413: a bad body, a forged endpoint
  std::atomic<std::uint64_t> full{0};          // 409: the account at its limit
  std::atomic<std::uint64_t> unsubscribed{0};  // 204
};

class PushApi {
 public:
  // `store` nullptr (a store that keeps no subscriptions) or `key` nullptr (notices are off):
  // every path answers 503. Both must outlive this object.
  PushApi(store::PushStore* store, const push::VapidKey* key, PushApiLimits limits,
          AccountApi& accounts);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  const PushApiMetrics& metrics() const { return metrics_; }

 private:
  void Subscribe(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void Unsubscribe(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);

  store::PushStore* store_;
  const push::VapidKey* key_;
  const PushApiLimits limits_;
  AccountApi& accounts_;
  PushApiMetrics metrics_;
};

}  // namespace carc::server::accounts
