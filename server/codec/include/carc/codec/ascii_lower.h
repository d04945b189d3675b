// Text in lower case by ASCII alone, whatever the locale: for what protocols compare without
// case (hosts, schemes, origins) and words compared without case where other scripts' letters
// are left as they are.
#pragma once

#include <string>
#include <string_view>

namespace carc::codec {

inline std::string AsciiLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace carc::codec
