// The answers the account API's parts share: JSON errors {"error", "field"?}, 405 with its Allow,
// 429/503 with Retry-After, and a request's path without its query.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "net/http_api.h"

namespace carc::server::accounts {

inline ApiResponse Json(unsigned status, const nlohmann::json& body) {
  return {status, "application/json", body.dump()};
}

inline ApiResponse Error(unsigned status, std::string_view message, std::string_view field = {}) {
  nlohmann::json body = {{"error", message}};
  if (!field.empty()) body["field"] = field;
  return Json(status, body);
}

inline ApiResponse NotAllowed(std::string_view methods) {
  ApiResponse r = Error(405, "method not allowed: use " + std::string(methods));
  r.allow = std::string(methods);
  return r;
}

inline ApiResponse Later(unsigned status, std::string_view message, int seconds) {
  ApiResponse r = Error(status, message);
  r.retry_after = std::max(seconds, 1);
  return r;
}

inline std::string Path(const std::string& target) {
  return target.substr(0, target.find('?'));
}

}  // namespace carc::server::accounts
