// Decoding a MIME base64 text (RFC 2045: lines of at most 76 characters, CRLF between them)
// the way a mail reader does, to read back what the server's mails carry.
#pragma once

#include <sodium.h>

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

namespace carc::test {

// The decoded octets; fails the test when the text is not base64.
inline std::string DecodeMimeBase64(std::string_view text) {
  std::string out(text.size(), '\0');
  std::size_t length = 0;
  REQUIRE(sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(),
                            text.size(), "\r\n", &length, nullptr,
                            sodium_base64_VARIANT_ORIGINAL) == 0);
  out.resize(length);
  return out;
}

}  // namespace carc::test
