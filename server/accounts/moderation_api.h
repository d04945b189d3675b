// Moderation over HTTP, for the admin page (docs/moderation.md, "The admin API"). Every path
// needs a signed-in account (401 otherwise) and each answers only what the account's role may
// (moderation/roles.h): the server refuses, the page only hides.
//   GET  /api/admin/me          200 {"role", "powers": [names]}: what the page may offer
//   POST /api/admin/actions     {"action", "name" | "network", "room"?, "for"?, "reason"?,
//        "role"?}: action "mute", "unmute", "ban", "unban", "end-sessions" (by "name"),
//        "ban-address", "unban-address" (by "network"), "kick", "unkick" (by "room" and
//        "name"), "close-room", "reopen-room" (by "room"), "grant" (by "name", to "role");
//        200 {"done": line}; 400 {"error", "field"} a bad field, 403 a power or rank the account
//        lacks, 404 no account of that name or no open room of that code; nothing changes on a
//        refusal
//   GET  /api/admin/sanctions   (mute) 200 {"sanctions": [{"id", "kind", "name", "reason",
//        "created_at", "ends_at", "by"}], "room_actions": [...], "address_bans": [...]
//        (ban-address only)}
//   GET  /api/admin/rooms       (close-room) 200 {"rooms": [...]}: this node's rooms
//   GET  /api/admin/players?name=BEGINNING   (mute) 200 {"players": [{"name", "created_at",
//        "role", "sanctions": [{"kind", "reason", "ends_at"}]}]}: at most 50, by name
//   GET  /api/admin/audit?before=ID&limit=N   (read-audit) 200 {"entries": [...]}, newest
//        first, N 1..200 (50)
// Errors are JSON {"error", "field"?}; also 405, 413 (a body over 4 KB), 503 (no store, the
// workers are full, the store cannot be read).
//
// Contract: Serve runs on a network thread and only routes there; the actions and reads run on
// the account API's reads workers (accounts/moderation_actions.h does the checking).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>

#include "accounts/account_api.h"
#include "net/address_rate.h"
#include "net/http_api.h"
#include "store/moderation_store.h"

namespace carc::server::accounts {

struct ModerationApiMetrics {
  std::atomic<std::uint64_t> done{0};     // actions taken
  std::atomic<std::uint64_t> refused{0};  // requests refused for a power, a rank or a field
  // Of those, a staff member's refused for a power or rank, noted in the audit log.
  std::atomic<std::uint64_t> refusals_audited{0};
};

inline constexpr int kMaxAuditPage = 200;

// The rooms this node holds, as the moderators' list shows them (GET /api/admin/rooms), read on
// a worker; the server's registry gives them (app/server_app.cc).
using RoomsForModerators = std::function<nlohmann::json()>;

class ModerationApi {
 public:
  // `moderation` nullptr (a store that keeps no accounts): every path answers 503.
  ModerationApi(store::AccountStore* accounts, store::ModerationStore* moderation, AccountApi& api);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  const ModerationApiMetrics& metrics() const { return metrics_; }
  // Where GET /api/admin/rooms reads its rooms (none set: an empty list): before the port opens.
  void set_rooms(RoomsForModerators rooms) { rooms_ = std::move(rooms); }

 private:
  void Signed(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  ApiResponse Act(const ApiRequest& request, const SignedIn& who, moderation::Role role);
  ApiResponse Sanctions(moderation::Role role);
  ApiResponse Audit(const ApiRequest& request, moderation::Role role);
  ApiResponse Rooms(moderation::Role role);
  ApiResponse Players(const ApiRequest& request, moderation::Role role);

  store::AccountStore* accounts_;
  store::ModerationStore* moderation_;
  AccountApi& api_;
  RoomsForModerators rooms_;
  ModerationApiMetrics metrics_;
  AddressRate refused_audits_;  // keyed by account: the audit notes of refusals
};

}  // namespace carc::server::accounts
