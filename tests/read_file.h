// The whole content of a file (tests read records, rules and golden data this way).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace carc::test {

// Empty when the file cannot be read; callers check what they parse.
inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace carc::test
