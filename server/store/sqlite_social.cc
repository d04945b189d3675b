#include "store/sqlite_social.h"

#include <mutex>

#include "store/sqlite_statement.h"

namespace carc::server::store {
namespace {

constexpr const char* kInvitationColumns =
    "SELECT i.id, i.from_id, a.name, i.to_id, i.room, i.game, i.created_at, i.expires_at "
    "FROM invitations i JOIN accounts a ON a.id = i.from_id ";

InvitationRow InvitationAt(const Statement& s) {
  return {s.Int(0), s.Int(1), s.Text(2), s.Int(3), s.Text(4), s.Text(5), s.Int(6), s.Int(7)};
}

class SqliteSocial final : public SocialStore {
 public:
  SqliteSocial(const std::string& path, Durability durability) {
    conn_.Open(path, SQLITE_OPEN_READWRITE, "follows and invitations");
    try {
      UsePlayerDataPragmas(conn_.db, durability == Durability::kFull);
      blocks_ = conn_.Make("SELECT 1 FROM blocks WHERE blocker_id = ? AND blocked_id = ?");
      follows_ = conn_.Make("SELECT 1 FROM follows WHERE follower_id = ? AND followed_id = ?");
      count_following_ = conn_.Make("SELECT count(*) FROM follows WHERE follower_id = ?");
      follow_ =
          conn_.Make("INSERT INTO follows (follower_id, followed_id, created_at) VALUES (?, ?, ?)");
      unfollow_ = conn_.Make("DELETE FROM follows WHERE follower_id = ? AND followed_id = ?");
      following_ = conn_.Make(
          "SELECT a.id, a.name, f.created_at FROM follows f JOIN accounts a ON a.id = "
          "f.followed_id WHERE f.follower_id = ? ORDER BY f.created_at DESC, a.id DESC LIMIT ?");
      followers_ = conn_.Make(
          "SELECT a.id, a.name, f.created_at FROM follows f JOIN accounts a ON a.id = "
          "f.follower_id WHERE f.followed_id = ? ORDER BY f.created_at DESC, a.id DESC LIMIT ?");
      block_ = conn_.Make(
          "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?) "
          "ON CONFLICT DO NOTHING");
      cut_follows_ = conn_.Make(
          "DELETE FROM follows WHERE (follower_id = ?1 AND followed_id = ?2) OR "
          "(follower_id = ?2 AND followed_id = ?1)");
      decline_blocked_ = conn_.Make(
          "UPDATE invitations SET state = 'declined' WHERE from_id = ? AND to_id = ? AND "
          "state = 'pending'");
      unblock_ = conn_.Make("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?");
      blocked_list_ = conn_.Make(
          "SELECT a.id, a.name, b.created_at FROM blocks b JOIN accounts a ON a.id = "
          "b.blocked_id WHERE b.blocker_id = ? ORDER BY b.created_at DESC, a.id DESC LIMIT ?");
      preference_ =
          conn_.Make("SELECT invitations_from FROM account_preferences WHERE account_id = ?");
      set_preference_ = conn_.Make(
          "INSERT INTO account_preferences (account_id, invitations_from) VALUES (?, ?) "
          "ON CONFLICT (account_id) DO UPDATE SET invitations_from = excluded.invitations_from");
      notices_ = conn_.Make(
          "SELECT push_kinds, quiet_from, quiet_to, time_zone FROM notice_preferences "
          "WHERE account_id = ?");
      set_notices_ = conn_.Make(
          "INSERT INTO notice_preferences (account_id, push_kinds, quiet_from, quiet_to, "
          "time_zone) VALUES (?, ?, ?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET "
          "push_kinds = excluded.push_kinds, quiet_from = excluded.quiet_from, "
          "quiet_to = excluded.quiet_to, time_zone = excluded.time_zone");
      pending_to_room_ = conn_.Make(std::string(kInvitationColumns) +
                                    "WHERE i.to_id = ? AND i.state = 'pending' AND "
                                    "i.expires_at > ? AND i.room = ? ORDER BY i.id LIMIT 1");
      sent_since_ = conn_.Make(
          "SELECT count(*), min(created_at) FROM invitations WHERE from_id = ? AND "
          "created_at > ?");
      count_pending_ = conn_.Make(
          "SELECT count(*) FROM invitations WHERE to_id = ? AND state = 'pending' AND "
          "expires_at > ?");
      invite_ = conn_.Make(
          "INSERT INTO invitations (from_id, to_id, room, game, created_at, expires_at) "
          "VALUES (?, ?, ?, ?, ?, ?)");
      pending_ = conn_.Make(std::string(kInvitationColumns) +
                            "WHERE i.to_id = ? AND i.state = 'pending' AND i.expires_at > ? "
                            "ORDER BY i.created_at DESC, i.id DESC LIMIT ?");
      pending_by_id_ = conn_.Make(std::string(kInvitationColumns) +
                                  "WHERE i.id = ? AND i.to_id = ? AND i.state = 'pending' AND "
                                  "i.expires_at > ?");
      answer_ = conn_.Make("UPDATE invitations SET state = ? WHERE id = ?");
      account_name_ = conn_.Make("SELECT name FROM accounts WHERE id = ?");
    } catch (const StoreError& e) {
      conn_.Close();
      throw StoreError(path + ": " + e.what());
    }
  }
  ~SqliteSocial() override { conn_.Close(); }

  FollowOutcome Follow(AccountId follower, AccountId followed, int max_following,
                       std::int64_t now) override {
    std::lock_guard lock(mu_);
    return InSqliteTransaction(conn_.db, [&] {
      if (Exists(*blocks_, followed, follower)) return FollowOutcome::kBlocked;
      if (Exists(*follows_, follower, followed)) return FollowOutcome::kAlready;
      if (Count(*count_following_, follower) >= max_following) return FollowOutcome::kFull;
      follow_->Bind(1, follower).Bind(2, followed).Bind(3, now);
      follow_->Run();
      return FollowOutcome::kFollowed;
    });
  }

  bool Unfollow(AccountId follower, AccountId followed) override {
    std::lock_guard lock(mu_);
    return Change(*unfollow_, follower, followed);
  }

  std::vector<SocialLink> Following(AccountId account, int limit) override {
    std::lock_guard lock(mu_);
    return Links(*following_, account, limit);
  }

  std::vector<SocialLink> Followers(AccountId account, int limit) override {
    std::lock_guard lock(mu_);
    return Links(*followers_, account, limit);
  }

  bool Block(AccountId blocker, AccountId blocked, std::int64_t now) override {
    std::lock_guard lock(mu_);
    return InSqliteTransaction(conn_.db, [&] {
      block_->Bind(1, blocker).Bind(2, blocked).Bind(3, now);
      block_->Run();
      const bool added = sqlite3_changes(conn_.db) > 0;
      Change(*cut_follows_, blocker, blocked);
      Change(*decline_blocked_, blocked, blocker);
      return added;
    });
  }

  bool Unblock(AccountId blocker, AccountId blocked) override {
    std::lock_guard lock(mu_);
    return Change(*unblock_, blocker, blocked);
  }

  std::vector<SocialLink> Blocks(AccountId account, int limit) override {
    std::lock_guard lock(mu_);
    return Links(*blocked_list_, account, limit);
  }

  InvitationsFrom InvitationsFromOf(AccountId account) override {
    std::lock_guard lock(mu_);
    return PreferenceOf(account);
  }

  void SetInvitationsFrom(AccountId account, InvitationsFrom from) override {
    std::lock_guard lock(mu_);
    set_preference_->Bind(1, account).Bind(2, InvitationsFromName(from));
    set_preference_->Run();
  }

  NoticePreferenceRow NoticePreferencesOf(AccountId account) override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*notices_};
    notices_->Bind(1, account);
    NoticePreferenceRow row;
    if (!notices_->Step()) return row;
    row.push_kinds = static_cast<unsigned>(notices_->Int(0));
    row.quiet_from = static_cast<int>(notices_->Int(1));
    row.quiet_to = static_cast<int>(notices_->Int(2));
    row.time_zone = notices_->Text(3);
    return row;
  }

  void SetNoticePreferences(AccountId account, const NoticePreferenceRow& row) override {
    std::lock_guard lock(mu_);
    set_notices_->Bind(1, account)
        .Bind(2, static_cast<std::int64_t>(row.push_kinds))
        .Bind(3, static_cast<std::int64_t>(row.quiet_from))
        .Bind(4, static_cast<std::int64_t>(row.quiet_to))
        .Bind(5, row.time_zone);
    set_notices_->Run();
  }

  InviteResult Invite(const InvitationRow& invitation, InvitationLimits limits) override {
    std::lock_guard lock(mu_);
    return InSqliteTransaction(conn_.db, [&] {
      InviteResult result;
      const std::int64_t now = invitation.created_at;
      const InvitationsFrom from = PreferenceOf(invitation.to);
      if (Exists(*blocks_, invitation.to, invitation.from) || from == InvitationsFrom::kNobody ||
          (from == InvitationsFrom::kFollowed &&
           !Exists(*follows_, invitation.to, invitation.from))) {
        result.outcome = InviteOutcome::kRefused;
        return result;
      }
      {
        Statement& s = *pending_to_room_;
        ResetOnExit reset{s};
        s.Bind(1, invitation.to).Bind(2, now).Bind(3, invitation.room);
        if (s.Step()) {
          result.outcome = InviteOutcome::kPending;
          result.invitation = InvitationAt(s);
          return result;
        }
      }
      {
        Statement& s = *sent_since_;
        ResetOnExit reset{s};
        s.Bind(1, invitation.from).Bind(2, now - kInvitationWindow);
        if (s.Step() && s.Int(0) >= limits.per_hour) {
          result.outcome = InviteOutcome::kSenderLimit;
          result.retry_at = s.Int(1) + kInvitationWindow;
          return result;
        }
      }
      {
        Statement& s = *count_pending_;
        ResetOnExit reset{s};
        s.Bind(1, invitation.to).Bind(2, now);
        if (s.Step() && s.Int(0) >= limits.max_pending) {
          result.outcome = InviteOutcome::kInviteeFull;
          return result;
        }
      }
      invite_->Bind(1, invitation.from)
          .Bind(2, invitation.to)
          .Bind(3, invitation.room)
          .Bind(4, invitation.game)
          .Bind(5, now)
          .Bind(6, invitation.expires_at);
      invite_->Run();
      result.outcome = InviteOutcome::kCreated;
      result.invitation = invitation;
      result.invitation.id = sqlite3_last_insert_rowid(conn_.db);
      {
        ResetOnExit reset{*account_name_};
        account_name_->Bind(1, invitation.from);
        if (account_name_->Step()) result.invitation.from_name = account_name_->Text(0);
      }
      return result;
    });
  }

  std::vector<InvitationRow> PendingInvitations(AccountId to, std::int64_t now,
                                                int limit) override {
    std::lock_guard lock(mu_);
    Statement& s = *pending_;
    ResetOnExit reset{s};
    s.Bind(1, to).Bind(2, now).Bind(3, limit);
    std::vector<InvitationRow> out;
    while (s.Step()) out.push_back(InvitationAt(s));
    return out;
  }

  std::optional<InvitationRow> Answer(AccountId to, std::int64_t id, bool accept,
                                      std::int64_t now) override {
    std::lock_guard lock(mu_);
    return InSqliteTransaction(conn_.db, [&]() -> std::optional<InvitationRow> {
      std::optional<InvitationRow> found;
      {
        Statement& s = *pending_by_id_;
        ResetOnExit reset{s};
        s.Bind(1, id).Bind(2, to).Bind(3, now);
        if (s.Step()) found = InvitationAt(s);
      }
      if (!found) return std::nullopt;
      answer_->Bind(1, accept ? "accepted" : "declined").Bind(2, id);
      answer_->Run();
      return found;
    });
  }

 private:
  // Whether `s` (two ids bound) finds a row.
  static bool Exists(Statement& s, AccountId a, AccountId b) {
    ResetOnExit reset{s};
    s.Bind(1, a).Bind(2, b);
    return s.Step();
  }

  // `s`'s count with its one parameter `a`.
  static std::int64_t Count(Statement& s, AccountId a) {
    ResetOnExit reset{s};
    s.Bind(1, a);
    return s.Step() ? s.Int(0) : 0;
  }

  // Runs `s` with two ids bound: whether it changed a row.
  bool Change(Statement& s, AccountId a, AccountId b) {
    s.Bind(1, a).Bind(2, b);
    s.Run();
    return sqlite3_changes(conn_.db) > 0;
  }

  static std::vector<SocialLink> Links(Statement& s, AccountId account, int limit) {
    ResetOnExit reset{s};
    s.Bind(1, account).Bind(2, limit);
    std::vector<SocialLink> out;
    while (s.Step()) out.push_back({s.Int(0), s.Text(1), s.Int(2)});
    return out;
  }

  InvitationsFrom PreferenceOf(AccountId account) {
    ResetOnExit reset{*preference_};
    preference_->Bind(1, account);
    if (!preference_->Step()) return InvitationsFrom::kAnyone;
    return ParseInvitationsFrom(preference_->Text(0)).value_or(InvitationsFrom::kAnyone);
  }

  std::mutex mu_;
  PreparedConnection conn_;
  Statement* notices_ = nullptr;
  Statement* set_notices_ = nullptr;
  Statement* blocks_ = nullptr;
  Statement* follows_ = nullptr;
  Statement* count_following_ = nullptr;
  Statement* follow_ = nullptr;
  Statement* unfollow_ = nullptr;
  Statement* following_ = nullptr;
  Statement* followers_ = nullptr;
  Statement* block_ = nullptr;
  Statement* cut_follows_ = nullptr;
  Statement* decline_blocked_ = nullptr;
  Statement* unblock_ = nullptr;
  Statement* blocked_list_ = nullptr;
  Statement* preference_ = nullptr;
  Statement* set_preference_ = nullptr;
  Statement* pending_to_room_ = nullptr;
  Statement* sent_since_ = nullptr;
  Statement* count_pending_ = nullptr;
  Statement* invite_ = nullptr;
  Statement* pending_ = nullptr;
  Statement* pending_by_id_ = nullptr;
  Statement* answer_ = nullptr;
  Statement* account_name_ = nullptr;
};

}  // namespace

std::unique_ptr<SocialStore> OpenSqliteSocial(const std::string& path, Durability durability) {
  return std::make_unique<SqliteSocial>(path, durability);
}

}  // namespace carc::server::store
