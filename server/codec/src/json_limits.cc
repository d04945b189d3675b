#include "carc/codec/json_limits.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace carc::codec {
namespace {

// Thrown from the parser callback: nlohmann has no other way to stop a DOM parse early.
struct TooDeep {};
struct TooWide {};
struct TooMany {};
struct NotAnInt {
  std::string number;
};

// Whether a parsed number is an int: no double, nothing past int's range.
bool IsInt(const nlohmann::ordered_json& v) {
  if (v.is_number_unsigned()) {
    return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<int>::max());
  }
  if (!v.is_number_integer()) return false;
  const auto n = v.get<std::int64_t>();
  return n >= std::numeric_limits<int>::min() && n <= std::numeric_limits<int>::max();
}

}  // namespace

std::variant<nlohmann::ordered_json, std::string> ParseLimitedJson(std::string_view text,
                                                                   std::string_view what,
                                                                   std::size_t max_bytes,
                                                                   int max_depth) {
  using Json = nlohmann::ordered_json;
  if (text.size() > max_bytes) {
    return std::string(what) + " is over " + std::to_string(max_bytes) + " bytes";
  }
  // The keys of each open object, innermost last; and every value so far.
  std::vector<std::size_t> keys;
  std::size_t values = 0;
  // The callback's depth is the number of containers around the one starting.
  const Json::parser_callback_t limit = [max_depth, &keys, &values](
                                            int depth, Json::parse_event_t event, Json& parsed) {
    using Event = Json::parse_event_t;
    if ((event == Event::object_start || event == Event::array_start) && depth >= max_depth) {
      throw TooDeep{};
    }
    if (event == Event::object_start) keys.push_back(0);
    if (event == Event::object_end && !keys.empty()) keys.pop_back();
    // Counted before the parser inserts the key: the insert is what costs.
    if (event == Event::key && !keys.empty() && ++keys.back() > kMaxJsonKeys) throw TooWide{};
    if ((event == Event::value || event == Event::object_start || event == Event::array_start) &&
        ++values > kMaxJsonValues) {
      throw TooMany{};
    }
    // Readers take numbers with get<int>(), which is undefined for a double out of int's range
    // and wraps a larger integer round to another value: only ints get that far.
    if (event == Json::parse_event_t::value && parsed.is_number() && !IsInt(parsed)) {
      throw NotAnInt{parsed.dump()};
    }
    return true;
  };
  try {
    return Json::parse(text, limit);
  } catch (const TooDeep&) {
    return std::string(what) + " nested deeper than " + std::to_string(max_depth) + " levels";
  } catch (const TooWide&) {
    return std::string(what) + " has an object of more than " + std::to_string(kMaxJsonKeys) +
           " keys";
  } catch (const TooMany&) {
    return std::string(what) + " holds more than " + std::to_string(kMaxJsonValues) + " values";
  } catch (const NotAnInt& n) {
    return std::string(what) + " holds the number " + n.number +
           ", but its numbers are integers from " +
           std::to_string(std::numeric_limits<int>::min()) + " to " +
           std::to_string(std::numeric_limits<int>::max());
  } catch (const Json::parse_error& e) {
    return std::string(what) + " is not valid JSON: " + e.what();
  } catch (const Json::out_of_range& e) {
    // A number too large for a double ("1e881"): the parser throws this, not a parse_error.
    return std::string(what) + " is not valid JSON: " + e.what();
  }
}

}  // namespace carc::codec
