// Players among players: whom an account follows, whom it blocks, the invitations to a room it
// sends and receives, and from whom it takes them (docs/protocol.md, "Friends and invitations").
//
// Rules the store keeps, whatever the caller:
// - A block cuts both follows between the two players, and declines the blocked player's
//   pending invitations to the blocker; while it lasts the blocked player cannot follow the
//   blocker (kBlocked) nor invite them (kRefused).
// - An invitation is pending until the invitee accepts or declines it, or until `expires_at`
//   passes (an expired one is neither listed nor answered). An account takes invitations from
//   anyone, from the players it follows, or from nobody (InvitationsFrom).
// - Deleting an account deletes its follows, blocks, invitations (sent and received) and
//   preferences both ways (foreign keys ON DELETE CASCADE).
// - The limits handed in are checked in the same transaction as the write, so that two
//   requests at once (on two workers or two nodes) cannot both pass the last free place.
//
// Contract: thread-safe and synchronous, a connection of its own (like account_store.h); a
// failure throws StoreError and changes nothing. Times are seconds since the Unix epoch, handed
// in by the caller.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/account_store.h"

namespace carc::server::store {

enum class InvitationsFrom { kAnyone, kFollowed, kNobody };

// Which notices an account's browsers are pushed (a bit per notices::NoticeKind: turn,
// reminder, invitation, game over), and its hours without any: minutes of the local day in
// `time_zone`, -1 for none. The caller checks them (notices/quiet_hours.h) before they are kept.
struct NoticePreferenceRow {
  unsigned push_kinds = 0xF;
  int quiet_from = -1;
  int quiet_to = -1;
  std::string time_zone = "UTC";
  bool operator==(const NoticePreferenceRow&) const = default;
};

// The stored and the API's spelling: "anyone", "followed", "nobody".
inline std::string_view InvitationsFromName(InvitationsFrom from) {
  switch (from) {
    case InvitationsFrom::kFollowed:
      return "followed";
    case InvitationsFrom::kNobody:
      return "nobody";
    case InvitationsFrom::kAnyone:
      break;
  }
  return "anyone";
}

inline std::optional<InvitationsFrom> ParseInvitationsFrom(std::string_view text) {
  for (const auto from :
       {InvitationsFrom::kAnyone, InvitationsFrom::kFollowed, InvitationsFrom::kNobody}) {
    if (text == InvitationsFromName(from)) return from;
  }
  return std::nullopt;
}

// The other player of a follow or a block, and since when.
struct SocialLink {
  AccountId account = 0;
  std::string name;
  std::int64_t since = 0;
};

struct InvitationRow {
  std::int64_t id = 0;
  AccountId from = 0;
  std::string from_name;  // read only: the sender's name as it is now
  AccountId to = 0;
  std::string room;  // the room's code
  std::string game;  // its game family
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
};

enum class FollowOutcome { kFollowed, kAlready, kBlocked, kFull };

enum class InviteOutcome {
  kCreated,      // `invitation` is the new row
  kRefused,      // the invitee blocks the sender or takes no invitations from them
  kPending,      // the invitee has a pending invitation to that room already: `invitation`
  kSenderLimit,  // the sender sent `per_hour` in the last hour: again at `retry_at`
  kInviteeFull,  // the invitee has `max_pending` pending invitations
};

struct InviteResult {
  InviteOutcome outcome = InviteOutcome::kRefused;
  InvitationRow invitation;
  std::int64_t retry_at = 0;
};

// The window of InvitationLimits::per_hour, in seconds: any hour, not the clock's.
inline constexpr std::int64_t kInvitationWindow = 3600;

struct InvitationLimits {
  int per_hour = 20;     // sent by one account in any kInvitationWindow
  int max_pending = 20;  // pending for one invitee
};

class SocialStore {
 public:
  virtual ~SocialStore() = default;

  // `follower` follows `followed` from `now` on, unless `followed` blocks them (kBlocked) or
  // `follower` follows `max_following` players already (kFull).
  virtual FollowOutcome Follow(AccountId follower, AccountId followed, int max_following,
                               std::int64_t now) = 0;
  // False: there was no such follow.
  virtual bool Unfollow(AccountId follower, AccountId followed) = 0;
  // Whom the account follows, and who follows it: the newest `limit`, newest first.
  virtual std::vector<SocialLink> Following(AccountId account, int limit) = 0;
  virtual std::vector<SocialLink> Followers(AccountId account, int limit) = 0;

  // `blocker` blocks `blocked` (with the rules above); false when it did already.
  virtual bool Block(AccountId blocker, AccountId blocked, std::int64_t now) = 0;
  virtual bool Unblock(AccountId blocker, AccountId blocked) = 0;
  virtual std::vector<SocialLink> Blocks(AccountId account, int limit) = 0;

  // kAnyone for an account that never said.
  virtual InvitationsFrom InvitationsFromOf(AccountId account) = 0;
  virtual void SetInvitationsFrom(AccountId account, InvitationsFrom from) = 0;

  // The defaults (every notice, no quiet hours, UTC) for an account that never said.
  virtual NoticePreferenceRow NoticePreferencesOf(AccountId account) = 0;
  virtual void SetNoticePreferences(AccountId account, const NoticePreferenceRow& row) = 0;

  // Keeps `invitation` (its id and from_name are ignored; created_at is now) when nothing of
  // InviteOutcome refuses it; the checks run in that enum's order, so that a refused sender
  // learns nothing of the invitee's other invitations.
  virtual InviteResult Invite(const InvitationRow& invitation, InvitationLimits limits) = 0;
  // The account's pending invitations not expired at `now`, the newest `limit`, newest first.
  virtual std::vector<InvitationRow> PendingInvitations(AccountId to, std::int64_t now,
                                                        int limit) = 0;
  // Accepts or declines invitation `id` if it is `to`'s, pending and not expired at `now`: the
  // invitation as it was; nullopt (nothing changed) otherwise.
  virtual std::optional<InvitationRow> Answer(AccountId to, std::int64_t id, bool accept,
                                              std::int64_t now) = 0;
};

}  // namespace carc::server::store
