// Passwords, stored only as Argon2id strings (libsodium's crypto_pwhash_str: the parameters and
// a random salt travel inside the string, so stronger parameters later verify old hashes too).
//
// Contract: every function is CPU- and memory-heavy on purpose (HashParams): call them on the
// hashing workers (net/api_workers.h), never on a network thread. Thread-safe. A password is
// never copied anywhere but into libsodium.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace carc::server::accounts {

// OWASP's Password Storage Cheat Sheet's first Argon2id choice: 19 MiB, 2 passes, 1 lane
// (libsodium always uses one). docs/security.md says why and what it costs.
struct HashParams {
  unsigned long long passes = 2;
  std::size_t memory_bytes = std::size_t{19} << 20;
};

// Passwords of 8 to 256 characters; anything over kMaxPasswordBytes is refused unread.
inline constexpr int kMinPasswordChars = 8;
inline constexpr int kMaxPasswordChars = 256;
inline constexpr std::size_t kMaxPasswordBytes = 1024;

// "" when the password may be used, else why not (a sentence for the player). Cheap.
std::string CheckPassword(std::string_view password);

// The Argon2id string; throws std::runtime_error when libsodium cannot (out of memory).
std::string HashPassword(std::string_view password, const HashParams& params);

// Whether `password` matches `stored`. A stored string that is not Argon2id matches nothing.
bool VerifyPassword(std::string_view stored, std::string_view password);

// The same work as VerifyPassword against an account that does not exist, so that an unknown
// name and a wrong password take the same time (no enumeration by timing). Always false.
bool VerifyAgainstNobody(std::string_view password, const HashParams& params);

// Whether `stored` was made with other parameters than `params` (to rehash at sign-in).
bool NeedsRehash(std::string_view stored, const HashParams& params);

}  // namespace carc::server::accounts
