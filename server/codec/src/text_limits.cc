#include "carc/codec/text_limits.h"

#include <boost/locale/utf.hpp>
#include <string>

namespace carc::codec {
namespace {

using Utf8 = boost::locale::utf::utf_traits<char>;

bool IsControl(boost::locale::utf::code_point c) {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

bool IsBidiControl(boost::locale::utf::code_point c) {
  return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

bool IsLineSeparator(boost::locale::utf::code_point c) {
  return c == 0x2028 || c == 0x2029;
}

}  // namespace

std::optional<std::size_t> Utf8Length(std::string_view text) {
  std::size_t n = 0;
  for (auto p = text.begin(); p != text.end(); ++n) {
    // decode refuses overlong forms, surrogates and values above U+10FFFF as illegal.
    const auto c = Utf8::decode(p, text.end());
    if (c == boost::locale::utf::illegal || c == boost::locale::utf::incomplete) {
      return std::nullopt;
    }
  }
  return n;
}

TextProblem CheckText(std::string_view text, std::size_t max_chars) {
  if (text.empty()) return TextProblem::kEmpty;
  std::size_t n = 0;
  bool control = false;
  bool bidi = false;
  bool separator = false;
  for (auto p = text.begin(); p != text.end(); ++n) {
    const auto c = Utf8::decode(p, text.end());
    if (c == boost::locale::utf::illegal || c == boost::locale::utf::incomplete) {
      return TextProblem::kInvalidUtf8;
    }
    control = control || IsControl(c);
    bidi = bidi || IsBidiControl(c);
    separator = separator || IsLineSeparator(c);
  }
  if (control) return TextProblem::kControlCharacter;
  if (bidi) return TextProblem::kBidiControl;
  if (separator) return TextProblem::kLineSeparator;
  return n > max_chars ? TextProblem::kTooLong : TextProblem::kNone;
}

std::string TextProblemMessage(TextProblem problem, std::string_view what, std::size_t max_chars) {
  const std::string limit =
      std::string(what) + " are 1.." + std::to_string(max_chars) + " characters";
  switch (problem) {
    case TextProblem::kNone:
      return "";
    case TextProblem::kEmpty:
    case TextProblem::kTooLong:
      return limit;
    case TextProblem::kInvalidUtf8:
      return limit + " of valid UTF-8";
    case TextProblem::kControlCharacter:
      return limit + " without control characters";
    case TextProblem::kBidiControl:
      return limit +
             " without bidi embeddings, overrides or isolates (U+202A..U+202E, U+2066..U+2069)";
    case TextProblem::kLineSeparator:
      return limit + " on one line (no U+2028 or U+2029)";
  }
  return limit;
}

}  // namespace carc::codec
