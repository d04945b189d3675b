#include "store/sqlite_moderation.h"

#include <limits>
#include <mutex>

#include "store/sqlite_statement.h"

namespace carc::server::store {
namespace {

using moderation::Role;

class SqliteModeration final : public ModerationStore {
 public:
  SqliteModeration(const std::string& path, Durability durability) {
    conn_.Open(path, SQLITE_OPEN_READWRITE, "moderation");
    try {
      UsePlayerDataPragmas(conn_.db, durability == Durability::kFull);
      role_of_ = conn_.Make("SELECT role FROM account_roles WHERE account_id = ?");
      staff_ = conn_.Make(
          "SELECT r.account_id, a.name, r.role, r.since FROM account_roles r "
          "JOIN accounts a ON a.id = r.account_id ORDER BY CASE r.role WHEN 'owner' THEN 0 "
          "WHEN 'admin' THEN 1 ELSE 2 END, a.name_key");
      set_role_ = conn_.Make(
          "INSERT INTO account_roles (account_id, role, since) VALUES (?, ?, ?) "
          "ON CONFLICT (account_id) DO UPDATE SET role = excluded.role, since = excluded.since");
      clear_role_ = conn_.Make("DELETE FROM account_roles WHERE account_id = ?");
      add_sanction_ = conn_.Make(
          "INSERT INTO sanctions (kind, account_id, reason, created_at, ends_at, by_name) "
          "VALUES (?, ?, ?, ?, ?, ?)");
      lift_ = conn_.Make(
          "UPDATE sanctions SET lifted_at = ? WHERE account_id = ? AND kind = ? AND "
          "lifted_at IS NULL AND (ends_at = 0 OR ends_at > ?)");
      active_ = conn_.Make(
          "SELECT id, kind, account_id, reason, created_at, ends_at, by_name FROM sanctions "
          "WHERE account_id = ? AND lifted_at IS NULL AND (ends_at = 0 OR ends_at > ?) "
          "ORDER BY ends_at = 0 DESC, ends_at DESC, id DESC");
      in_force_ = conn_.Make(
          "SELECT id, kind, account_id, reason, created_at, ends_at, by_name FROM sanctions "
          "WHERE lifted_at IS NULL AND (ends_at = 0 OR ends_at > ?) ORDER BY id DESC LIMIT ?");
      add_address_ban_ = conn_.Make(
          "INSERT INTO address_bans (network, reason, created_at, ends_at, by_name) "
          "VALUES (?, ?, ?, ?, ?)");
      lift_address_ = conn_.Make(
          "UPDATE address_bans SET lifted_at = ? WHERE network = ? AND lifted_at IS NULL AND "
          "(ends_at = 0 OR ends_at > ?)");
      address_in_force_ = conn_.Make(
          "SELECT id, network, reason, created_at, ends_at, by_name FROM address_bans "
          "WHERE lifted_at IS NULL AND (ends_at = 0 OR ends_at > ?) ORDER BY id DESC LIMIT ?");
      // The newest open room of the code (a code is reused only after its room was disposed of).
      add_room_action_ = conn_.Make(
          "INSERT INTO room_actions (room_id, kind, account_id, target, reason, created_at, "
          "by_name) SELECT id, ?, ?, ?, ?, ?, ? FROM rooms WHERE code = ? AND state = 'open' "
          "ORDER BY id DESC LIMIT 1");
      lift_room_action_ = conn_.Make(
          "UPDATE room_actions SET lifted_at = ? WHERE kind = ? AND lifted_at IS NULL AND "
          "(? = 0 OR account_id = ?) AND room_id IN (SELECT id FROM rooms WHERE code = ? AND "
          "state = 'open')");
      room_actions_in_force_ = conn_.Make(
          "SELECT a.id, a.room_id, r.code, a.kind, COALESCE(a.account_id, 0), a.target, "
          "a.reason, a.created_at, a.by_name FROM room_actions a JOIN rooms r ON r.id = a.room_id "
          "WHERE a.lifted_at IS NULL AND r.state = 'open' ORDER BY a.id DESC LIMIT ?");
      add_report_ = conn_.Make(
          "INSERT INTO reports (created_at, room, reporter_id, reporter, target_id, target, "
          "reason, quote, chat, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      open_reports_ = conn_.Make(
          "SELECT id, created_at, room, COALESCE(reporter_id, 0), reporter, COALESCE(target_id, "
          "0), target, reason, quote, chat, record, status, closed_by, closed_at, note FROM "
          "reports WHERE status = 'open' AND id < ? ORDER BY id DESC LIMIT ?");
      closed_reports_ = conn_.Make(
          "SELECT id, created_at, room, COALESCE(reporter_id, 0), reporter, COALESCE(target_id, "
          "0), target, reason, quote, chat, record, status, closed_by, closed_at, note FROM "
          "reports WHERE status <> 'open' AND id < ? ORDER BY id DESC LIMIT ?");
      close_report_ = conn_.Make(
          "UPDATE reports SET status = ?, note = ?, closed_by = ?, closed_at = ? "
          "WHERE id = ? AND status = 'open'");
      read_settings_ = conn_.Make("SELECT key, value FROM server_settings");
      write_setting_ = conn_.Make(
          "INSERT INTO server_settings (key, value) VALUES (?, ?) "
          "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
      last_audit_ = conn_.Make("SELECT COALESCE(MAX(id), 0) FROM audit_log");
      audit_ = conn_.Make(
          "INSERT INTO audit_log (at, actor, action, target, reason, detail) "
          "VALUES (?, ?, ?, ?, ?, ?)");
      read_audit_ = conn_.Make(
          "SELECT id, at, actor, action, target, reason, detail FROM audit_log "
          "WHERE id < ? ORDER BY id DESC LIMIT ?");
    } catch (const StoreError& e) {
      conn_.Close();
      throw StoreError(path + ": " + e.what());
    }
  }
  ~SqliteModeration() override { conn_.Close(); }

  Role RoleOf(AccountId account) override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*role_of_};
    role_of_->Bind(1, account);
    if (!role_of_->Step()) return Role::kPlayer;
    return moderation::ParseRole(role_of_->Text(0)).value_or(Role::kPlayer);
  }

  std::vector<StaffRow> Staff() override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*staff_};
    std::vector<StaffRow> out;
    while (staff_->Step()) {
      out.push_back({staff_->Int(0), staff_->Text(1),
                     moderation::ParseRole(staff_->Text(2)).value_or(Role::kPlayer),
                     staff_->Int(3)});
    }
    return out;
  }

  void SetRole(AccountId account, Role role, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    InSqliteTransaction(conn_.db, [&] {
      if (role == Role::kPlayer || role == Role::kGuest) {
        clear_role_->Bind(1, account);
        clear_role_->Run();
      } else {
        set_role_->Bind(1, account).Bind(2, moderation::RoleName(role)).Bind(3, audit.at);
        set_role_->Run();
      }
      WriteAudit(audit);
      return 0;
    });
  }

  std::int64_t AddSanction(const SanctionRow& s, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    add_sanction_->Bind(1, SanctionKindName(s.kind))
        .Bind(2, s.account)
        .Bind(3, s.reason)
        .Bind(4, s.created_at)
        .Bind(5, s.ends_at)
        .Bind(6, s.by);
    return InsertAudited(*add_sanction_, audit);
  }

  int LiftSanctions(AccountId account, SanctionKind kind, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    lift_->Bind(1, audit.at).Bind(2, account).Bind(3, SanctionKindName(kind)).Bind(4, audit.at);
    return LiftAudited(*lift_, audit);
  }

  std::vector<SanctionRow> ActiveSanctions(AccountId account, std::int64_t now) override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*active_};
    active_->Bind(1, account).Bind(2, now);
    return ReadSanctions(*active_);
  }

  std::vector<SanctionRow> InForce(std::int64_t now, int limit) override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*in_force_};
    in_force_->Bind(1, now).Bind(2, std::int64_t{limit});
    return ReadSanctions(*in_force_);
  }

  std::int64_t AddAddressBan(const AddressBanRow& b, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    add_address_ban_->Bind(1, b.network)
        .Bind(2, b.reason)
        .Bind(3, b.created_at)
        .Bind(4, b.ends_at)
        .Bind(5, b.by);
    return InsertAudited(*add_address_ban_, audit);
  }

  int LiftAddressBans(const std::string& network, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    lift_address_->Bind(1, audit.at).Bind(2, network).Bind(3, audit.at);
    return LiftAudited(*lift_address_, audit);
  }

  std::vector<AddressBanRow> AddressBansInForce(std::int64_t now, int limit) override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*address_in_force_};
    address_in_force_->Bind(1, now).Bind(2, std::int64_t{limit});
    std::vector<AddressBanRow> out;
    while (address_in_force_->Step()) {
      auto& q = *address_in_force_;
      out.push_back({q.Int(0), q.Text(1), q.Text(2), q.Int(3), q.Int(4), q.Text(5)});
    }
    return out;
  }

  std::int64_t AddRoomAction(const RoomActionRow& a, const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    auto& q = *add_room_action_;
    q.Bind(1, RoomActionKindName(a.kind));
    if (a.account != 0)
      q.Bind(2, a.account);
    else
      q.BindNull(2);
    q.Bind(3, a.target).Bind(4, a.reason).Bind(5, a.created_at).Bind(6, a.by).Bind(7, a.room);
    return InSqliteTransaction(conn_.db, [&]() -> std::int64_t {
      q.Run();
      if (sqlite3_changes(conn_.db) == 0) return 0;  // no open room of that code
      const std::int64_t id = sqlite3_last_insert_rowid(conn_.db);
      WriteAudit(audit);
      return id;
    });
  }

  int LiftRoomActions(const std::string& code, RoomActionKind kind, AccountId account,
                      const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    lift_room_action_->Bind(1, audit.at)
        .Bind(2, RoomActionKindName(kind))
        .Bind(3, account)
        .Bind(4, account)
        .Bind(5, code);
    return LiftAudited(*lift_room_action_, audit);
  }

  std::vector<RoomActionRow> RoomActionsInForce(int limit) override {
    std::lock_guard lock(mu_);
    auto& q = *room_actions_in_force_;
    ResetOnExit reset{q};
    q.Bind(1, std::int64_t{limit});
    std::vector<RoomActionRow> out;
    while (q.Step()) {
      out.push_back({q.Int(0), q.Int(1), q.Text(2),
                     q.Text(3) == "close" ? RoomActionKind::kClose : RoomActionKind::kKick,
                     q.Int(4), q.Text(5), q.Text(6), q.Int(7), q.Text(8)});
    }
    return out;
  }

  void AddAudit(const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    InSqliteTransaction(conn_.db, [&] {
      WriteAudit(audit);
      return 0;
    });
  }

  std::int64_t AddReport(const ReportRow& r) override {
    std::lock_guard lock(mu_);
    auto& q = *add_report_;
    q.Bind(1, r.created_at).Bind(2, r.room);
    if (r.reporter != 0)
      q.Bind(3, r.reporter);
    else
      q.BindNull(3);
    q.Bind(4, r.reporter_name);
    if (r.target != 0)
      q.Bind(5, r.target);
    else
      q.BindNull(5);
    q.Bind(6, r.target_name).Bind(7, r.reason).Bind(8, r.quote).Bind(9, r.chat).Bind(10, r.record);
    q.Run();
    return sqlite3_last_insert_rowid(conn_.db);
  }

  std::vector<ReportRow> Reports(bool open, std::int64_t before, int limit) override {
    std::lock_guard lock(mu_);
    Statement& q = open ? *open_reports_ : *closed_reports_;
    ResetOnExit reset{q};
    q.Bind(1, before > 0 ? before : std::numeric_limits<std::int64_t>::max())
        .Bind(2, std::int64_t{limit});
    std::vector<ReportRow> out;
    while (q.Step()) {
      out.push_back({q.Int(0), q.Int(1), q.Text(2), q.Int(3), q.Text(4), q.Int(5), q.Text(6),
                     q.Text(7), q.Text(8), q.Text(9), q.Text(10), q.Text(11), q.Text(12), q.Int(13),
                     q.Text(14)});
    }
    return out;
  }

  bool CloseReport(std::int64_t id, const std::string& status, const std::string& note,
                   const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    close_report_->Bind(1, status).Bind(2, note).Bind(3, audit.actor).Bind(4, audit.at).Bind(5, id);
    return LiftAudited(*close_report_, audit) > 0;
  }

  std::map<std::string, std::string> ReadSettings() override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*read_settings_};
    std::map<std::string, std::string> out;
    while (read_settings_->Step()) out[read_settings_->Text(0)] = read_settings_->Text(1);
    return out;
  }

  void WriteSettings(const std::map<std::string, std::string>& rows,
                     const AuditEntry& audit) override {
    std::lock_guard lock(mu_);
    InSqliteTransaction(conn_.db, [&] {
      for (const auto& [key, value] : rows) {
        write_setting_->Bind(1, key).Bind(2, value);
        write_setting_->Run();
      }
      WriteAudit(audit);
      return 0;
    });
  }

  std::int64_t LastAuditId() override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*last_audit_};
    return last_audit_->Step() ? last_audit_->Int(0) : 0;
  }

  std::vector<AuditEntry> Audit(std::int64_t before, int limit) override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*read_audit_};
    read_audit_->Bind(1, before > 0 ? before : std::numeric_limits<std::int64_t>::max())
        .Bind(2, std::int64_t{limit});
    std::vector<AuditEntry> out;
    while (read_audit_->Step()) {
      out.push_back({read_audit_->Int(0), read_audit_->Int(1), read_audit_->Text(2),
                     read_audit_->Text(3), read_audit_->Text(4), read_audit_->Text(5),
                     read_audit_->Text(6)});
    }
    return out;
  }

 private:
  // The rows of a statement selecting a sanction's columns in SanctionRow's order.
  static std::vector<SanctionRow> ReadSanctions(Statement& q) {
    std::vector<SanctionRow> out;
    while (q.Step()) {
      out.push_back({q.Int(0), SanctionKindOf(q.Text(1)), q.Int(2), q.Text(3), q.Int(4), q.Int(5),
                     q.Text(6)});
    }
    return out;
  }

  // Runs `insert`, bound by the caller, and writes `audit` in one transaction: the new row's id.
  std::int64_t InsertAudited(Statement& insert, const AuditEntry& audit) {
    return InSqliteTransaction(conn_.db, [&] {
      insert.Run();
      const std::int64_t id = sqlite3_last_insert_rowid(conn_.db);
      WriteAudit(audit);
      return id;
    });
  }

  // Runs `lift`, bound by the caller, and writes `audit` in the same transaction if it ended
  // anything: how many rows it ended.
  int LiftAudited(Statement& lift, const AuditEntry& audit) {
    return InSqliteTransaction(conn_.db, [&] {
      lift.Run();
      const int lifted = sqlite3_changes(conn_.db);
      if (lifted > 0) WriteAudit(audit);
      return lifted;
    });
  }

  // Inside the caller's transaction.
  void WriteAudit(const AuditEntry& a) {
    audit_->Bind(1, a.at)
        .Bind(2, a.actor)
        .Bind(3, a.action)
        .Bind(4, a.target)
        .Bind(5, a.reason)
        .Bind(6, a.detail);
    audit_->Run();
  }

  std::mutex mu_;
  PreparedConnection conn_;
  Statement* role_of_ = nullptr;
  Statement* staff_ = nullptr;
  Statement* set_role_ = nullptr;
  Statement* clear_role_ = nullptr;
  Statement* add_sanction_ = nullptr;
  Statement* lift_ = nullptr;
  Statement* active_ = nullptr;
  Statement* in_force_ = nullptr;
  Statement* add_address_ban_ = nullptr;
  Statement* lift_address_ = nullptr;
  Statement* address_in_force_ = nullptr;
  Statement* add_room_action_ = nullptr;
  Statement* lift_room_action_ = nullptr;
  Statement* room_actions_in_force_ = nullptr;
  Statement* add_report_ = nullptr;
  Statement* open_reports_ = nullptr;
  Statement* closed_reports_ = nullptr;
  Statement* close_report_ = nullptr;
  Statement* read_settings_ = nullptr;
  Statement* write_setting_ = nullptr;
  Statement* last_audit_ = nullptr;
  Statement* audit_ = nullptr;
  Statement* read_audit_ = nullptr;
};

}  // namespace

std::unique_ptr<ModerationStore> OpenSqliteModeration(const std::string& path,
                                                      Durability durability) {
  return std::make_unique<SqliteModeration>(path, durability);
}

}  // namespace carc::server::store
