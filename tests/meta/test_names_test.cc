// CTest registers each Catch test case by its name, and a ';' in a name splits it into list
// items: the test then runs under names that match nothing and fails in CI only. No name may
// have one.
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// The name of each TEST_CASE in `s`: its adjacent string literals joined. (A scanner rather than
// std::regex: GCC 12 warns inside <regex> under the sanitizers' flags.)
std::vector<std::string> TestCaseNames(const std::string& s) {
  std::vector<std::string> names;
  const std::string open = "TEST_CASE(";
  for (auto at = s.find(open); at != std::string::npos; at = s.find(open, at + 1)) {
    if (at > 0 && s[at - 1] == '"') continue;  // the text "TEST_CASE(" in a string
    std::size_t i = at + open.size();
    std::string name;
    bool any = false;
    for (;;) {
      while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
      if (i >= s.size() || s[i] != '"') break;
      any = true;
      for (++i; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) ++i;
        name += s[i];
      }
      ++i;  // the closing quote
    }
    if (any) names.push_back(name);
  }
  return names;
}

}  // namespace

TEST_CASE("no test case name has a semicolon") {
  int names = 0;
  std::string offenders;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(CARC_SOURCE_DIR) / "tests")) {
    if (!e.is_regular_file() || e.path().extension() != ".cc") continue;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    for (const std::string& name : TestCaseNames(text.str())) {
      ++names;
      if (name.find(';') != std::string::npos) offenders += e.path().string() + ": " + name + "\n";
    }
  }
  CHECK(names > 300);
  INFO("test case names with ';':\n" << offenders);
  CHECK(offenders.empty());
}

TEST_CASE("the test name scanner joins a name's literals and sees a semicolon") {
  const auto names = TestCaseNames("TEST_CASE(\"a; \"\n  \"b\", \"[x]\") TEST_CASE(\"c\")");
  REQUIRE(names.size() == 2);
  CHECK(names[0] == "a; b");
  CHECK(names[1] == "c");
}
