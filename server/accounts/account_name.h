// Account names: what a player may be called, and when two names are the same name.
//
// Contract: CheckAccountName accepts 3 to 20 characters (Unicode code points of the name in
// NFC) of letters, combining marks and decimal digits, with '-', '_' and '.' between them, the
// first a letter or a digit; it refuses invalid UTF-8, anything else (spaces, symbols, controls,
// invisible format characters) and the reserved names. Two names are the same when their keys
// are: the key is the name after Unicode case folding and NFKC ("ADA", "ada" and the fullwidth
// "ａｄａ" are one name), and the store keeps keys unique. Reserved: names a player could pass off
// as the server's voice (admin, system, moderator, ...) and every key starting with "computer",
// the computer players' seat names. Pure: no state, thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <variant>

namespace carc::server::accounts {

inline constexpr int kMinNameChars = 3;
inline constexpr int kMaxNameChars = 20;

struct AccountName {
  std::string name;  // NFC: the form shown
  std::string key;   // case-folded NFKC: the form compared
};

// The name, or why it is refused (a sentence for the player).
std::variant<AccountName, std::string> CheckAccountName(std::string_view typed);

// The key of a name as typed for sign-in or a profile's address: "" when it cannot be a name,
// so that a lookup finds nothing without saying why.
std::string NameKey(std::string_view typed);

}  // namespace carc::server::accounts
