// The engine is standard library only: every #include in engine/ names either one of the
// engine's own headers or a standard header.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>

#include "source_includes.h"

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
  for (const carc::test::Include& i :
       carc::test::IncludesBelow(fs::path(CARC_SOURCE_DIR) / "engine", &files)) {
    const bool own =
        i.quoted && (i.name.rfind("carc/engine/", 0) == 0 || i.name.find('/') == std::string::npos);
    const bool std_header = !i.quoted && standard.count(i.name) > 0;
    if (!own && !std_header) offenders.push_back(i.file + ": " + i.line);
  }
  CHECK(files > 10);
  std::string list;
  for (const auto& o : offenders) list += o + "\n";
  INFO("includes outside the standard library and the engine:\n" << list);
  CHECK(offenders.empty());
}
