// Which notices a player is pushed, and the hours without any, over HTTP (docs/protocol.md,
// "Notices"):
//   GET /api/me/notices   200 {"push": {"turn", "reminder", "invitation", "game_over": bool},
//                         "quiet": null | {"from": "HH:MM", "to": "HH:MM"},
//                         "time_zone": IANA name}; every notice, no quiet hours and UTC until set
//   PUT /api/me/notices   any of those fields: each one given replaces what was kept (in
//                         "push", each kind given), the others stay; 200 the whole object;
//                         400 (field "push", "quiet" or "time_zone") and nothing changes
// Quiet hours are local times in "time_zone" (the web client sends the browser's); "from" and
// "to" differ and may run over midnight. A notice due inside them waits for their end; the
// e-mail digest too. Errors are JSON {"error", "field"?}, and also 401 (not signed in), 405
// (Allow says which), 413 (a body over 1 KB), 503 (no store, the workers are full or the store
// cannot be read).
//
// Contract: Serve runs on a network thread and only routes there; bodies are read and the store
// read and written on the account API's reads workers.
#pragma once

#include <atomic>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "accounts/account_api.h"
#include "net/http_api.h"
#include "store/social_store.h"

namespace carc::server::accounts {

struct NoticePreferencesMetrics {
  std::atomic<std::uint64_t> changed{0};  // 200 on PUT
  std::atomic<std::uint64_t> refused{0};  // 400, 413
};

// The preferences as GET answers them (also the account export's "notices").
nlohmann::json NoticePreferencesJson(const store::NoticePreferenceRow& row);

class NoticePreferencesApi {
 public:
  // `store` nullptr (a store that keeps no accounts): every path answers 503.
  NoticePreferencesApi(store::SocialStore* store, AccountApi& accounts);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  const NoticePreferencesMetrics& metrics() const { return metrics_; }

 private:
  void Signed(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);

  store::SocialStore* store_;
  AccountApi& accounts_;
  NoticePreferencesMetrics metrics_;
};

}  // namespace carc::server::accounts
