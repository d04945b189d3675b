// A session's label in its player's list ("Firefox on Linux"), from the User-Agent field.
//
// Contract: pure. The label is built only from fixed words, never from the field's own text, so
// a hostile User-Agent can neither grow the store nor put markup in the list.
#pragma once

#include <string>
#include <string_view>

namespace carc::server::accounts {

std::string DeviceLabel(std::string_view user_agent);

}  // namespace carc::server::accounts
