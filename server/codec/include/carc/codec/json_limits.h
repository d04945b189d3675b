// Limits on JSON read from outside (uploaded records, record files, data files): nlohmann's
// parser is iterative, but dump(), copies and comparisons of a parsed value recurse once per
// nesting level, so a value nested deeply enough crashes the process; and an ordered_json
// object looks each new key up among the keys before it, so one object of n keys costs n²/2
// comparisons (80,000 keys in 1 MB took 5.6 s). Depth, size, keys per object and values in all
// are checked by a first pass that builds nothing, before anything recursive or quadratic can
// see the value: both passes are linear in the input (at most kMaxJsonKeys comparisons per key).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

namespace carc::codec {

// Arrays and objects inside each other: records and games' data files need at most 5.
inline constexpr int kMaxJsonDepth = 64;
// Keys of one object: the widest object of our formats has 24 (a tile of tiles/base.json).
inline constexpr std::size_t kMaxJsonKeys = 256;
// Values (objects, arrays, strings, numbers, ...) in the whole text: a record of the longest
// game allowed (5,000 turns) holds under 100,000.
inline constexpr std::size_t kMaxJsonValues = 250000;
// A whole base-game record is about 15 KB; the games' data files are smaller still.
inline constexpr std::size_t kMaxRecordBytes = 1024 * 1024;

// The parsed value, or why it is refused, naming `what`:
// "record nested deeper than 64 levels", "record is over 1048576 bytes",
// "record has an object of more than 256 keys", "record holds more than 250000 values",
// "record holds the number 1.5, but its numbers are integers from ... to ..." (every number
// in our formats is an int; readers may then take any number with get<int>()), or
// "record is not valid JSON: ..." (a number too large for a double included). Never throws.
std::variant<nlohmann::ordered_json, std::string> ParseLimitedJson(
    std::string_view text, std::string_view what, std::size_t max_bytes = kMaxRecordBytes,
    int max_depth = kMaxJsonDepth);

}  // namespace carc::codec
