#include "store/sqlite_accounts.h"

#include <spdlog/spdlog.h>

#include <mutex>

#include "store/crc32.h"
#include "store/log_scrub.h"
#include "store/sqlite_statement.h"

namespace carc::server::store {
namespace {

constexpr const char* kAccountColumns = "SELECT id, name, name_key, password_hash, created_at ";
constexpr const char* kPasskeyColumns =
    "SELECT credential_id, account_id, public_key, algorithm, sign_count, label, created_at, "
    "last_used_at FROM passkeys ";
constexpr const char* kSessionColumns =
    "SELECT id, account_id, created_at, last_seen_at, label FROM sessions ";

// Every row `s` gives for the account, each read by `read`.
template <typename Read>
auto RowsOf(Statement& s, AccountId account, Read read) {
  ResetOnExit reset{s};
  s.Bind(1, account);
  std::vector<decltype(read(s))> rows;
  while (s.Step()) rows.push_back(read(s));
  return rows;
}

class SqliteAccounts final : public AccountStore {
 public:
  SqliteAccounts(const std::string& path, Durability durability) {
    conn_.Open(path, SQLITE_OPEN_READWRITE, "accounts");
    try {
      UsePlayerDataPragmas(conn_.db, durability == Durability::kFull);
      create_account_ = conn_.Make(
          "INSERT INTO accounts (name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?) "
          "ON CONFLICT (name_key) DO NOTHING");
      by_key_ = conn_.Make(std::string(kAccountColumns) + "FROM accounts WHERE name_key = ?");
      // A range of the key's index: every key that begins with ?1 sorts (bytewise) from ?1 to
      // ?1 followed by the last code point.
      by_prefix_ = conn_.Make(
          "SELECT id, name, name_key, created_at FROM accounts WHERE name_key >= ?1 AND "
          "name_key < ?1 || char(1114111) ORDER BY name_key LIMIT ?2");
      by_id_ = conn_.Make(std::string(kAccountColumns) + "FROM accounts WHERE id = ?");
      set_hash_ = conn_.Make("UPDATE accounts SET password_hash = ? WHERE id = ?");
      create_session_ = conn_.Make(
          "INSERT INTO sessions (account_id, token_hash, label, created_at, last_seen_at) "
          "VALUES (?, ?, ?, ?, ?)");
      session_by_hash_ = conn_.Make(std::string(kSessionColumns) +
                                    "WHERE token_hash = ? AND created_at > ? AND last_seen_at > ?");
      touch_ = conn_.Make("UPDATE sessions SET last_seen_at = MAX(last_seen_at, ?) WHERE id = ?");
      end_one_ = conn_.Make("DELETE FROM sessions WHERE account_id = ? AND id = ?");
      end_all_ = conn_.Make("DELETE FROM sessions WHERE account_id = ?");
      list_ = conn_.Make(std::string(kSessionColumns) +
                         "WHERE account_id = ? ORDER BY last_seen_at DESC, id DESC");
      prune_ = conn_.Make(
          "DELETE FROM sessions WHERE account_id = ?1 AND (created_at <= ?3 OR last_seen_at <= ?4 "
          "OR id NOT IN (SELECT id FROM sessions WHERE account_id = ?1 "
          "ORDER BY last_seen_at DESC, id DESC LIMIT ?2))");
      add_passkey_ = conn_.Make(
          "INSERT INTO passkeys (credential_id, account_id, public_key, algorithm, sign_count, "
          "label, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING");
      passkey_ = conn_.Make(std::string(kPasskeyColumns) + "WHERE credential_id = ?");
      passkeys_ = conn_.Make(std::string(kPasskeyColumns) +
                             "WHERE account_id = ? ORDER BY created_at, credential_id");
      use_passkey_ = conn_.Make(
          "UPDATE passkeys SET sign_count = ?, last_used_at = ? WHERE credential_id = ? AND "
          "sign_count = ?");
      delete_passkey_ =
          conn_.Make("DELETE FROM passkeys WHERE account_id = ? AND credential_id = ?");
      tally_ = conn_.Make(
          "SELECT COALESCE(g.game, 'base'), COUNT(*), SUM(CASE WHEN p.score = (SELECT MAX(q.score) "
          "FROM game_players q WHERE q.game_id = p.game_id) THEN 1 ELSE 0 END) "
          "FROM game_players p JOIN games g ON g.room_id = p.game_id WHERE p.account_id = ? "
          "GROUP BY 1 ORDER BY 1");
      played_ = conn_.Make(
          "SELECT g.room_id, g.code, g.finished_at, COALESCE(g.game, 'base'), p.seat, g.private "
          "FROM game_players p JOIN games g ON g.room_id = p.game_id WHERE p.account_id = ? "
          "ORDER BY g.finished_at DESC, g.room_id DESC LIMIT ?");
      players_ = conn_.Make(
          "SELECT name, score, account_id IS NOT NULL, COALESCE(account_id, 0) FROM game_players "
          "WHERE game_id = ? "
          "ORDER BY seat");
      unname_ = conn_.Make(
          "UPDATE game_players SET name = ?, account_id = NULL, token_hash = NULL "
          "WHERE account_id = ?");
      claim_ = conn_.Make(
          "UPDATE game_players SET account_id = ?, name = ? WHERE token_hash = ? AND "
          "account_id IS NULL");
      for (const char* table : {"passkey_challenges", "passkeys", "sessions", "ratings",
                                "rating_changes", "account_mail"}) {
        erase_.push_back(conn_.Make(std::string("DELETE FROM ") + table + " WHERE account_id = ?"));
      }
      delete_account_ = conn_.Make("DELETE FROM accounts WHERE id = ?");
      games_of_ = conn_.Make("SELECT DISTINCT game_id FROM game_players WHERE account_id = ?");
      log_of_ = conn_.Make("SELECT idx, entry FROM room_log WHERE room_id = ?");
      rewrite_ = conn_.Make("UPDATE room_log SET entry = ?, crc = ? WHERE room_id = ? AND idx = ?");
      put_challenge_ = conn_.Make(
          "INSERT INTO passkey_challenges (challenge, purpose, account_id, expires_at) "
          "VALUES (?, ?, ?, ?)");
      expire_challenges_ = conn_.Make("DELETE FROM passkey_challenges WHERE expires_at <= ?");
      drop_challenges_ =
          conn_.Make("DELETE FROM passkey_challenges WHERE account_id = ? AND purpose = ?");
      take_challenge_ = conn_.Make(
          "DELETE FROM passkey_challenges WHERE challenge = ? AND purpose = ? RETURNING "
          "account_id");
    } catch (const StoreError& e) {
      conn_.Close();
      throw StoreError(path + ": " + e.what());
    }
  }
  ~SqliteAccounts() override { conn_.Close(); }

  std::optional<AccountId> CreateAccount(const std::string& name, const std::string& name_key,
                                         const std::string& password_hash,
                                         std::int64_t now) override {
    std::lock_guard lock(mu_);
    Statement& s = *create_account_;
    s.Bind(1, name).Bind(2, name_key).Bind(3, password_hash).Bind(4, now);
    s.Run();
    if (sqlite3_changes(conn_.db) == 0) return std::nullopt;
    return sqlite3_last_insert_rowid(conn_.db);
  }

  std::optional<Account> AccountByKey(const std::string& name_key) override {
    std::lock_guard lock(mu_);
    by_key_->Bind(1, name_key);
    return ReadAccount(*by_key_);
  }

  std::vector<Account> AccountsByKeyPrefix(const std::string& key_prefix, int limit) override {
    std::lock_guard lock(mu_);
    Statement& s = *by_prefix_;
    ResetOnExit reset{s};
    s.Bind(1, key_prefix).Bind(2, std::int64_t{limit});
    std::vector<Account> out;
    while (s.Step()) out.push_back({s.Int(0), s.Text(1), s.Text(2), "", s.Int(3)});
    return out;
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
    return sqlite3_last_insert_rowid(conn_.db);
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
    return sqlite3_changes(conn_.db) > 0;
  }

  int EndSessions(AccountId account) override {
    std::lock_guard lock(mu_);
    end_all_->Bind(1, account);
    end_all_->Run();
    return sqlite3_changes(conn_.db);
  }

  std::vector<SessionRow> Sessions(AccountId account) override {
    std::lock_guard lock(mu_);
    return RowsOf(*list_, account, ReadSession);
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
    return sqlite3_changes(conn_.db) > 0;
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
    return RowsOf(*passkeys_, account, ReadPasskey);
  }

  bool UsePasskey(const std::string& credential_id, std::int64_t seen, std::int64_t count,
                  std::int64_t now) override {
    std::lock_guard lock(mu_);
    use_passkey_->Bind(1, count).Bind(2, now).BindBlob(3, credential_id).Bind(4, seen);
    use_passkey_->Run();
    return sqlite3_changes(conn_.db) > 0;
  }

  bool DeletePasskey(AccountId account, const std::string& credential_id) override {
    std::lock_guard lock(mu_);
    delete_passkey_->Bind(1, account).BindBlob(2, credential_id);
    delete_passkey_->Run();
    return sqlite3_changes(conn_.db) > 0;
  }

  std::vector<GameTally> Tally(AccountId account) override {
    std::lock_guard lock(mu_);
    return RowsOf(*tally_, account, [](const Statement& s) {
      return GameTally{s.Text(0), static_cast<int>(s.Int(1)), static_cast<int>(s.Int(2))};
    });
  }

  std::vector<PlayedGame> PlayedGames(AccountId account, int limit) override {
    std::lock_guard lock(mu_);
    std::vector<PlayedGame> out;
    {
      Statement& s = *played_;
      ResetOnExit reset{s};
      s.Bind(1, account).Bind(2, std::int64_t{limit});
      while (s.Step()) {
        out.push_back({s.Int(0),
                       s.Text(1),
                       s.Int(2),
                       s.Text(3),
                       static_cast<int>(s.Int(4)),
                       {},
                       s.Int(5) != 0,
                       {}});
      }
    }
    for (PlayedGame& g : out) {
      Statement& s = *players_;
      ResetOnExit reset{s};
      s.Bind(1, g.id);
      while (s.Step()) {
        g.players.push_back({s.Text(0), static_cast<int>(s.Int(1)), s.Int(2) != 0});
        if (s.Int(3) != 0) g.accounts.push_back(s.Int(3));
      }
    }
    return out;
  }

  int ClaimGames(AccountId account, const std::string& name,
                 const std::vector<std::string>& token_hashes) override {
    std::lock_guard lock(mu_);
    return InSqliteTransaction(conn_.db, [&] {
      int claimed = 0;
      for (const auto& hash : token_hashes) {
        claim_->Bind(1, account).Bind(2, name).Bind(3, hash);
        claim_->Run();
        claimed += sqlite3_changes(conn_.db);
      }
      return claimed;
    });
  }

  bool DeleteAccount(AccountId account, const std::string& label,
                     const std::vector<std::int64_t>& open_rooms) override {
    std::lock_guard lock(mu_);
    const bool deleted = InSqliteTransaction(conn_.db, [&] {
      std::vector<std::int64_t> rooms = open_rooms;
      {
        ResetOnExit reset{*games_of_};
        games_of_->Bind(1, account);
        while (games_of_->Step()) rooms.push_back(games_of_->Int(0));
      }
      for (const std::int64_t room : rooms) {
        std::vector<std::pair<std::int64_t, std::string>> scrubbed;
        {
          ResetOnExit reset{*log_of_};
          log_of_->Bind(1, room);
          while (log_of_->Step()) {
            if (auto entry = ScrubAccount(log_of_->Text(1), account, label)) {
              scrubbed.emplace_back(log_of_->Int(0), std::move(*entry));
            }
          }
        }
        for (const auto& [idx, entry] : scrubbed) {
          rewrite_->BindBlob(1, entry)
              .Bind(2, std::int64_t{Crc32(entry)})
              .Bind(3, room)
              .Bind(4, idx);
          rewrite_->Run();
        }
      }
      unname_->Bind(1, label).Bind(2, account);
      unname_->Run();
      for (auto& erase : erase_) {
        erase->Bind(1, account);
        erase->Run();
      }
      delete_account_->Bind(1, account);
      delete_account_->Run();
      return sqlite3_changes(conn_.db) > 0;
    });
    // The rows are gone and their bytes zeroed in the database (secure_delete), but the
    // write-ahead log still holds the pages as they were: they are copied back and the log
    // emptied, so that no file keeps the account's name, endpoints or credentials.
    if (deleted) ForgetWal();
    return deleted;
  }

  // A checkpoint that truncates the log; it waits (busy timeout) for readers of older pages.
  // One that cannot finish now leaves the log to the next checkpoints, which overwrite it.
  void ForgetWal() {
    const int rc =
        sqlite3_wal_checkpoint_v2(conn_.db, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    if (rc != SQLITE_OK) {
      spdlog::warn("accounts: the write-ahead log could not be emptied after a deletion: {}",
                   sqlite3_errmsg(conn_.db));
    }
  }

  void PutChallenge(const std::string& challenge, const std::string& purpose, AccountId account,
                    std::int64_t expires_at, std::int64_t now) override {
    std::lock_guard lock(mu_);
    // The expired go first: challenges nobody answers do not pile up.
    expire_challenges_->Bind(1, now);
    expire_challenges_->Run();
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

  int DropChallenges(AccountId account, const std::string& purpose) override {
    std::lock_guard lock(mu_);
    drop_challenges_->Bind(1, account).Bind(2, purpose);
    drop_challenges_->Run();
    return sqlite3_changes(conn_.db);
  }

 private:
  static PasskeyRow ReadPasskey(const Statement& s) {
    return PasskeyRow{s.Text(0), s.Int(1),  s.Text(2), s.Int(3),
                      s.Int(4),  s.Text(5), s.Int(6),  s.Int(7)};
  }

  static std::optional<Account> ReadAccount(Statement& s) {
    ResetOnExit reset{s};
    if (!s.Step()) return std::nullopt;
    return Account{s.Int(0), s.Text(1), s.Text(2), s.Text(3), s.Int(4)};
  }

  static SessionRow ReadSession(const Statement& s) {
    return SessionRow{s.Int(0), s.Int(1), s.Int(2), s.Int(3), s.Text(4)};
  }

  std::mutex mu_;
  PreparedConnection conn_;
  Statement *create_account_, *by_key_, *by_prefix_, *by_id_, *set_hash_, *create_session_,
      *session_by_hash_, *touch_, *end_one_, *end_all_, *list_, *prune_, *add_passkey_, *passkey_,
      *passkeys_, *use_passkey_, *delete_passkey_, *put_challenge_, *expire_challenges_,
      *take_challenge_, *drop_challenges_, *tally_, *played_, *players_, *unname_, *claim_,
      *delete_account_, *games_of_, *log_of_, *rewrite_;
  std::vector<Statement*> erase_;
};

}  // namespace

std::unique_ptr<AccountStore> OpenSqliteAccounts(const std::string& path, Durability durability) {
  return std::make_unique<SqliteAccounts>(path, durability);
}

}  // namespace carc::server::store
