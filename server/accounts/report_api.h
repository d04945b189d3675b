// The reports queue over HTTP, for the admin page (docs/moderation.md, "Reports"); the
// handle-reports power (a moderator and above), 401 signed out, 403 without it:
//   GET  /api/admin/reports?status=open|closed&before=ID&limit=N   200 {"reports": [{"id",
//        "created_at", "room", "reporter", "target", "reason", "quote", "chat": [{"seat",
//        "name", "text"}], "record": {...} | null, "status", "closed_by", "closed_at", "note"}]},
//        newest first, N 1..100 (20)
//   POST /api/admin/reports/ID  {"status": "dismissed" | "actioned", "note"?}: closes an open
//        report with an audit entry; 200 {"done"}, 400 a bad field, 404 no open report ID
// The action taken on a report (a mute, a ban) is the admin API's own (moderation_api.h).
//
// Contract: Serve routes on the network thread; the store is read and written on the account
// API's reads workers.
#pragma once

#include "accounts/account_api.h"
#include "net/http_api.h"
#include "store/moderation_store.h"

namespace carc::server::accounts {

inline constexpr int kMaxReportsPage = 100;

class ReportApi {
 public:
  // `moderation` nullptr (a store that keeps no accounts): every path answers 503.
  ReportApi(store::ModerationStore* moderation, AccountApi& api);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

 private:
  ApiResponse List(const ApiRequest& request);
  ApiResponse Close(const ApiRequest& request, const SignedIn& who, std::int64_t id);

  store::ModerationStore* moderation_;
  AccountApi& api_;
};

}  // namespace carc::server::accounts
