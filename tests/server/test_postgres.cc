#include "test_postgres.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "store/pg_connection.h"

namespace carc::test {

std::string TestPostgresUrl() {
  const char* state = std::getenv("CARC_TEST_PG_STATE");
  INFO("CARC_TEST_PG_STATE must name the state directory of tests/support/test_postgres.sh");
  REQUIRE(state != nullptr);
  std::ifstream in(std::string(state) + "/url");
  std::string url;
  std::getline(in, url);
  INFO("no running test PostgreSQL in " << state);
  REQUIRE(!url.empty());
  return url;
}

std::string NewPostgresDatabase() {
  static int counter = 0;
  const std::string admin = TestPostgresUrl();
  const std::string name = "carc_t" + std::to_string(::getpid()) + "_" + std::to_string(++counter);
  server::store::PgConnection db(admin);
  db.Run("CREATE DATABASE " + name + " TEMPLATE template0 ENCODING 'UTF8'");
  return admin.substr(0, admin.rfind('/') + 1) + name;
}

}  // namespace carc::test
