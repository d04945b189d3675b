// The session cookie: carc_session=TOKEN, HttpOnly (no script reads it, so a cross-site script
// cannot steal it), SameSite=Lax (a cross-site form or fetch does not carry it) and Secure when
// the server is reached over https, Path=/ and Max-Age of the session's absolute life.
//
// Contract: pure, thread-safe. Parsing never throws and takes the first carc_session pair.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace carc::server::accounts {

inline constexpr std::string_view kSessionCookie = "carc_session";

// The value of carc_session in a Cookie field, or "".
std::string_view SessionCookieValue(std::string_view cookie_field);

// The Set-Cookie value that gives the browser `token` for `max_age_seconds`.
std::string SetSessionCookie(std::string_view token, std::int64_t max_age_seconds, bool secure);

// The Set-Cookie value that makes the browser forget it.
std::string ClearSessionCookie(bool secure);

}  // namespace carc::server::accounts
