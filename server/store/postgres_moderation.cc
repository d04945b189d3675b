#include "store/postgres_moderation.h"

#include <limits>
#include <mutex>

#include "store/pg_connection.h"

namespace carc::server::store {
namespace {

using moderation::Role;

class PostgresModeration final : public ModerationStore {
 public:
  PostgresModeration(const std::string& url, Durability durability)
      : db_(url, durability == Durability::kFull ? "SET synchronous_commit = on"
                                                 : "SET synchronous_commit = off") {}

  Role RoleOf(AccountId account) override {
    std::lock_guard lock(mu_);
    const PgResult r =
        db_.Exec("SELECT role FROM account_roles WHERE account_id = $1", {PgParam::Int(account)});
    if (r.rows() == 0) return Role::kPlayer;
    return moderation::ParseRole(r.Text(0, 0)).value_or(Role::kPlayer);
  }

  std::vector<StaffRow> Staff() override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT r.account_id, a.name, r.role, r.since FROM account_roles r "
        "JOIN accounts a ON a.id = r.account_id ORDER BY CASE r.role WHEN 'owner' THEN 0 "
        "WHEN 'admin' THEN 1 ELSE 2 END, a.name_key");
    std::vector<StaffRow> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Int(i, 0), r.Text(i, 1),
                     moderation::ParseRole(r.Text(i, 2)).value_or(Role::kPlayer), r.Int(i, 3)});
    }
    return out;
  }

  void SetRole(AccountId account, Role role, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    InPgTransaction(db_, [&] {
      if (role == Role::kPlayer || role == Role::kGuest) {
        db_.Exec("DELETE FROM account_roles WHERE account_id = $1", {PgParam::Int(account)});
      } else {
        db_.Exec(
            "INSERT INTO account_roles (account_id, role, since) VALUES ($1, $2, $3) "
            "ON CONFLICT (account_id) DO UPDATE SET role = EXCLUDED.role, since = EXCLUDED.since",
            {PgParam::Int(account), moderation::RoleName(role), PgParam::Int(audit.at)});
      }
      WriteAudit(audit);
      return 0;
    });
  }

  std::int64_t AddSanction(const SanctionRow& s, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      const std::int64_t id =
          db_.Exec(
                 "INSERT INTO sanctions (kind, account_id, reason, created_at, ends_at, by_name) "
                 "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                 {SanctionKindName(s.kind), PgParam::Int(s.account), s.reason,
                  PgParam::Int(s.created_at), PgParam::Int(s.ends_at), s.by})
              .Int(0, 0);
      WriteAudit(audit);
      return id;
    });
  }

  int LiftSanctions(AccountId account, SanctionKind kind, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      return AuditIfAny(
          db_.Exec("UPDATE sanctions SET lifted_at = $1 WHERE account_id = $2 AND kind = $3 AND "
                   "lifted_at IS NULL AND (ends_at = 0 OR ends_at > $1)",
                   {PgParam::Int(audit.at), PgParam::Int(account), SanctionKindName(kind)}),
          audit);
    });
  }

  std::vector<SanctionRow> ActiveSanctions(AccountId account, std::int64_t now) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT id, kind, account_id, reason, created_at, ends_at, by_name FROM sanctions "
        "WHERE account_id = $1 AND lifted_at IS NULL AND (ends_at = 0 OR ends_at > $2) "
        "ORDER BY ends_at = 0 DESC, ends_at DESC, id DESC",
        {PgParam::Int(account), PgParam::Int(now)});
    return ReadSanctions(r);
  }

  std::vector<SanctionRow> InForce(std::int64_t now, int limit) override {
    std::lock_guard lock(mu_);
    return ReadSanctions(db_.Exec(
        "SELECT id, kind, account_id, reason, created_at, ends_at, by_name FROM sanctions "
        "WHERE lifted_at IS NULL AND (ends_at = 0 OR ends_at > $1) ORDER BY id DESC LIMIT $2",
        {PgParam::Int(now), PgParam::Int(limit)}));
  }

  std::int64_t AddAddressBan(const AddressBanRow& b, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      WriteAudit(audit);
      return db_
          .Exec(
              "INSERT INTO address_bans (network, reason, created_at, ends_at, by_name) "
              "VALUES ($1, $2, $3, $4, $5) RETURNING id",
              {b.network, b.reason, PgParam::Int(b.created_at), PgParam::Int(b.ends_at), b.by})
          .Int(0, 0);
    });
  }

  int LiftAddressBans(const std::string& network, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      return AuditIfAny(db_.Exec("UPDATE address_bans SET lifted_at = $1 WHERE network = $2 AND "
                                 "lifted_at IS NULL AND (ends_at = 0 OR ends_at > $1)",
                                 {PgParam::Int(audit.at), network}),
                        audit);
    });
  }

  std::vector<AddressBanRow> AddressBansInForce(std::int64_t now, int limit) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT id, network, reason, created_at, ends_at, by_name FROM address_bans "
        "WHERE lifted_at IS NULL AND (ends_at = 0 OR ends_at > $1) ORDER BY id DESC LIMIT $2",
        {PgParam::Int(now), PgParam::Int(limit)});
    std::vector<AddressBanRow> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back(
          {r.Int(i, 0), r.Text(i, 1), r.Text(i, 2), r.Int(i, 3), r.Int(i, 4), r.Text(i, 5)});
    }
    return out;
  }

  std::int64_t AddRoomAction(const RoomActionRow& a, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&]() -> std::int64_t {
      // The newest open room of the code (a code is reused only after its room was disposed).
      const PgResult r = db_.Exec(
          "INSERT INTO room_actions (room_id, kind, account_id, target, reason, created_at, "
          "by_name) SELECT id, $1, $2, $3, $4, $5, $6 FROM rooms WHERE code = $7 AND "
          "state = 'open' ORDER BY id DESC LIMIT 1 RETURNING id",
          {RoomActionKindName(a.kind), a.account != 0 ? PgParam::Int(a.account) : PgParam::Null(),
           a.target, a.reason, PgParam::Int(a.created_at), a.by, a.room});
      if (r.rows() == 0) return 0;  // no open room of that code
      WriteAudit(audit);
      return r.Int(0, 0);
    });
  }

  int LiftRoomActions(const std::string& code, RoomActionKind kind, AccountId account,
                      const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      return AuditIfAny(
          db_.Exec("UPDATE room_actions SET lifted_at = $1 WHERE kind = $2 AND lifted_at IS NULL "
                   "AND ($3::BIGINT = 0 OR account_id = $3::BIGINT) AND room_id IN (SELECT id FROM "
                   "rooms WHERE "
                   "code = $4 AND state = 'open')",
                   {PgParam::Int(audit.at), RoomActionKindName(kind), PgParam::Int(account), code}),
          audit);
    });
  }

  std::vector<RoomActionRow> RoomActionsInForce(int limit) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT a.id, a.room_id, r.code, a.kind, COALESCE(a.account_id, 0), a.target, a.reason, "
        "a.created_at, a.by_name FROM room_actions a JOIN rooms r ON r.id = a.room_id "
        "WHERE a.lifted_at IS NULL AND r.state = 'open' ORDER BY a.id DESC LIMIT $1",
        {PgParam::Int(limit)});
    std::vector<RoomActionRow> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Int(i, 0), r.Int(i, 1), r.Text(i, 2),
                     r.Text(i, 3) == "close" ? RoomActionKind::kClose : RoomActionKind::kKick,
                     r.Int(i, 4), r.Text(i, 5), r.Text(i, 6), r.Int(i, 7), r.Text(i, 8)});
    }
    return out;
  }

  void AddAudit(const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    InPgTransaction(db_, [&] {
      WriteAudit(audit);
      return 0;
    });
  }

  std::int64_t AddReport(const ReportRow& r) override {
    std::lock_guard lock(mu_);
    return db_
        .Exec(
            "INSERT INTO reports (created_at, room, reporter_id, reporter, target_id, target, "
            "reason, quote, chat, record) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
            "RETURNING id",
            {PgParam::Int(r.created_at), r.room,
             r.reporter != 0 ? PgParam::Int(r.reporter) : PgParam::Null(), r.reporter_name,
             r.target != 0 ? PgParam::Int(r.target) : PgParam::Null(), r.target_name, r.reason,
             r.quote, r.chat, r.record})
        .Int(0, 0);
  }

  std::vector<ReportRow> Reports(bool open, std::int64_t before, int limit) override {
    std::lock_guard lock(mu_);
    const PgResult q =
        db_.Exec(std::string("SELECT id, created_at, room, COALESCE(reporter_id, 0), reporter, "
                             "COALESCE(target_id, 0), target, reason, quote, chat, record, status, "
                             "closed_by, closed_at, note FROM reports WHERE ") +
                     (open ? "status = 'open'" : "status <> 'open'") +
                     " AND id < $1 ORDER BY id DESC LIMIT $2",
                 {PgParam::Int(before > 0 ? before : std::numeric_limits<std::int64_t>::max()),
                  PgParam::Int(limit)});
    std::vector<ReportRow> out;
    for (int i = 0; i < q.rows(); ++i) {
      out.push_back({q.Int(i, 0), q.Int(i, 1), q.Text(i, 2), q.Int(i, 3), q.Text(i, 4), q.Int(i, 5),
                     q.Text(i, 6), q.Text(i, 7), q.Text(i, 8), q.Text(i, 9), q.Text(i, 10),
                     q.Text(i, 11), q.Text(i, 12), q.Int(i, 13), q.Text(i, 14)});
    }
    return out;
  }

  bool CloseReport(std::int64_t id, const std::string& status, const std::string& note,
                   const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    return InPgTransaction(db_, [&] {
      return AuditIfAny(
                 db_.Exec("UPDATE reports SET status = $1, note = $2, closed_by = $3, "
                          "closed_at = $4 WHERE id = $5 AND status = 'open'",
                          {status, note, audit.actor, PgParam::Int(audit.at), PgParam::Int(id)}),
                 audit) > 0;
    });
  }

  std::map<std::string, std::string> ReadSettings() override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec("SELECT key, value FROM server_settings");
    std::map<std::string, std::string> out;
    for (int i = 0; i < r.rows(); ++i) out[r.Text(i, 0)] = r.Text(i, 1);
    return out;
  }

  void WriteSettings(const std::map<std::string, std::string>& rows,
                     const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    InPgTransaction(db_, [&] {
      for (const auto& [key, value] : rows) {
        db_.Exec(
            "INSERT INTO server_settings (key, value) VALUES ($1, $2) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            {key, value});
      }
      WriteAudit(audit);
      return 0;
    });
  }

  std::int64_t LastAuditId() override {
    std::lock_guard lock(mu_);
    return db_.Exec("SELECT COALESCE(MAX(id), 0) FROM audit_log").Int(0, 0);
  }

  std::vector<AuditEntry> Audit(std::int64_t before, int limit) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT id, at, actor, action, target, reason, detail FROM audit_log WHERE id < $1 "
        "ORDER BY id DESC LIMIT $2",
        {PgParam::Int(before > 0 ? before : std::numeric_limits<std::int64_t>::max()),
         PgParam::Int(limit)});
    std::vector<AuditEntry> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Int(i, 0), r.Int(i, 1), r.Text(i, 2), r.Text(i, 3), r.Text(i, 4),
                     r.Text(i, 5), r.Text(i, 6)});
    }
    return out;
  }

 private:
  // The rows of a result selecting a sanction's columns in SanctionRow's order.
  static std::vector<SanctionRow> ReadSanctions(const PgResult& r) {
    std::vector<SanctionRow> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Int(i, 0), SanctionKindOf(r.Text(i, 1)), r.Int(i, 2), r.Text(i, 3),
                     r.Int(i, 4), r.Int(i, 5), r.Text(i, 6)});
    }
    return out;
  }

  // Inside the caller's transaction: writes `audit` if `lift` ended anything; how many it ended.
  int AuditIfAny(const PgResult& lift, const AuditEntry& audit) {
    const auto lifted = static_cast<int>(lift.affected());
    if (lifted > 0) WriteAudit(audit);
    return lifted;
  }

  // Inside the caller's transaction.
  void WriteAudit(const AuditEntry& a) {
    db_.Exec(
        "INSERT INTO audit_log (at, actor, action, target, reason, detail) "
        "VALUES ($1, $2, $3, $4, $5, $6)",
        {PgParam::Int(a.at), a.actor, a.action, a.target, a.reason, a.detail});
  }

  std::mutex mu_;
  PgConnection db_;
};

}  // namespace

std::unique_ptr<ModerationStore> OpenPostgresModeration(const std::string& url,
                                                        Durability durability) {
  return std::make_unique<PostgresModeration>(url, durability);
}

}  // namespace carc::server::store
