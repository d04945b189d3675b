// The HTTP API (/api/...) as the application sees it: a whole request in, one response out,
// without Beast.
//
// Contract, kept by HttpSession:
// - Every request whose path starts with /api/ reaches the ApiHandler, whatever its method.
// - A POST may carry a body of up to kMaxApiUpload bytes; a larger one is answered 413 by the
//   session and never reaches the handler. Other requests keep the session's small body limit.
// - Only GET and HEAD are safe: every other method (POST, DELETE, ...) is state-changing and its
//   Origin is checked (a cookie authenticates, so a foreign page must not send one).
// - The handler answers exactly once, on any thread.
// - Before the handler sees a request, the session has checked the client's share of the API
//   (--api-rate: 429 past it) and, for every method but GET and HEAD, its Origin (403 for a
//   foreign one).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace carc::server {

inline constexpr std::size_t kMaxApiUpload = 1024 * 1024;

struct ApiRequest {
  std::string method;  // "GET", "HEAD", "POST", ... as sent
  std::string target;  // path and query
  std::string body;
  std::string client;         // the client's address (after --trusted-proxies)
  std::string if_none_match;  // the If-None-Match field, as sent
  std::string authorization;  // the Authorization field, as sent
  std::string cookie;         // the Cookie field, as sent
  std::string user_agent;     // the User-Agent field, as sent
  // Reached over https: a trusted proxy (--trusted-proxies) said X-Forwarded-Proto: https.
  bool https = false;
  std::string host;  // the Host field, as sent
};

struct ApiResponse {
  ApiResponse() = default;
  ApiResponse(unsigned status_code, std::string type, std::string text, std::string methods = "")
      : status(status_code),
        content_type(std::move(type)),
        body(std::move(text)),
        allow(std::move(methods)) {}

  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string allow;  // for 405: the methods the path takes, e.g. "GET, HEAD"
  // An answer that never changes (an archived game's record or replay): its validator and how
  // long it may be kept; empty: "no-store", as every other answer.
  std::string etag;
  std::string cache_control;
  int retry_after = 0;              // seconds, for 429 and 503; 0: no Retry-After
  std::string set_cookie;           // a Set-Cookie field's value, or none
  std::string content_disposition;  // e.g. a download's "attachment; filename=...", or none
};

using ApiReply = std::function<void(ApiResponse)>;

// The credentials of an "Authorization: Bearer TOKEN" field (the scheme in any case), or "" for
// any other field.
inline std::string_view BearerToken(std::string_view authorization) {
  constexpr std::string_view kScheme = "bearer ";
  if (authorization.size() <= kScheme.size()) return {};
  for (std::size_t i = 0; i < kScheme.size(); ++i) {
    const char c = authorization[i];
    if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != kScheme[i]) return {};
  }
  return authorization.substr(kScheme.size());
}
using ApiHandler = std::function<void(ApiRequest, ApiReply)>;

}  // namespace carc::server
