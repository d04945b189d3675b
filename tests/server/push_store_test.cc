// The push subscriptions a store keeps (store/push_store.h), checked the same way against the
// SQLite file and PostgreSQL: kept and replaced by endpoint, limited per account, moved to the
// account that posts an endpoint last, failures counted and gone subscriptions dropped, ended
// with the session that made them and with the account, and the server's key made once.
#include <catch2/catch.hpp>

#include "store/account_store.h"
#include "store/postgres_store.h"
#include "store/push_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

namespace {

#define PUSH_CONTRACT(name, check)                                                              \
  TEST_CASE("push store, sqlite: " name, "[store][push]") {                                     \
    auto store = cs::OpenSqliteStore(cs::StorePath(test::NewDataDir()), cs::Durability::kFull); \
    REQUIRE(store->push() != nullptr);                                                          \
    check(*store);                                                                              \
  }                                                                                             \
  TEST_CASE("push store, postgres: " name, "[store][push][postgres]") {                         \
    auto store = cs::OpenPostgresStore(test::NewPostgresDatabase(), cs::Durability::kFull);     \
    REQUIRE(store->push() != nullptr);                                                          \
    check(*store);                                                                              \
  }

// A subscription of `account`'s session to `endpoint`; its keys hold a zero byte (raw bytes,
// not text).
cs::PushSubscriptionRow PushRow(std::int64_t account, std::int64_t session,
                                const std::string& endpoint, const std::string& lang = "en") {
  cs::PushSubscriptionRow row;
  row.account = account;
  row.session = session;
  row.endpoint = endpoint;
  row.p256dh = std::string(1, '\x04') + std::string(31, '\0') + std::string(33, 'k');
  row.auth = std::string(15, 'a') + '\0';
  row.lang = lang;
  row.created_at = 1000;
  return row;
}

struct PushPeople {
  std::int64_t ada = 0, bob = 0;
  std::int64_t ada_phone = 0, ada_laptop = 0, bob_phone = 0;
};

PushPeople MakePushPeople(cs::EventStore& store) {
  cs::AccountStore& a = *store.accounts();
  PushPeople p;
  p.ada = *a.CreateAccount("Ada", "ada", "h", 0);
  p.bob = *a.CreateAccount("Bob", "bob", "h", 0);
  p.ada_phone = a.CreateSession(p.ada, "hash-1", "phone", 0);
  p.ada_laptop = a.CreateSession(p.ada, "hash-2", "laptop", 0);
  p.bob_phone = a.CreateSession(p.bob, "hash-3", "phone", 0);
  return p;
}

std::vector<std::string> EndpointsOf(cs::PushStore& push, std::int64_t account) {
  std::vector<std::string> out;
  for (const auto& s : push.Subscriptions(account)) out.push_back(s.endpoint);
  return out;
}

void KeptReplacedAndLimited(cs::EventStore& store) {
  cs::PushStore& push = *store.push();
  const PushPeople p = MakePushPeople(store);
  using Put = cs::PutSubscription;
  CHECK(push.Put(PushRow(p.ada, p.ada_phone, "https://push.example.com/1"), 2) == Put::kCreated);
  auto kept = push.Subscriptions(p.ada);
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].session == p.ada_phone);
  CHECK(kept[0].p256dh == PushRow(0, 0, "").p256dh);  // bytes, zero included
  CHECK(kept[0].auth.size() == 16);
  CHECK(kept[0].lang == "en");
  CHECK(kept[0].created_at == 1000);
  // The same endpoint again (new keys or language): the row is replaced, not doubled.
  CHECK(push.Put(PushRow(p.ada, p.ada_phone, "https://push.example.com/1", "de"), 2) ==
        Put::kUpdated);
  kept = push.Subscriptions(p.ada);
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].lang == "de");
  // At most 2 for Ada; one she has already is no new one.
  CHECK(push.Put(PushRow(p.ada, p.ada_laptop, "https://push.example.com/2"), 2) == Put::kCreated);
  CHECK(push.Put(PushRow(p.ada, p.ada_laptop, "https://push.example.com/3"), 2) == Put::kFull);
  CHECK(push.Put(PushRow(p.ada, p.ada_phone, "https://push.example.com/1"), 2) == Put::kUpdated);
  CHECK(EndpointsOf(push, p.ada) ==
        std::vector<std::string>{"https://push.example.com/1", "https://push.example.com/2"});
  // Bob signs in on Ada's phone's browser: its endpoint is his now.
  CHECK(push.Put(PushRow(p.bob, p.bob_phone, "https://push.example.com/1"), 2) == Put::kUpdated);
  CHECK(EndpointsOf(push, p.ada) == std::vector<std::string>{"https://push.example.com/2"});
  CHECK(EndpointsOf(push, p.bob) == std::vector<std::string>{"https://push.example.com/1"});
  // Only its owner ends a subscription.
  CHECK_FALSE(push.Delete(p.ada, "https://push.example.com/1"));
  CHECK(push.Delete(p.bob, "https://push.example.com/1"));
  CHECK_FALSE(push.Delete(p.bob, "https://push.example.com/1"));
  CHECK(push.Subscriptions(p.bob).empty());
}

void DeliveriesCounted(cs::EventStore& store) {
  cs::PushStore& push = *store.push();
  const PushPeople p = MakePushPeople(store);
  push.Put(PushRow(p.ada, p.ada_phone, "https://push.example.com/a"), 10);
  const std::int64_t id = push.Subscriptions(p.ada).at(0).id;
  push.Delivered(id, /*ok=*/false, /*drop=*/false);
  push.Delivered(id, false, false);
  CHECK(push.Subscriptions(p.ada).at(0).failures == 2);
  push.Delivered(id, true, false);
  CHECK(push.Subscriptions(p.ada).at(0).failures == 0);
  // The push service answered 404 or 410: the subscription is gone for good.
  push.Delivered(id, false, true);
  CHECK(push.Subscriptions(p.ada).empty());
  push.Delivered(id, true, false);  // a late answer for a dropped row changes nothing
  CHECK(push.Subscriptions(p.ada).empty());
}

void EndedWithSessionAndAccount(cs::EventStore& store) {
  cs::PushStore& push = *store.push();
  cs::AccountStore& accounts = *store.accounts();
  const PushPeople p = MakePushPeople(store);
  push.Put(PushRow(p.ada, p.ada_phone, "https://push.example.com/phone"), 10);
  push.Put(PushRow(p.ada, p.ada_laptop, "https://push.example.com/laptop"), 10);
  push.Put(PushRow(p.bob, p.bob_phone, "https://push.example.com/bob"), 10);
  // Signing out on the laptop: the laptop gets no more notices, the phone still does.
  CHECK(accounts.EndSession(p.ada, p.ada_laptop));
  CHECK(EndpointsOf(push, p.ada) == std::vector<std::string>{"https://push.example.com/phone"});
  // Deleting the account: none of hers is left; Bob's stays.
  CHECK(accounts.DeleteAccount(p.ada, "Deleted player", {}));
  CHECK(push.Subscriptions(p.ada).empty());
  CHECK(EndpointsOf(push, p.bob) == std::vector<std::string>{"https://push.example.com/bob"});
}

void ServerKeyMadeOnce(cs::EventStore& store) {
  cs::PushStore& push = *store.push();
  CHECK(push.ServerKey("vapid", "first") == "first");
  CHECK(push.ServerKey("vapid", "second") == "first");  // another node starting later
  CHECK(push.ServerKey("other", "x") == "x");
}

}  // namespace

PUSH_CONTRACT("a subscription is kept, replaced by its endpoint, and limited per account",
              KeptReplacedAndLimited)
PUSH_CONTRACT("deliveries count failures, and a gone subscription is dropped", DeliveriesCounted)
PUSH_CONTRACT("a subscription ends with the session that made it and with the account",
              EndedWithSessionAndAccount)
PUSH_CONTRACT("the server's key is made once and read by every node", ServerKeyMadeOnce)

TEST_CASE("push store, sqlite: the server's key outlives a restart", "[store][push]") {
  const std::string path = cs::StorePath(test::NewDataDir());
  {
    auto store = cs::OpenSqliteStore(path, cs::Durability::kFull);
    CHECK(store->push()->ServerKey("vapid", "kept") == "kept");
  }
  auto again = cs::OpenSqliteStore(path, cs::Durability::kFull);
  CHECK(again->push()->ServerKey("vapid", "new") == "kept");
}
