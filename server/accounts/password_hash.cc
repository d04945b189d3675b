#include "accounts/password_hash.h"

#include <sodium.h>

#include <mutex>
#include <stdexcept>

namespace carc::server::accounts {
namespace {

void InitSodium() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
  });
}

// The characters of valid UTF-8 text, or -1 for invalid text.
int Utf8Chars(std::string_view s) {
  int chars = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = 0;
    if (c < 0x80) {
      len = 1;
    } else if ((c & 0xE0) == 0xC0 && c >= 0xC2) {
      len = 2;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
    } else if ((c & 0xF8) == 0xF0 && c <= 0xF4) {
      len = 4;
    } else {
      return -1;
    }
    if (i + len > s.size()) return -1;
    for (std::size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return -1;
    }
    i += len;
    ++chars;
  }
  return chars;
}

}  // namespace

std::string CheckPassword(std::string_view password) {
  if (password.size() > kMaxPasswordBytes) return "a password has at most 256 characters";
  const int chars = Utf8Chars(password);
  if (chars < 0) return "a password must be valid UTF-8 text";
  if (chars < kMinPasswordChars) return "a password has at least 8 characters";
  if (chars > kMaxPasswordChars) return "a password has at most 256 characters";
  return "";
}

std::string HashPassword(std::string_view password, const HashParams& params) {
  InitSodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), params.passes,
                            params.memory_bytes, crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("not enough memory to hash a password");
  }
  return out;
}

bool VerifyPassword(std::string_view stored, std::string_view password) {
  InitSodium();
  // libsodium reads a NUL-terminated string of at most STRBYTES.
  if (stored.size() >= crypto_pwhash_STRBYTES || !stored.starts_with("$argon2id$")) return false;
  const std::string text(stored);
  return crypto_pwhash_str_verify(text.c_str(), password.data(), password.size()) == 0;
}

bool VerifyAgainstNobody(std::string_view password, const HashParams& params) {
  // Made once per parameters with a password nobody types (the salt is random), then verified
  // against as an account's hash would be.
  static std::mutex mu;
  static std::string nobody;
  static HashParams made_with{0, 0};
  std::string stored;
  {
    std::lock_guard lock(mu);
    if (nobody.empty() || made_with.passes != params.passes ||
        made_with.memory_bytes != params.memory_bytes) {
      nobody = HashPassword("\x01 no account has this password \x01", params);
      made_with = params;
    }
    stored = nobody;
  }
  VerifyPassword(stored, password);
  return false;
}

bool NeedsRehash(std::string_view stored, const HashParams& params) {
  InitSodium();
  if (stored.size() >= crypto_pwhash_STRBYTES) return true;
  const std::string text(stored);
  return crypto_pwhash_str_needs_rehash(text.c_str(), params.passes, params.memory_bytes) != 0;
}

}  // namespace carc::server::accounts
