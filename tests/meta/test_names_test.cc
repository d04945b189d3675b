// CTest registers each Catch test case by its name, and a ';' in a name splits it into list
// items: the test then runs under names that match nothing and fails in CI only. No name may
// have one.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("no test case name has a semicolon") {
  const std::regex test_case(R"re(TEST_CASE\(\s*((?:"[^"]*"\s*)+))re");
  const std::regex piece(R"re("([^"]*)")re");
  int names = 0;
  std::string offenders;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(CARC_SOURCE_DIR) / "tests")) {
    if (!e.is_regular_file() || e.path().extension() != ".cc") continue;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    for (std::sregex_iterator m(s.begin(), s.end(), test_case), end; m != end; ++m) {
      std::string name;
      const std::string literals = (*m)[1].str();
      for (std::sregex_iterator p(literals.begin(), literals.end(), piece); p != end; ++p) {
        name += (*p)[1].str();
      }
      ++names;
      if (name.find(';') != std::string::npos) offenders += e.path().string() + ": " + name + "\n";
    }
  }
  CHECK(names > 300);
  INFO("test case names with ';':\n" << offenders);
  CHECK(offenders.empty());
}
