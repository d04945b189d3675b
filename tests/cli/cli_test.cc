// The `carcassonne` tool as a user runs it: exit codes and output lines.
#include <sys/wait.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.h"
#include "read_file.h"

namespace fs = std::filesystem;

namespace {

using Run = carc::test::CliRun;

Run Cli(const std::string& args) {
  return carc::test::RunCli(args, false);
}

fs::path TempDir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("carc-cli-test-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string SharedRecords() {
  std::string files;
  for (const auto& e : fs::directory_iterator(fs::path(CARC_SHARED_DIR) / "records")) {
    if (e.path().extension() == ".json") files += " '" + e.path().string() + "'";
  }
  return files;
}

}  // namespace

TEST_CASE("replay --check exits 0 on the shared records and prints one line per file") {
  const Run r = Cli("replay --check" + SharedRecords());
  CHECK(r.code == 0);
  int lines = 0;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    ++lines;
    CHECK(line.find("\"after_turn\"") != std::string::npos);
    CHECK(line.find("\"final_breakdown\"") != std::string::npos);
    CHECK(line.find("\"match\":true") != std::string::npos);
  }
  CHECK(lines == 4);
}

TEST_CASE("replay --check exits 1 on a score mismatch and 2 on an illegal record") {
  const fs::path dir = TempDir("replay");
  const fs::path src = fs::path(CARC_SHARED_DIR) / "records" / "scenario_discard.json";
  std::ifstream in(src);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();

  std::string wrong = s;
  wrong.replace(wrong.rfind("\"final\""), std::string("\"final\": [\n   4").size(),
                "\"final\": [\n   5");
  std::ofstream(dir / "wrong.json") << wrong;
  const Run mismatch = Cli("replay --check '" + (dir / "wrong.json").string() + "'");
  CHECK(mismatch.code == 1);
  CHECK(mismatch.out.find("final player 0: record 5, engine 4") != std::string::npos);

  std::string illegal = s;
  illegal.replace(illegal.find("\"x\": 1"), 6, "\"x\": 7");
  std::ofstream(dir / "illegal.json") << illegal;
  const Run bad = Cli("replay --check '" + (dir / "illegal.json").string() + "'");
  CHECK(bad.code == 2);
  CHECK(bad.out.find("\"turn\":2") != std::string::npos);
  CHECK(bad.out.find("\"rule\":\"B-5\"") != std::string::npos);

  CHECK(Cli("replay --check '" + (dir / "missing.json").string() + "'").code == 2);
  fs::remove_all(dir);
}

TEST_CASE("selfplay writes records that replay --check accepts") {
  const fs::path dir = TempDir("selfplay");
  const Run r = Cli("selfplay --games 5 --players 3 --seed 7 --out '" + dir.string() + "'");
  REQUIRE(r.code == 0);
  std::string files;
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    files += " '" + e.path().string() + "'";
    ++n;
  }
  CHECK(n == 5);
  CHECK(Cli("replay --check" + files).code == 0);
  fs::remove_all(dir);
}

TEST_CASE("C-1 selfplay --expansion count writes Count records that replay --check accepts") {
  const fs::path dir = TempDir("selfplay-count");
  const Run r =
      Cli("selfplay --games 20 --players 4 --seed 9 --expansion count --rules "
          "count_move=clockwise --out '" +
          dir.string() + "'");
  REQUIRE(r.code == 0);
  std::string files;
  int n = 0;
  int with_city = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    files += " '" + e.path().string() + "'";
    ++n;
    const std::string text = carc::test::ReadFile(e.path());
    CHECK(text.find("\"city_block\": \"count\"") != std::string::npos);
    CHECK(text.find("\"count_move\": \"clockwise\"") != std::string::npos);
    with_city += text.find("\"enter\":") != std::string::npos ? 1 : 0;
  }
  CHECK(n == 20);
  CHECK(with_city > 0);  // followers went into the city in some of them
  const Run check = Cli("replay --check" + files);
  CHECK(check.code == 0);
  // A damaged Count decision is refused with exit 2 and the rule it breaks.
  const fs::path one = dir / "game-9-000000.json";
  std::string text = carc::test::ReadFile(one);
  const auto at = text.find("\"enter\": \"");
  if (at != std::string::npos) {
    const auto end = text.find('"', at + 10);
    text.replace(at + 10, end - at - 10, "nowhere");
    std::ofstream(one) << text;
    const Run bad = Cli("replay --check '" + one.string() + "'");
    CHECK(bad.code == 2);
    CHECK(bad.out.find("C-1") != std::string::npos);
  }
  // The bench plays Count games too, and says so.
  const Run bench = Cli("bench --games 30 --players 3 --seed 2 --expansion count");
  REQUIRE(bench.code == 0);
  CHECK(bench.out.find("expansion count") != std::string::npos);
  CHECK(Cli("bench --games 3 --expansion castle").code == 2);
  fs::remove_all(dir);
}

TEST_CASE("bench prints its figures and a signature that depends only on its arguments") {
  const Run a = Cli("bench --games 50 --players 4 --seed 3");
  const Run b = Cli("bench --games 50 --players 4 --seed 3");
  const Run c = Cli("bench --games 50 --players 4 --seed 4");
  REQUIRE(a.code == 0);
  for (const char* key : {"games/s: ", "turns/s: ", "mean legal placements per turn: ",
                          "signature: ", "peak RSS: ", "state copy: "}) {
    CHECK(a.out.find(key) != std::string::npos);
  }
  // The copy's time and size are figures, not placeholders.
  const auto copy = a.out.find("state copy: ");
  REQUIRE(copy != std::string::npos);
  CHECK(std::stod(a.out.substr(copy + 12)) > 0);
  CHECK(a.out.find(" KiB each (game 0 after ", copy) != std::string::npos);
  auto signature = [](const std::string& out) {
    const auto at = out.find("signature: ");
    return out.substr(at, out.find('\n', at) - at);
  };
  CHECK(signature(a.out) == signature(b.out));
  CHECK(signature(a.out) != signature(c.out));
}

TEST_CASE("bad arguments get a clear error and exit 2") {
  CHECK(Cli("bench --games zero").code == 2);
  CHECK(Cli("bench --players 7").code == 2);
  CHECK(Cli("selfplay --games 1").code == 2);  // no --out
  CHECK(Cli("frobnicate").code == 2);
  CHECK(Cli("replay").code == 2);
}

TEST_CASE("the bench signature equals the checked-in golden signature") {
  std::ifstream in(fs::path(CARC_SOURCE_DIR) / "tests" / "golden" / "bench_signature.txt");
  std::string golden;
  std::getline(in, golden);
  REQUIRE(golden.size() == 16);
  const Run r = Cli("bench --games 500 --players 3 --seed 42");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("signature: " + golden) != std::string::npos);
}

TEST_CASE(
    "replay --check prints for the shared and the golden records exactly what it printed "
    "before the games went behind one interface") {
  std::vector<fs::path> files;
  auto add_sorted = [&files](const fs::path& dir) {
    std::vector<fs::path> found;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() == ".json") found.push_back(e.path());
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  };
  add_sorted(fs::path(CARC_SHARED_DIR) / "records");
  add_sorted(fs::path(CARC_SOURCE_DIR) / "tests" / "golden" / "records");
  add_sorted(fs::path(CARC_SOURCE_DIR) / "tests" / "golden" / "castle_records");
  std::string args = "replay --check";
  for (const auto& f : files) args += " '" + f.string() + "'";
  const Run r = Cli(args);
  CHECK(r.code == 0);
  // The golden lines name the files without their folders.
  std::string got = r.out;
  for (const auto& f : files) {
    const std::string folder = f.parent_path().string() + "/";
    for (auto at = got.find(folder); at != std::string::npos; at = got.find(folder, at)) {
      got.erase(at, folder.size());
    }
  }
  std::ifstream in(fs::path(CARC_SOURCE_DIR) / "tests" / "golden" / "replay_check.jsonl");
  std::stringstream golden;
  golden << in.rdbuf();
  REQUIRE(files.size() >= 21);
  CHECK(got == golden.str());
}

TEST_CASE(
    "B-1 K-1 games --json prints the option tables the golden file has, games the readable list") {
  const Run json = Cli("games --json");
  REQUIRE(json.code == 0);
  std::ifstream in(fs::path(CARC_SOURCE_DIR) / "tests" / "golden" / "game_table.json");
  const std::string golden((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(json.out == golden);  // tests/golden/regenerate.sh writes it
  const Run text = Cli("games");
  REQUIRE(text.code == 0);
  CHECK(text.out.find("base: the base game, 2..6 players") != std::string::npos);
  CHECK(text.out.find("castle: The Castle, 2 players") != std::string::npos);
  CHECK(text.out.find("  board_limit=off|WxH (1..145) (default off, V-5)") != std::string::npos);
  CHECK(Cli("games extra").code == 2);
}
