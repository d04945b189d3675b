#include "accounts/moderation_actions.h"

#include <string_view>

#include "accounts/account_name.h"
#include "carc/codec/text_limits.h"
#include "moderation/ip_range.h"
#include "moderation/sanction_length.h"
#include "moderation/utc_minute.h"

namespace carc::server::accounts {
namespace {

using moderation::Power;
using moderation::Role;

ActionOutcome Done(std::string text) {
  return {200, std::move(text), ""};
}

ActionOutcome Refused(unsigned status, std::string text, std::string field = "") {
  return {status, std::move(text), std::move(field)};
}

struct LengthAndReason {
  moderation::SanctionLength length;
  std::int64_t ends_at = 0;  // 0: for ever
};

// The length and the reason as mute, ban and ban-address take them; the refusal when either is
// wrong.
std::variant<LengthAndReason, ActionOutcome> ReadLengthAndReason(const std::string& length,
                                                                 const std::string& reason,
                                                                 std::int64_t now) {
  const auto parsed = moderation::ParseSanctionLength(length);
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    return Refused(400, "--for " + length + ": " + *why, "for");
  }
  if (const auto problem = codec::CheckText(reason, kMaxReasonChars);
      problem != codec::TextProblem::kNone) {
    return Refused(400,
                   "--reason: " + codec::TextProblemMessage(problem, "reasons", kMaxReasonChars),
                   "reason");
  }
  const auto& len = std::get<moderation::SanctionLength>(parsed);
  return LengthAndReason{len, len.forever ? 0 : now + len.seconds};
}

std::optional<ActionOutcome> ReasonRefusal(const std::string& reason) {
  const auto problem = codec::CheckText(reason, kMaxReasonChars);
  if (problem == codec::TextProblem::kNone) return std::nullopt;
  return Refused(400, "--reason: " + codec::TextProblemMessage(problem, "reasons", kMaxReasonChars),
                 "reason");
}

// A room's code as typed, in any case: its canonical (upper-case) form, or nullopt when it cannot
// be one (1 to 16 letters and digits).
std::optional<std::string> RoomCode(const std::string& typed) {
  if (typed.empty() || typed.size() > 16) return std::nullopt;
  std::string code;
  for (const char c : typed) {
    if (c >= 'a' && c <= 'z') {
      code += static_cast<char>(c - 'a' + 'A');
    } else if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      code += c;
    } else {
      return std::nullopt;
    }
  }
  return code;
}

ActionOutcome BadRoom(const std::string& typed) {
  return Refused(400, "\"" + typed + "\" is no room code (1 to 16 letters and digits)", "room");
}

ActionOutcome NoRoom(const std::string& code) {
  return Refused(404, "no open room has the code " + code, "room");
}

}  // namespace

std::optional<ActionOutcome> PowerRefusal(const Actor& actor, Power power) {
  if (actor.host || moderation::May(actor.role, power)) return std::nullopt;
  return Refused(403, std::string(moderation::PowerName(power)) + " needs the role " +
                          std::string(moderation::RoleName(moderation::LeastRoleFor(power))) +
                          " (yours: " + std::string(moderation::RoleName(actor.role)) + ")");
}

ModerationActions::ModerationActions(store::AccountStore& accounts,
                                     store::ModerationStore& moderation, std::int64_t now)
    : accounts_(accounts), moderation_(moderation), now_(now) {}

std::variant<ModerationActions::Target, ActionOutcome> ModerationActions::Find(
    const Actor& actor, const std::string& typed, Power power) {
  if (auto refused = PowerRefusal(actor, power)) return *refused;
  const std::string key = NameKey(typed);
  std::optional<store::Account> account;
  if (!key.empty()) account = accounts_.AccountByKey(key);
  if (!account) return Refused(404, "no account is named \"" + typed + "\"", "name");
  const Role role = moderation_.RoleOf(account->id);
  if (!actor.host && !moderation::Outranks(actor.role, role)) {
    return Refused(403,
                   account->name + " is " + std::string(moderation::RoleName(role)) +
                       ": a role acts only on lower roles",
                   "name");
  }
  return Target{*account, role};
}

store::AuditEntry ModerationActions::Entry(const Actor& actor, const std::string& action,
                                           const std::string& target, std::string reason,
                                           std::string detail) const {
  return {0, now_, actor.name, action, target, std::move(reason), std::move(detail)};
}

ActionOutcome ModerationActions::Grant(const Actor& actor, const std::string& name,
                                       const std::string& role_name) {
  if (auto refused = PowerRefusal(actor, Power::kGrantRoles)) return *refused;
  const auto role = moderation::ParseRole(role_name);
  if (!role || *role == Role::kGuest) {
    return Refused(400,
                   "\"" + role_name +
                       "\" is no role to give: moderator, admin, owner, or player to take one away",
                   "role");
  }
  if (!actor.host && !moderation::MayGrant(actor.role, *role)) {
    const std::string mine(moderation::RoleName(actor.role));
    const bool vowel = std::string_view("aeiou").find(mine.front()) != std::string_view::npos;
    return Refused(403, (vowel ? "an " : "a ") + mine + " gives only roles below its own", "role");
  }
  auto found = Find(actor, name, Power::kGrantRoles);
  if (auto* refused = std::get_if<ActionOutcome>(&found)) return *refused;
  const auto& [account, before] = std::get<Target>(found);
  if (before == *role) {
    return Done(account.name + " is " + std::string(moderation::RoleName(*role)) + " already");
  }
  moderation_.SetRole(account.id, *role,
                      Entry(actor, *role == Role::kPlayer ? "revoke" : "grant", account.name, "",
                            std::string(moderation::RoleName(*role))));
  return Done(account.name + " is now " + std::string(moderation::RoleName(*role)) + " (was " +
              std::string(moderation::RoleName(before)) + ")");
}

ActionOutcome ModerationActions::Sanction(const Actor& actor, const std::string& name,
                                          store::SanctionKind kind, const std::string& length,
                                          const std::string& reason) {
  const bool ban = kind == store::SanctionKind::kBan;
  auto found = Find(actor, name, ban ? Power::kBanAccount : Power::kMute);
  if (auto* refused = std::get_if<ActionOutcome>(&found)) return *refused;
  const store::Account& account = std::get<Target>(found).account;
  auto given = ReadLengthAndReason(length, reason, now_);
  if (auto* refused = std::get_if<ActionOutcome>(&given)) return *refused;
  const auto& [len, ends] = std::get<LengthAndReason>(given);
  const std::string kind_name(store::SanctionKindName(kind));
  moderation_.AddSanction({0, kind, account.id, reason, now_, ends, actor.name},
                          Entry(actor, kind_name, account.name, reason, FormatSanctionLength(len)));
  std::string text = (ban ? "banned " : "muted ") + account.name + " " +
                     moderation::UntilText(ends) + ": " + reason;
  // A ban signs the player out everywhere: their cookies open nothing any more, and a new
  // sign-in is refused with the ban (accounts/ban_refusal.h).
  if (ban) text += "; sessions ended: " + std::to_string(accounts_.EndSessions(account.id));
  return Done(std::move(text));
}

ActionOutcome ModerationActions::Lift(const Actor& actor, const std::string& name,
                                      store::SanctionKind kind) {
  const bool ban = kind == store::SanctionKind::kBan;
  auto found = Find(actor, name, ban ? Power::kBanAccount : Power::kMute);
  if (auto* refused = std::get_if<ActionOutcome>(&found)) return *refused;
  const store::Account& account = std::get<Target>(found).account;
  const int lifted = moderation_.LiftSanctions(
      account.id, kind, Entry(actor, ban ? "unban" : "unmute", account.name, "", ""));
  const std::string kind_name(store::SanctionKindName(kind));
  if (lifted == 0) return Done(account.name + " has no " + kind_name + " in force");
  return Done("lifted " + std::to_string(lifted) + " " + kind_name + (lifted > 1 ? "s" : "") +
              " of " + account.name);
}

ActionOutcome ModerationActions::EndSessions(const Actor& actor, const std::string& name,
                                             const std::string& reason) {
  auto found = Find(actor, name, Power::kEndSessions);
  if (auto* refused = std::get_if<ActionOutcome>(&found)) return *refused;
  const store::Account& account = std::get<Target>(found).account;
  if (const auto problem = codec::CheckText(reason, kMaxReasonChars);
      problem != codec::TextProblem::kNone) {
    return Refused(400,
                   "--reason: " + codec::TextProblemMessage(problem, "reasons", kMaxReasonChars),
                   "reason");
  }
  const int ended = accounts_.EndSessions(account.id);
  // The sessions are the account store's: their end and its entry are two writes. Written even
  // when there was no session to end: the act is the moderator's all the same.
  moderation_.AddAudit(Entry(actor, "end-sessions", account.name, reason, std::to_string(ended)));
  return Done("ended " + std::to_string(ended) + " session" + (ended == 1 ? "" : "s") + " of " +
              account.name);
}

ActionOutcome ModerationActions::Kick(const Actor& actor, const std::string& typed_code,
                                      const std::string& name, const std::string& reason) {
  auto found = Find(actor, name, Power::kKick);
  if (auto* refused = std::get_if<ActionOutcome>(&found)) return *refused;
  const store::Account& account = std::get<Target>(found).account;
  const auto code = RoomCode(typed_code);
  if (!code) return BadRoom(typed_code);
  if (auto refused = ReasonRefusal(reason)) return *refused;
  const std::int64_t id =
      moderation_.AddRoomAction({0, 0, *code, store::RoomActionKind::kKick, account.id,
                                 account.name, reason, now_, actor.name},
                                Entry(actor, "kick", account.name, reason, *code));
  if (id == 0) return NoRoom(*code);
  return Done("kicked " + account.name + " from room " + *code +
              ": a computer plays the seat, and the room refuses " + account.name + ": " + reason);
}

ActionOutcome ModerationActions::Unkick(const Actor& actor, const std::string& typed_code,
                                        const std::string& name) {
  auto found = Find(actor, name, Power::kKick);
  if (auto* refused = std::get_if<ActionOutcome>(&found)) return *refused;
  const store::Account& account = std::get<Target>(found).account;
  const auto code = RoomCode(typed_code);
  if (!code) return BadRoom(typed_code);
  const int lifted = moderation_.LiftRoomActions(*code, store::RoomActionKind::kKick, account.id,
                                                 Entry(actor, "unkick", account.name, "", *code));
  if (lifted == 0) return Done(account.name + " has no kick in force in room " + *code);
  return Done("lifted the kick of " + account.name + " from room " + *code +
              ": the seat is theirs again when they come back");
}

ActionOutcome ModerationActions::CloseRoom(const Actor& actor, const std::string& typed_code,
                                           const std::string& reason) {
  if (auto refused = PowerRefusal(actor, Power::kCloseRoom)) return *refused;
  const auto code = RoomCode(typed_code);
  if (!code) return BadRoom(typed_code);
  if (auto refused = ReasonRefusal(reason)) return *refused;
  const std::int64_t id = moderation_.AddRoomAction(
      {0, 0, *code, store::RoomActionKind::kClose, 0, "", reason, now_, actor.name},
      Entry(actor, "close-room", *code, reason, ""));
  if (id == 0) return NoRoom(*code);
  return Done("closed room " + *code + ": everyone in it is sent away, its game waits: " + reason);
}

ActionOutcome ModerationActions::ReopenRoom(const Actor& actor, const std::string& typed_code) {
  if (auto refused = PowerRefusal(actor, Power::kCloseRoom)) return *refused;
  const auto code = RoomCode(typed_code);
  if (!code) return BadRoom(typed_code);
  const int lifted = moderation_.LiftRoomActions(*code, store::RoomActionKind::kClose, 0,
                                                 Entry(actor, "reopen-room", *code, "", ""));
  if (lifted == 0) return Done("room " + *code + " is not closed");
  return Done("reopened room " + *code + ": its players may come back to their seats");
}

ActionOutcome ModerationActions::BanAddress(const Actor& actor, const std::string& network,
                                            const std::string& length, const std::string& reason) {
  if (auto refused = PowerRefusal(actor, Power::kBanAddress)) return *refused;
  const auto range = moderation::ParseIpRange(network);
  if (const auto* why = std::get_if<std::string>(&range)) return Refused(400, *why, "network");
  const std::string text = std::get<moderation::IpRange>(range).Text();
  auto given = ReadLengthAndReason(length, reason, now_);
  if (auto* refused = std::get_if<ActionOutcome>(&given)) return *refused;
  const auto& [len, ends] = std::get<LengthAndReason>(given);
  moderation_.AddAddressBan({0, text, reason, now_, ends, actor.name},
                            Entry(actor, "ban-address", text, reason, FormatSanctionLength(len)));
  // Connections open now stay open: the ban refuses new ones (docs/moderation.md).
  return Done("banned " + text + " " + moderation::UntilText(ends) + ": " + reason);
}

ActionOutcome ModerationActions::UnbanAddress(const Actor& actor, const std::string& network) {
  if (auto refused = PowerRefusal(actor, Power::kBanAddress)) return *refused;
  const auto range = moderation::ParseIpRange(network);
  if (const auto* why = std::get_if<std::string>(&range)) return Refused(400, *why, "network");
  const std::string text = std::get<moderation::IpRange>(range).Text();
  const int lifted = moderation_.LiftAddressBans(text, Entry(actor, "unban-address", text, "", ""));
  if (lifted == 0) return Done(text + " has no ban in force (address-bans lists them)");
  return Done("lifted " + std::to_string(lifted) + " ban" + (lifted > 1 ? "s" : "") + " of " +
              text);
}

}  // namespace carc::server::accounts
