#include "source_includes.h"

#include <fstream>
#include <sstream>

namespace carc::test {

std::string ReadText(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<Include> IncludesBelow(const std::filesystem::path& dir, int* files) {
  std::vector<Include> out;
  int read = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    const auto ext = entry.path().extension();
    if (ext != ".h" && ext != ".cc" && ext != ".inc") continue;
    ++read;
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
      out.push_back({entry.path().string(), line, line.substr(open + 1, close - open - 1),
                     line[open] == '"'});
    }
  }
  if (files != nullptr) *files = read;
  return out;
}

}  // namespace carc::test
