// Every rule id of RULES.md sections 1 and 2 must be named by at least one test.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Rule ids defined in RULES.md ("- B-7 ..." at the start of a bullet) in the given sections.
std::set<std::string> DefinedIds(const std::string& rules) {
  std::set<std::string> ids;
  std::istringstream in(rules);
  std::string line;
  int section = 0;
  const std::regex bullet(R"(^\s*- ([BV]-\d+)\b)");
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) section = std::atoi(line.c_str() + 3);
    std::smatch m;
    if ((section == 1 || section == 2) && std::regex_search(line, m, bullet)) ids.insert(m[1]);
  }
  return ids;
}

}  // namespace

TEST_CASE("every rule id of RULES.md sections 1 and 2 is named by a test") {
  const std::string rules = ReadAll(fs::path(CARC_SHARED_DIR) / "RULES.md");
  const std::set<std::string> ids = DefinedIds(rules);
  // The spec's own list: B-1..B-20 and V-1, V-2, V-4..V-7 (there is no V-3).
  REQUIRE(ids.size() == 26);

  std::string tests;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(CARC_SOURCE_DIR) / "tests")) {
    if (entry.path().extension() != ".cc") continue;
    if (entry.path().filename() == "rule_coverage_test.cc") continue;
    tests += ReadAll(entry.path());
  }
  std::vector<std::string> missing;
  for (const std::string& id : ids) {
    // A test names a rule as the id followed by a non-digit ("B-1" must not match "B-10").
    const std::regex named(id + R"((?!\d))");
    if (!std::regex_search(tests, named)) missing.push_back(id);
  }
  std::string list;
  for (const auto& m : missing) list += m + " ";
  INFO("rule ids that no test names: " << list);
  CHECK(missing.empty());
}
