#include "net/static_files.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace carc::server {

namespace fs = std::filesystem;

namespace {

std::string MimeType(const fs::path& path) {
  const auto ext = path.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript";
  if (ext == ".css") return "text/css";
  if (ext == ".json" || ext == ".webmanifest") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

bool Inside(const fs::path& file, const fs::path& dir) {
  const auto [d, f] = std::mismatch(dir.begin(), dir.end(), file.begin(), file.end());
  return d == dir.end();
}

// An extension-less path of plain segments: one of the client's routes, never a file name.
bool IsClientRoute(std::string_view path) {
  if (path.size() < 2 || path.front() != '/') return false;
  std::size_t segment = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(path[i]);
    if (c == '/') {
      if (segment == 0) return false;
      segment = 0;
    } else if (std::isalnum(c) || c == '-' || c == '_') {
      ++segment;
    } else {
      return false;
    }
  }
  return segment > 0;
}

}  // namespace

StaticFiles StaticFiles::Load(const std::string& root, const std::string& exclude) {
  StaticFiles out;
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec || !fs::is_directory(base, ec)) return out;
  fs::path excluded;
  if (!exclude.empty()) {
    excluded = fs::weakly_canonical(exclude, ec);
    if (ec) excluded.clear();
  }
  fs::recursive_directory_iterator it(base, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& p = it->path();
    const std::string name = p.filename().string();
    const bool hidden = !name.empty() && name.front() == '.';
    if (hidden || (!excluded.empty() && Inside(p, excluded))) {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(ec)) continue;
    // A symlink may point anywhere: what counts is where the file really is.
    const fs::path real = fs::canonical(p, ec);
    if (ec || !Inside(real, base) || (!excluded.empty() && Inside(real, excluded))) {
      ec.clear();
      continue;
    }
    const std::string url = "/" + p.lexically_relative(base).generic_string();
    out.files_[url] = File{real.string(), MimeType(real)};
    if (out.files_.size() >= kMaxFiles) break;
  }
  return out;
}

const StaticFiles::File* StaticFiles::Resolve(std::string_view target) const {
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/') return nullptr;
  std::string key(path);
  if (key.back() == '/') key += "index.html";
  if (const auto it = files_.find(key); it != files_.end()) return &it->second;
  if (IsClientRoute(path)) {
    if (const auto it = files_.find("/index.html"); it != files_.end()) return &it->second;
  }
  return nullptr;
}

}  // namespace carc::server
