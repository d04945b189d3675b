// The server's settings over HTTP (docs/moderation.md, "Server settings"):
//   GET  /api/server           anyone: 200 {"name", "motd", "sign_up", "guests_play"}, what every
//        home page shows and the sign-up form needs (never the invitation code or the words)
//   GET  /api/admin/settings   (settings) 200 {"settings": all of them}
//   POST /api/admin/settings   (settings) any of {"name", "motd", "sign_up", "invitation_code",
//        "guests_play", "refused_words": [..]}; checked whole (moderation/server_settings.h),
//        kept with an audit entry naming the fields changed; 200 {"settings", "done"};
//        400 {"error", "field"}, 401 signed out, 403 without the power; nothing changes on a
//        refusal
// Contract: GET /api/server is answered on the network thread from the SettingsBox (one lock);
// the admin paths read and write the store on the account API's reads workers. A change is in
// force on this node when its answer is sent, on the others at their next moderation poll.
#pragma once

#include <atomic>
#include <cstdint>

#include "accounts/account_api.h"
#include "moderation/server_settings.h"
#include "net/http_api.h"
#include "store/moderation_store.h"

namespace carc::server::accounts {

struct SettingsApiMetrics {
  std::atomic<std::uint64_t> changes{0};
};

class SettingsApi {
 public:
  // `moderation` nullptr (a store that keeps no accounts): the admin paths answer 503 and
  // /api/server the defaults.
  SettingsApi(store::ModerationStore* moderation, moderation::SettingsBox& settings,
              AccountApi& api);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  const SettingsApiMetrics& metrics() const { return metrics_; }

 private:
  ApiResponse Change(const ApiRequest& request, const SignedIn& who);

  store::ModerationStore* moderation_;
  moderation::SettingsBox& settings_;
  AccountApi& api_;
  SettingsApiMetrics metrics_;
};

}  // namespace carc::server::accounts
