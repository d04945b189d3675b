// The SQLite event store on its own: ordering, durability across reopening, damage detection,
// room states and the archive queries.
#include <sqlite3.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "store/sqlite_store.h"
#include "store/wal_checkpointer.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

namespace {

std::unique_ptr<cs::EventStore> Open(const std::string& dir) {
  return cs::OpenSqliteStore(cs::StorePath(dir), cs::Durability::kFull);
}

cs::ArchivedGame Finished(cs::RoomId id, std::int64_t at, std::vector<cs::ArchivedPlayer> players) {
  return {id, "CODE" + std::to_string(id), at, std::move(players),
          "{\"record\":" + std::to_string(id) + "}"};
}

}  // namespace

TEST_CASE("store: entries come back in order after reopening, out-of-order appends are refused",
          "[store]") {
  const std::string dir = test::NewDataDir();
  cs::RoomId a = 0;
  {
    auto store = Open(dir);
    a = store->CreateRoom("AAAAAA", "zero");
    const cs::RoomId b = store->CreateRoom("BBBBBB", "b0");
    store->Append(a, 1, "one");
    store->Append(b, 1, "b1");
    store->Append(a, 2, std::string("t\0wo", 4));
    CHECK_THROWS_AS(store->Append(a, 2, "again"), cs::StoreError);
    CHECK_THROWS_AS(store->Append(a, 5, "gap"), cs::StoreError);
    CHECK_THROWS_AS(store->Append(a + 100, 1, "no room"), cs::StoreError);
  }
  auto store = Open(dir);
  const auto open = store->OpenRooms();
  REQUIRE(open.size() == 2);
  CHECK(open[0].code == "AAAAAA");
  CHECK(open[0].read_error.empty());
  CHECK(open[0].entries == std::vector<std::string>{"zero", "one", std::string("t\0wo", 4)});
  CHECK(open[1].entries == std::vector<std::string>{"b0", "b1"});
  store->Append(a, 3, "three");  // the next index survives reopening too
  CHECK(store->Log(a)->size() == 4);
  CHECK_FALSE(store->Log(a + 100));
}

TEST_CASE(
    "store: a damaged entry is reported, not misread, disposed and quarantined rooms are "
    "not reopened but kept",
    "[store]") {
  const std::string dir = test::NewDataDir();
  auto store = Open(dir);
  const cs::RoomId a = store->CreateRoom("AAAAAA", "a0");
  store->Append(a, 1, "a1");
  const cs::RoomId b = store->CreateRoom("BBBBBB", "b0");
  const cs::RoomId c = store->CreateRoom("CCCCCC", "c0");
  store.reset();
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(cs::StorePath(dir).c_str(), &db) == SQLITE_OK);
    const std::string sql =
        "UPDATE room_log SET entry = X'6131FF' WHERE room_id = " + std::to_string(a) +
        " AND idx = 1";
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  store = Open(dir);
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

TEST_CASE("store: the archive lists games newest first, by player, up to a limit", "[store]") {
  auto store = Open(test::NewDataDir());
  std::vector<cs::RoomId> ids;
  for (int i = 0; i < 5; ++i) ids.push_back(store->CreateRoom("R" + std::to_string(i), "x"));
  store->Archive(Finished(ids[0], 100, {{"ann", 10}, {"bob", 20}}));
  store->Archive(Finished(ids[1], 300, {{"bob", 5}, {"cy", 7}}));
  store->Archive(Finished(ids[2], 200, {{"ann", 1}, {"cy", 2}, {"dee", 3}}));
  cs::ArchivedGame castle = Finished(ids[3], 50, {{"eve", 4}, {"ann", 9}});
  castle.record = R"({"format": "carcassonne-record/1", "game": "castle"})";
  store->Archive(castle);
  CHECK_THROWS_AS(store->Archive(Finished(ids[0], 400, {})), cs::StoreError);  // once only

  auto all = store->ListGames("", 10);
  REQUIRE(all.size() == 4);
  CHECK(all[0].id == ids[1]);
  CHECK(all[1].id == ids[2]);
  CHECK(all[2].id == ids[0]);
  CHECK(all[3].id == ids[3]);
  // Which game each is, from the record's "game" (base-game records name none).
  CHECK(all[0].game == "base");
  CHECK(all[3].game == "castle");
  CHECK(store->Game(ids[3])->game == "castle");
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

  const auto game = store->Game(ids[2]);
  REQUIRE(game);
  CHECK(game->record == "{\"record\":" + std::to_string(ids[2]) + "}");
  CHECK_FALSE(store->Game(ids[4]));
}

TEST_CASE("store: a file from a newer server is refused with a clear message", "[store]") {
  const std::string dir = test::NewDataDir();
  Open(dir).reset();
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(cs::StorePath(dir).c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  try {
    Open(dir);
    FAIL("opened a store with schema 99");
  } catch (const cs::StoreError& e) {
    CHECK_THAT(e.what(), Catch::Contains("newer server"));
  }
}

TEST_CASE("store: an -shm or -wal file the server cannot write is a clear start-up error",
          "[store]") {
  const std::string dir = test::NewDataDir();
  { Open(dir)->CreateRoom("ABCDEF", "x"); }
  const std::string path = cs::StorePath(dir);
  for (const std::string suffix : {"-shm", "-wal"}) {
    INFO(suffix);
    // A directory where SQLite expects its file: no process can open it for writing, root
    // included, so the test means the same whoever runs it.
    std::filesystem::remove(path + suffix);
    std::filesystem::create_directory(path + suffix);
    try {
      Open(dir);
      FAIL("the store opened");
    } catch (const cs::StoreError& e) {
      const std::string what = e.what();
      CHECK(what.find(path + suffix) != std::string::npos);
      CHECK(what.find("not a regular file") != std::string::npos);
    }
    std::filesystem::remove(path + suffix);
  }
  if (::geteuid() != 0) {
    // Without root: an existing file without write permission.
    std::ofstream(path + "-shm") << "";
    std::filesystem::permissions(path + "-shm", std::filesystem::perms::owner_read);
    CHECK_THROWS_WITH(Open(dir), Catch::Contains("cannot be opened for writing"));
    std::filesystem::remove(path + "-shm");
  }
  // With the files gone the store opens again and has its room.
  CHECK(Open(dir)->OpenRooms().size() == 1);
}

TEST_CASE("the server refuses to start on an -shm file it cannot write, and says why", "[store]") {
  const std::string dir = test::NewDataDir();
  std::filesystem::create_directory(cs::StorePath(dir) + "-shm");
  auto config = test::TestConfig();
  config.data_dir = dir;
  CHECK_THROWS_WITH(server::ServerApp(config), Catch::Contains("-shm is not a regular file"));
}

TEST_CASE("store: the log is checkpointed beside the writer, which goes on committing", "[store]") {
  const std::string dir = test::NewDataDir();
  const std::string path = dir + "/wal.sqlite";
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  auto exec = [&](const std::string& sql) {
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  };
  exec("PRAGMA journal_mode = WAL");
  exec("CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB)");
  const auto db_size = [&] { return std::filesystem::file_size(path); };
  const auto before = db_size();
  {
    cs::WalCheckpointer checkpointer(db, path, 8);
    // Each commit adds a page or more to the log; past 8 pages the checkpointer is woken.
    for (int i = 0; i < 200; ++i) {
      exec("INSERT INTO t VALUES (" + std::to_string(i) + ", zeroblob(3000))");
    }
    for (int wait = 0; wait < 200 && checkpointer.checkpoints() == 0; ++wait) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(checkpointer.checkpoints() > 0);
    // The writer never checkpointed: its automatic checkpoint is off, so whatever reached
    // the database file was copied there by the checkpointer's connection.
    for (int wait = 0; wait < 200 && db_size() <= before; ++wait) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(db_size() > before);
  }
  // Stopped and closed: the writer's commits no longer wake anything, and every row is there.
  exec("INSERT INTO t VALUES (1000, 'after')");
  sqlite3_stmt* count = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT count(*) FROM t", -1, &count, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(count) == SQLITE_ROW);
  CHECK(sqlite3_column_int(count, 0) == 201);
  sqlite3_finalize(count);
  sqlite3_close(db);
}

TEST_CASE("store: a checkpointer that cannot open the database is a clear error", "[store]") {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(":memory:", &db) == SQLITE_OK);
  CHECK_THROWS_WITH(cs::WalCheckpointer(db, test::NewDataDir() + "/missing/x.sqlite", 8),
                    Catch::Contains("cannot open a second connection for checkpoints"));
  sqlite3_close(db);
}
