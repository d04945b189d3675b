// The moderation actions (docs/moderation.md) as one part, whoever asks: the host at the command
// line (`carcassonne-server admin`) or a staff account over the API (accounts/moderation_api.h).
// Each checks the actor's power and rank (moderation/roles.h), the target, the length and the
// reason, then changes the store with its audit entry, and says what it did in one line.
//
// Contract: reads and writes the stores given (call it on a worker, never a network thread); a
// store failure throws StoreError. A refused action changes nothing and writes no audit entry.
// The lines are English: the command line prints them, and the API answers them as "error" or
// "done" beside its fields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "moderation/roles.h"
#include "store/account_store.h"
#include "store/moderation_store.h"

namespace carc::server::accounts {

// Who acts: a staff account (its name and role), or the host at the command line, who stands
// above every role and is named "host" in the audit log.
struct Actor {
  std::string name;
  moderation::Role role = moderation::Role::kPlayer;
  bool host = false;

  static Actor Host() { return {"host", moderation::Role::kOwner, true}; }
};

// What an action did: 200 and the line saying what, or the refusal's status (400 a bad field,
// named by `field`; 403 a power or rank the actor lacks; 404 no such account) and why.
struct ActionOutcome {
  unsigned status = 200;
  std::string text;
  std::string field;

  bool ok() const { return status == 200; }
};

inline constexpr std::size_t kMaxReasonChars = 500;

class ModerationActions {
 public:
  // `now`: seconds since the Unix epoch, the actions' time.
  ModerationActions(store::AccountStore& accounts, store::ModerationStore& moderation,
                    std::int64_t now);

  // Gives the account named `name` the role named `role` ("player" takes a role away).
  ActionOutcome Grant(const Actor& actor, const std::string& name, const std::string& role);
  // A mute or an account's ban for `length` (moderation/sanction_length.h) because of `reason`;
  // a ban also ends the account's sessions.
  ActionOutcome Sanction(const Actor& actor, const std::string& name, store::SanctionKind kind,
                         const std::string& length, const std::string& reason);
  ActionOutcome Lift(const Actor& actor, const std::string& name, store::SanctionKind kind);
  // Signs the account out everywhere: its sessions end (its sockets keep their seats until they
  // close; a new sign-in is allowed).
  ActionOutcome EndSessions(const Actor& actor, const std::string& name, const std::string& reason);
  // Room actions (docs/moderation.md, "What a sanction does"); `code` names an open room in any
  // case. A kick: the account's seat in that room is played by a computer for the rest of the
  // room's life and the account may not join it again, until Unkick. A close: everyone in the
  // room is sent away with the reason, nobody joins and its game waits, until Reopen. Each takes
  // effect on the node that holds the room at its next moderation poll.
  ActionOutcome Kick(const Actor& actor, const std::string& code, const std::string& name,
                     const std::string& reason);
  ActionOutcome Unkick(const Actor& actor, const std::string& code, const std::string& name);
  ActionOutcome CloseRoom(const Actor& actor, const std::string& code, const std::string& reason);
  ActionOutcome ReopenRoom(const Actor& actor, const std::string& code);
  ActionOutcome BanAddress(const Actor& actor, const std::string& network,
                           const std::string& length, const std::string& reason);
  ActionOutcome UnbanAddress(const Actor& actor, const std::string& network);

 private:
  // The account named `typed`, when `actor` may act on it with `power`; else the refusal.
  struct Target {
    store::Account account;
    moderation::Role role = moderation::Role::kPlayer;
  };
  std::variant<Target, ActionOutcome> Find(const Actor& actor, const std::string& typed,
                                           moderation::Power power);
  store::AuditEntry Entry(const Actor& actor, const std::string& action, const std::string& target,
                          std::string reason, std::string detail) const;

  store::AccountStore& accounts_;
  store::ModerationStore& moderation_;
  const std::int64_t now_;
};

// Whether `actor` has `power` (the host has every one); the refusal when not.
std::optional<ActionOutcome> PowerRefusal(const Actor& actor, moderation::Power power);

}  // namespace carc::server::accounts
