#include "accounts/session_cookie.h"

#include "net/header_text.h"

namespace carc::server::accounts {
namespace {

std::string Attributes(std::int64_t max_age, bool secure) {
  std::string a = "; Path=/; Max-Age=" + std::to_string(max_age) + "; HttpOnly; SameSite=Lax";
  if (secure) a += "; Secure";
  return a;
}

}  // namespace

std::string_view SessionCookieValue(std::string_view field, bool secure) {
  const std::string_view name = secure ? kSecureSessionCookie : kSessionCookie;
  while (!field.empty()) {
    const std::size_t end = field.find(';');
    const std::string_view pair = TrimHeaderSpace(field.substr(0, end));
    const std::size_t eq = pair.find('=');
    if (eq != std::string_view::npos && TrimHeaderSpace(pair.substr(0, eq)) == name) {
      std::string_view value = TrimHeaderSpace(pair.substr(eq + 1));
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
        value = value.substr(1, value.size() - 2);
      }
      return value;
    }
    if (end == std::string_view::npos) break;
    field.remove_prefix(end + 1);
  }
  return {};
}

std::string SetSessionCookie(std::string_view token, std::int64_t max_age_seconds, bool secure) {
  return std::string(secure ? kSecureSessionCookie : kSessionCookie) + "=" + std::string(token) +
         Attributes(max_age_seconds, secure);
}

std::string ClearSessionCookie(bool secure) {
  return std::string(secure ? kSecureSessionCookie : kSessionCookie) + "=" + Attributes(0, secure);
}

}  // namespace carc::server::accounts
