// The HTTP API (/api/...) as the application sees it: a whole request in, one response out,
// without Beast.
//
// Contract, kept by HttpSession:
// - Every request whose path starts with /api/ reaches the ApiHandler, whatever its method.
// - A POST may carry a body of up to kMaxApiUpload bytes; a larger one is answered 413 by the
//   session and never reaches the handler. Other requests keep the session's small body limit.
// - The handler answers exactly once, on any thread.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace carc::server {

inline constexpr std::size_t kMaxApiUpload = 1024 * 1024;

struct ApiRequest {
  std::string method;  // "GET", "HEAD", "POST", ... as sent
  std::string target;  // path and query
  std::string body;
};

struct ApiResponse {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string allow;  // for 405: the methods the path takes, e.g. "GET, HEAD"
};

using ApiReply = std::function<void(ApiResponse)>;
using ApiHandler = std::function<void(ApiRequest, ApiReply)>;

}  // namespace carc::server
