// Golden data files under tests/golden/: their paths, and the hex form in which they hold
// protobuf bytes (readable in a diff, and by the web client's tests).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace carc::test {

inline std::filesystem::path Golden(const std::string& name) {
  return std::filesystem::path(CARC_SOURCE_DIR) / "tests" / "golden" / name;
}

inline std::string Hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (const unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

inline std::string Unhex(const std::string& hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  }
  return out;
}

}  // namespace carc::test
