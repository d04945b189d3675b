// E-mail addresses as a store keeps them (store/mail_store.h), checked the same way against the
// SQLite file and PostgreSQL: an address set unverified with its token, a second link refused
// within the resend time, verification by the token's hash only before it expires and only
// once, a new address unverified again, the digest claimed once per interval and only for a
// verified address that wants it, and the row gone with the account.
#include <catch2/catch.hpp>

#include "store/account_store.h"
#include "store/mail_store.h"
#include "store/postgres_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

namespace carc::test::mail_store {

#define MAIL_CONTRACT(name, check)                                                              \
  TEST_CASE("mail store, sqlite: " name, "[store][mail]") {                                     \
    auto store = cs::OpenSqliteStore(cs::StorePath(test::NewDataDir()), cs::Durability::kFull); \
    REQUIRE(store->mail() != nullptr);                                                          \
    check(*store);                                                                              \
  }                                                                                             \
  TEST_CASE("mail store, postgres: " name, "[store][mail][postgres]") {                         \
    auto store = cs::OpenPostgresStore(test::NewPostgresDatabase(), cs::Durability::kFull);     \
    REQUIRE(store->mail() != nullptr);                                                          \
    check(*store);                                                                              \
  }

constexpr std::int64_t kMailNow = 1'800'000'000;
constexpr std::int64_t kMailDay = 24 * 3600;

cs::MailTokenRow MailToken(const std::string& address, const std::string& hash,
                           std::int64_t at = kMailNow) {
  return {address, "de", hash, at, at + kMailDay};
}

void AddressSetThenVerifiedOnce(cs::EventStore& store) {
  cs::MailStore& mail = *store.mail();
  const cs::AccountId ada = *store.accounts()->CreateAccount("Ada", "ada", "h", 0);
  CHECK_FALSE(mail.Address(ada).has_value());
  CHECK(mail.SetAddress(ada, MailToken("ada@example.org", "hash-1"), kMailNow - 600) ==
        cs::SetAddressOutcome::kSet);
  auto row = mail.Address(ada);
  REQUIRE(row.has_value());
  CHECK(row->address == "ada@example.org");
  CHECK(row->lang == "de");
  CHECK_FALSE(row->verified);
  CHECK(row->digest);
  CHECK(row->token_sent_at == kMailNow);
  // Another link within the resend time: refused, nothing changes.
  CHECK(mail.SetAddress(ada, MailToken("ada@example.com", "hash-2", kMailNow + 60),
                        kMailNow + 60 - 600) == cs::SetAddressOutcome::kTooSoon);
  CHECK(mail.Address(ada)->address == "ada@example.org");
  CHECK_FALSE(mail.Verify("hash-2", kMailNow + 60).has_value());
  // The token verifies before it expires, once.
  CHECK_FALSE(mail.Verify("hash-x", kMailNow + 60).has_value());
  CHECK(mail.Verify("hash-1", kMailNow + 60) == ada);
  CHECK(mail.Address(ada)->verified);
  CHECK_FALSE(mail.Verify("hash-1", kMailNow + 61).has_value());
  // A new address after the resend time is unverified again, and its token expires.
  const std::int64_t later = kMailNow + 3600;
  CHECK(mail.SetAddress(ada, MailToken("ada@example.com", "hash-3", later), later - 600) ==
        cs::SetAddressOutcome::kSet);
  CHECK(mail.Address(ada)->address == "ada@example.com");
  CHECK_FALSE(mail.Address(ada)->verified);
  CHECK_FALSE(mail.Verify("hash-3", later + kMailDay).has_value());
  CHECK_FALSE(mail.Address(ada)->verified);
}
MAIL_CONTRACT("an address is set unverified and its token verifies it once before expiry",
              AddressSetThenVerifiedOnce)

void DigestsClaimedOncePerInterval(cs::EventStore& store) {
  cs::MailStore& mail = *store.mail();
  cs::AccountStore& accounts = *store.accounts();
  const cs::AccountId ada = *accounts.CreateAccount("Ada", "ada", "h", 0);
  const cs::AccountId bob = *accounts.CreateAccount("Bob", "bob", "h", 0);
  const cs::AccountId cy = *accounts.CreateAccount("Cy", "cy", "h", 0);
  REQUIRE(mail.SetAddress(ada, MailToken("ada@example.org", "a"), 0) ==
          cs::SetAddressOutcome::kSet);
  REQUIRE(mail.SetAddress(bob, MailToken("bob@example.org", "b"), 0) ==
          cs::SetAddressOutcome::kSet);
  REQUIRE(mail.SetAddress(cy, MailToken("cy@example.org", "c"), 0) == cs::SetAddressOutcome::kSet);
  REQUIRE(mail.Verify("a", kMailNow));
  REQUIRE(mail.Verify("b", kMailNow));  // Cy's address stays unverified: never a digest
  CHECK(mail.SetDigest(bob, false));
  CHECK_FALSE(mail.SetDigest(*accounts.CreateAccount("Dee", "dee", "h", 0), true));

  auto due = mail.ClaimDigests(kMailNow - kMailDay, kMailNow, 10);
  REQUIRE(due.size() == 1);
  CHECK(due[0].account == ada);
  CHECK(due[0].name == "Ada");
  CHECK(due[0].address == "ada@example.org");
  CHECK(due[0].lang == "de");
  CHECK(mail.Address(ada)->last_digest_at == kMailNow);
  // Claimed: not again within the interval, again after it.
  CHECK(mail.ClaimDigests(kMailNow + 3600 - kMailDay, kMailNow + 3600, 10).empty());
  CHECK(mail.SetDigest(bob, true));
  due = mail.ClaimDigests(kMailNow + kMailDay - kMailDay, kMailNow + kMailDay, 1);
  REQUIRE(due.size() == 1);  // the limit; the longest waiting (Bob, never) first
  CHECK(due[0].account == bob);
  due = mail.ClaimDigests(kMailNow, kMailNow + kMailDay, 10);
  REQUIRE(due.size() == 1);
  CHECK(due[0].account == ada);
}
MAIL_CONTRACT("digests are claimed once per interval and only for verified addresses",
              DigestsClaimedOncePerInterval)

void MailGoneWithAccount(cs::EventStore& store) {
  cs::MailStore& mail = *store.mail();
  cs::AccountStore& accounts = *store.accounts();
  const cs::AccountId ada = *accounts.CreateAccount("Ada", "ada", "h", 0);
  const cs::AccountId bob = *accounts.CreateAccount("Bob", "bob", "h", 0);
  REQUIRE(mail.SetAddress(ada, MailToken("ada@example.org", "a"), 0) ==
          cs::SetAddressOutcome::kSet);
  REQUIRE(mail.SetAddress(bob, MailToken("bob@example.org", "b"), 0) ==
          cs::SetAddressOutcome::kSet);
  CHECK(accounts.DeleteAccount(ada, "Deleted player", {}));
  CHECK_FALSE(mail.Address(ada).has_value());
  CHECK_FALSE(mail.Verify("a", kMailNow).has_value());
  CHECK(mail.Address(bob).has_value());
  CHECK(mail.DeleteAddress(bob));
  CHECK_FALSE(mail.DeleteAddress(bob));
  CHECK_FALSE(mail.Address(bob).has_value());
}
MAIL_CONTRACT("an address goes with its account or when removed", MailGoneWithAccount)

}  // namespace carc::test::mail_store
