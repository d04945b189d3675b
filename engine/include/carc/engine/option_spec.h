// How a game describes its options: one table per game (Game::Options() in game.h), in a fixed
// order, with the text forms its records and room settings use.
#pragma once

#include <cstdint>
#include <string_view>

namespace carc::engine {

// How an option's value is written in records and room settings.
enum class OptionType : std::uint8_t { kBool, kInt, kChoice };

struct OptionSpec {
  std::string_view name;
  OptionType type;
  std::string_view rule;     // the RULES.md id that defines it
  std::string_view values;   // accepted values, for help texts and errors
  std::string_view summary;  // one line for settings screens
};

}  // namespace carc::engine
