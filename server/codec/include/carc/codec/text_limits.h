// Limits on text a client sends (player names, chat), counted in characters: Unicode code
// points of valid UTF-8, so that a name of 32 letters is 32 whatever its script.
//
// Contract: text is refused when it is not valid UTF-8 (overlong forms, surrogates, code points
// above U+10FFFF and cut sequences included), when it holds a control character (C0, DEL, C1:
// nothing a name or a chat line needs, and what breaks logs and terminals), a bidi embedding,
// override or isolate (U+202A..U+202E, U+2066..U+2069: a name holding one reverses the text
// shown after it, in every other player's list), a line or paragraph separator (U+2028, U+2029),
// when it is empty or when it is longer than the limit. The first of these problems is named,
// in that order.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace carc::codec {

inline constexpr std::size_t kMaxNameChars = 32;
inline constexpr std::size_t kMaxChatChars = 500;

enum class TextProblem {
  kNone,
  kEmpty,
  kTooLong,
  kInvalidUtf8,
  kControlCharacter,
  kBidiControl,
  kLineSeparator
};

// The number of code points, or nullopt for text that is not valid UTF-8.
std::optional<std::size_t> Utf8Length(std::string_view text);

// Why `text` is not 1..max_chars characters of valid UTF-8 without control characters.
TextProblem CheckText(std::string_view text, std::size_t max_chars);

// "names are 1..32 characters"-style messages for each problem, naming `what` ("names",
// "chat messages").
std::string TextProblemMessage(TextProblem problem, std::string_view what, std::size_t max_chars);

}  // namespace carc::codec
