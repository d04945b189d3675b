// The session cookie: carc_session=TOKEN, HttpOnly (no script reads it, so a cross-site script
// cannot steal it), SameSite=Lax (a cross-site form or fetch does not carry it), Path=/ and
// Max-Age of the session's absolute life. Over https it is __Host-carc_session, Secure: a
// browser takes a cookie of that name only from this very host over https, with Path=/ and no
// Domain, so a page of a sibling subdomain or a plain-http answer cannot plant a session of
// its own making (cookie tossing); and over https only that name is read.
//
// Contract: pure, thread-safe. Parsing never throws and takes the first pair of the name.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace carc::server::accounts {

inline constexpr std::string_view kSessionCookie = "carc_session";
inline constexpr std::string_view kSecureSessionCookie = "__Host-carc_session";

// The value of the session cookie in a Cookie field (over https, `secure`: of
// __Host-carc_session only), or "".
std::string_view SessionCookieValue(std::string_view cookie_field, bool secure = false);

// The Set-Cookie value that gives the browser `token` for `max_age_seconds`.
std::string SetSessionCookie(std::string_view token, std::int64_t max_age_seconds, bool secure);

// The Set-Cookie value that makes the browser forget it.
std::string ClearSessionCookie(bool secure);

}  // namespace carc::server::accounts
