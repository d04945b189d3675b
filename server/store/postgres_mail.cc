#include "store/postgres_mail.h"

#include <mutex>

#include "store/pg_connection.h"

namespace carc::server::store {
namespace {

class PostgresMail final : public MailStore {
 public:
  PostgresMail(const std::string& url, Durability durability)
      : db_(url, durability == Durability::kFull ? "SET synchronous_commit = on"
                                                 : "SET synchronous_commit = off") {}

  SetAddressOutcome SetAddress(AccountId account, const MailTokenRow& token,
                               std::int64_t resend_after) override {
    std::lock_guard lock(mu_);
    // One statement: the row is replaced only when no verification mail went out since
    // `resend_after`, and two nodes cannot both pass that check.
    const PgResult r = db_.Exec(
        "INSERT INTO account_mail (account_id, address, lang, verified, token_hash, "
        "token_expires_at, token_sent_at) VALUES ($1, $2, $3, FALSE, $4, $5, $6) "
        "ON CONFLICT (account_id) DO UPDATE SET address = EXCLUDED.address, "
        "lang = EXCLUDED.lang, verified = FALSE, token_hash = EXCLUDED.token_hash, "
        "token_expires_at = EXCLUDED.token_expires_at, token_sent_at = EXCLUDED.token_sent_at "
        "WHERE account_mail.token_sent_at < $7",
        {PgParam::Int(account), token.address, token.lang, token.token_hash,
         PgParam::Int(token.expires_at), PgParam::Int(token.sent_at), PgParam::Int(resend_after)});
    return r.affected() > 0 ? SetAddressOutcome::kSet : SetAddressOutcome::kTooSoon;
  }

  std::optional<MailAddressRow> Address(AccountId account) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT address, lang, verified::int, digest::int, token_sent_at, last_digest_at "
        "FROM account_mail WHERE account_id = $1",
        {PgParam::Int(account)});
    if (r.rows() == 0) return std::nullopt;
    return MailAddressRow{r.Text(0, 0),     r.Text(0, 1), r.Int(0, 2) != 0,
                          r.Int(0, 3) != 0, r.Int(0, 4),  r.Int(0, 5)};
  }

  std::optional<AccountId> Verify(const std::string& token_hash, std::int64_t now) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "UPDATE account_mail SET verified = TRUE, token_hash = NULL, token_expires_at = NULL "
        "WHERE token_hash = $1 AND token_expires_at > $2 RETURNING account_id",
        {token_hash, PgParam::Int(now)});
    if (r.rows() == 0) return std::nullopt;
    return r.Int(0, 0);
  }

  bool DeleteAddress(AccountId account) override {
    std::lock_guard lock(mu_);
    return db_.Exec("DELETE FROM account_mail WHERE account_id = $1", {PgParam::Int(account)})
               .affected() > 0;
  }

  bool SetDigest(AccountId account, bool on) override {
    std::lock_guard lock(mu_);
    return db_.Exec("UPDATE account_mail SET digest = ($1 = 1) WHERE account_id = $2",
                    {PgParam::Int(on ? 1 : 0), PgParam::Int(account)})
               .affected() > 0;
  }

  std::vector<DigestDue> ClaimDigests(std::int64_t due_at_or_before, std::int64_t now,
                                      int limit) override {
    std::lock_guard lock(mu_);
    // SKIP LOCKED: nodes sweeping at once take different accounts instead of waiting.
    const PgResult r = db_.Exec(
        "WITH due AS (SELECT account_id FROM account_mail WHERE verified AND digest AND "
        "last_digest_at <= $1 ORDER BY last_digest_at, account_id LIMIT $2 "
        "FOR UPDATE SKIP LOCKED) "
        "UPDATE account_mail m SET last_digest_at = $3 FROM due, accounts a "
        "WHERE m.account_id = due.account_id AND a.id = m.account_id "
        "RETURNING m.account_id, a.name, m.address, m.lang",
        {PgParam::Int(due_at_or_before), PgParam::Int(limit), PgParam::Int(now)});
    std::vector<DigestDue> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Int(i, 0), r.Text(i, 1), r.Text(i, 2), r.Text(i, 3)});
    }
    return out;
  }

  void PostponeDigest(AccountId account, std::int64_t last_digest_at) override {
    std::lock_guard lock(mu_);
    db_.Exec("UPDATE account_mail SET last_digest_at = $1 WHERE account_id = $2",
             {PgParam::Int(last_digest_at), PgParam::Int(account)});
  }

 private:
  std::mutex mu_;
  PgConnection db_;
};

}  // namespace

std::unique_ptr<MailStore> OpenPostgresMail(const std::string& url, Durability durability) {
  return std::make_unique<PostgresMail>(url, durability);
}

}  // namespace carc::server::store
