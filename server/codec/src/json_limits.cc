#include "carc/codec/json_limits.h"

namespace carc::codec {
namespace {

// Thrown from the parser callback: nlohmann has no other way to stop a DOM parse early.
struct TooDeep {};

}  // namespace

std::variant<nlohmann::ordered_json, std::string> ParseLimitedJson(std::string_view text,
                                                                   std::string_view what,
                                                                   std::size_t max_bytes,
                                                                   int max_depth) {
  using Json = nlohmann::ordered_json;
  if (text.size() > max_bytes) {
    return std::string(what) + " is over " + std::to_string(max_bytes) + " bytes";
  }
  // The callback's depth is the number of containers around the one starting.
  const Json::parser_callback_t limit = [max_depth](int depth, Json::parse_event_t event, Json&) {
    if ((event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start) &&
        depth >= max_depth) {
      throw TooDeep{};
    }
    return true;
  };
  try {
    return Json::parse(text, limit);
  } catch (const TooDeep&) {
    return std::string(what) + " nested deeper than " + std::to_string(max_depth) + " levels";
  } catch (const Json::parse_error& e) {
    return std::string(what) + " is not valid JSON: " + e.what();
  }
}

}  // namespace carc::codec
