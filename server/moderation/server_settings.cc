#include "moderation/server_settings.h"

#include <algorithm>

#include "carc/codec/ascii_lower.h"
#include "carc/codec/text_limits.h"

namespace carc::server::moderation {
namespace {

// A byte of a word: an ASCII letter or digit, or any byte of a multi-byte UTF-8 character (the
// letters of other scripts), so that words split at spaces and punctuation.
bool WordByte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z');
}

std::optional<SettingsProblem> PlainText(const std::string& text, std::string_view field,
                                         std::string_view what, std::size_t max_chars) {
  if (text.empty()) return std::nullopt;
  const auto problem = codec::CheckText(text, max_chars);
  if (problem == codec::TextProblem::kNone) return std::nullopt;
  return SettingsProblem{std::string(field), codec::TextProblemMessage(problem, what, max_chars)};
}

}  // namespace

std::string_view SignUpName(SignUp sign_up) {
  switch (sign_up) {
    case SignUp::kInvitation:
      return "invitation";
    case SignUp::kClosed:
      return "closed";
    case SignUp::kOpen:
      break;
  }
  return "open";
}

std::optional<SignUp> ParseSignUp(std::string_view text) {
  for (SignUp s : {SignUp::kOpen, SignUp::kInvitation, SignUp::kClosed}) {
    if (text == SignUpName(s)) return s;
  }
  return std::nullopt;
}

std::optional<SettingsProblem> NormaliseSettings(ServerSettings& s) {
  if (auto p = PlainText(s.name, "name", "server names", kMaxServerNameChars)) return p;
  if (auto p = PlainText(s.motd, "motd", "messages of the day", kMaxMotdChars)) return p;
  if (auto p = PlainText(s.invitation_code, "invitation_code", "invitation codes",
                         kMaxInvitationCodeChars)) {
    return p;
  }
  if (s.sign_up == SignUp::kInvitation) {
    const auto chars = codec::Utf8Length(s.invitation_code).value_or(0);
    if (chars < kMinInvitationCodeChars) {
      return SettingsProblem{"invitation_code", "sign-up by invitation needs a code of at least " +
                                                    std::to_string(kMinInvitationCodeChars) +
                                                    " characters"};
    }
  }
  if (s.refused_words.size() > kMaxRefusedWords) {
    return SettingsProblem{"refused_words",
                           "at most " + std::to_string(kMaxRefusedWords) + " refused words"};
  }
  for (std::string& word : s.refused_words) {
    if (auto p = PlainText(word, "refused_words", "refused words", kMaxRefusedWordChars)) return p;
    if (word.empty() || !std::all_of(word.begin(), word.end(), WordByte)) {
      return SettingsProblem{"refused_words",
                             "a refused word is letters and digits only: \"" + word + "\""};
    }
    word = codec::AsciiLower(word);
  }
  std::sort(s.refused_words.begin(), s.refused_words.end());
  s.refused_words.erase(std::unique(s.refused_words.begin(), s.refused_words.end()),
                        s.refused_words.end());
  return std::nullopt;
}

std::map<std::string, std::string> SettingsRows(const ServerSettings& s) {
  std::string words;
  for (const std::string& w : s.refused_words) {
    if (!words.empty()) words += ' ';
    words += w;
  }
  return {{"name", s.name},
          {"motd", s.motd},
          {"sign_up", std::string(SignUpName(s.sign_up))},
          {"invitation_code", s.invitation_code},
          {"guests_play", s.guests_play ? "1" : "0"},
          {"refused_words", words}};
}

ServerSettings SettingsFromRows(const std::map<std::string, std::string>& rows) {
  ServerSettings s;
  const auto at = [&](const char* key) -> const std::string* {
    const auto it = rows.find(key);
    return it == rows.end() ? nullptr : &it->second;
  };
  if (const auto* v = at("name")) s.name = *v;
  if (const auto* v = at("motd")) s.motd = *v;
  if (const auto* v = at("sign_up")) s.sign_up = ParseSignUp(*v).value_or(SignUp::kOpen);
  if (const auto* v = at("invitation_code")) s.invitation_code = *v;
  if (const auto* v = at("guests_play")) s.guests_play = *v != "0";
  if (const auto* v = at("refused_words")) {
    std::size_t start = 0;
    while (start < v->size()) {
      const std::size_t end = std::min(v->find(' ', start), v->size());
      if (end > start) s.refused_words.push_back(v->substr(start, end - start));
      start = end + 1;
    }
  }
  ServerSettings checked = s;
  // A row written by hand that does not hold is not guessed at: the defaults stand for it.
  if (NormaliseSettings(checked)) return ServerSettings{};
  return checked;
}

std::optional<std::string> RefusedWordIn(const ServerSettings& settings, std::string_view text) {
  if (settings.refused_words.empty()) return std::nullopt;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!WordByte(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && WordByte(text[end])) ++end;
    const std::string word = codec::AsciiLower(text.substr(i, end - i));
    if (std::binary_search(settings.refused_words.begin(), settings.refused_words.end(), word)) {
      return word;
    }
    i = end;
  }
  return std::nullopt;
}

void SettingsBox::Replace(ServerSettings settings) {
  auto next = std::make_shared<const ServerSettings>(std::move(settings));
  std::lock_guard lock(mu_);
  settings_ = std::move(next);
}

std::shared_ptr<const ServerSettings> SettingsBox::Get() const {
  std::lock_guard lock(mu_);
  return settings_;
}

}  // namespace carc::server::moderation
