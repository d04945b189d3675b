// Every rule id of RULES.md sections 1 to 4 (base game, house rules, the Count, the Castle) must be
// named by at least one test.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include "read_file.h"

namespace fs = std::filesystem;

namespace {

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

// Rule ids defined in RULES.md sections 1..4: bullets that start "- B-7 ", "- V-4 ", "- C-2 " or
// "- K-3 ".
// (std::regex is avoided: libstdc++ 12's regex trips -Wmaybe-uninitialized under ASan.)
std::set<std::string> DefinedIds(const std::string& rules) {
  std::set<std::string> ids;
  std::istringstream in(rules);
  std::string line;
  int section = 0;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) section = std::atoi(line.c_str() + 3);
    if (section < 1 || section > 4) continue;
    const auto start = line.find_first_not_of(' ');
    if (start == std::string::npos || line.compare(start, 2, "- ") != 0) continue;
    std::size_t i = start + 2;
    if (i + 2 >= line.size() ||
        (line[i] != 'B' && line[i] != 'V' && line[i] != 'C' && line[i] != 'K') ||
        line[i + 1] != '-') {
      continue;
    }
    std::size_t j = i + 2;
    while (j < line.size() && IsDigit(line[j])) ++j;
    if (j > i + 2) ids.insert(line.substr(i, j - i));
  }
  return ids;
}

// Whether `text` names `id` not followed by a digit ("B-1" must not match "B-10").
bool Names(const std::string& text, const std::string& id) {
  for (auto at = text.find(id); at != std::string::npos; at = text.find(id, at + 1)) {
    const std::size_t end = at + id.size();
    if (end >= text.size() || !IsDigit(text[end])) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("every rule id of RULES.md sections 1 to 4 is named by a test") {
  const std::string rules = carc::test::ReadFile(fs::path(CARC_SHARED_DIR) / "RULES.md");
  const std::set<std::string> ids = DefinedIds(rules);
  // The spec's own list: B-1..B-20, V-1, V-2, V-4..V-7 (there is no V-3), C-1..C-6, K-1..K-12.
  REQUIRE(ids.size() == 44);

  std::string tests;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(CARC_SOURCE_DIR) / "tests")) {
    if (entry.path().extension() != ".cc") continue;
    if (entry.path().filename() == "rule_coverage_test.cc") continue;
    tests += carc::test::ReadFile(entry.path());
  }
  std::vector<std::string> missing;
  for (const std::string& id : ids) {
    if (!Names(tests, id)) missing.push_back(id);
  }
  std::string list;
  for (const auto& m : missing) list += m + " ";
  INFO("rule ids that no test names: " << list);
  CHECK(missing.empty());
}
