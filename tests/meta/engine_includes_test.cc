// The engine is standard library only: every #include in engine/ names either one of the
// engine's own headers or a standard header.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
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
  std::vector<std::string> offenders;
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(CARC_SOURCE_DIR) / "engine")) {
    const auto ext = entry.path().extension();
    if (ext != ".h" && ext != ".cc" && ext != ".inc") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    while (std::getline(in, line)) {
      // #include <name> or #include "name" (std::regex trips GCC 12 warnings under ASan).
      const auto hash = line.find_first_not_of(" \t");
      if (hash == std::string::npos || line[hash] != '#') continue;
      const auto word = line.find_first_not_of(" \t", hash + 1);
      if (word == std::string::npos || line.compare(word, 7, "include") != 0) continue;
      const auto open = line.find_first_of("<\"", word + 7);
      const auto close = open == std::string::npos ? open : line.find_first_of(">\"", open + 1);
      if (close == std::string::npos) continue;
      const std::string name = line.substr(open + 1, close - open - 1);
      const bool quoted = line[open] == '"';
      const bool own =
          quoted && (name.rfind("carc/engine/", 0) == 0 || name.find('/') == std::string::npos);
      const bool std_header = !quoted && standard.count(name) > 0;
      if (!own && !std_header) offenders.push_back(entry.path().string() + ": " + line);
    }
  }
  CHECK(files > 10);
  std::string list;
  for (const auto& o : offenders) list += o + "\n";
  INFO("includes outside the standard library and the engine:\n" << list);
  CHECK(offenders.empty());
}
