// Where push notices go: each browser's push subscription (Web Push, RFC 8030), made by a
// signed-in session, and the server's own long-lived keys (the VAPID key pair, one per store so
// that every node of a cluster signs with the same one: browsers subscribed with its public key).
//
// A subscription belongs to the session that made it: ending the session (signing out on that
// device, or from another) ends its subscriptions, and deleting the account ends them all, so a
// device that is signed out gets no notices. The endpoint is unique: a browser has one
// subscription per site, so the same endpoint posted again (another session or account on that
// browser) moves the row to the new owner.
//
// Contract: thread-safe and synchronous, a connection of its own (like account_store.h); a
// failure throws StoreError. Times are seconds since the Unix epoch. The rows are secrets of the
// player (an endpoint and its keys reach their browser): never logged.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace carc::server::store {

struct PushSubscriptionRow {
  std::int64_t id = 0;
  std::int64_t account = 0;
  std::int64_t session = 0;
  std::string endpoint;  // checked by push/push_endpoint.h before it is kept
  std::string p256dh;    // raw, 65 bytes
  std::string auth;      // raw, 16 bytes
  std::string lang;      // the page's language when subscribed: the notices' language
  std::int64_t created_at = 0;
  int failures = 0;  // deliveries failed in a row (a success resets it)
};

enum class PutSubscription { kCreated, kUpdated, kFull };

class PushStore {
 public:
  virtual ~PushStore() = default;

  // Keeps `row` (its id is ignored): kCreated for a new endpoint, kUpdated when the endpoint was
  // kept already (it now belongs to row's session and account, with its new keys and language),
  // kFull (nothing kept) when the account holds `max_per_account` others.
  virtual PutSubscription Put(const PushSubscriptionRow& row, int max_per_account) = 0;
  // The account's subscription of `endpoint` ended; false when it had none.
  virtual bool Delete(std::int64_t account, const std::string& endpoint) = 0;
  virtual std::vector<PushSubscriptionRow> Subscriptions(std::int64_t account) = 0;
  // After a delivery: ok resets the failures, else they grow by one; `drop` removes the row (the
  // push service said the subscription is gone: 404 or 410).
  virtual void Delivered(std::int64_t id, bool ok, bool drop) = 0;

  // The server key `name`: the one kept, or `candidate` kept now when there is none (the first
  // node to start makes it; the others read it).
  virtual std::string ServerKey(const std::string& name, const std::string& candidate) = 0;
};

}  // namespace carc::server::store
