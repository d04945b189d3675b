#include "accounts/account_name.h"

#include <unicase.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#include <array>
#include <cstdlib>
#include <memory>

namespace carc::server::accounts {
namespace {

struct Free {
  void operator()(std::uint8_t* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<std::uint8_t, Free>;

const std::uint8_t* Bytes(std::string_view s) {
  return reinterpret_cast<const std::uint8_t*>(s.data());
}

// libunistring allocates its results; nullptr: out of memory or invalid input.
std::string Owned(std::uint8_t* p, std::size_t n) {
  Buffer owned(p);
  if (!owned) return {};
  return std::string(reinterpret_cast<const char*>(owned.get()), n);
}

// (The length is read after the call: both in one expression would be evaluated in any order.)
std::string Nfc(std::string_view s) {
  std::size_t n = 0;
  std::uint8_t* p = u8_normalize(UNINORM_NFC, Bytes(s), s.size(), nullptr, &n);
  return Owned(p, n);
}

std::string Key(std::string_view nfc) {
  std::size_t n = 0;
  std::uint8_t* p = u8_casefold(Bytes(nfc), nfc.size(), nullptr, UNINORM_NFKC, nullptr, &n);
  return Owned(p, n);
}

bool Joiner(ucs4_t c) {
  return c == '-' || c == '_' || c == '.';
}

bool LetterOrDigit(ucs4_t c) {
  return uc_is_general_category(c, UC_LETTER) || uc_is_general_category(c, UC_DECIMAL_DIGIT_NUMBER);
}

// "host" is the command line's name in the audit log (accounts/moderation_actions.h): an
// account of that name would pass for the server's operator there.
constexpr std::array<std::string_view, 18> kReserved = {
    "admin", "administrator", "anonymous", "carcassonne", "deleted",  "guest",
    "host",  "mod",           "moderator", "null",        "operator", "owner",
    "root",  "server",        "staff",     "support",     "system",   "undefined"};

bool Reserved(std::string_view key) {
  if (key.starts_with("computer")) return true;
  for (std::string_view r : kReserved) {
    if (key == r) return true;
  }
  return false;
}

}  // namespace

std::variant<AccountName, std::string> CheckAccountName(std::string_view typed) {
  // Bounded before any work: 20 characters are at most 80 bytes, NFC may grow a little.
  if (typed.size() > 4 * kMaxNameChars * 3) return std::string("a name has at most 20 characters");
  if (u8_check(Bytes(typed), typed.size()) != nullptr) {
    return std::string("a name must be valid UTF-8 text");
  }
  AccountName out;
  out.name = Nfc(typed);
  if (out.name.empty()) return std::string("a name has at least 3 characters");
  int chars = 0;
  bool previous_joiner = true;  // so that a name cannot start with one
  for (std::size_t i = 0; i < out.name.size();) {
    ucs4_t c = 0;
    const int len = u8_mbtouc(&c, Bytes(out.name) + i, out.name.size() - i);
    i += static_cast<std::size_t>(len);
    ++chars;
    if (Joiner(c)) {
      if (previous_joiner) {
        return std::string("'-', '_' and '.' may only stand between letters or digits");
      }
      previous_joiner = true;
    } else if (uc_is_general_category(c, UC_MARK)) {
      if (chars == 1) return std::string("a name starts with a letter or a digit");
      previous_joiner = false;
    } else if (LetterOrDigit(c)) {
      previous_joiner = false;
    } else {
      return std::string("a name has only letters, digits and '-', '_' or '.'");
    }
  }
  if (chars < kMinNameChars) return std::string("a name has at least 3 characters");
  if (chars > kMaxNameChars) return std::string("a name has at most 20 characters");
  if (previous_joiner) {
    return std::string("'-', '_' and '.' may only stand between letters or digits");
  }
  out.key = Key(out.name);
  if (out.key.empty()) return std::string("a name has at least 3 characters");
  if (Reserved(out.key)) return std::string("that name is reserved");
  return out;
}

std::string NameKey(std::string_view typed) {
  const auto checked = CheckAccountName(typed);
  if (const auto* name = std::get_if<AccountName>(&checked)) return name->key;
  // A reserved name is a name nobody has: its key finds nothing either way.
  return {};
}

}  // namespace carc::server::accounts
