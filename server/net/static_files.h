// The web client's files, as a fixed set found once at start: the only files the HTTP server
// ever reads. A request path is looked up in the set, never joined onto a directory, so no
// spelling of a path (`//etc/passwd`, `..`, `%2e%2e%2f`, a symlink out of the root) reaches a
// file that is not one of the client's own.
//
// Contract:
// - Load() walks the web root once. It keeps regular files whose canonical path lies inside the
//   canonical root, skips names starting with "." and everything inside `exclude` (the data
//   directory, should it sit inside the web root), and stops at kMaxFiles files.
// - Resolve() maps a request target (path and query) to one of those files: the exact path;
//   a path ending in "/" to its index.html; an extension-less path of plain segments
//   ([A-Za-z0-9_-], no empty segment) to the root's index.html, for the client's own routes
//   such as invite links (/r/CODE). Anything else is nullptr (404).
// - Files added to the root after Load() are not served until the next start.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace carc::server {

class StaticFiles {
 public:
  static constexpr std::size_t kMaxFiles = 10000;

  struct File {
    std::string path;       // on disk, canonical
    std::string mime_type;  // Content-Type
  };

  StaticFiles() = default;
  // The files of `root`, minus those under `exclude` (may be empty or not exist).
  static StaticFiles Load(const std::string& root, const std::string& exclude = "");

  const File* Resolve(std::string_view target) const;
  std::size_t size() const { return files_.size(); }
  bool empty() const { return files_.empty(); }

 private:
  std::map<std::string, File, std::less<>> files_;  // by URL path, e.g. "/assets/app.js"
};

}  // namespace carc::server
