// Limits on JSON read from outside (uploaded records, record files, data files): nlohmann's
// parser is iterative, but dump(), copies and comparisons of a parsed value recurse once per
// nesting level, so a value nested deeply enough crashes the process. Depth and size are
// checked while parsing, before anything recursive can see the value.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

namespace carc::codec {

// Arrays and objects inside each other: records and games' data files need at most 5.
inline constexpr int kMaxJsonDepth = 64;
// A whole base-game record is about 15 KB; the games' data files are smaller still.
inline constexpr std::size_t kMaxRecordBytes = 1024 * 1024;

// The parsed value, or why it is refused, naming `what`:
// "record nested deeper than 64 levels", "record is over 1048576 bytes",
// "record holds the number 1.5, but its numbers are integers from ... to ..." (every number
// in our formats is an int; readers may then take any number with get<int>()), or
// "record is not valid JSON: ...".
std::variant<nlohmann::ordered_json, std::string> ParseLimitedJson(
    std::string_view text, std::string_view what, std::size_t max_bytes = kMaxRecordBytes,
    int max_depth = kMaxJsonDepth);

}  // namespace carc::codec
