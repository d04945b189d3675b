// The server's settings as values (moderation/server_settings.h): what is kept and refused, the
// rows the store keeps and back, and refused words found as whole words whatever their case.
#include "moderation/server_settings.h"

#include <catch2/catch.hpp>

namespace carc::test::server_settings {

using server::moderation::NormaliseSettings;
using server::moderation::RefusedWordIn;
using server::moderation::ServerSettings;
using server::moderation::SettingsFromRows;
using server::moderation::SettingsRows;
using server::moderation::SignUp;

TEST_CASE("server settings: refused words are whole words, any case, kept sorted and once",
          "[moderation]") {
  ServerSettings s;
  s.refused_words = {"Spam", "eggs", "spam"};
  REQUIRE_FALSE(NormaliseSettings(s));
  CHECK(s.refused_words == std::vector<std::string>{"eggs", "spam"});
  CHECK(RefusedWordIn(s, "buy SPAM now!") == "spam");
  CHECK(RefusedWordIn(s, "spam") == "spam");
  CHECK(RefusedWordIn(s, "(eggs)") == "eggs");
  CHECK_FALSE(RefusedWordIn(s, "spammer and eggplant"));  // parts of words are not the words
  CHECK_FALSE(RefusedWordIn(s, "spamé"));                 // a letter of another script too
  CHECK_FALSE(RefusedWordIn(ServerSettings{}, "spam"));
}

TEST_CASE("server settings: each bad value is refused with its field", "[moderation]") {
  const auto problem = [](ServerSettings s) {
    const auto p = NormaliseSettings(s);
    return p ? p->field : std::string();
  };
  ServerSettings s;
  CHECK(problem(s).empty());
  s.name = std::string(61, 'x');
  CHECK(problem(s) == "name");
  s = {};
  s.motd = "line one\nline two";
  CHECK(problem(s) == "motd");
  s = {};
  s.motd = std::string(500, 'm');
  CHECK(problem(s).empty());
  s.motd += "m";
  CHECK(problem(s) == "motd");
  s = {};
  s.sign_up = SignUp::kInvitation;
  CHECK(problem(s) == "invitation_code");  // by invitation, and no code
  s.invitation_code = "short";
  CHECK(problem(s) == "invitation_code");
  s.invitation_code = "meeple-42";
  CHECK(problem(s).empty());
  s = {};
  s.refused_words = {"two words"};
  CHECK(problem(s) == "refused_words");
  s.refused_words = {""};
  CHECK(problem(s) == "refused_words");
  s.refused_words = {std::string(41, 'w')};
  CHECK(problem(s) == "refused_words");
  s.refused_words.assign(501, "w");
  CHECK(problem(s) == "refused_words");
}

TEST_CASE(
    "server settings: rows and back, and a row written by hand that does not hold is not used",
    "[moderation]") {
  ServerSettings s;
  s.name = "Carcassonne at the Mill";
  s.motd = "Tournament on Saturday";
  s.sign_up = SignUp::kInvitation;
  s.invitation_code = "meeple-42";
  s.guests_play = false;
  s.refused_words = {"eggs", "spam"};
  CHECK(SettingsFromRows(SettingsRows(s)) == s);
  CHECK(SettingsFromRows({}) == ServerSettings{});
  auto rows = SettingsRows(s);
  rows["sign_up"] = "sometimes";
  CHECK(SettingsFromRows(rows).sign_up == SignUp::kOpen);
  rows = SettingsRows(s);
  rows["invitation_code"] = "";  // by invitation with no code: none of it is guessed at
  CHECK(SettingsFromRows(rows) == ServerSettings{});
}

}  // namespace carc::test::server_settings
