// Small pieces of HTTP header syntax that several parsers share.
#pragma once

#include <string_view>

namespace carc::server {

// `s` without the optional whitespace (spaces and tabs, RFC 9110 section 5.6.3) around it.
inline std::string_view TrimHeaderSpace(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace carc::server
