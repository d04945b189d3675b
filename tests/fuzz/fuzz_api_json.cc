// fuzz_api_json: the JSON bodies of the HTTP API (POST /api/replay), as the API threads read
// them: codec::ParseLimitedJson with the limits of json_limits.h, and the request through
// ServeArchive. Every value the parser accepts is checked against its promises (nesting, keys
// per object, values in all, numbers that are ints), and the request is answered exactly once,
// 200 or 400, without touching the store.
#include <limits>
#include <vector>

#include "app/archive_api.h"
#include "carc/codec/json_limits.h"
#include "fuzz_target.h"
#include "untouchable_store.h"

namespace {

using carc::fuzz::Fail;
namespace codec = carc::codec;
using Json = nlohmann::ordered_json;

// Walks an accepted value without recursion (what it checks is what recursion would risk).
void CheckAccepted(const Json& root) {
  struct Item {
    const Json* value;
    int depth;
  };
  std::vector<Item> stack = {{&root, 0}};
  std::size_t values = 0;
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    ++values;
    const Json& v = *item.value;
    if (v.is_object() || v.is_array()) {
      if (item.depth >= codec::kMaxJsonDepth) Fail("an accepted value is nested too deep");
      if (v.is_object() && v.size() > codec::kMaxJsonKeys) Fail("an object has too many keys");
      for (const auto& child : v) stack.push_back({&child, item.depth + 1});
    } else if (v.is_number_float()) {
      Fail("an accepted value holds a number that is not an int");
    } else if (v.is_number_unsigned() &&
               v.get<std::uint64_t>() >
                   static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
      Fail("an accepted value holds a number past int's range");
    } else if (v.is_number_integer() && (v.get<std::int64_t>() < std::numeric_limits<int>::min() ||
                                         v.get<std::int64_t>() > std::numeric_limits<int>::max())) {
      Fail("an accepted value holds a number past int's range");
    }
  }
  if (values > codec::kMaxJsonValues) Fail("an accepted value holds too many values");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static carc::fuzz::UntouchableStore untouchable;
  const std::string body(reinterpret_cast<const char*>(data), size);
  const auto parsed = codec::ParseLimitedJson(body, "record");
  if (const auto* value = std::get_if<Json>(&parsed)) {
    CheckAccepted(*value);
  } else if (std::get<std::string>(parsed).rfind("record ", 0) != 0) {
    Fail("a refusal does not name what it refused");
  }
  carc::server::ApiRequest request;
  request.method = "POST";
  request.target = "/api/replay";
  request.body = body;
  request.client = "127.0.0.1";
  int answers = 0;
  carc::server::ServeArchive(untouchable, request, [&](carc::server::ApiResponse response) {
    ++answers;
    if (response.status != 200 && response.status != 400) {
      Fail("POST /api/replay answered neither 200 nor 400");
    }
  });
  if (answers != 1) Fail("POST /api/replay was not answered exactly once");
  return 0;
}
