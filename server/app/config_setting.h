// One server setting: its flag's environment variable, its help line and the parser that
// checks a value and stores it in a ServerConfig. The table is split into groups by concept
// (account_settings.cc, notice_settings.cc); server_config.cc merges them.
#pragma once

#include <charconv>
#include <cstddef>
#include <functional>
#include <map>
#include <string>

#include "server_config.h"

namespace carc::server::config {

struct Setting {
  std::string env;
  std::string help;
  // False: the value is refused and the config is left as it was.
  std::function<bool(ServerConfig&, const std::string&)> set;
};

// Flag name (without "--") to its setting.
using SettingTable = std::map<std::string, Setting>;

// A whole number within [lo, hi] and nothing else: no sign or space around it.
inline bool ParseInt(const std::string& s, long long lo, long long hi, long long& out) {
  long long v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

template <typename T>
std::function<bool(ServerConfig&, const std::string&)> Int(T ServerConfig::*field, long long lo,
                                                           long long hi) {
  return [=](ServerConfig& c, const std::string& v) {
    long long n = 0;
    if (!ParseInt(v, lo, hi, n)) return false;
    c.*field = static_cast<T>(n);
    return true;
  };
}

inline std::function<bool(ServerConfig&, const std::string&)> OnOff(bool ServerConfig::*field) {
  return [=](ServerConfig& c, const std::string& v) {
    if (v != "on" && v != "off") return false;
    c.*field = v == "on";
    return true;
  };
}

// A whole number of the duration's unit (seconds, milliseconds).
template <typename D>
std::function<bool(ServerConfig&, const std::string&)> Duration(D ServerConfig::*field,
                                                                long long lo, long long hi) {
  return [=](ServerConfig& c, const std::string& v) {
    long long n = 0;
    if (!ParseInt(v, lo, hi, n)) return false;
    c.*field = D(n);
    return true;
  };
}

inline std::function<bool(ServerConfig&, const std::string&)> Text(
    std::string ServerConfig::*field) {
  return [=](ServerConfig& c, const std::string& v) {
    c.*field = v;
    return true;
  };
}

// One line of text of at most `max_bytes`: no CR or LF, which would end a header or command
// the value is written into (SMTP's sign-in).
inline std::function<bool(ServerConfig&, const std::string&)> Line(std::string ServerConfig::*field,
                                                                   std::size_t max_bytes) {
  return [=](ServerConfig& c, const std::string& v) {
    if (v.size() > max_bytes || v.find_first_of("\r\n") != std::string::npos) return false;
    c.*field = v;
    return true;
  };
}

// Accounts and the social part: password hashing, sessions, sign-in limits, invitations.
void AddAccountSettings(SettingTable& table);

// Notices away from the game: Web Push and e-mail.
void AddNoticeSettings(SettingTable& table);

// Settings of the notice group that only make sense together; empty when they agree, else
// the error to show.
std::string CheckNoticeSettings(const ServerConfig& c);

}  // namespace carc::server::config
