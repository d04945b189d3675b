// A server's moderation (docs/moderation.md): the roles given to accounts, the sanctions on them
// (mutes and bans, for a time or for ever, each lifted early or not), and the audit log of who
// did what to whom, when and why.
//
// Rules the store keeps, whatever the caller:
// - Every change is written in one transaction with its audit entry: no change without its
//   entry, no entry without its change.
// - The audit log is only ever added to: nothing here updates or deletes an entry, and its
//   entries name players by name (not by account), so that they outlive a deleted account.
// - Deleting an account deletes its role and its sanctions (foreign keys ON DELETE CASCADE).
//
// Contract: thread-safe and synchronous, a connection of its own (like account_store.h); a
// failure throws StoreError and changes nothing. Times are seconds since the Unix epoch, handed
// in by the caller.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "moderation/roles.h"
#include "store/account_store.h"

namespace carc::server::store {

struct StaffRow {
  AccountId account = 0;
  std::string name;
  moderation::Role role = moderation::Role::kPlayer;
  std::int64_t since = 0;
};

enum class SanctionKind { kMute, kBan };

// "mute", "ban": the stored and the API's spelling.
inline std::string_view SanctionKindName(SanctionKind kind) {
  return kind == SanctionKind::kBan ? "ban" : "mute";
}

// The kind a stored name spells (the schema's CHECK allows only the two).
inline SanctionKind SanctionKindOf(std::string_view name) {
  return name == "ban" ? SanctionKind::kBan : SanctionKind::kMute;
}

struct SanctionRow {
  std::int64_t id = 0;
  SanctionKind kind = SanctionKind::kMute;
  AccountId account = 0;
  std::string reason;
  std::int64_t created_at = 0;
  std::int64_t ends_at = 0;  // 0: for ever
  std::string by;            // who: a staff account's name, or "host" (the command line)
};

// A ban of every client from an address or a network (moderation/ip_range.h): for a player who
// comes back as a guest or under a new name. `network` is IpRange::Text's canonical form, so
// that lifting it finds it however the host typed it.
struct AddressBanRow {
  std::int64_t id = 0;
  std::string network;
  std::string reason;
  std::int64_t created_at = 0;
  std::int64_t ends_at = 0;  // 0: for ever
  std::string by;
};

// A moderator's action on one room (docs/moderation.md, "What a sanction does"): a kick takes
// an account's seat for the rest of the room's life (a computer plays it) and keeps the account
// out; a close sends everyone away and keeps the room shut. Each is in force until lifted or
// until the room is disposed of.
enum class RoomActionKind { kKick, kClose };

// "kick", "close": the stored spelling.
inline std::string_view RoomActionKindName(RoomActionKind kind) {
  return kind == RoomActionKind::kClose ? "close" : "kick";
}

struct RoomActionRow {
  std::int64_t id = 0;
  std::int64_t room_id = 0;  // the room's store id (store/event_store.h's RoomId)
  std::string room;          // the room's code
  RoomActionKind kind = RoomActionKind::kKick;
  AccountId account = 0;  // the kicked account; 0 for a close
  std::string target;     // the kicked account's name as it was; "" for a close
  std::string reason;
  std::int64_t created_at = 0;
  std::string by;
};

// One line of the audit log. `actor` and `target` are names as they were ("host" for the
// command line); `detail` says what the action was of (a role's name, a length).
struct AuditEntry {
  std::int64_t id = 0;
  std::int64_t at = 0;
  std::string actor;
  std::string action;  // "grant", "mute", "unmute", "ban", "unban", "ban-address", ...
  std::string target;
  std::string reason;
  std::string detail;
  bool operator==(const AuditEntry&) const = default;
};

// A player's report of another, with its context for the moderators (docs/moderation.md,
// "Reports"). Names are kept as they were, beside the accounts (0 once deleted, or a guest).
struct ReportRow {
  std::int64_t id = 0;
  std::int64_t created_at = 0;
  std::string room;  // the room's code
  AccountId reporter = 0;
  std::string reporter_name;
  AccountId target = 0;
  std::string target_name;
  std::string reason;
  std::string quote;   // the chat line reported, "" for none
  std::string chat;    // the room's last chat lines: a JSON array of {"seat", "name", "text"}
  std::string record;  // the game so far (carcassonne-record/1, public information), "" if none
  std::string status = "open";  // "open", "dismissed", "actioned"
  std::string closed_by;
  std::int64_t closed_at = 0;
  std::string note;
};

class ModerationStore {
 public:
  virtual ~ModerationStore() = default;

  // The account's role: kPlayer when it was given none.
  virtual moderation::Role RoleOf(AccountId account) = 0;
  // Every account with a role above player, the highest roles first, then by name.
  virtual std::vector<StaffRow> Staff() = 0;
  // Gives the account `role` from `audit.at` on (kPlayer takes its role away) and writes `audit`.
  virtual void SetRole(AccountId account, moderation::Role role, const AuditEntry& audit) = 0;

  // Keeps `sanction` (its id is ignored) and writes `audit`: the new sanction's id.
  virtual std::int64_t AddSanction(const SanctionRow& sanction, const AuditEntry& audit) = 0;
  // Ends early, at `audit.at`, the account's sanctions of `kind` in force then, and writes
  // `audit` if there was one: how many were lifted.
  virtual int LiftSanctions(AccountId account, SanctionKind kind, const AuditEntry& audit) = 0;
  // The account's sanctions in force at `now` (not lifted, not ended), the longest first.
  virtual std::vector<SanctionRow> ActiveSanctions(AccountId account, std::int64_t now) = 0;

  // Every sanction in force at `now`, on any account: the newest `limit`, newest first.
  virtual std::vector<SanctionRow> InForce(std::int64_t now, int limit) = 0;

  // Keeps `ban` (its id is ignored) and writes `audit`: the new ban's id.
  virtual std::int64_t AddAddressBan(const AddressBanRow& ban, const AuditEntry& audit) = 0;
  // Ends early, at `audit.at`, the bans of exactly `network` (canonical text) in force then,
  // and writes `audit` if there was one: how many were lifted.
  virtual int LiftAddressBans(const std::string& network, const AuditEntry& audit) = 0;
  // Every address ban in force at `now`: the newest `limit`, newest first.
  virtual std::vector<AddressBanRow> AddressBansInForce(std::int64_t now, int limit) = 0;

  // Keeps `action` on the open room whose code is `action.room` (its room_id is ignored and
  // looked up) and writes `audit`: the new action's id, or 0 (nothing written) when no open room
  // has that code.
  virtual std::int64_t AddRoomAction(const RoomActionRow& action, const AuditEntry& audit) = 0;
  // Lifts, at `audit.at`, the actions of `kind` in force on the open room `code` (a kick: of
  // `account` only), and writes `audit` if there was one: how many were lifted.
  virtual int LiftRoomActions(const std::string& code, RoomActionKind kind, AccountId account,
                              const AuditEntry& audit) = 0;
  // Every action in force (not lifted, on a room still open in the store): the newest `limit`,
  // newest first.
  virtual std::vector<RoomActionRow> RoomActionsInForce(int limit) = 0;

  // Writes `audit` alone: the entry of an action whose change another store keeps (the
  // sessions a moderator ended are the account store's).
  virtual void AddAudit(const AuditEntry& audit) = 0;

  // Keeps a player's report (its id, status and closing are ignored): the new report's id. A
  // player's report is no staff action: it writes no audit entry.
  virtual std::int64_t AddReport(const ReportRow& report) = 0;
  // Reports newest first, the open ones (`open`) or the closed ones: the `limit` with ids below
  // `before` (0: the newest).
  virtual std::vector<ReportRow> Reports(bool open, std::int64_t before, int limit) = 0;
  // Closes the open report `id` as `status` ("dismissed" or "actioned") with `note`, by
  // `audit.actor` at `audit.at`, and writes `audit`: false (nothing written) when no open
  // report has that id.
  virtual bool CloseReport(std::int64_t id, const std::string& status, const std::string& note,
                           const AuditEntry& audit) = 0;

  // The server's settings as (key, value) rows (moderation/server_settings.h): only those ever
  // set.
  virtual std::map<std::string, std::string> ReadSettings() = 0;
  // Sets each of `rows` (the others stay) and writes `audit`, in one transaction.
  virtual void WriteSettings(const std::map<std::string, std::string>& rows,
                             const AuditEntry& audit) = 0;

  // The audit log, newest first: the `limit` entries with ids below `before` (0: the newest).
  virtual std::vector<AuditEntry> Audit(std::int64_t before, int limit) = 0;
  // The newest entry's id, 0 for none: every change writes one, so a node that sees it grow
  // knows something changed (a ban made on another node or at the command line).
  virtual std::int64_t LastAuditId() = 0;
};

}  // namespace carc::server::store
