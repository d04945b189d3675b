// The PostgreSQL server of the test run (tests/support/test_postgres.sh, started by ctest's
// "postgres" fixture for the tests tagged [postgres]) and fresh databases on it.
#pragma once

#include <string>

namespace carc::test {

// The server's admin URL. Fails the running test (REQUIRE) when there is no server: run the
// test through ctest, or start one with tests/support/test_postgres.sh start DIR and set
// CARC_TEST_PG_STATE=DIR.
std::string TestPostgresUrl();

// A new, empty UTF-8 database on that server; returns its URL.
std::string NewPostgresDatabase();

}  // namespace carc::test
