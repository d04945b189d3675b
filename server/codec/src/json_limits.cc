#include "carc/codec/json_limits.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace carc::codec {
namespace {

using Json = nlohmann::ordered_json;

// A first pass over the text that builds nothing and stops at the first limit passed. nlohmann's
// parser callbacks cannot do this job: with a callback, the DOM parser looks through the whole
// enclosing container for discarded values at the end of every object and array, so an array of
// n objects costs n²/2 steps (6,000 turns took 5 s under ASan; 250,000 empty objects, which fit
// in 1 MB, would take minutes). This pass and the plain parse after it are both linear.
class LimitChecker {
 public:
  explicit LimitChecker(int max_depth) : max_depth_(max_depth) {}

  // Why the text was refused, once a handler returned false; empty while it is within limits.
  const std::string& refusal() const { return refusal_; }

  bool null() { return Value(); }
  bool boolean(bool) { return Value(); }
  // Readers take numbers with get<int>(), which is undefined for a double out of int's range
  // and wraps a larger integer round to another value: only ints get that far.
  bool number_integer(std::int64_t n) {
    if (n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max()) {
      return NotAnInt(Json(n).dump());
    }
    return Value();
  }
  bool number_unsigned(std::uint64_t n) {
    if (n > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
      return NotAnInt(Json(n).dump());
    }
    return Value();
  }
  bool number_float(double d, const std::string&) { return NotAnInt(Json(d).dump()); }
  bool string(std::string&) { return Value(); }
  bool binary(Json::binary_t&) { return Value(); }
  bool start_object(std::size_t) {
    keys_.push_back(0);
    return Open();
  }
  bool key(std::string&) {
    if (++keys_.back() > kMaxJsonKeys) {
      return Refuse("has an object of more than " + std::to_string(kMaxJsonKeys) + " keys");
    }
    return true;
  }
  bool end_object() {
    keys_.pop_back();
    --depth_;
    return true;
  }
  bool start_array(std::size_t) { return Open(); }
  bool end_array() {
    --depth_;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    // A number too large for a double ("1e881") comes here as an out_of_range error.
    return Refuse(std::string("is not valid JSON: ") + e.what());
  }

 private:
  bool Value() {
    if (++values_ > kMaxJsonValues) {
      return Refuse("holds more than " + std::to_string(kMaxJsonValues) + " values");
    }
    return true;
  }
  bool Open() {
    if (++depth_ > max_depth_) {
      return Refuse("nested deeper than " + std::to_string(max_depth_) + " levels");
    }
    return Value();
  }
  bool NotAnInt(const std::string& number) {
    return Refuse("holds the number " + number + ", but its numbers are integers from " +
                  std::to_string(std::numeric_limits<int>::min()) + " to " +
                  std::to_string(std::numeric_limits<int>::max()));
  }
  bool Refuse(std::string why) {
    refusal_ = std::move(why);
    return false;
  }

  int max_depth_;
  int depth_ = 0;
  // The keys of each open object, innermost last; and every value so far.
  std::vector<std::size_t> keys_;
  std::size_t values_ = 0;
  std::string refusal_;
};

}  // namespace

std::variant<nlohmann::ordered_json, std::string> ParseLimitedJson(std::string_view text,
                                                                   std::string_view what,
                                                                   std::size_t max_bytes,
                                                                   int max_depth) {
  if (text.size() > max_bytes) {
    return std::string(what) + " is over " + std::to_string(max_bytes) + " bytes";
  }
  LimitChecker checker(max_depth);
  if (!Json::sax_parse(text, &checker) || !checker.refusal().empty()) {
    return std::string(what) + " " + checker.refusal();
  }
  // Within every limit and valid: the plain parse cannot fail, but it never throws out of here.
  Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) return std::string(what) + " is not valid JSON";
  return parsed;
}

}  // namespace carc::codec
