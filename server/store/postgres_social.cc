#include "store/postgres_social.h"

#include <mutex>

#include "store/pg_connection.h"

namespace carc::server::store {
namespace {

constexpr const char* kInvitationColumns =
    "SELECT i.id, i.from_id, a.name, i.to_id, i.room, i.game, i.created_at, i.expires_at "
    "FROM invitations i JOIN accounts a ON a.id = i.from_id ";

InvitationRow InvitationAt(const PgResult& r, int row) {
  return {r.Int(row, 0),  r.Int(row, 1),  r.Text(row, 2), r.Int(row, 3),
          r.Text(row, 4), r.Text(row, 5), r.Int(row, 6),  r.Int(row, 7)};
}

class PostgresSocial final : public SocialStore {
 public:
  PostgresSocial(const std::string& url, Durability durability)
      : db_(url, durability == Durability::kFull ? "SET synchronous_commit = on"
                                                 : "SET synchronous_commit = off") {}

  FollowOutcome Follow(AccountId follower, AccountId followed, int max_following,
                       std::int64_t now) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      // The follower's row locked: two follows at once cannot both pass the count.
      Lock(follower, follower);
      if (Exists("blocks", "blocker_id", "blocked_id", followed, follower)) {
        return FollowOutcome::kBlocked;
      }
      if (Exists("follows", "follower_id", "followed_id", follower, followed)) {
        return FollowOutcome::kAlready;
      }
      const PgResult count =
          db_.Exec("SELECT count(*) FROM follows WHERE follower_id = $1", {PgParam::Int(follower)});
      if (count.Int(0, 0) >= max_following) return FollowOutcome::kFull;
      db_.Exec("INSERT INTO follows (follower_id, followed_id, created_at) VALUES ($1, $2, $3)",
               {PgParam::Int(follower), PgParam::Int(followed), PgParam::Int(now)});
      return FollowOutcome::kFollowed;
    });
  }

  bool Unfollow(AccountId follower, AccountId followed) override {
    std::lock_guard lock(mu_);
    return Remove("follows", "follower_id", "followed_id", follower, followed);
  }

  std::vector<SocialLink> Following(AccountId account, int limit) override {
    std::lock_guard lock(mu_);
    return Links("follows", "followed_id", "follower_id", account, limit);
  }

  std::vector<SocialLink> Followers(AccountId account, int limit) override {
    std::lock_guard lock(mu_);
    return Links("follows", "follower_id", "followed_id", account, limit);
  }

  bool Block(AccountId blocker, AccountId blocked, std::int64_t now) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      const bool added =
          db_.Exec(
                 "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3) "
                 "ON CONFLICT DO NOTHING",
                 {PgParam::Int(blocker), PgParam::Int(blocked), PgParam::Int(now)})
              .affected() > 0;
      db_.Exec(
          "DELETE FROM follows WHERE (follower_id = $1 AND followed_id = $2) OR "
          "(follower_id = $2 AND followed_id = $1)",
          {PgParam::Int(blocker), PgParam::Int(blocked)});
      db_.Exec(
          "UPDATE invitations SET state = 'declined' WHERE from_id = $1 AND to_id = $2 AND "
          "state = 'pending'",
          {PgParam::Int(blocked), PgParam::Int(blocker)});
      return added;
    });
  }

  bool Unblock(AccountId blocker, AccountId blocked) override {
    std::lock_guard lock(mu_);
    return Remove("blocks", "blocker_id", "blocked_id", blocker, blocked);
  }

  std::vector<SocialLink> Blocks(AccountId account, int limit) override {
    std::lock_guard lock(mu_);
    return Links("blocks", "blocked_id", "blocker_id", account, limit);
  }

  InvitationsFrom InvitationsFromOf(AccountId account) override {
    std::lock_guard lock(mu_);
    return PreferenceOf(account);
  }

  void SetInvitationsFrom(AccountId account, InvitationsFrom from) override {
    std::lock_guard lock(mu_);
    db_.Exec(
        "INSERT INTO account_preferences (account_id, invitations_from) VALUES ($1, $2) "
        "ON CONFLICT (account_id) DO UPDATE SET invitations_from = EXCLUDED.invitations_from",
        {PgParam::Int(account), InvitationsFromName(from)});
  }

  NoticePreferenceRow NoticePreferencesOf(AccountId account) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT push_kinds, quiet_from, quiet_to, time_zone FROM notice_preferences "
        "WHERE account_id = $1",
        {PgParam::Int(account)});
    NoticePreferenceRow row;
    if (r.rows() == 0) return row;
    row.push_kinds = static_cast<unsigned>(r.Int(0, 0));
    row.quiet_from = static_cast<int>(r.Int(0, 1));
    row.quiet_to = static_cast<int>(r.Int(0, 2));
    row.time_zone = r.Text(0, 3);
    return row;
  }

  void SetNoticePreferences(AccountId account, const NoticePreferenceRow& row) override {
    std::lock_guard lock(mu_);
    db_.Exec(
        "INSERT INTO notice_preferences (account_id, push_kinds, quiet_from, quiet_to, "
        "time_zone) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id) DO UPDATE SET "
        "push_kinds = EXCLUDED.push_kinds, quiet_from = EXCLUDED.quiet_from, "
        "quiet_to = EXCLUDED.quiet_to, time_zone = EXCLUDED.time_zone",
        {PgParam::Int(account), PgParam::Int(row.push_kinds), PgParam::Int(row.quiet_from),
         PgParam::Int(row.quiet_to), row.time_zone});
  }

  InviteResult Invite(const InvitationRow& invitation, InvitationLimits limits) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      InviteResult result;
      const std::int64_t now = invitation.created_at;
      const auto from = PgParam::Int(invitation.from);
      const auto to = PgParam::Int(invitation.to);
      // The sender's row for its hourly count, the invitee's for its pending count.
      Lock(invitation.from, invitation.to);
      const InvitationsFrom takes = PreferenceOf(invitation.to);
      if (Exists("blocks", "blocker_id", "blocked_id", invitation.to, invitation.from) ||
          takes == InvitationsFrom::kNobody ||
          (takes == InvitationsFrom::kFollowed &&
           !Exists("follows", "follower_id", "followed_id", invitation.to, invitation.from))) {
        result.outcome = InviteOutcome::kRefused;
        return result;
      }
      const PgResult same = db_.Exec(
          std::string(kInvitationColumns) +
              "WHERE i.to_id = $1 AND i.state = 'pending' AND i.expires_at > $2 AND i.room = $3 "
              "ORDER BY i.id LIMIT 1",
          {to, PgParam::Int(now), invitation.room});
      if (same.rows() > 0) {
        result.outcome = InviteOutcome::kPending;
        result.invitation = InvitationAt(same, 0);
        return result;
      }
      const PgResult sent = db_.Exec(
          "SELECT count(*), COALESCE(min(created_at), 0) FROM invitations WHERE from_id = $1 "
          "AND created_at > $2",
          {from, PgParam::Int(now - kInvitationWindow)});
      if (sent.Int(0, 0) >= limits.per_hour) {
        result.outcome = InviteOutcome::kSenderLimit;
        result.retry_at = sent.Int(0, 1) + kInvitationWindow;
        return result;
      }
      const PgResult pending = db_.Exec(
          "SELECT count(*) FROM invitations WHERE to_id = $1 AND state = 'pending' AND "
          "expires_at > $2",
          {to, PgParam::Int(now)});
      if (pending.Int(0, 0) >= limits.max_pending) {
        result.outcome = InviteOutcome::kInviteeFull;
        return result;
      }
      const PgResult made = db_.Exec(
          "INSERT INTO invitations (from_id, to_id, room, game, created_at, expires_at) "
          "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, "
          "(SELECT name FROM accounts WHERE id = $1)",
          {from, to, invitation.room, invitation.game, PgParam::Int(now),
           PgParam::Int(invitation.expires_at)});
      result.outcome = InviteOutcome::kCreated;
      result.invitation = invitation;
      result.invitation.id = made.Int(0, 0);
      result.invitation.from_name = made.Text(0, 1);
      return result;
    });
  }

  std::vector<InvitationRow> PendingInvitations(AccountId to, std::int64_t now,
                                                int limit) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(std::string(kInvitationColumns) +
                                    "WHERE i.to_id = $1 AND i.state = 'pending' AND "
                                    "i.expires_at > $2 ORDER BY i.created_at DESC, i.id DESC "
                                    "LIMIT $3",
                                {PgParam::Int(to), PgParam::Int(now), PgParam::Int(limit)});
    std::vector<InvitationRow> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(InvitationAt(r, i));
    return out;
  }

  std::optional<InvitationRow> Answer(AccountId to, std::int64_t id, bool accept,
                                      std::int64_t now) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&]() -> std::optional<InvitationRow> {
      // FOR UPDATE: of two answers at once, the second finds it answered.
      const PgResult r = db_.Exec(std::string(kInvitationColumns) +
                                      "WHERE i.id = $1 AND i.to_id = $2 AND i.state = 'pending' "
                                      "AND i.expires_at > $3 FOR UPDATE OF i",
                                  {PgParam::Int(id), PgParam::Int(to), PgParam::Int(now)});
      if (r.rows() == 0) return std::nullopt;
      db_.Exec("UPDATE invitations SET state = $1 WHERE id = $2",
               {accept ? "accepted" : "declined", PgParam::Int(id)});
      return InvitationAt(r, 0);
    });
  }

 private:
  // Locks the accounts' rows (one or two), the smaller id first.
  void Lock(AccountId a, AccountId b) {
    db_.Exec("SELECT 1 FROM accounts WHERE id IN ($1, $2) ORDER BY id FOR UPDATE",
             {PgParam::Int(a), PgParam::Int(b)});
  }

  // " FROM table WHERE first = $1 AND second = $2": the names are this file's own.
  static std::string Pair(const char* table, const char* first, const char* second) {
    return std::string(" FROM ") + table + " WHERE " + first + " = $1 AND " + second + " = $2";
  }

  // Whether `table` holds the row (`first` = a, `second` = b).
  bool Exists(const char* table, const char* first, const char* second, AccountId a, AccountId b) {
    return db_.Exec("SELECT 1" + Pair(table, first, second), {PgParam::Int(a), PgParam::Int(b)})
               .rows() > 0;
  }

  // Deletes that row: whether there was one.
  bool Remove(const char* table, const char* first, const char* second, AccountId a, AccountId b) {
    return db_.Exec("DELETE" + Pair(table, first, second), {PgParam::Int(a), PgParam::Int(b)})
               .affected() > 0;
  }

  // The accounts named by `other` in `table`'s rows whose `own` is `account`, newest first.
  std::vector<SocialLink> Links(const char* table, const char* other, const char* own,
                                AccountId account, int limit) {
    const PgResult r = db_.Exec(std::string("SELECT a.id, a.name, t.created_at FROM ") + table +
                                    " t JOIN accounts a ON a.id = t." + other + " WHERE t." + own +
                                    " = $1 ORDER BY t.created_at DESC, a.id DESC LIMIT $2",
                                {PgParam::Int(account), PgParam::Int(limit)});
    std::vector<SocialLink> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back({r.Int(i, 0), r.Text(i, 1), r.Int(i, 2)});
    return out;
  }

  InvitationsFrom PreferenceOf(AccountId account) {
    const PgResult r =
        db_.Exec("SELECT invitations_from FROM account_preferences WHERE account_id = $1",
                 {PgParam::Int(account)});
    if (r.rows() == 0) return InvitationsFrom::kAnyone;
    return ParseInvitationsFrom(r.Text(0, 0)).value_or(InvitationsFrom::kAnyone);
  }

  std::mutex mu_;
  PgConnection db_;
};

}  // namespace

std::unique_ptr<SocialStore> OpenPostgresSocial(const std::string& url, Durability durability) {
  return std::make_unique<PostgresSocial>(url, durability);
}

}  // namespace carc::server::store
