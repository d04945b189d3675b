// Resume tokens: 128 random bits shown once to the seat's player; the server keeps only a hash.
#pragma once

#include <string>

namespace carc::server {

// A new random token (32 hex digits) from the operating system's random source.
std::string NewResumeToken();
// The stored form of a token (SHA-1, hex). Tokens are random, so a fast hash is enough.
std::string HashToken(const std::string& token);
// A 6-character invite code from an alphabet without look-alikes (no 0/O, 1/I/L).
std::string NewInviteCode();
inline constexpr const char* kInviteAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
// A game seed for a new room (never leaves the server).
unsigned long long NewSeed();

}  // namespace carc::server
