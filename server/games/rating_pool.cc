#include "games/rating_pool.h"

namespace carc::server {

std::string FirstHouseRule(std::span<const engine::OptionSpec> specs,
                           const std::function<std::string(std::string_view)>& value_of,
                           const std::function<std::string(std::string_view)>& standard_of) {
  for (const engine::OptionSpec& spec : specs) {
    std::string value = value_of(spec.name);
    if (value != standard_of(spec.name)) return std::string(spec.name) + "=" + value;
  }
  return "";
}

}  // namespace carc::server
