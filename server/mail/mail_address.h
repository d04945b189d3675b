// An account's e-mail address as this server accepts it: the common form local@domain that
// every mail system delivers, not all of RFC 5321. What is refused can never reach a header
// unchecked: no spaces, no control characters (so no CR or LF: no header injection), none of
// the characters that quote or bracket an address, ASCII only (an internationalised address
// needs SMTPUTF8, which not every relay speaks).
//
// Contract: pure. CheckMailAddress returns "" for an address it accepts, else the reason in a
// sentence for the player. NormalMailAddress lower-cases the domain (it is case-insensitive;
// the local part is left as typed, which some systems distinguish).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace carc::server::mail {

inline constexpr std::size_t kMaxAddressLength = 254;  // RFC 5321's path, less its brackets
inline constexpr std::size_t kMaxLocalLength = 64;

std::string CheckMailAddress(std::string_view address);
std::string NormalMailAddress(std::string_view address);

}  // namespace carc::server::mail
