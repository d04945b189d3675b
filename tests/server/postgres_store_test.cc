// What only the PostgreSQL store has: migrations shared by nodes starting together, a database
// from a newer server, a database that cannot be reached or drops the connection, the --store
// flag, and a whole server on PostgreSQL (a real server of the "postgres" ctest fixture).
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>

#include "bot_game.h"
#include "store/open_store.h"
#include "store/pg_connection.h"
#include "store/postgres_schema.h"
#include "store/postgres_store.h"
#include "test_postgres.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;
namespace cs = carc::server::store;

namespace {

// Ends the store's connections to `url`'s database from another connection, as a restart of
// the database (or a dropped network) would.
void DropConnections(const std::string& url) {
  cs::PgConnection admin(url);
  const auto r = admin.Exec(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
      "WHERE datname = current_database() AND pid <> pg_backend_pid() "
      "AND application_name = 'carcassonne-server'");
  REQUIRE(r.rows() >= 1);
}

std::variant<server::ServerConfig, std::string> ParseStore(std::string value) {
  std::string prog = "carcassonne-server";
  std::string flag = "--store";
  char* argv[] = {prog.data(), flag.data(), value.data()};
  return server::ParseServerConfig(3, argv);
}

}  // namespace

TEST_CASE("postgres store: nodes starting together apply each migration once",
          "[store][postgres]") {
  const std::string url = NewPostgresDatabase();
  std::vector<std::future<std::string>> starts;
  for (int i = 0; i < 3; ++i) {
    starts.push_back(std::async(std::launch::async, [&url] {
      try {
        cs::OpenPostgresStore(url, cs::Durability::kFull).reset();
        return std::string();
      } catch (const cs::StoreError& e) {
        return std::string(e.what());
      }
    }));
  }
  for (auto& s : starts) CHECK(s.get() == "");
  cs::PgConnection db(url);
  const auto rows = db.Exec("SELECT version FROM schema_migrations ORDER BY version");
  REQUIRE(rows.rows() == static_cast<int>(cs::PgMigrations().size()));
  for (int i = 0; i < rows.rows(); ++i) CHECK(rows.Int(i, 0) == i + 1);
  CHECK(cs::Migrate(db) == 0);  // current: nothing to do
}

TEST_CASE("postgres store: a database written by a newer server is refused, and left alone",
          "[store][postgres]") {
  const std::string url = NewPostgresDatabase();
  cs::OpenPostgresStore(url, cs::Durability::kFull)->CreateRoom("AAAAAA", "a0");
  cs::PgConnection db(url);
  db.Exec("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
  try {
    cs::OpenPostgresStore(url, cs::Durability::kFull);
    FAIL("a newer schema was accepted");
  } catch (const cs::StoreError& e) {
    CHECK_THAT(e.what(), Catch::Contains("written by a newer server (schema 999, this server "
                                         "knows " +
                                         std::to_string(cs::PgMigrations().size()) + ")"));
  }
  CHECK(db.Exec("SELECT count(*) FROM room_log").Int(0, 0) == 1);
}

TEST_CASE("postgres store: an unreachable database is a prompt, clear error without the password",
          "[store][postgres]") {
  // Port 1 on loopback: nothing listens there, the connection is refused at once.
  const std::string url = "postgresql://carc:s3cret-pw@127.0.0.1:1/carc?password=again-secret";
  const auto start = std::chrono::steady_clock::now();
  try {
    cs::OpenPostgresStore(url, cs::Durability::kFull);
    FAIL("opened a store on a closed port");
  } catch (const cs::StoreError& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK_THAT(what, Catch::Contains("cannot connect to postgresql://carc:***@127.0.0.1:1/carc"));
    CHECK(what.find("s3cret-pw") == std::string::npos);
    CHECK(what.find("again-secret") == std::string::npos);
  }
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(6));
  CHECK(cs::DescribeStore(url, "data").find("s3cret") == std::string::npos);
}

TEST_CASE("postgres store: a lost connection fails the calls that saw it, the next connects again",
          "[store][postgres]") {
  const std::string url = NewPostgresDatabase();
  auto store = cs::OpenPostgresStore(url, cs::Durability::kFull);
  const cs::RoomId a = store->CreateRoom("AAAAAA", "a0");

  DropConnections(url);
  CHECK_THROWS_WITH(store->Append(a, 1, "a1"), Catch::Contains("lost the connection"));
  store->Append(a, 1, "a1");  // connects again
  CHECK(*store->Log(a) == std::vector<std::string>{"a0", "a1"});

  // An asynchronous append that meets a dropped connection is answered with the failure (so
  // it is never acknowledged) and is not in the log; the room's next append is written.
  DropConnections(url);
  std::promise<std::string> failed;
  store->AppendAsync(a, 2, "a2", [&](std::string error) { failed.set_value(std::move(error)); });
  const std::string error = failed.get_future().get();
  CHECK_THAT(error, Catch::Contains("lost the connection"));
  std::promise<std::string> written;
  store->AppendAsync(a, 2, "a2 again", [&](std::string e) { written.set_value(std::move(e)); });
  CHECK(written.get_future().get() == "");
  CHECK(*store->Log(a) == std::vector<std::string>{"a0", "a1", "a2 again"});
  CHECK(store->Stats().failed_appends == 1);
}

TEST_CASE("postgres store: --store takes sqlite:PATH and postgres URLs, and refuses the rest",
          "[store][config]") {
  const auto pg = ParseStore("postgres://carc:pw@db.example:5432/carc");
  REQUIRE(std::holds_alternative<server::ServerConfig>(pg));
  CHECK(std::get<server::ServerConfig>(pg).store == "postgres://carc:pw@db.example:5432/carc");
  REQUIRE(std::holds_alternative<server::ServerConfig>(ParseStore("postgresql://h/d")));
  const auto lite = ParseStore("sqlite:/var/lib/carc/games.sqlite");
  REQUIRE(std::holds_alternative<server::ServerConfig>(lite));
  CHECK(cs::DescribeStore(std::get<server::ServerConfig>(lite).store, "data") ==
        "sqlite:/var/lib/carc/games.sqlite");
  CHECK(cs::DescribeStore("", "data") == "sqlite:data/carcassonne.sqlite");
  for (const std::string bad : {"sqlite:", "mysql://u:pw@h/d", "postgres:/h", "data.sqlite"}) {
    INFO(bad);
    const auto refused = ParseStore(bad);
    REQUIRE(std::holds_alternative<std::string>(refused));
    CHECK_THAT(std::get<std::string>(refused), Catch::Contains("--store: bad value"));
  }
  // A mistyped scheme does not echo the password it carries.
  const auto typo = ParseStore("postgress://carc:hunter2@h/d");
  REQUIRE(std::holds_alternative<std::string>(typo));
  CHECK(std::get<std::string>(typo).find("hunter2") == std::string::npos);
}

TEST_CASE(
    "postgres store: a server plays a whole game on PostgreSQL and a second server "
    "restores and lists it",
    "[store][postgres][server]") {
  server::ServerConfig config = TestConfig();
  config.store = NewPostgresDatabase();
  std::string code;
  {
    TestServer server(config);
    BotGameSpec spec;
    spec.players = 2;
    spec.seed = 7;
    BotGame game(server, spec);
    REQUIRE(game.setup_error() == "");
    game.Join();
    CheckFinished(game);
    CheckRecord(server, game);
    int commands = 0;
    for (const auto& r : game.seats()) commands += r.commands;
    CHECK(commands >= 71);  // a base game's 71 tiles after the start tile
    code = game.code();
  }
  config.data_dir = NewDataDir();  // nothing of the first server's files
  TestServer again(config);
  const auto games = HttpGet(again.port(), "/api/games");
  REQUIRE(games.status == 200);
  CHECK_THAT(games.body, Catch::Contains(code));
  const auto record = HttpGet(again.port(), "/api/rooms/" + code + "/record");
  CHECK(record.status == 200);
  // Every command is a row of the room's log in the database.
  cs::PgConnection db(config.store);
  CHECK(db.Exec("SELECT count(*) FROM room_log").Int(0, 0) >= 72);
}
