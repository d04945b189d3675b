// Base64url without padding (RFC 4648 section 5): the form WebAuthn's JSON, JWTs and Web Push
// keys carry bytes in.
//
// Contract: pure functions. Decoding refuses padding, characters of other alphabets and a
// leftover that is not zero bits (so every byte string has exactly one text); `bytes` is then
// unspecified.
#pragma once

#include <string>
#include <string_view>

namespace carc::server {

std::string Base64Url(std::string_view bytes);
bool DecodeBase64Url(std::string_view text, std::string& bytes);

}  // namespace carc::server
