#include "moderation/roles.h"

#include <array>

namespace carc::server::moderation {
namespace {

struct RoleSpelling {
  Role role;
  std::string_view name;
};

constexpr std::array<RoleSpelling, 5> kRoles = {{
    {Role::kGuest, "guest"},
    {Role::kPlayer, "player"},
    {Role::kModerator, "moderator"},
    {Role::kAdmin, "admin"},
    {Role::kOwner, "owner"},
}};

struct PowerRow {
  Power power;
  std::string_view name;
  Role least;  // the lowest role that has it
};

// The table of docs/moderation.md, "Roles" (a test checks the two agree).
constexpr std::array<PowerRow, kPowerCount> kPowers = {{
    {Power::kReport, "report", Role::kPlayer},
    {Power::kHandleReports, "handle-reports", Role::kModerator},
    {Power::kMute, "mute", Role::kModerator},
    {Power::kKick, "kick", Role::kModerator},
    {Power::kCloseRoom, "close-room", Role::kModerator},
    {Power::kEndSessions, "end-sessions", Role::kModerator},
    {Power::kBanAccount, "ban-account", Role::kModerator},
    {Power::kBanAddress, "ban-address", Role::kAdmin},
    {Power::kReadAudit, "read-audit", Role::kAdmin},
    {Power::kSettings, "settings", Role::kAdmin},
    {Power::kGrantRoles, "grant-roles", Role::kAdmin},
}};

constexpr bool TableInOrder() {
  for (int i = 0; i < kPowerCount; ++i) {
    if (static_cast<int>(kPowers[static_cast<std::size_t>(i)].power) != i) return false;
  }
  return true;
}
static_assert(TableInOrder(), "kPowers is indexed by Power");

int Rank(Role role) {
  return static_cast<int>(role);
}

}  // namespace

std::string_view RoleName(Role role) {
  for (const auto& r : kRoles) {
    if (r.role == role) return r.name;
  }
  return "guest";
}

std::optional<Role> ParseRole(std::string_view name) {
  for (const auto& r : kRoles) {
    if (r.name == name) return r.role;
  }
  return std::nullopt;
}

std::string_view PowerName(Power power) {
  return kPowers[static_cast<std::size_t>(power)].name;
}

Role LeastRoleFor(Power power) {
  return kPowers[static_cast<std::size_t>(power)].least;
}

bool May(Role role, Power power) {
  return Rank(role) >= Rank(LeastRoleFor(power));
}

bool Outranks(Role actor, Role target) {
  return Rank(actor) > Rank(target);
}

bool MayGrant(Role actor, Role role) {
  return May(actor, Power::kGrantRoles) && role != Role::kGuest && Rank(role) < Rank(actor);
}

}  // namespace carc::server::moderation
