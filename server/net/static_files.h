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
// - A file with a precompressed sibling (`app.js.br`, `app.js.gz`, written by the client's build)
//   carries it as a variant; the sibling is not served under its own name. Choose() picks the
//   variant a request's Accept-Encoding allows (RFC 9110, 12.5.3), brotli before gzip at equal
//   weight, the file itself when neither is acceptable.
// - Files under /assets/ have the hash of their content in their names (the build names them
//   so): they never change and are cached for a year as immutable. Every other file (the page,
//   the manifest, the service worker) is revalidated on every use (no-cache, with an ETag).
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

  enum class Encoding { kIdentity, kGzip, kBrotli };

  struct File {
    std::string path;         // on disk, canonical
    std::string mime_type;    // Content-Type
    std::string gzip_path;    // of its .gz sibling, or empty
    std::string brotli_path;  // of its .br sibling, or empty
    bool immutable = false;   // content-hashed name: cache for a year
  };

  // What one request gets: the file on disk, its Content-Encoding (empty for none), its
  // Cache-Control, and whether other encodings exist (Vary: Accept-Encoding).
  struct Choice {
    const std::string* path = nullptr;
    std::string_view content_encoding;
    std::string_view cache_control;
    bool varies = false;
  };

  StaticFiles() = default;
  // The files of `root`, minus those under `exclude` (may be empty or not exist).
  static StaticFiles Load(const std::string& root, const std::string& exclude = "");

  const File* Resolve(std::string_view target) const;
  static Choice Choose(const File& file, std::string_view accept_encoding);
  // The coding of `accept_encoding` to use among those available; kIdentity when none of them
  // is acceptable (or the header is absent). Malformed weights count as 0 (not acceptable).
  static Encoding Preferred(std::string_view accept_encoding, bool gzip, bool brotli);
  // Whether an If-None-Match header names `etag` (or is "*"); weak tags compare as strong.
  static bool Matches(std::string_view if_none_match, std::string_view etag);
  std::size_t size() const { return files_.size(); }
  bool empty() const { return files_.empty(); }

 private:
  std::map<std::string, File, std::less<>> files_;  // by URL path, e.g. "/assets/app.js"
};

}  // namespace carc::server
