// The engine is standard library only: every #include in engine/ names either one of the
// engine's own headers or a standard header.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("engine/ includes no third-party header") {
  const std::set<std::string> standard = {
      "algorithm",        "array",    "bit",         "bitset",        "cassert", "charconv",
      "chrono",           "cstddef",  "cstdint",     "cstdlib",       "cstring", "functional",
      "initializer_list", "iterator", "limits",      "map",           "memory",  "numeric",
      "optional",         "ostream",  "set",         "span",          "sstream", "string",
      "string_view",      "tuple",    "type_traits", "unordered_map", "utility", "variant",
      "vector",           "compare",  "iosfwd",      "cmath"};
  const std::regex include(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
  std::vector<std::string> offenders;
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(CARC_SOURCE_DIR) / "engine")) {
    const auto ext = entry.path().extension();
    if (ext != ".h" && ext != ".cc" && ext != ".inc") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    while (std::getline(in, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const std::string name = m[2];
      const bool own = m[1] == "\"" &&
                       (name.rfind("carc/engine/", 0) == 0 || name.find('/') == std::string::npos);
      const bool std_header = m[1] == "<" && standard.count(name) > 0;
      if (!own && !std_header) offenders.push_back(entry.path().string() + ": " + line);
    }
  }
  CHECK(files > 10);
  std::string list;
  for (const auto& o : offenders) list += o + "\n";
  INFO("includes outside the standard library and the engine:\n" << list);
  CHECK(offenders.empty());
}
