// A small flag parser for the subcommands: `--name value`, `--flag`, and positionals.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace carc::cli {

class Args {
 public:
  // `flags` lists the options that take no value. Unknown options are errors.
  Args(int argc, char** argv, int first, const std::vector<std::string>& valued,
       const std::vector<std::string>& flags);

  const std::string& error() const { return error_; }
  bool Has(const std::string& name) const { return values_.count(name) > 0; }
  std::string Get(const std::string& name, const std::string& fallback) const;
  // An integer option in [lo, hi]; sets error() when it is malformed or out of range.
  std::int64_t Int(const std::string& name, std::int64_t fallback, std::int64_t lo,
                   std::int64_t hi);
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::map<std::string, std::string> values_;
  std::vector<std::string> positional_;
  std::string error_;
};

}  // namespace carc::cli
