// The EventStore contract (store/event_store.h), checked the same way against every store: the
// SQLite file and PostgreSQL (a real server started by the ctest fixture "postgres", never a
// mock). Each check is one function; STORE_CONTRACT registers it once per store.
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include "append_answers.h"
#include "store/pg_connection.h"
#include "store/postgres_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

namespace {

// One store's way to open (and reopen) the same store, and to damage an entry behind its back.
class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::unique_ptr<cs::EventStore> Open() = 0;
  // Overwrites entry `idx` of `room` with other bytes, keeping its CRC.
  virtual void Damage(cs::RoomId room, int idx) = 0;
};

class SqliteBackend final : public Backend {
 public:
  std::unique_ptr<cs::EventStore> Open() override {
    return cs::OpenSqliteStore(cs::StorePath(dir_), cs::Durability::kFull);
  }
  void Damage(cs::RoomId room, int idx) override {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(cs::StorePath(dir_).c_str(), &db) == SQLITE_OK);
    const std::string sql =
        "UPDATE room_log SET entry = X'6131FF' WHERE room_id = " + std::to_string(room) +
        " AND idx = " + std::to_string(idx);
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
  }

 private:
  std::string dir_ = test::NewDataDir();
};

class PostgresBackend final : public Backend {
 public:
  std::unique_ptr<cs::EventStore> Open() override {
    return cs::OpenPostgresStore(url_, cs::Durability::kFull);
  }
  void Damage(cs::RoomId room, int idx) override {
    cs::PgConnection db(url_);
    const auto r =
        db.Exec("UPDATE room_log SET entry = '\\x6131ff'::bytea WHERE room_id = $1 AND idx = $2",
                {cs::PgParam::Int(room), cs::PgParam::Int(idx)});
    REQUIRE(r.affected() == 1);
  }

 private:
  std::string url_ = test::NewPostgresDatabase();
};

#define STORE_CONTRACT(name, check)                                   \
  TEST_CASE("store contract, sqlite: " name, "[store]") {             \
    SqliteBackend backend;                                            \
    check(backend);                                                   \
  }                                                                   \
  TEST_CASE("store contract, postgres: " name, "[store][postgres]") { \
    PostgresBackend backend;                                          \
    check(backend);                                                   \
  }

cs::ArchivedGame Finished(cs::RoomId id, std::int64_t at, std::vector<cs::ArchivedPlayer> players) {
  return {id,
          "CODE" + std::to_string(id),
          at,
          std::move(players),
          "{\"record\":" + std::to_string(id) + "}",
          ""};
}

void OrderAndReopening(Backend& backend) {
  cs::RoomId a = 0;
  {
    auto store = backend.Open();
    a = store->CreateRoom("AAAAAA", "zero");
    const cs::RoomId b = store->CreateRoom("BBBBBB", "b0");
    store->Append(a, 1, "one");
    store->Append(b, 1, "b1");
    store->Append(a, 2, std::string("t\0wo\xff", 5));
    CHECK_THROWS_AS(store->Append(a, 2, "again"), cs::StoreError);
    CHECK_THROWS_AS(store->Append(a, 5, "gap"), cs::StoreError);
    CHECK_THROWS_AS(store->Append(a + 100, 1, "no room"), cs::StoreError);
  }
  auto store = backend.Open();
  const auto open = store->OpenRooms();
  REQUIRE(open.size() == 2);
  CHECK(open[0].code == "AAAAAA");
  CHECK(open[0].read_error.empty());
  CHECK(open[0].entries == std::vector<std::string>{"zero", "one", std::string("t\0wo\xff", 5)});
  CHECK(open[1].entries == std::vector<std::string>{"b0", "b1"});
  store->Append(a, 3, "three");  // the next index survives reopening too
  CHECK(store->Log(a)->size() == 4);
  CHECK_FALSE(store->Log(a + 100));
}
STORE_CONTRACT("entries come back in order after reopening, out-of-order appends are refused",
               OrderAndReopening)

void DamageAndRoomStates(Backend& backend) {
  auto store = backend.Open();
  const cs::RoomId a = store->CreateRoom("AAAAAA", "a0");
  store->Append(a, 1, "a1");
  const cs::RoomId b = store->CreateRoom("BBBBBB", "b0");
  const cs::RoomId c = store->CreateRoom("CCCCCC", "c0");
  store.reset();
  backend.Damage(a, 1);
  store = backend.Open();
  auto open = store->OpenRooms();
  REQUIRE(open.size() == 3);
  CHECK(open[0].read_error == "entry 1 is damaged (CRC mismatch)");
  CHECK(open[1].read_error.empty());
  CHECK_THROWS_AS(store->Log(a), cs::StoreError);

  store->Quarantine(a, "entry 1 is damaged");
  store->Dispose(b);
  open = store->OpenRooms();
  REQUIRE(open.size() == 1);
  CHECK(open[0].id == c);
  const auto q = store->Quarantined();
  REQUIRE(q.size() == 1);
  CHECK(q[0].code == "AAAAAA");
  CHECK(q[0].reason == "entry 1 is damaged");
  CHECK(store->Log(b)->size() == 1);  // disposed of, still kept
}
STORE_CONTRACT(
    "a damaged entry is reported, not misread, disposed and quarantined rooms are not reopened "
    "but kept",
    DamageAndRoomStates)

void ArchiveQueries(Backend& backend) {
  auto store = backend.Open();
  std::vector<cs::RoomId> ids;
  for (int i = 0; i < 7; ++i) ids.push_back(store->CreateRoom("R" + std::to_string(i), "x"));
  store->Archive(Finished(ids[0], 100, {{"ann", 10}, {"bob", 20}}));
  store->Archive(Finished(ids[1], 300, {{"bob", 5}, {"cy", 7}}));
  store->Archive(Finished(ids[2], 200, {{"ann", 1}, {"cy", 2}, {"dee", 3}}));
  // Archived as rooms archive: the name, no record (it is made from the log on request).
  cs::ArchivedGame castle = Finished(ids[3], 50, {{"eve", 4}, {"ann", 9}});
  castle.record.clear();
  castle.game = "castle";
  store->Archive(castle);
  // Archived as before the name was written: the record says which game it is.
  cs::ArchivedGame damaged = Finished(ids[4], 10, {{"Zoë 🐑", -1}});
  damaged.record = "{not json";
  damaged.game.clear();
  store->Archive(damaged);
  cs::ArchivedGame named = Finished(ids[5], 5, {{"fay", 1}, {"gus", 2}});
  named.record = R"({"format": "carcassonne-record/1", "game": "castle"})";
  named.game.clear();
  store->Archive(named);
  CHECK_THROWS_AS(store->Archive(Finished(ids[0], 400, {})), cs::StoreError);  // once only

  auto all = store->ListGames("", 10);
  REQUIRE(all.size() == 6);
  CHECK(all[0].id == ids[1]);
  CHECK(all[1].id == ids[2]);
  CHECK(all[2].id == ids[0]);
  CHECK(all[3].id == ids[3]);
  // Which game each is: its name, or without one the record's "game" (base-game records name
  // none, and a record that is not JSON is listed as the base game rather than failing the
  // list).
  CHECK(all[0].game == "base");
  CHECK(all[3].game == "castle");
  CHECK(all[4].game == "base");
  CHECK(all[5].game == "castle");
  CHECK(store->Game(ids[3])->game == "castle");
  CHECK(store->Game(ids[3])->record.empty());
  CHECK(store->Game(ids[5])->game == "castle");
  CHECK(store->Game(ids[5])->record == named.record);
  CHECK(all[1].players.size() == 3);
  CHECK(all[1].players[2].name == "dee");
  CHECK(all[1].players[2].score == 3);
  CHECK(all[0].record.empty());  // summaries only

  const auto ann = store->ListGames("ann", 10);
  REQUIRE(ann.size() == 3);
  CHECK(ann[0].id == ids[2]);
  CHECK(ann[2].game == "castle");
  CHECK(store->ListGames("bob", 1).size() == 1);
  CHECK(store->ListGames("nobody", 10).empty());
  const auto zoe = store->ListGames("Zoë 🐑", 10);
  REQUIRE(zoe.size() == 1);
  CHECK(zoe[0].players[0].score == -1);

  const auto game = store->Game(ids[2]);
  REQUIRE(game);
  CHECK(game->record == "{\"record\":" + std::to_string(ids[2]) + "}");
  CHECK_FALSE(store->Game(ids[6]));
}
STORE_CONTRACT("the archive lists games newest first, by player, up to a limit", ArchiveQueries)

void AsyncAppends(Backend& backend) {
  cs::RoomId a = 0;
  cs::RoomId b = 0;
  test::AppendAnswers answers;
  {
    auto store = backend.Open();
    a = store->CreateRoom("AAAAAA", "a0");
    b = store->CreateRoom("BBBBBB", "b0");
    store->AppendAsync(a, 1, "a1", answers.For(1));
    store->AppendAsync(b, 5, "gap", answers.For(5));  // b's next is 1
    store->AppendAsync(b, 1, "b1", answers.For(11));
    store->AppendAsync(a, 2, "a2", answers.For(2));
    store->Flush();
    REQUIRE(answers.got.size() == 4);
    CHECK(answers.got[0] == std::pair<std::uint32_t, std::string>{1, ""});
    CHECK(answers.got[1].first == 5);
    CHECK_THAT(answers.got[1].second, Catch::Contains("out of order"));
    CHECK(answers.got[2] == std::pair<std::uint32_t, std::string>{11, ""});
    CHECK(answers.got[3] == std::pair<std::uint32_t, std::string>{2, ""});
    CHECK(store->Stats().failed_appends == 1);  // the one out of order
    // Handed in and not waited for: closing the store writes them.
    store->AppendAsync(a, 3, "a3", nullptr);
    store->AppendAsync(b, 2, "b2", nullptr);
  }
  auto store = backend.Open();
  CHECK(*store->Log(a) == std::vector<std::string>{"a0", "a1", "a2", "a3"});
  CHECK(*store->Log(b) == std::vector<std::string>{"b0", "b1", "b2"});
  // A reopened store knows where each room's log ends, for the appends of either kind.
  CHECK_THROWS_WITH(store->Append(a, 3, "again"), Catch::Contains("out of order"));
  store->Append(a, 4, "a4");
  test::AppendAnswers later;
  store->AppendAsync(b, 4, "skips b3", later.For(4));
  store->AppendAsync(a, 5, "a5", later.For(5));
  store->Flush();
  REQUIRE(later.got.size() == 2);
  CHECK_THAT(later.got[0].second, Catch::Contains("out of order"));
  CHECK(later.got[1] == std::pair<std::uint32_t, std::string>{5, ""});
  CHECK(*store->Log(a) == std::vector<std::string>{"a0", "a1", "a2", "a3", "a4", "a5"});
}
STORE_CONTRACT("asynchronous appends are durable and an append out of order fails alone",
               AsyncAppends)

}  // namespace
