// `carcassonne-server bench-store` runs, prints a figure per durability and cleans up after
// itself; bad flags are refused with the usage.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "test_server.h"

namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE(
    "bench-store prints commands/s per-append and with group commit, for full and normal "
    "durability",
    "[store][bench]") {
  const std::string dir = carc::test::NewDataDir();
  const std::string out = dir + "/out.txt";
  const std::string cmd = std::string(CARC_SERVER_PATH) + " bench-store --data-dir " + dir +
                          " --commands 200 --rooms 4 > " + out + " 2>&1";
  REQUIRE(std::system(cmd.c_str()) == 0);
  const std::string text = ReadFile(out);
  CHECK_THAT(text, Catch::Contains("durability=full"));
  CHECK_THAT(text, Catch::Contains("durability=normal"));
  CHECK_THAT(text, Catch::Contains("commands/s"));
  CHECK_THAT(text, Catch::Contains("per-append"));
  CHECK_THAT(text, Catch::Contains("group-commit"));
  CHECK_THAT(text, Catch::Contains("commands per transaction"));
  // Only the output file is left: the scratch store and its WAL are gone.
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  CHECK(files == 1);

  const std::string bad =
      std::string(CARC_SERVER_PATH) + " bench-store --durability sometimes > " + out + " 2>&1";
  const int status = std::system(bad.c_str());
  CHECK(WEXITSTATUS(status) == 2);
  CHECK_THAT(ReadFile(out), Catch::Contains("usage: carcassonne-server bench-store"));
}
