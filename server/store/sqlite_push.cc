#include "store/sqlite_push.h"

#include <mutex>

#include "store/sqlite_statement.h"

namespace carc::server::store {
namespace {

class SqlitePush final : public PushStore {
 public:
  SqlitePush(const std::string& path, Durability durability) {
    conn_.Open(path, SQLITE_OPEN_READWRITE, "push subscriptions");
    try {
      UsePlayerDataPragmas(conn_.db, durability == Durability::kFull);
      owner_of_ = conn_.Make("SELECT account_id FROM push_subscriptions WHERE endpoint = ?");
      count_ = conn_.Make("SELECT count(*) FROM push_subscriptions WHERE account_id = ?");
      upsert_ = conn_.Make(
          "INSERT INTO push_subscriptions (account_id, session_id, endpoint, p256dh, auth, lang, "
          "created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET "
          "account_id = excluded.account_id, session_id = excluded.session_id, "
          "p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang, failures = 0");
      delete_ = conn_.Make("DELETE FROM push_subscriptions WHERE account_id = ? AND endpoint = ?");
      list_ = conn_.Make(
          "SELECT id, account_id, session_id, endpoint, p256dh, auth, lang, created_at, failures "
          "FROM push_subscriptions WHERE account_id = ? ORDER BY id");
      ok_ = conn_.Make("UPDATE push_subscriptions SET failures = 0 WHERE id = ?");
      failed_ = conn_.Make("UPDATE push_subscriptions SET failures = failures + 1 WHERE id = ?");
      drop_ = conn_.Make("DELETE FROM push_subscriptions WHERE id = ?");
      put_key_ = conn_.Make(
          "INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING");
      get_key_ = conn_.Make("SELECT value FROM server_keys WHERE name = ?");
    } catch (const StoreError& e) {
      conn_.Close();
      throw StoreError(path + ": " + e.what());
    }
  }
  ~SqlitePush() override { conn_.Close(); }

  PutSubscription Put(const PushSubscriptionRow& row, int max_per_account) override {
    std::lock_guard lock(mu_);
    return InSqliteTransaction(conn_.db, [&] {
      std::int64_t owner = 0;
      {
        ResetOnExit reset{*owner_of_};
        owner_of_->Bind(1, row.endpoint);
        if (owner_of_->Step()) owner = owner_of_->Int(0);
      }
      const bool kept = owner != 0;
      // An endpoint already the account's does not count against its limit a second time.
      if (owner != row.account) {
        ResetOnExit reset{*count_};
        count_->Bind(1, row.account);
        if (count_->Step() && count_->Int(0) >= max_per_account) {
          return PutSubscription::kFull;  // nothing written
        }
      }
      upsert_->Bind(1, row.account)
          .Bind(2, row.session)
          .Bind(3, row.endpoint)
          .BindBlob(4, row.p256dh)
          .BindBlob(5, row.auth)
          .Bind(6, row.lang)
          .Bind(7, row.created_at);
      upsert_->Run();
      return kept ? PutSubscription::kUpdated : PutSubscription::kCreated;
    });
  }

  bool Delete(std::int64_t account, const std::string& endpoint) override {
    std::lock_guard lock(mu_);
    delete_->Bind(1, account).Bind(2, endpoint);
    delete_->Run();
    return sqlite3_changes(conn_.db) > 0;
  }

  std::vector<PushSubscriptionRow> Subscriptions(std::int64_t account) override {
    std::lock_guard lock(mu_);
    Statement& s = *list_;
    ResetOnExit reset{s};
    s.Bind(1, account);
    std::vector<PushSubscriptionRow> out;
    while (s.Step()) {
      out.push_back({s.Int(0), s.Int(1), s.Int(2), s.Text(3), s.Text(4), s.Text(5), s.Text(6),
                     s.Int(7), static_cast<int>(s.Int(8))});
    }
    return out;
  }

  void Delivered(std::int64_t id, bool ok, bool drop) override {
    std::lock_guard lock(mu_);
    Statement& s = drop ? *drop_ : ok ? *ok_ : *failed_;
    s.Bind(1, id);
    s.Run();
  }

  std::string ServerKey(const std::string& name, const std::string& candidate) override {
    std::lock_guard lock(mu_);
    put_key_->Bind(1, name).Bind(2, candidate);
    put_key_->Run();
    ResetOnExit reset{*get_key_};
    get_key_->Bind(1, name);
    if (!get_key_->Step()) throw StoreError("the server key " + name + " was not kept");
    return get_key_->Text(0);
  }

 private:
  std::mutex mu_;
  PreparedConnection conn_;
  Statement* owner_of_ = nullptr;
  Statement* count_ = nullptr;
  Statement* upsert_ = nullptr;
  Statement* delete_ = nullptr;
  Statement* list_ = nullptr;
  Statement* ok_ = nullptr;
  Statement* failed_ = nullptr;
  Statement* drop_ = nullptr;
  Statement* put_key_ = nullptr;
  Statement* get_key_ = nullptr;
};

}  // namespace

std::unique_ptr<PushStore> OpenSqlitePush(const std::string& path, Durability durability) {
  return std::make_unique<SqlitePush>(path, durability);
}

}  // namespace carc::server::store
