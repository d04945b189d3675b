#include "accounts/session_token.h"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace carc::server::accounts {
namespace {

constexpr std::size_t kTokenBytes = 32;
constexpr std::size_t kTokenChars = 43;  // base64url of 32 bytes, without padding

}  // namespace

std::string NewSessionToken() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
  std::array<unsigned char, kTokenBytes> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  char text[sodium_base64_ENCODED_LEN(kTokenBytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(text, sizeof text, bytes.data(), bytes.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  sodium_memzero(bytes.data(), bytes.size());
  return text;
}

bool LooksLikeSessionToken(std::string_view token) {
  if (token.size() != kTokenChars) return false;
  for (const char c : token) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

std::string HashSessionToken(std::string_view token) {
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(token.data()),
                     token.size());
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest.data(), digest.size());
  return hex;
}

}  // namespace carc::server::accounts
