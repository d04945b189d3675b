// Session tokens: 256 random bits that a browser keeps in an HttpOnly cookie and the command
// line in a 0600 file; the store keeps only their SHA-256, so a copy of the database opens no
// session. Thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace carc::server::accounts {

// 43 characters of base64url (no padding), from libsodium's random source (the kernel's).
std::string NewSessionToken();

// Whether `token` has a token's form (43 base64url characters): anything else is refused
// before it is hashed or looked up.
bool LooksLikeSessionToken(std::string_view token);

// The stored form: SHA-256, 64 hex digits. Tokens are random, so a fast hash is enough.
std::string HashSessionToken(std::string_view token);

}  // namespace carc::server::accounts
