#include "net/static_files.h"

#include "net/header_text.h"

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
  if (ext == ".json") return "application/json";
  if (ext == ".webmanifest") return "application/manifest+json";
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

bool EqualsNoCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// A qvalue (RFC 9110, 12.4.2) in thousandths: "1", "0.5", "1.000"; -1 when malformed.
int Weight(std::string_view q) {
  if (q.empty() || q.size() > 5 || (q[0] != '0' && q[0] != '1')) return -1;
  int thousandths = (q[0] - '0') * 1000;
  if (q.size() > 1) {
    if (q[1] != '.') return -1;
    int scale = 100;
    for (std::size_t i = 2; i < q.size(); ++i, scale /= 10) {
      if (!std::isdigit(static_cast<unsigned char>(q[i]))) return -1;
      thousandths += (q[i] - '0') * scale;
    }
  }
  return thousandths <= 1000 ? thousandths : -1;
}

constexpr std::string_view kImmutable = "public, max-age=31536000, immutable";
constexpr std::string_view kRevalidate = "no-cache";

}  // namespace

StaticFiles::Encoding StaticFiles::Preferred(std::string_view accept_encoding, bool gzip,
                                             bool brotli) {
  // Weights in thousandths; -1: not named.
  int br = -1, gz = -1, any = -1;
  while (!accept_encoding.empty()) {
    const std::size_t comma = accept_encoding.find(',');
    std::string_view element = accept_encoding.substr(0, comma);
    accept_encoding =
        comma == std::string_view::npos ? std::string_view{} : accept_encoding.substr(comma + 1);
    const std::size_t semicolon = element.find(';');
    const std::string_view coding = TrimHeaderSpace(element.substr(0, semicolon));
    int weight = 1000;
    if (semicolon != std::string_view::npos) {
      const std::string_view param = TrimHeaderSpace(element.substr(semicolon + 1));
      weight = param.size() > 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '='
                   ? Weight(param.substr(2))
                   : -1;
      if (weight < 0) weight = 0;  // a weight we cannot read accepts nothing
    }
    if (EqualsNoCase(coding, "br")) {
      br = weight;
    } else if (EqualsNoCase(coding, "gzip") || EqualsNoCase(coding, "x-gzip")) {
      gz = weight;
    } else if (coding == "*") {
      any = weight;
    }
  }
  if (br < 0) br = any;
  if (gz < 0) gz = any;
  if (!brotli) br = 0;
  if (!gzip) gz = 0;
  if (br > 0 && br >= gz) return Encoding::kBrotli;
  if (gz > 0) return Encoding::kGzip;
  return Encoding::kIdentity;
}

bool StaticFiles::Matches(std::string_view if_none_match, std::string_view etag) {
  while (!if_none_match.empty()) {
    const std::size_t comma = if_none_match.find(',');
    std::string_view tag = TrimHeaderSpace(if_none_match.substr(0, comma));
    if_none_match =
        comma == std::string_view::npos ? std::string_view{} : if_none_match.substr(comma + 1);
    if (tag == "*") return true;
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    if (tag == etag) return true;
  }
  return false;
}

StaticFiles::Choice StaticFiles::Choose(const File& file, std::string_view accept_encoding) {
  Choice choice;
  choice.path = &file.path;
  choice.cache_control = file.immutable ? kImmutable : kRevalidate;
  choice.varies = !file.gzip_path.empty() || !file.brotli_path.empty();
  switch (Preferred(accept_encoding, !file.gzip_path.empty(), !file.brotli_path.empty())) {
    case Encoding::kBrotli:
      choice.path = &file.brotli_path;
      choice.content_encoding = "br";
      break;
    case Encoding::kGzip:
      choice.path = &file.gzip_path;
      choice.content_encoding = "gzip";
      break;
    case Encoding::kIdentity:
      break;
  }
  return choice;
}

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
    out.files_[url] = File{real.string(), MimeType(real), "", "", url.starts_with("/assets/")};
    if (out.files_.size() >= kMaxFiles) break;
  }
  // Precompressed siblings become variants of their file.
  for (auto file = out.files_.begin(); file != out.files_.end();) {
    const std::string_view url = file->first;
    const bool gz = url.ends_with(".gz"), br = url.ends_with(".br");
    const auto original =
        gz || br ? out.files_.find(url.substr(0, url.size() - 3)) : out.files_.end();
    if (original == out.files_.end()) {
      ++file;
      continue;
    }
    (gz ? original->second.gzip_path : original->second.brotli_path) = file->second.path;
    file = out.files_.erase(file);
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
