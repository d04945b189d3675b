// The answers the account API's parts share: JSON errors {"error", "field"?}, 405 with its Allow,
// 429/503 with Retry-After, a request's path without its query, and a JSON object body read
// within limits, with its string fields.
#pragma once

#include <carc/codec/json_limits.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

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

// Whether `method` is one of `allow`'s ("GET, HEAD, POST"): a whole name, never a part of one.
inline bool Allows(std::string_view allow, std::string_view method) {
  while (!allow.empty()) {
    const auto comma = allow.find(", ");
    if (allow.substr(0, comma) == method) return true;
    if (comma == std::string_view::npos) break;
    allow.remove_prefix(comma + 2);
  }
  return false;
}

inline ApiResponse Later(unsigned status, std::string_view message, int seconds) {
  ApiResponse r = Error(status, message);
  r.retry_after = std::max(seconds, 1);
  return r;
}

// The string `key` of `object`, or nullptr when it is missing or not a string.
inline const std::string* StringField(const nlohmann::ordered_json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get_ptr<const std::string*>() : nullptr;
}

// A whole number from `text` (a query's value, a path's part) in [min, max], else nullopt.
inline std::optional<std::int64_t> WholeNumber(std::string_view text, std::int64_t min,
                                               std::int64_t max) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return std::nullopt;
  }
  return value;
}

inline std::string Path(const std::string& target) {
  return target.substr(0, target.find('?'));
}

// A request's body as a JSON object, or the answer refusing it: 413 over `max_bytes`, 400 when it
// is not JSON, is nested deeper than `max_depth` or is no object. The parser's words for bad JSON
// quote the text where it stopped, which may be a secret of the player's (a password, a push
// endpoint): the refusal leaves them out.
inline std::variant<nlohmann::ordered_json, ApiResponse> ReadJsonObject(std::string_view text,
                                                                        std::size_t max_bytes,
                                                                        int max_depth) {
  if (text.size() > max_bytes) {
    return Error(413, "the request is over " + std::to_string(max_bytes / 1024) + " KB");
  }
  auto parsed = codec::ParseLimitedJson(text, "request", max_bytes, max_depth);
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    return Error(400, why->find("not valid JSON") == std::string::npos
                          ? *why
                          : std::string("the request is not valid JSON"));
  }
  auto& json = std::get<nlohmann::ordered_json>(parsed);
  if (!json.is_object()) return Error(400, "the request must be a JSON object");
  return std::move(json);
}

// The web client's languages: a notice or a mail is written in the one its page had.
inline constexpr std::array<std::string_view, 4> kLanguages = {"en", "de", "nl", "sv"};

// The body's optional "lang" in `lang` ("en" when absent), or the refusal of a bad one.
inline std::optional<ApiResponse> ReadLang(const nlohmann::ordered_json& body, std::string& lang) {
  lang = "en";
  if (!body.contains("lang")) return std::nullopt;
  const std::string* typed = StringField(body, "lang");
  if (typed == nullptr ||
      std::find(kLanguages.begin(), kLanguages.end(), *typed) == kLanguages.end()) {
    return Error(400, "\"lang\" must be en, de, nl or sv", "lang");
  }
  lang = *typed;
  return std::nullopt;
}

}  // namespace carc::server::accounts
