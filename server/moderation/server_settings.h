// The settings an admin changes from the admin page (docs/moderation.md, "Server settings"): the
// server's name and message of the day shown on every home page, who may sign up, whether guests
// may play (every room is in the public list; rated rooms seat accounts only, whatever this
// says), and the words refused in account names and chat.
//
// Contract: pure (no store, no clock); SettingsBox is thread-safe, and Get is one lock and a
// shared pointer's copy, so a network thread or a room's strand may ask it. The store keeps the
// settings as rows of (key, value) text (SettingsRows, SettingsFromRows): a key it does not know
// or a value that does not parse (a row written by hand) is left at its default.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carc::server::moderation {

enum class SignUp { kOpen, kInvitation, kClosed };

// "open", "invitation", "closed".
std::string_view SignUpName(SignUp sign_up);
std::optional<SignUp> ParseSignUp(std::string_view text);

inline constexpr std::size_t kMaxServerNameChars = 60;
inline constexpr std::size_t kMaxMotdChars = 500;
inline constexpr std::size_t kMinInvitationCodeChars = 6;
inline constexpr std::size_t kMaxInvitationCodeChars = 64;
inline constexpr std::size_t kMaxRefusedWords = 500;
inline constexpr std::size_t kMaxRefusedWordChars = 40;

struct ServerSettings {
  std::string name;  // empty: the client's own title
  std::string motd;  // empty: none
  SignUp sign_up = SignUp::kOpen;
  std::string invitation_code;  // asked at sign-up when sign_up is kInvitation
  bool guests_play = true;      // false: a guest creates no room and takes no seat, but may watch
  std::vector<std::string> refused_words;  // lower case (ASCII), sorted, no repeats

  bool operator==(const ServerSettings&) const = default;
};

struct SettingsProblem {
  std::string field;
  std::string text;
};

// Why `settings` may not be kept: a name or message of the day that is not plain text of its
// length, an invitation code missing or too short while sign-up asks one, too many or too long
// refused words, a word with a space or a control character. Refused words are put in their
// kept form (lower case, sorted, no repeats) first.
std::optional<SettingsProblem> NormaliseSettings(ServerSettings& settings);

std::map<std::string, std::string> SettingsRows(const ServerSettings& settings);
ServerSettings SettingsFromRows(const std::map<std::string, std::string>& rows);

// The first of `settings`' refused words that `text` holds as a whole word, ignoring ASCII case
// ("Spam!" holds "spam"; "spammer" does not), if any.
std::optional<std::string> RefusedWordIn(const ServerSettings& settings, std::string_view text);

class SettingsBox {
 public:
  SettingsBox() : settings_(std::make_shared<const ServerSettings>()) {}
  void Replace(ServerSettings settings);
  std::shared_ptr<const ServerSettings> Get() const;

 private:
  mutable std::mutex mu_;
  std::shared_ptr<const ServerSettings> settings_;
};

}  // namespace carc::server::moderation
