// What only the SQLite store has: its schema version, its files (-wal, -shm) and its
// checkpoints. The contract every store keeps is in store_contract_test.cc.
#include <sqlite3.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "store/mail_store.h"
#include "store/push_store.h"
#include "store/rating_store.h"
#include "store/social_store.h"
#include "store/sqlite_schema.h"
#include "store/sqlite_store.h"
#include "store/wal_checkpointer.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

namespace {

std::unique_ptr<cs::EventStore> Open(const std::string& dir) {
  return cs::OpenSqliteStore(cs::StorePath(dir), cs::Durability::kFull);
}

}  // namespace

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

TEST_CASE("store: a schema 1 file is brought up to the latest schema, its archive read as before",
          "[store]") {
  const std::string dir = test::NewDataDir();
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(cs::StorePath(dir).c_str(), &db) == SQLITE_OK);
  // Schema 1's archive table as the first servers made it, with a game archived then.
  const char* v1 = R"sql(
CREATE TABLE rooms (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'open', reason TEXT, created_at INTEGER NOT NULL DEFAULT 0);
CREATE TABLE games (room_id INTEGER PRIMARY KEY REFERENCES rooms(id), code TEXT NOT NULL,
  finished_at INTEGER NOT NULL, record TEXT NOT NULL);
INSERT INTO rooms(id, code) VALUES (7, 'OLDONE');
INSERT INTO games VALUES (7, 'OLDONE', 100, '{"format":"carcassonne-record/1","game":"castle"}');
PRAGMA user_version = 1;
)sql";
  REQUIRE(sqlite3_exec(db, v1, nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  auto store = Open(dir);
  const auto old = store->Game(7);
  REQUIRE(old);
  CHECK(old->game == "castle");  // from its record
  CHECK(old->record == R"({"format":"carcassonne-record/1","game":"castle"})");
  const cs::RoomId id = store->CreateRoom("NEWONE", "x");
  cs::ArchivedGame named{id, "NEWONE", 200, {{"ann", 3}}, "", "castle"};
  store->Archive(named);
  const auto games = store->ListGames("", 10);
  REQUIRE(games.size() == 2);
  CHECK(games[0].game == "castle");
  CHECK(games[1].game == "castle");
  CHECK(store->ratings()->Leaderboard({"castle", 0, 0, 0, 10}).empty());  // schema 5's tables
  CHECK(store->push()->Subscriptions(1).empty());                         // schema 6's
  CHECK(store->social()->Following(1, 10).empty());                       // schema 7's
  CHECK(store->social()->PendingInvitations(1, 0, 10).empty());
  CHECK_FALSE(store->mail()->Address(1).has_value());  // schema 8's
  // Schema 9's: an account that never chose has the defaults.
  CHECK(store->social()->NoticePreferencesOf(1).time_zone == "UTC");
  store.reset();
  REQUIRE(sqlite3_open(cs::StorePath(dir).c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* version = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &version, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(version) == SQLITE_ROW);
  CHECK(sqlite3_column_int(version, 0) == cs::kSchemaVersion);
  sqlite3_finalize(version);
  sqlite3_close(db);
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
