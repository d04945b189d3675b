// The AccountStore contract (store/account_store.h), checked the same way against the SQLite
// file and PostgreSQL (the ctest fixture "postgres" starts a real server).
#include <catch2/catch.hpp>

#include "carc/store/v1/room_log.pb.h"
#include "store/account_store.h"
#include "store/postgres_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

namespace {

std::unique_ptr<cs::EventStore> OpenAccountsSqlite() {
  return cs::OpenSqliteStore(cs::StorePath(test::NewDataDir()), cs::Durability::kFull);
}

std::unique_ptr<cs::EventStore> OpenAccountsPostgres() {
  return cs::OpenPostgresStore(test::NewPostgresDatabase(), cs::Durability::kFull);
}

#define ACCOUNT_CONTRACT(name, check)                                          \
  TEST_CASE("account store, sqlite: " name, "[store][accounts]") {             \
    auto store = OpenAccountsSqlite();                                         \
    REQUIRE(store->accounts() != nullptr);                                     \
    check(*store->accounts());                                                 \
  }                                                                            \
  TEST_CASE("account store, postgres: " name, "[store][accounts][postgres]") { \
    auto store = OpenAccountsPostgres();                                       \
    REQUIRE(store->accounts() != nullptr);                                     \
    check(*store->accounts());                                                 \
  }

void NamesAreUniqueByKey(cs::AccountStore& a) {
  const auto ada = a.CreateAccount("Ada", "ada", "$argon2id$hash-1", 100);
  REQUIRE(ada);
  CHECK_FALSE(a.CreateAccount("ADA", "ada", "$argon2id$hash-2", 101));
  const auto bob = a.CreateAccount("Bob", "bob", "$argon2id$hash-3", 102);
  REQUIRE(bob);
  CHECK(*bob != *ada);
  const auto read = a.AccountByKey("ada");
  REQUIRE(read);
  CHECK(read->id == *ada);
  CHECK(read->name == "Ada");
  CHECK(read->password_hash == "$argon2id$hash-1");
  CHECK(read->created_at == 100);
  CHECK_FALSE(a.AccountByKey("Ada"));  // keys are compared exactly: the caller folds them
  CHECK(a.AccountById(*bob)->name == "Bob");
  CHECK_FALSE(a.AccountById(*bob + 1000));
  a.SetPasswordHash(*ada, "$argon2id$hash-4");
  CHECK(a.AccountById(*ada)->password_hash == "$argon2id$hash-4");
}
ACCOUNT_CONTRACT("names are unique by their key", NamesAreUniqueByKey)

void FoundByTheBeginningOfTheirKey(cs::AccountStore& a) {
  for (const auto& [name, key] :
       std::vector<std::pair<std::string, std::string>>{{"Bob", "bob"},
                                                        {"Ada", "ada"},
                                                        {"Adalbert", "adalbert"},
                                                        {"Élodie", "élodie"},
                                                        {"Adb", "adb"}}) {
    REQUIRE(a.CreateAccount(name, key, "secret hash", 0));
  }
  const auto names = [&](const std::string& prefix, int limit) {
    std::vector<std::string> out;
    for (const cs::Account& found : a.AccountsByKeyPrefix(prefix, limit)) {
      CHECK(found.password_hash.empty());  // never listed
      out.push_back(found.name);
    }
    return out;
  };
  CHECK(names("ada", 10) == std::vector<std::string>{"Ada", "Adalbert"});
  CHECK(names("ad", 10) == std::vector<std::string>{"Ada", "Adalbert", "Adb"});
  CHECK(names("ad", 2) == std::vector<std::string>{"Ada", "Adalbert"});
  CHECK(names("é", 10) == std::vector<std::string>{"Élodie"});
  CHECK(names("", 10).size() == 5);
  CHECK(names("z", 10).empty());
  CHECK(names("%", 10).empty());  // no pattern: a beginning, as typed
}

ACCOUNT_CONTRACT("accounts are found by the beginning of their key, without their hashes",
                 FoundByTheBeginningOfTheirKey)

void SessionsLiveAndExpire(cs::AccountStore& a) {
  const auto ada = *a.CreateAccount("Ada", "ada", "h", 0);
  const auto one = a.CreateSession(ada, "hash-one", "Firefox on Linux", 1000);
  // Live: made after the absolute limit and seen after the idle one.
  auto s = a.SessionByHash("hash-one", 999, 999);
  REQUIRE(s);
  CHECK(s->id == one);
  CHECK(s->account == ada);
  CHECK(s->label == "Firefox on Linux");
  CHECK(s->created_at == 1000);
  CHECK(s->last_seen_at == 1000);
  CHECK_FALSE(a.SessionByHash("hash-one", 1000, 0));  // past its absolute life
  CHECK_FALSE(a.SessionByHash("hash-one", 0, 1000));  // idle too long
  CHECK_FALSE(a.SessionByHash("hash-two", 0, 0));
  a.TouchSession(one, 5000);
  CHECK(a.SessionByHash("hash-one", 0, 4999)->last_seen_at == 5000);
  a.TouchSession(one, 4000);  // an older touch never moves it back
  CHECK(a.SessionByHash("hash-one", 0, 0)->last_seen_at == 5000);
}
ACCOUNT_CONTRACT("sessions live until their idle or absolute expiry", SessionsLiveAndExpire)

void SessionsEnd(cs::AccountStore& a) {
  const auto ada = *a.CreateAccount("Ada", "ada", "h", 0);
  const auto bob = *a.CreateAccount("Bob", "bob", "h", 0);
  const auto s1 = a.CreateSession(ada, "a1", "one", 10);
  const auto s2 = a.CreateSession(ada, "a2", "two", 20);
  const auto s3 = a.CreateSession(ada, "a3", "three", 30);
  const auto b1 = a.CreateSession(bob, "b1", "bob's", 10);
  a.TouchSession(s1, 40);
  const auto list = a.Sessions(ada);
  REQUIRE(list.size() == 3);
  CHECK(list[0].id == s1);  // the most recently seen first
  CHECK(list[1].id == s3);
  CHECK(list[2].id == s2);
  CHECK_FALSE(a.EndSession(ada, b1));  // not Ada's
  CHECK(a.SessionByHash("b1", 0, 0));
  CHECK(a.EndSession(ada, s2));
  CHECK_FALSE(a.EndSession(ada, s2));
  CHECK_FALSE(a.SessionByHash("a2", 0, 0));
  CHECK(a.EndSessions(ada) == 2);
  CHECK(a.Sessions(ada).empty());
  CHECK(a.Sessions(bob).size() == 1);
}
ACCOUNT_CONTRACT("sessions end one by one or all at once, only the account's own", SessionsEnd)

void SessionsArePruned(cs::AccountStore& a) {
  const auto ada = *a.CreateAccount("Ada", "ada", "h", 0);
  for (int i = 1; i <= 6; ++i) a.CreateSession(ada, "s" + std::to_string(i), "x", 100 * i);
  // Keep 4: the two least recently seen go.
  a.PruneSessions(ada, 4, 0, 0);
  auto list = a.Sessions(ada);
  REQUIRE(list.size() == 4);
  CHECK_FALSE(a.SessionByHash("s1", 0, 0));
  CHECK_FALSE(a.SessionByHash("s2", 0, 0));
  // Expired ones go whatever the count: made at or before 300, or seen at or before 400.
  a.PruneSessions(ada, 100, 300, 0);
  CHECK(a.Sessions(ada).size() == 3);
  a.PruneSessions(ada, 100, 0, 400);
  CHECK(a.Sessions(ada).size() == 2);
  CHECK(a.SessionByHash("s6", 0, 0));
}
ACCOUNT_CONTRACT("sessions past the limit or expired are pruned", SessionsArePruned)

void PasskeysBelongToOneAccount(cs::AccountStore& a) {
  const auto ada = *a.CreateAccount("Ada", "ada", "h", 0);
  const auto bob = *a.CreateAccount("Bob", "bob", "h", 0);
  // Credential ids and keys are bytes, zero bytes included.
  const std::string id1("\x01\x00\xff id", 6);
  const std::string key1("\xa5\x01\x02\x00", 4);
  CHECK(a.AddPasskey({id1, ada, key1, -7, 0, "Phone", 10, 0}));
  CHECK_FALSE(a.AddPasskey({id1, bob, "other", -8, 0, "Laptop", 11, 0}));  // taken, by anyone
  CHECK(a.AddPasskey({"id2", ada, "key2", -8, 3, "Laptop", 20, 0}));
  const auto read = a.PasskeyById(id1);
  REQUIRE(read);
  CHECK(read->account == ada);
  CHECK(read->public_key == key1);
  CHECK(read->algorithm == -7);
  CHECK(read->label == "Phone");
  CHECK(read->last_used_at == 0);
  CHECK_FALSE(a.PasskeyById("id3"));
  const auto list = a.Passkeys(ada);
  REQUIRE(list.size() == 2);
  CHECK(list[0].credential_id == id1);  // oldest first
  CHECK(a.Passkeys(bob).empty());
  // The sign count moves only from the value the caller saw.
  CHECK(a.UsePasskey("id2", 3, 4, 50));
  CHECK_FALSE(a.UsePasskey("id2", 3, 5, 51));
  CHECK(a.PasskeyById("id2")->sign_count == 4);
  CHECK(a.PasskeyById("id2")->last_used_at == 50);
  CHECK_FALSE(a.DeletePasskey(bob, "id2"));
  CHECK(a.DeletePasskey(ada, "id2"));
  CHECK_FALSE(a.PasskeyById("id2"));
}
ACCOUNT_CONTRACT("passkeys belong to one account and their counts move once",
                 PasskeysBelongToOneAccount)

void ChallengesAreTakenOnce(cs::AccountStore& a) {
  a.PutChallenge("c1", "register", 7, 100, 0);
  a.PutChallenge("c2", "sign-in", 0, 100, 0);
  a.PutChallenge("c3", "sign-in", 0, 50, 0);
  CHECK_FALSE(a.TakeChallenge("c1", "sign-in", 10));  // issued for another purpose
  CHECK(a.TakeChallenge("c1", "register", 10) == 7);
  CHECK_FALSE(a.TakeChallenge("c1", "register", 10));  // once only
  CHECK_FALSE(a.TakeChallenge("c3", "sign-in", 50));   // expired
  CHECK(a.TakeChallenge("c2", "sign-in", 99) == 0);
  CHECK_FALSE(a.TakeChallenge("nope", "sign-in", 0));
  // An expired challenge nobody answers is swept by the next one made: only the new one is left
  // for its account to drop.
  a.PutChallenge("old", "password-reset", 9, 200, 150);
  a.PutChallenge("new", "password-reset", 9, 500, 300);
  CHECK(a.DropChallenges(9, "password-reset") == 1);
}
ACCOUNT_CONTRACT("passkey challenges are taken once, before they expire", ChallengesAreTakenOnce)

// The history reads the archive of the same store: these checks get the whole store.
#define HISTORY_CONTRACT(name, check)                                          \
  TEST_CASE("account store, sqlite: " name, "[store][accounts]") {             \
    auto store = OpenAccountsSqlite();                                         \
    check(*store);                                                             \
  }                                                                            \
  TEST_CASE("account store, postgres: " name, "[store][accounts][postgres]") { \
    auto store = OpenAccountsPostgres();                                       \
    check(*store);                                                             \
  }

cs::ArchivedGame Played(cs::EventStore& store, std::int64_t at, const std::string& game,
                        std::vector<cs::ArchivedPlayer> players, bool is_private = false) {
  const cs::RoomId id = store.CreateRoom("R" + std::to_string(at), "created");
  cs::ArchivedGame g;
  g.id = id;
  g.code = "R" + std::to_string(at);
  g.finished_at = at;
  g.players = std::move(players);
  g.game = game;
  g.is_private = is_private;
  store.Archive(g);
  return g;
}

// A lobby's seat table entry naming `seats` (name, account).
std::string SeatEntry(const std::vector<std::pair<std::string, std::int64_t>>& seats) {
  carc::store::v1::RoomLogEntry entry;
  for (const auto& [name, account] : seats) {
    auto* seat = entry.mutable_seats()->add_seats();
    seat->set_occupied(true);
    seat->set_name(name);
    seat->set_account_id(account);
  }
  return entry.SerializeAsString();
}

void HistoryTalliesAndDeletes(cs::EventStore& store) {
  cs::AccountStore& a = *store.accounts();
  const auto ada = *a.CreateAccount("Ada", "ada", "h", 0);
  const auto bob = *a.CreateAccount("Bob", "bob", "h", 0);
  a.CreateSession(ada, "ada-token", "x", 1);
  a.PutChallenge("ada-challenge", "register", ada, 1000, 0);
  const auto first = Played(store, 100, "base", {{"Ada", 30, ada}, {"Bob", 20, bob}});
  Played(store, 200, "base", {{"Bob", 40, bob}, {"Ada", 40, ada}});  // a shared first place
  Played(store, 300, "castle", {{"Ada", 10, ada}, {"guest", 50, 0}}, /*is_private=*/true);
  Played(store, 400, "base", {{"Bob", 1, bob}, {"Cy", 2, 0, "cy-token"}});
  // Cy played as a guest and signs up: the token claims the seat once, under the new name.
  const auto cy = *a.CreateAccount("Cyrus", "cyrus", "h", 0);
  CHECK(a.ClaimGames(cy, "Cyrus", {"cy-token", "unknown"}) == 1);
  CHECK(a.ClaimGames(bob, "Bob", {"cy-token"}) == 0);
  REQUIRE(a.PlayedGames(cy, 10).size() == 1);
  CHECK(a.PlayedGames(cy, 10)[0].players[1] == cs::PlayedSeat{"Cyrus", 2, true});

  const auto tally = a.Tally(ada);
  REQUIRE(tally.size() == 2);
  CHECK(tally[0].game == "base");
  CHECK(tally[0].played == 2);
  CHECK(tally[0].won == 2);
  CHECK(tally[1].game == "castle");
  CHECK(tally[1].played == 1);
  CHECK(tally[1].won == 0);

  const auto games = a.PlayedGames(ada, 2);
  REQUIRE(games.size() == 2);  // the limit
  CHECK(games[0].finished_at == 300);
  CHECK(games[0].game == "castle");
  CHECK(games[0].seat == 0);
  // Who may see a private room's game: its accounts (the guest's seat names none).
  CHECK(games[0].is_private);
  CHECK(games[0].accounts == std::vector<std::int64_t>{ada});
  CHECK_FALSE(games[1].is_private);
  CHECK(games[1].accounts == std::vector<std::int64_t>{bob, ada});
  CHECK(games[1].finished_at == 200);
  CHECK(games[1].seat == 1);
  CHECK(games[1].players == std::vector<cs::PlayedSeat>{{"Bob", 40, true}, {"Ada", 40, true}});
  // A guest's seat is no account's, whatever its name.
  CHECK(games[0].players == std::vector<cs::PlayedSeat>{{"Ada", 10, true}, {"guest", 50, false}});
  CHECK(a.PlayedGames(bob, 10).size() == 3);
  CHECK(a.PlayedGames(ada + bob + 100, 10).empty());

  // A room in progress seats Ada too: its log names her.
  const cs::RoomId open = store.CreateRoom("OPEN", "created");
  store.Append(open, 1, SeatEntry({{"Ada", ada}, {"Cy", 0}}));
  store.Append(first.id, 1, SeatEntry({{"Ada", ada}, {"Bob", bob}}));

  REQUIRE(a.DeleteAccount(ada, "Deleted player", {open}));
  CHECK_FALSE(a.DeleteAccount(ada, "Deleted player", {}));
  // The logs name the label now, for no account; the other seats are as they were.
  for (const cs::RoomId room : {open, first.id}) {
    const auto log = store.Log(room);
    REQUIRE(log);
    REQUIRE(log->size() == 2);
    CHECK((*log)[0] == "created");
    carc::store::v1::RoomLogEntry entry;
    REQUIRE(entry.ParseFromString((*log)[1]));
    CHECK(entry.seats().seats(0).name() == "Deleted player");
    CHECK(entry.seats().seats(0).account_id() == 0);
    CHECK(entry.seats().seats(1).name() != "Deleted player");
  }
  CHECK_FALSE(a.AccountById(ada));
  CHECK_FALSE(a.SessionByHash("ada-token", 0, 0));
  CHECK_FALSE(a.TakeChallenge("ada-challenge", "register", 0));
  CHECK(a.Tally(ada).empty());
  // Bob's games keep their moves and scores; Ada's seats are the label now, and no account's.
  const auto bobs = a.PlayedGames(bob, 10);
  REQUIRE(bobs.size() == 3);
  CHECK(bobs[2].id == first.id);
  CHECK(bobs[2].players ==
        std::vector<cs::PlayedSeat>{{"Deleted player", 30, false}, {"Bob", 20, true}});
  CHECK(store.ListGames("Ada", 10).empty());
  CHECK(store.ListGames("Deleted player", 10).size() == 3);
  CHECK(store.Game(first.id)->players[0].name == "Deleted player");
}
HISTORY_CONTRACT(
    "an account's games are tallied and listed, and deleting it keeps them "
    "under a label",
    HistoryTalliesAndDeletes)

}  // namespace

TEST_CASE("account store: accounts outlive a reopening of the SQLite file", "[store][accounts]") {
  const std::string path = cs::StorePath(test::NewDataDir());
  {
    auto store = cs::OpenSqliteStore(path, cs::Durability::kFull);
    REQUIRE(store->accounts()->CreateAccount("Ada", "ada", "h", 1));
    store->accounts()->CreateSession(1, "t", "x", 1);
  }
  auto store = cs::OpenSqliteStore(path, cs::Durability::kFull);
  CHECK(store->accounts()->AccountByKey("ada"));
  CHECK(store->accounts()->SessionByHash("t", 0, 0));
}
