#include "args.h"

#include <algorithm>
#include <charconv>

namespace carc::cli {

Args::Args(int argc, char** argv, int first, const std::vector<std::string>& valued,
           const std::vector<std::string>& flags) {
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--", 0) != 0 || a == "--") {
      positional_.push_back(a);
      continue;
    }
    const std::string name = a.substr(2);
    if (std::find(flags.begin(), flags.end(), name) != flags.end()) {
      values_[name] = "true";
    } else if (std::find(valued.begin(), valued.end(), name) != valued.end()) {
      if (i + 1 >= argc) {
        error_ = "option --" + name + " needs a value";
        return;
      }
      values_[name] = argv[++i];
    } else {
      error_ = "unknown option " + a;
      return;
    }
  }
}

std::string Args::Get(const std::string& name, const std::string& fallback) const {
  const auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

std::int64_t Args::Int(const std::string& name, std::int64_t fallback, std::int64_t lo,
                       std::int64_t hi) {
  const auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  std::int64_t v = 0;
  const std::string& s = it->second;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) {
    if (error_.empty()) {
      error_ = "--" + name + " takes a whole number from " + std::to_string(lo) + " to " +
               std::to_string(hi) + ", not '" + s + "'";
    }
    return fallback;
  }
  return v;
}

}  // namespace carc::cli
