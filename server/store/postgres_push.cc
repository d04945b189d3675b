#include "store/postgres_push.h"

#include <mutex>

#include "store/pg_connection.h"

namespace carc::server::store {
namespace {

class PostgresPush final : public PushStore {
 public:
  PostgresPush(const std::string& url, Durability durability)
      : db_(url, durability == Durability::kFull ? "SET synchronous_commit = on"
                                                 : "SET synchronous_commit = off") {}

  PutSubscription Put(const PushSubscriptionRow& row, int max_per_account) override {
    std::lock_guard lock(mu_);
    db_.Begin();
    try {
      // The account's row locked: two nodes adding at once cannot both pass the count.
      db_.Exec("SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE", {PgParam::Int(row.account)});
      const PgResult owner =
          db_.Exec("SELECT account_id FROM push_subscriptions WHERE endpoint = $1", {row.endpoint});
      const bool kept = owner.rows() > 0;
      if (!kept || owner.Int(0, 0) != row.account) {
        const PgResult count =
            db_.Exec("SELECT count(*) FROM push_subscriptions WHERE account_id = $1",
                     {PgParam::Int(row.account)});
        if (count.Int(0, 0) >= max_per_account) {
          db_.RollbackQuietly();
          return PutSubscription::kFull;
        }
      }
      db_.Exec(
          "INSERT INTO push_subscriptions (account_id, session_id, endpoint, p256dh, auth, lang, "
          "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (endpoint) DO UPDATE SET "
          "account_id = EXCLUDED.account_id, session_id = EXCLUDED.session_id, "
          "p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang, failures = 0",
          {PgParam::Int(row.account), PgParam::Int(row.session), row.endpoint,
           PgParam::Bytes(row.p256dh), PgParam::Bytes(row.auth), row.lang,
           PgParam::Int(row.created_at)});
      db_.Commit();
      return kept ? PutSubscription::kUpdated : PutSubscription::kCreated;
    } catch (...) {
      db_.RollbackQuietly();
      throw;
    }
  }

  bool Delete(std::int64_t account, const std::string& endpoint) override {
    std::lock_guard lock(mu_);
    return db_.Exec("DELETE FROM push_subscriptions WHERE account_id = $1 AND endpoint = $2",
                    {PgParam::Int(account), endpoint})
               .affected() > 0;
  }

  std::vector<PushSubscriptionRow> Subscriptions(std::int64_t account) override {
    std::lock_guard lock(mu_);
    const PgResult r = db_.Exec(
        "SELECT id, account_id, session_id, endpoint, p256dh, auth, lang, created_at, failures "
        "FROM push_subscriptions WHERE account_id = $1 ORDER BY id",
        {PgParam::Int(account)});
    std::vector<PushSubscriptionRow> out;
    for (int i = 0; i < r.rows(); ++i) {
      out.push_back({r.Int(i, 0), r.Int(i, 1), r.Int(i, 2), r.Text(i, 3), r.Bytes(i, 4),
                     r.Bytes(i, 5), r.Text(i, 6), r.Int(i, 7), static_cast<int>(r.Int(i, 8))});
    }
    return out;
  }

  void Delivered(std::int64_t id, bool ok, bool drop) override {
    std::lock_guard lock(mu_);
    db_.Exec(drop ? "DELETE FROM push_subscriptions WHERE id = $1"
             : ok ? "UPDATE push_subscriptions SET failures = 0 WHERE id = $1"
                  : "UPDATE push_subscriptions SET failures = failures + 1 WHERE id = $1",
             {PgParam::Int(id)});
  }

  std::string ServerKey(const std::string& name, const std::string& candidate) override {
    std::lock_guard lock(mu_);
    db_.Exec("INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
             {name, candidate});
    const PgResult r = db_.Exec("SELECT value FROM server_keys WHERE name = $1", {name});
    if (r.rows() == 0) throw StoreError("the server key " + name + " was not kept");
    return r.Text(0, 0);
  }

 private:
  std::mutex mu_;
  PgConnection db_;
};

}  // namespace

std::unique_ptr<PushStore> OpenPostgresPush(const std::string& url, Durability durability) {
  return std::make_unique<PostgresPush>(url, durability);
}

}  // namespace carc::server::store
