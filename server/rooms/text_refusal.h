// The protocol's answer to a name or a chat line that codec::CheckText refuses: the length has
// the caller's own code (INVALID_NAME, CHAT_TOO_LONG), each kind of forbidden character its own
// (TEXT_INVALID_UTF8, TEXT_CONTROL_CHARACTER, TEXT_BIDI_CONTROL, TEXT_LINE_SEPARATOR), so that a
// client can say which.
#pragma once

#include <string>
#include <string_view>

#include "carc/codec/text_limits.h"
#include "carc/v1/session.pb.h"

namespace carc::server {

struct TextRefusal {
  v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED;  // UNSPECIFIED: the text is fine
  std::string message;
};

inline TextRefusal RefuseText(std::string_view text, std::size_t max_chars, std::string_view what,
                              v1::ErrorCode length_code) {
  const codec::TextProblem problem = codec::CheckText(text, max_chars);
  TextRefusal r;
  r.message = codec::TextProblemMessage(problem, what, max_chars);
  switch (problem) {
    case codec::TextProblem::kNone:
      break;
    case codec::TextProblem::kEmpty:
    case codec::TextProblem::kTooLong:
      r.code = length_code;
      break;
    case codec::TextProblem::kInvalidUtf8:
      r.code = v1::ERROR_CODE_TEXT_INVALID_UTF8;
      break;
    case codec::TextProblem::kControlCharacter:
      r.code = v1::ERROR_CODE_TEXT_CONTROL_CHARACTER;
      break;
    case codec::TextProblem::kBidiControl:
      r.code = v1::ERROR_CODE_TEXT_BIDI_CONTROL;
      break;
    case codec::TextProblem::kLineSeparator:
      r.code = v1::ERROR_CODE_TEXT_LINE_SEPARATOR;
      break;
  }
  return r;
}

}  // namespace carc::server
