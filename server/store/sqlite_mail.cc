#include "store/sqlite_mail.h"

#include <mutex>

#include "store/sqlite_statement.h"

namespace carc::server::store {
namespace {

class SqliteMail final : public MailStore {
 public:
  SqliteMail(const std::string& path, Durability durability) {
    conn_.Open(path, SQLITE_OPEN_READWRITE, "e-mail addresses");
    try {
      UsePlayerDataPragmas(conn_.db, durability == Durability::kFull);
      sent_at_ = conn_.Make("SELECT token_sent_at FROM account_mail WHERE account_id = ?");
      set_ = conn_.Make(
          "INSERT INTO account_mail (account_id, address, lang, verified, token_hash, "
          "token_expires_at, token_sent_at) VALUES (?, ?, ?, 0, ?, ?, ?) "
          "ON CONFLICT (account_id) DO UPDATE SET address = excluded.address, "
          "lang = excluded.lang, verified = 0, token_hash = excluded.token_hash, "
          "token_expires_at = excluded.token_expires_at, token_sent_at = excluded.token_sent_at");
      get_ = conn_.Make(
          "SELECT address, lang, verified, digest, token_sent_at, last_digest_at "
          "FROM account_mail WHERE account_id = ?");
      verify_ = conn_.Make(
          "UPDATE account_mail SET verified = 1, token_hash = NULL, token_expires_at = NULL "
          "WHERE token_hash = ? AND token_expires_at > ? RETURNING account_id");
      delete_ = conn_.Make("DELETE FROM account_mail WHERE account_id = ?");
      digest_ = conn_.Make("UPDATE account_mail SET digest = ? WHERE account_id = ?");
      due_ = conn_.Make(
          "SELECT m.account_id, a.name, m.address, m.lang FROM account_mail m "
          "JOIN accounts a ON a.id = m.account_id WHERE m.verified = 1 AND m.digest = 1 AND "
          "m.last_digest_at <= ? ORDER BY m.last_digest_at, m.account_id LIMIT ?");
      claim_ = conn_.Make("UPDATE account_mail SET last_digest_at = ? WHERE account_id = ?");
    } catch (const StoreError& e) {
      conn_.Close();
      throw StoreError(path + ": " + e.what());
    }
  }
  ~SqliteMail() override { conn_.Close(); }

  SetAddressOutcome SetAddress(AccountId account, const MailTokenRow& token,
                               std::int64_t resend_after) override {
    std::lock_guard lock(mu_);
    return InSqliteTransaction(conn_.db, [&] {
      {
        ResetOnExit reset{*sent_at_};
        sent_at_->Bind(1, account);
        if (sent_at_->Step() && sent_at_->Int(0) >= resend_after) {
          return SetAddressOutcome::kTooSoon;
        }
      }
      set_->Bind(1, account)
          .Bind(2, token.address)
          .Bind(3, token.lang)
          .Bind(4, token.token_hash)
          .Bind(5, token.expires_at)
          .Bind(6, token.sent_at);
      set_->Run();
      return SetAddressOutcome::kSet;
    });
  }

  std::optional<MailAddressRow> Address(AccountId account) override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*get_};
    get_->Bind(1, account);
    if (!get_->Step()) return std::nullopt;
    return MailAddressRow{get_->Text(0),     get_->Text(1), get_->Int(2) != 0,
                          get_->Int(3) != 0, get_->Int(4),  get_->Int(5)};
  }

  std::optional<AccountId> Verify(const std::string& token_hash, std::int64_t now) override {
    std::lock_guard lock(mu_);
    ResetOnExit reset{*verify_};
    verify_->Bind(1, token_hash).Bind(2, now);
    if (!verify_->Step()) return std::nullopt;
    return verify_->Int(0);
  }

  bool DeleteAddress(AccountId account) override {
    std::lock_guard lock(mu_);
    delete_->Bind(1, account);
    delete_->Run();
    return sqlite3_changes(conn_.db) > 0;
  }

  bool SetDigest(AccountId account, bool on) override {
    std::lock_guard lock(mu_);
    digest_->Bind(1, std::int64_t{on ? 1 : 0}).Bind(2, account);
    digest_->Run();
    return sqlite3_changes(conn_.db) > 0;
  }

  std::vector<DigestDue> ClaimDigests(std::int64_t due_at_or_before, std::int64_t now,
                                      int limit) override {
    std::lock_guard lock(mu_);
    return InSqliteTransaction(conn_.db, [&] {
      std::vector<DigestDue> due;
      {
        ResetOnExit reset{*due_};
        due_->Bind(1, due_at_or_before).Bind(2, std::int64_t{limit});
        while (due_->Step())
          due.push_back({due_->Int(0), due_->Text(1), due_->Text(2), due_->Text(3)});
      }
      for (const auto& d : due) {
        claim_->Bind(1, now).Bind(2, d.account);
        claim_->Run();
      }
      return due;
    });
  }

  void PostponeDigest(AccountId account, std::int64_t last_digest_at) override {
    std::lock_guard lock(mu_);
    claim_->Bind(1, last_digest_at).Bind(2, account);
    claim_->Run();
  }

 private:
  std::mutex mu_;
  PreparedConnection conn_;
  Statement* sent_at_ = nullptr;
  Statement* set_ = nullptr;
  Statement* get_ = nullptr;
  Statement* verify_ = nullptr;
  Statement* delete_ = nullptr;
  Statement* digest_ = nullptr;
  Statement* due_ = nullptr;
  Statement* claim_ = nullptr;
};

}  // namespace

std::unique_ptr<MailStore> OpenSqliteMail(const std::string& path, Durability durability) {
  return std::make_unique<SqliteMail>(path, durability);
}

}  // namespace carc::server::store
