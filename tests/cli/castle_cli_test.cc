// The `carcassonne` tool with The Castle: the data check, the bench's play figures and its
// argument errors.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.h"
#include "read_file.h"

namespace {

using Run = carc::test::CliRun;

Run Castle(const std::string& args) {
  return carc::test::RunCli(args, true);
}

}  // namespace

TEST_CASE("K-2 castle-data --check validates the built-in board and tiles and sums them up") {
  const Run r = Castle("castle-data --check");
  CHECK(r.code == 0);
  CHECK(r.out.find("board: reconstruction, 9x9, 76 spaces, 7 start spaces, track 100 fields, "
                   "14 corner towers (13 with a wall tile)") != std::string::npos);
  CHECK(r.out.find("tiles: reconstruction, 60 tiles") != std::string::npos);
  CHECK(r.out.find("valid") != std::string::npos);
}

TEST_CASE("K-2 castle-data --check names what is wrong with a broken file") {
  const auto dir =
      std::filesystem::temp_directory_path() / ("carc-castle-data-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string tiles =
      carc::test::ReadFile(std::string(CARC_SOURCE_DIR) + "/engine/data/castle/tiles.json");
  tiles.replace(tiles.find("\"id\": \"K01\""), 11, "\"id\": \"K02\"");
  std::ofstream(dir / "tiles.json") << tiles;
  const Run r = Castle("castle-data --check --tiles " + (dir / "tiles.json").string());
  CHECK(r.code == 2);
  CHECK(r.out.find("tile K02: id used twice") != std::string::npos);
  CHECK(Castle("castle-data --check --board /nonexistent").code == 2);
  std::filesystem::remove_all(dir);
}

TEST_CASE("K-11 bench --game castle prints the play figures of random games") {
  const Run r = Castle("bench --game castle --games 40 --seed 3");
  REQUIRE(r.code == 0);
  for (const char* line :
       {"bench: 40 games, The Castle (board: reconstruction, tiles: reconstruction)",
        "mean final score: seat 0 ", "features completed per game: path ",
        "tiles discarded per game: mean ", "empty spaces at the end: mean ",
        "wall tiles taken per game by kind: 1:", "signature: "}) {
    CHECK(r.out.find(line) != std::string::npos);
  }
  // At least 16 of the 76 spaces stay empty in every game (60 tiles).
  const auto at = r.out.find(", min ", r.out.find("empty spaces"));
  REQUIRE(at != std::string::npos);
  CHECK(std::stoi(r.out.substr(at + 6)) >= 16);
  // The figures depend only on the arguments.
  const auto sig = [](const std::string& out) {
    const auto s = out.find("signature: ");
    return out.substr(s, out.find('\n', s) - s);
  };
  CHECK(sig(Castle("bench --game castle --games 40 --seed 3").out) == sig(r.out));
  CHECK(sig(Castle("bench --game castle --games 40 --seed 4").out) != sig(r.out));
}

TEST_CASE("K-1 --game castle is for two players and takes no expansion") {
  Run r = Castle("bench --game castle --players 3 --games 1");
  CHECK(r.code == 2);
  CHECK(r.out.find("exactly 2 players (K-1)") != std::string::npos);
  CHECK(Castle("bench --game castle --expansion count --games 1").code == 2);
  r = Castle("bench --game chess --games 1");
  CHECK(r.code == 2);
  CHECK(r.out.find("--game takes base or castle") != std::string::npos);
  r = Castle("bench --game castle --rules wall4_fountain_bonus=maybe --games 1");
  CHECK(r.code == 2);
  CHECK(r.out.find("wall4_fountain_bonus") != std::string::npos);
}

TEST_CASE("K-9 selfplay --game castle writes Castle records that replay --check accepts") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("carc-castle-selfplay-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Run r = Castle("selfplay --game castle --games 30 --seed 9 --out " + dir.string());
  REQUIRE(r.code == 0);
  CHECK(r.out.find("wrote 30 records") != std::string::npos);
  r = Castle("replay --check --game castle " + (dir / "*.json").string());
  CHECK(r.code == 0);
  std::size_t lines = 0;
  for (std::size_t at = r.out.find("\"match\":true"); at != std::string::npos;
       at = r.out.find("\"match\":true", at + 1)) {
    ++lines;
  }
  CHECK(lines == 30);
  // --game base refuses them; a changed score is a mismatch (exit 1).
  CHECK(Castle("replay --game base " + (dir / "game-9-000000.json").string()).code == 2);
  std::string text = carc::test::ReadFile(dir / "game-9-000001.json");
  text.replace(text.find("\"final\": ["), 10, "\"final\": [1000+");
  std::ofstream(dir / "changed.json") << text.replace(text.find("1000+"), 5, "1000");
  CHECK(Castle("replay --check " + (dir / "changed.json").string()).code == 1);
  std::filesystem::remove_all(dir);
}
