// The #include lines of the project's sources, for the tests that keep layers apart.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace carc::test {

struct Include {
  std::string file;  // the source that has it
  std::string line;  // as written
  std::string name;  // between the quotes or angle brackets
  bool quoted = false;
};

// Every #include of the .h, .cc and .inc files below `dir`, and how many files were read.
std::vector<Include> IncludesBelow(const std::filesystem::path& dir, int* files = nullptr);

// A whole file's text ("" if it cannot be read).
std::string ReadText(const std::filesystem::path& file);

// A letter, digit or underscore: the scanners' word boundary (scanners rather than std::regex,
// whose libstdc++ 12 build trips -Wmaybe-uninitialized under the sanitizers' flags).
inline bool IdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace carc::test
