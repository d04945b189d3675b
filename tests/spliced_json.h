// Hostile JSON for the input-limit tests: values nested to any depth, spliced into a record as
// text (building such a value as a json object would need the very recursion under test).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

namespace carc::test {

// `depth` arrays inside each other.
inline std::string Nested(std::size_t depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

// `record` with the value at `pointer` (e.g. "/note", "/rules/farmers") replaced by `raw`,
// a JSON text put in as it is.
inline std::string WithRawValue(const std::string& record, const std::string& pointer,
                                const std::string& raw) {
  using json = nlohmann::ordered_json;
  json j = json::parse(record);
  j[json::json_pointer(pointer)] = "@@";
  std::string text = j.dump();
  text.replace(text.find("\"@@\""), 4, raw);
  return text;
}

}  // namespace carc::test
