// Who may do what on a server (docs/moderation.md, "Roles"): the one table of the powers each
// role has. Guests (no account) and players are everyone; moderators, admins and the owner are
// named by the host (`carcassonne-server admin grant`) or, below the granter's own rank, by an
// admin or the owner from the admin page.
//
// Contract: pure and thread-safe. A role acts on an account only when it outranks the account's
// role (a moderator cannot mute another moderator), and grants only roles below its own; the host
// at the command line is above every role.
#pragma once

#include <optional>
#include <string_view>

namespace carc::server::moderation {

// In rank order: a later role has every power of an earlier one.
enum class Role { kGuest, kPlayer, kModerator, kAdmin, kOwner };

enum class Power {
  kReport,         // report a player or a chat line
  kHandleReports,  // read the reports queue with its context and close reports
  kMute,           // refuse a player's chat for a time
  kKick,           // take a player's seat in a room (a computer stands in)
  kCloseRoom,      // end a room
  kEndSessions,    // sign a player out everywhere
  kBanAccount,     // ban an account for a time or for ever
  kBanAddress,     // ban an address or a network
  kReadAudit,      // read and export the audit log
  kSettings,       // the server's name, message of the day, sign-up, words refused
  kGrantRoles,     // name moderators (an admin) and admins (the owner)
};

inline constexpr int kPowerCount = static_cast<int>(Power::kGrantRoles) + 1;

// "guest", "player", "moderator", "admin", "owner": the stored and the API's spelling.
std::string_view RoleName(Role role);
std::optional<Role> ParseRole(std::string_view name);

// "report", "handle-reports", ...: the docs' and the API's spelling of a power.
std::string_view PowerName(Power power);

// The lowest role with `power`.
Role LeastRoleFor(Power power);

bool May(Role role, Power power);

// Whether `actor` may act on an account whose role is `target`: only on lower roles.
bool Outranks(Role actor, Role target);

// Whether `actor` may give an account `role` (or take it away): kGrantRoles, and only roles
// below its own (an admin names moderators; the owner names admins). Player is the role taken
// back to; guest is never given.
bool MayGrant(Role actor, Role role);

}  // namespace carc::server::moderation
