#include "store/sqlite_accounts.h"

#include <mutex>

#include "store/sqlite_statement.h"

namespace carc::server::store {
namespace {

constexpr const char* kAccountColumns = "SELECT id, name, name_key, password_hash, created_at ";
constexpr const char* kPasskeyColumns =
    "SELECT credential_id, account_id, public_key, algorithm, sign_count, label, created_at, "
    "last_used_at FROM passkeys ";
constexpr const char* kSessionColumns =
    "SELECT id, account_id, created_at, last_seen_at, label FROM sessions ";

class SqliteAccounts final : public AccountStore {
 public:
  SqliteAccounts(const std::string& path, Durability durability) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
      const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("cannot open " + path + " for accounts: " + why);
    }
    try {
      ExecSql(db_, "PRAGMA busy_timeout = 5000");
      ExecSql(db_, durability == Durability::kFull ? "PRAGMA synchronous = FULL"
                                                   : "PRAGMA synchronous = NORMAL");
      ExecSql(db_, "PRAGMA foreign_keys = ON");
      create_account_ = Make(
          "INSERT INTO accounts (name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?) "
          "ON CONFLICT (name_key) DO NOTHING");
      by_key_ = Make(std::string(kAccountColumns) + "FROM accounts WHERE name_key = ?");
      by_id_ = Make(std::string(kAccountColumns) + "FROM accounts WHERE id = ?");
      set_hash_ = Make("UPDATE accounts SET password_hash = ? WHERE id = ?");
      create_session_ = Make(
          "INSERT INTO sessions (account_id, token_hash, label, created_at, last_seen_at) "
          "VALUES (?, ?, ?, ?, ?)");
      session_by_hash_ = Make(std::string(kSessionColumns) +
                              "WHERE token_hash = ? AND created_at > ? AND last_seen_at > ?");
      touch_ = Make("UPDATE sessions SET last_seen_at = MAX(last_seen_at, ?) WHERE id = ?");
      end_one_ = Make("DELETE FROM sessions WHERE account_id = ? AND id = ?");
      end_all_ = Make("DELETE FROM sessions WHERE account_id = ?");
      list_ = Make(std::string(kSessionColumns) +
                   "WHERE account_id = ? ORDER BY last_seen_at DESC, id DESC");
      prune_ = Make(
          "DELETE FROM sessions WHERE account_id = ?1 AND (created_at <= ?3 OR last_seen_at <= ?4 "
          "OR id NOT IN (SELECT id FROM sessions WHERE account_id = ?1 "
          "ORDER BY last_seen_at DESC, id DESC LIMIT ?2))");
      add_passkey_ = Make(
          "INSERT INTO passkeys (credential_id, account_id, public_key, algorithm, sign_count, "
          "label, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING");
      passkey_ = Make(std::string(kPasskeyColumns) + "WHERE credential_id = ?");
      passkeys_ = Make(std::string(kPasskeyColumns) +
                       "WHERE account_id = ? ORDER BY created_at, credential_id");
      use_passkey_ = Make(
          "UPDATE passkeys SET sign_count = ?, last_used_at = ? WHERE credential_id = ? AND "
          "sign_count = ?");
      delete_passkey_ = Make("DELETE FROM passkeys WHERE account_id = ? AND credential_id = ?");
      put_challenge_ = Make(
          "INSERT INTO passkey_challenges (challenge, purpose, account_id, expires_at) "
          "VALUES (?, ?, ?, ?)");
      expire_challenges_ = Make("DELETE FROM passkey_challenges WHERE expires_at <= ?");
      take_challenge_ = Make(
          "DELETE FROM passkey_challenges WHERE challenge = ? AND purpose = ? RETURNING "
          "account_id");
    } catch (const StoreError& e) {
      Close();
      throw StoreError(path + ": " + e.what());
    }
  }
  ~SqliteAccounts() override { Close(); }

  std::optional<AccountId> CreateAccount(const std::string& name, const std::string& name_key,
                                         const std::string& password_hash,
                                         std::int64_t now) override {
    std::lock_guard lock(mu_);
    Statement& s = *create_account_;
    s.Bind(1, name).Bind(2, name_key).Bind(3, password_hash).Bind(4, now);
    s.Run();
    if (sqlite3_changes(db_) == 0) return std::nullopt;
    return sqlite3_last_insert_rowid(db_);
  }

  std::optional<Account> AccountByKey(const std::string& name_key) override {
    std::lock_guard lock(mu_);
    by_key_->Bind(1, name_key);
    return ReadAccount(*by_key_);
  }

  std::optional<Account> AccountById(AccountId id) override {
    std::lock_guard lock(mu_);
    by_id_->Bind(1, id);
    return ReadAccount(*by_id_);
  }

  void SetPasswordHash(AccountId id, const std::string& password_hash) override {
    std::lock_guard lock(mu_);
    set_hash_->Bind(1, password_hash).Bind(2, id);
    set_hash_->Run();
  }

  std::int64_t CreateSession(AccountId account, const std::string& token_hash,
                             const std::string& label, std::int64_t now) override {
    std::lock_guard lock(mu_);
    Statement& s = *create_session_;
    s.Bind(1, account).Bind(2, token_hash).Bind(3, label).Bind(4, now).Bind(5, now);
    s.Run();
    return sqlite3_last_insert_rowid(db_);
  }

  std::optional<SessionRow> SessionByHash(const std::string& token_hash, std::int64_t created_after,
                                          std::int64_t seen_after) override {
    std::lock_guard lock(mu_);
    Statement& s = *session_by_hash_;
    ResetOnExit reset{s};
    s.Bind(1, token_hash).Bind(2, created_after).Bind(3, seen_after);
    if (!s.Step()) return std::nullopt;
    return ReadSession(s);
  }

  void TouchSession(std::int64_t session, std::int64_t now) override {
    std::lock_guard lock(mu_);
    touch_->Bind(1, now).Bind(2, session);
    touch_->Run();
  }

  bool EndSession(AccountId account, std::int64_t session) override {
    std::lock_guard lock(mu_);
    end_one_->Bind(1, account).Bind(2, session);
    end_one_->Run();
    return sqlite3_changes(db_) > 0;
  }

  int EndSessions(AccountId account) override {
    std::lock_guard lock(mu_);
    end_all_->Bind(1, account);
    end_all_->Run();
    return sqlite3_changes(db_);
  }

  std::vector<SessionRow> Sessions(AccountId account) override {
    std::lock_guard lock(mu_);
    Statement& s = *list_;
    ResetOnExit reset{s};
    s.Bind(1, account);
    std::vector<SessionRow> rows;
    while (s.Step()) rows.push_back(ReadSession(s));
    return rows;
  }

  void PruneSessions(AccountId account, int keep, std::int64_t created_before,
                     std::int64_t seen_before) override {
    std::lock_guard lock(mu_);
    prune_->Bind(1, account).Bind(2, keep).Bind(3, created_before).Bind(4, seen_before);
    prune_->Run();
  }

  bool AddPasskey(const PasskeyRow& p) override {
    std::lock_guard lock(mu_);
    Statement& s = *add_passkey_;
    s.BindBlob(1, p.credential_id).Bind(2, p.account).BindBlob(3, p.public_key);
    s.Bind(4, p.algorithm).Bind(5, p.sign_count).Bind(6, p.label).Bind(7, p.created_at);
    s.Run();
    return sqlite3_changes(db_) > 0;
  }

  std::optional<PasskeyRow> PasskeyById(const std::string& credential_id) override {
    std::lock_guard lock(mu_);
    Statement& s = *passkey_;
    ResetOnExit reset{s};
    s.BindBlob(1, credential_id);
    if (!s.Step()) return std::nullopt;
    return ReadPasskey(s);
  }

  std::vector<PasskeyRow> Passkeys(AccountId account) override {
    std::lock_guard lock(mu_);
    Statement& s = *passkeys_;
    ResetOnExit reset{s};
    s.Bind(1, account);
    std::vector<PasskeyRow> rows;
    while (s.Step()) rows.push_back(ReadPasskey(s));
    return rows;
  }

  bool UsePasskey(const std::string& credential_id, std::int64_t seen, std::int64_t count,
                  std::int64_t now) override {
    std::lock_guard lock(mu_);
    use_passkey_->Bind(1, count).Bind(2, now).BindBlob(3, credential_id).Bind(4, seen);
    use_passkey_->Run();
    return sqlite3_changes(db_) > 0;
  }

  bool DeletePasskey(AccountId account, const std::string& credential_id) override {
    std::lock_guard lock(mu_);
    delete_passkey_->Bind(1, account).BindBlob(2, credential_id);
    delete_passkey_->Run();
    return sqlite3_changes(db_) > 0;
  }

  void PutChallenge(const std::string& challenge, const std::string& purpose, AccountId account,
                    std::int64_t expires_at) override {
    std::lock_guard lock(mu_);
    put_challenge_->Bind(1, challenge).Bind(2, purpose).Bind(3, account).Bind(4, expires_at);
    put_challenge_->Run();
  }

  std::optional<AccountId> TakeChallenge(const std::string& challenge, const std::string& purpose,
                                         std::int64_t now) override {
    std::lock_guard lock(mu_);
    expire_challenges_->Bind(1, now);
    expire_challenges_->Run();
    Statement& s = *take_challenge_;
    ResetOnExit reset{s};
    s.Bind(1, challenge).Bind(2, purpose);
    if (!s.Step()) return std::nullopt;
    return s.Int(0);
  }

 private:
  static PasskeyRow ReadPasskey(const Statement& s) {
    return PasskeyRow{s.Text(0), s.Int(1),  s.Text(2), s.Int(3),
                      s.Int(4),  s.Text(5), s.Int(6),  s.Int(7)};
  }

  std::unique_ptr<Statement> Make(const std::string& sql) {
    return std::make_unique<Statement>(db_, sql.c_str());
  }

  static std::optional<Account> ReadAccount(Statement& s) {
    ResetOnExit reset{s};
    if (!s.Step()) return std::nullopt;
    return Account{s.Int(0), s.Text(1), s.Text(2), s.Text(3), s.Int(4)};
  }

  static SessionRow ReadSession(const Statement& s) {
    return SessionRow{s.Int(0), s.Int(1), s.Int(2), s.Int(3), s.Text(4)};
  }

  void Close() {
    for (auto* s : {&create_account_, &by_key_, &by_id_, &set_hash_, &create_session_,
                    &session_by_hash_, &touch_, &end_one_, &end_all_, &list_, &prune_,
                    &add_passkey_, &passkey_, &passkeys_, &use_passkey_, &delete_passkey_,
                    &put_challenge_, &expire_challenges_, &take_challenge_}) {
      s->reset();
    }
    sqlite3_close(db_);
    db_ = nullptr;
  }

  std::mutex mu_;
  sqlite3* db_ = nullptr;
  std::unique_ptr<Statement> create_account_, by_key_, by_id_, set_hash_, create_session_,
      session_by_hash_, touch_, end_one_, end_all_, list_, prune_, add_passkey_, passkey_,
      passkeys_, use_passkey_, delete_passkey_, put_challenge_, expire_challenges_, take_challenge_;
};

}  // namespace

std::unique_ptr<AccountStore> OpenSqliteAccounts(const std::string& path, Durability durability) {
  return std::make_unique<SqliteAccounts>(path, durability);
}

}  // namespace carc::server::store
