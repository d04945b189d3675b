// Which rating pool a room's game counts in, or the house rule that keeps it unrated: a rated
// game plays the game's standard rules, so that one rating means one game (docs/ratings.md).
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "carc/engine/option_spec.h"

namespace carc::server {

struct RatingPool {
  std::string pool;        // "base", "count" or "castle"
  std::string house_rule;  // "" when the options are the standard ones; else "name=value"
};

// The first option of `specs` whose value (`value_of`, the option's text form) is not the one
// `standard_of` gives, as "name=value"; "" when there is none.
std::string FirstHouseRule(std::span<const engine::OptionSpec> specs,
                           const std::function<std::string(std::string_view)>& value_of,
                           const std::function<std::string(std::string_view)>& standard_of);

}  // namespace carc::server
