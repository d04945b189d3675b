#include "store/postgres_accounts.h"

#include "store/crc32.h"
#include "store/log_scrub.h"

#include <mutex>

#include "store/pg_connection.h"

namespace carc::server::store {
namespace {

constexpr const char* kAccountColumns = "SELECT id, name, name_key, password_hash, created_at ";
constexpr const char* kPasskeyColumns =
    "SELECT credential_id, account_id, public_key, algorithm, sign_count, label, created_at, "
    "last_used_at FROM passkeys ";
constexpr const char* kSessionColumns =
    "SELECT id, account_id, created_at, last_seen_at, label FROM sessions ";

class PostgresAccounts final : public AccountStore {
 public:
  PostgresAccounts(const std::string& url, Durability durability)
      : db_(url, durability == Durability::kFull ? "SET synchronous_commit = on"
                                                 : "SET synchronous_commit = off") {}

  std::optional<AccountId> CreateAccount(const std::string& name, const std::string& name_key,
                                         const std::string& password_hash,
                                         std::int64_t now) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "INSERT INTO accounts (name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (name_key) DO NOTHING RETURNING id",
        {name, name_key, password_hash, PgParam::Int(now)});
    if (r.rows() == 0) return std::nullopt;
    return r.Int(0, 0);
  }

  std::optional<Account> AccountByKey(const std::string& name_key) override {
    std::lock_guard lock(mu_);
    return ReadAccount(
        db_.Exec(std::string(kAccountColumns) + "FROM accounts WHERE name_key = $1", {name_key}));
  }

  std::vector<Account> AccountsByKeyPrefix(const std::string& key_prefix, int limit) override {
    std::lock_guard lock(mu_);
    // starts_with, not a range: the database's collation need not sort bytewise.
    const PgResult r = db_.Exec(
        "SELECT id, name, name_key, created_at FROM accounts WHERE starts_with(name_key, $1) "
        "ORDER BY name_key COLLATE \"C\" LIMIT $2",
        {key_prefix, PgParam::Int(limit)});
    std::vector<Account> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Int(i, 0), r.Text(i, 1), r.Text(i, 2), "", r.Int(i, 3)});
    }
    return out;
  }

  std::optional<Account> AccountById(AccountId id) override {
    std::lock_guard lock(mu_);
    return ReadAccount(
        db_.Exec(std::string(kAccountColumns) + "FROM accounts WHERE id = $1", {PgParam::Int(id)}));
  }

  void SetPasswordHash(AccountId id, const std::string& password_hash) override {
    std::lock_guard lock(mu_);
    db_.Exec("UPDATE accounts SET password_hash = $1 WHERE id = $2",
             {password_hash, PgParam::Int(id)});
  }

  std::int64_t CreateSession(AccountId account, const std::string& token_hash,
                             const std::string& label, std::int64_t now) override {
    std::lock_guard lock(mu_);
    return db_
        .Exec(
            "INSERT INTO sessions (account_id, token_hash, label, created_at, last_seen_at) "
            "VALUES ($1, $2, $3, $4, $4) RETURNING id",
            {PgParam::Int(account), token_hash, label, PgParam::Int(now)})
        .Int(0, 0);
  }

  std::optional<SessionRow> SessionByHash(const std::string& token_hash, std::int64_t created_after,
                                          std::int64_t seen_after) override {
    std::lock_guard lock(mu_);
    const PgResult r =
        db_.Exec(std::string(kSessionColumns) +
                     "WHERE token_hash = $1 AND created_at > $2 AND last_seen_at > $3",
                 {token_hash, PgParam::Int(created_after), PgParam::Int(seen_after)});
    if (r.rows() == 0) return std::nullopt;
    return ReadSession(r, 0);
  }

  void TouchSession(std::int64_t session, std::int64_t now) override {
    std::lock_guard lock(mu_);
    db_.Exec("UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $1) WHERE id = $2",
             {PgParam::Int(now), PgParam::Int(session)});
  }

  bool EndSession(AccountId account, std::int64_t session) override {
    std::lock_guard lock(mu_);
    return db_.Exec("DELETE FROM sessions WHERE account_id = $1 AND id = $2",
                    {PgParam::Int(account), PgParam::Int(session)})
               .affected() > 0;
  }

  int EndSessions(AccountId account) override {
    std::lock_guard lock(mu_);
    return static_cast<int>(
        db_.Exec("DELETE FROM sessions WHERE account_id = $1", {PgParam::Int(account)}).affected());
  }

  std::vector<SessionRow> Sessions(AccountId account) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        std::string(kSessionColumns) + "WHERE account_id = $1 ORDER BY last_seen_at DESC, id DESC",
        {PgParam::Int(account)});
    std::vector<SessionRow> rows;
    for (int i = 0; i < r.rows(); ++i) rows.push_back(ReadSession(r, i));
    return rows;
  }

  void PruneSessions(AccountId account, int keep, std::int64_t created_before,
                     std::int64_t seen_before) override {
    std::lock_guard lock(mu_);
    db_.Exec(
        "DELETE FROM sessions WHERE account_id = $1 AND (created_at <= $3 OR last_seen_at <= $4 "
        "OR id NOT IN (SELECT id FROM sessions WHERE account_id = $1 "
        "ORDER BY last_seen_at DESC, id DESC LIMIT $2))",
        {PgParam::Int(account), PgParam::Int(keep), PgParam::Int(created_before),
         PgParam::Int(seen_before)});
  }

  bool AddPasskey(const PasskeyRow& p) override {
    std::lock_guard lock(mu_);
    return db_.Exec(
                  "INSERT INTO passkeys (credential_id, account_id, public_key, algorithm, "
                  "sign_count, label, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                  "ON CONFLICT (credential_id) DO NOTHING",
                  {PgParam::Bytes(p.credential_id), PgParam::Int(p.account),
                   PgParam::Bytes(p.public_key), PgParam::Int(p.algorithm),
                   PgParam::Int(p.sign_count), p.label, PgParam::Int(p.created_at)})
               .affected() > 0;
  }

  std::optional<PasskeyRow> PasskeyById(const std::string& credential_id) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(std::string(kPasskeyColumns) + "WHERE credential_id = $1",
                                {PgParam::Bytes(credential_id)});
    if (r.rows() == 0) return std::nullopt;
    return ReadPasskey(r, 0);
  }

  std::vector<PasskeyRow> Passkeys(AccountId account) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        std::string(kPasskeyColumns) + "WHERE account_id = $1 ORDER BY created_at, credential_id",
        {PgParam::Int(account)});
    std::vector<PasskeyRow> rows;
    for (int i = 0; i < r.rows(); ++i) rows.push_back(ReadPasskey(r, i));
    return rows;
  }

  bool UsePasskey(const std::string& credential_id, std::int64_t seen, std::int64_t count,
                  std::int64_t now) override {
    std::lock_guard lock(mu_);
    return db_.Exec(
                  "UPDATE passkeys SET sign_count = $1, last_used_at = $2 WHERE credential_id = $3 "
                  "AND sign_count = $4",
                  {PgParam::Int(count), PgParam::Int(now), PgParam::Bytes(credential_id),
                   PgParam::Int(seen)})
               .affected() > 0;
  }

  bool DeletePasskey(AccountId account, const std::string& credential_id) override {
    std::lock_guard lock(mu_);
    return db_.Exec("DELETE FROM passkeys WHERE account_id = $1 AND credential_id = $2",
                    {PgParam::Int(account), PgParam::Bytes(credential_id)})
               .affected() > 0;
  }

  std::vector<GameTally> Tally(AccountId account) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT COALESCE(g.game, 'base'), COUNT(*), SUM(CASE WHEN p.score = (SELECT MAX(q.score) "
        "FROM game_players q WHERE q.game_id = p.game_id) THEN 1 ELSE 0 END) "
        "FROM game_players p JOIN games g ON g.room_id = p.game_id WHERE p.account_id = $1 "
        "GROUP BY 1 ORDER BY 1",
        {PgParam::Int(account)});
    std::vector<GameTally> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Text(i, 0), static_cast<int>(r.Int(i, 1)), static_cast<int>(r.Int(i, 2))});
    }
    return out;
  }

  std::vector<PlayedGame> PlayedGames(AccountId account, int limit) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT g.room_id, g.code, g.finished_at, COALESCE(g.game, 'base'), p.seat, "
        "g.private::int FROM game_players p JOIN games g ON g.room_id = p.game_id "
        "WHERE p.account_id = $1 "
        "ORDER BY g.finished_at DESC, g.room_id DESC LIMIT $2",
        {PgParam::Int(account), PgParam::Int(limit)});
    std::vector<PlayedGame> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Int(i, 0),
                     r.Text(i, 1),
                     r.Int(i, 2),
                     r.Text(i, 3),
                     static_cast<int>(r.Int(i, 4)),
                     {},
                     r.Int(i, 5) != 0,
                     {}});
    }
    for (PlayedGame& g : out) {
      const PgResult p = db_.Exec(
          "SELECT name, score, (account_id IS NOT NULL)::int, COALESCE(account_id, 0) "
          "FROM game_players "
          "WHERE game_id = $1 ORDER BY seat",
          {PgParam::Int(g.id)});
      for (int i = 0; i < p.rows(); ++i) {
        g.players.push_back({p.Text(i, 0), static_cast<int>(p.Int(i, 1)), p.Int(i, 2) != 0});
        if (p.Int(i, 3) != 0) g.accounts.push_back(p.Int(i, 3));
      }
    }
    return out;
  }

  int ClaimGames(AccountId account, const std::string& name,
                 const std::vector<std::string>& token_hashes) override {
    std::lock_guard lock(mu_);
    try {
      db_.Begin();
      int claimed = 0;
      for (const auto& hash : token_hashes) {
        claimed += static_cast<int>(
            db_.Exec("UPDATE game_players SET account_id = $1, name = $2 WHERE token_hash = $3 "
                     "AND account_id IS NULL",
                     {PgParam::Int(account), name, hash})
                .affected());
      }
      db_.Commit();
      return claimed;
    } catch (...) {
      db_.RollbackQuietly();
      throw;
    }
  }

  bool DeleteAccount(AccountId account, const std::string& label,
                     const std::vector<std::int64_t>& open_rooms) override {
    std::lock_guard lock(mu_);
    try {
      db_.Begin();
      std::vector<std::int64_t> rooms = open_rooms;
      const PgResult games =
          db_.Exec("SELECT DISTINCT game_id FROM game_players WHERE account_id = $1",
                   {PgParam::Int(account)});
      for (int i = 0; i < games.rows(); ++i) rooms.push_back(games.Int(i, 0));
      for (const std::int64_t room : rooms) {
        const PgResult log =
            db_.Exec("SELECT idx, entry FROM room_log WHERE room_id = $1", {PgParam::Int(room)});
        for (int i = 0; i < log.rows(); ++i) {
          const auto entry = ScrubAccount(log.Bytes(i, 1), account, label);
          if (!entry) continue;
          db_.Exec("UPDATE room_log SET entry = $1, crc = $2 WHERE room_id = $3 AND idx = $4",
                   {PgParam::Bytes(*entry), PgParam::Int(std::int64_t{Crc32(*entry)}),
                    PgParam::Int(room), PgParam::Int(log.Int(i, 0))});
        }
      }
      db_.Exec(
          "UPDATE game_players SET name = $2, account_id = NULL, token_hash = NULL "
          "WHERE account_id = $1",
          {PgParam::Int(account), label});
      for (const char* table : {"passkey_challenges", "passkeys", "sessions", "ratings",
                                "rating_changes", "account_mail"}) {
        db_.Exec(std::string("DELETE FROM ") + table + " WHERE account_id = $1",
                 {PgParam::Int(account)});
      }
      const bool deleted =
          db_.Exec("DELETE FROM accounts WHERE id = $1", {PgParam::Int(account)}).affected() > 0;
      db_.Commit();
      return deleted;
    } catch (...) {
      db_.RollbackQuietly();
      throw;
    }
  }

  void PutChallenge(const std::string& challenge, const std::string& purpose, AccountId account,
                    std::int64_t expires_at, std::int64_t now) override {
    std::lock_guard lock(mu_);
    // The expired go first: challenges nobody answers do not pile up.
    db_.Exec("DELETE FROM passkey_challenges WHERE expires_at <= $1", {PgParam::Int(now)});
    db_.Exec(
        "INSERT INTO passkey_challenges (challenge, purpose, account_id, expires_at) "
        "VALUES ($1, $2, $3, $4)",
        {challenge, purpose, PgParam::Int(account), PgParam::Int(expires_at)});
  }

  std::optional<AccountId> TakeChallenge(const std::string& challenge, const std::string& purpose,
                                         std::int64_t now) override {
    std::lock_guard lock(mu_);
    db_.Exec("DELETE FROM passkey_challenges WHERE expires_at <= $1", {PgParam::Int(now)});
    const PgResult r = db_.Exec(
        "DELETE FROM passkey_challenges WHERE challenge = $1 AND purpose = $2 RETURNING "
        "account_id",
        {challenge, purpose});
    if (r.rows() == 0) return std::nullopt;
    return r.Int(0, 0);
  }

  int DropChallenges(AccountId account, const std::string& purpose) override {
    std::lock_guard lock(mu_);
    return static_cast<int>(
        db_.Exec("DELETE FROM passkey_challenges WHERE account_id = $1 AND purpose = $2",
                 {PgParam::Int(account), purpose})
            .affected());
  }

 private:
  static PasskeyRow ReadPasskey(const PgResult& r, int row) {
    return PasskeyRow{r.Bytes(row, 0), r.Int(row, 1),  r.Bytes(row, 2), r.Int(row, 3),
                      r.Int(row, 4),   r.Text(row, 5), r.Int(row, 6),   r.Int(row, 7)};
  }
  static std::optional<Account> ReadAccount(const PgResult& r) {
    if (r.rows() == 0) return std::nullopt;
    return Account{r.Int(0, 0), r.Text(0, 1), r.Text(0, 2), r.Text(0, 3), r.Int(0, 4)};
  }
  static SessionRow ReadSession(const PgResult& r, int row) {
    return SessionRow{r.Int(row, 0), r.Int(row, 1), r.Int(row, 2), r.Int(row, 3), r.Text(row, 4)};
  }

  std::mutex mu_;
  PgConnection db_;
};

}  // namespace

std::unique_ptr<AccountStore> OpenPostgresAccounts(const std::string& url, Durability durability) {
  return std::make_unique<PostgresAccounts>(url, durability);
}

}  // namespace carc::server::store
