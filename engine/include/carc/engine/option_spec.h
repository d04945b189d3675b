// How a game describes its options: one table per game (Game::Options() in game.h), in a fixed
// order, with the text forms its records and room settings use. The table is the one source of
// a game's options: the codec reads and writes the game's options message field by field from it
// (codec/option_fields.h), records write it (record_write.cc), and the server serves it to
// clients (GET /api/games), whose option forms and translation keys are built from it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

namespace carc::engine {

// How an option's value is written in records and room settings.
// kBool: "true" or "false". kInt: a whole number in min..max. kChoice: one of the words of
// `values` ("c3|c1"). kSize: "off" or "WxH", each of W and H in min..max.
enum class OptionType : std::uint8_t { kBool, kInt, kChoice, kSize };

struct OptionSpec {
  std::string_view name;
  OptionType type;
  std::string_view rule;           // the RULES.md id that defines it
  std::string_view values;         // accepted values, for help texts and errors; kChoice: a|b|c
  std::string_view summary;        // one line for settings screens
  std::string_view default_value;  // the text form a game gets when the option is not named
  int min = 0;                     // kInt, kSize: the range
  int max = 0;
};

// The words of a choice's `values` ("c3|c1" gives c3 and c1), in order.
inline std::vector<std::string_view> ChoicesOf(const OptionSpec& spec) {
  std::vector<std::string_view> words;
  const std::string_view all = spec.values;
  for (std::size_t at = 0; at <= all.size();) {
    const std::size_t bar = std::min(all.find('|', at), all.size());
    words.push_back(all.substr(at, bar - at));
    at = bar + 1;
  }
  return words;
}

}  // namespace carc::engine
