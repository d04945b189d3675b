// Percent-decoding of one URL component (a query's key or value, a path segment), and of a
// whole query string.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace carc::server {

// The bytes `s` encodes, '+' read as a space (as forms send it); nullopt for a bad escape.
inline std::optional<std::string> PercentDecode(std::string_view s) {
  const auto hex = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%') {
      if (i + 2 >= s.size()) return std::nullopt;
      const int hi = hex(s[i + 1]);
      const int lo = hex(s[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// The parameters of query `q` ("a=1&b=x%20y", without the '?'), the last of a repeated key
// winning; nullopt when a key or value has a bad escape.
inline std::optional<std::map<std::string, std::string>> ParseQuery(std::string_view q) {
  std::map<std::string, std::string> out;
  while (!q.empty()) {
    const auto amp = q.find('&');
    const std::string_view pair = q.substr(0, amp);
    q = amp == std::string_view::npos ? std::string_view() : q.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    auto key = PercentDecode(pair.substr(0, eq));
    auto value =
        PercentDecode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
    if (!key || !value) return std::nullopt;
    out[*key] = *value;
  }
  return out;
}

// The parameters of request target `target` ("/path?a=1"): ParseQuery of what follows its first
// '?', none when it has no query.
inline std::optional<std::map<std::string, std::string>> TargetQuery(std::string_view target) {
  const auto q = target.find('?');
  return ParseQuery(q == std::string_view::npos ? std::string_view() : target.substr(q + 1));
}

}  // namespace carc::server
