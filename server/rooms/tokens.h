// Resume tokens: 128 random bits shown once to the seat's player; the server keeps only a hash.
#pragma once

#include <cstddef>
#include <string>

namespace carc::server {

// A new random token (32 hex digits) from the operating system's random source.
std::string NewResumeToken();
// The stored form of a token (SHA-1, hex). Tokens are random, so a fast hash is enough.
std::string HashToken(const std::string& token);
// An invite code of kInviteCodeLength characters from an alphabet without look-alikes (no 0/O,
// 1/I/L), from the operating system's random source. A private room's code is its only lock:
// 31^8 = 8.5e11 codes, so that guessing at --code-guesses-per-minute finds no room in a year
// (docs/security.md, "Room codes"). Rooms made when codes had 6 characters keep theirs.
std::string NewInviteCode();
inline constexpr const char* kInviteAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
inline constexpr std::size_t kInviteCodeLength = 8;
// A game seed for a new room (never leaves the server).
unsigned long long NewSeed();

}  // namespace carc::server
