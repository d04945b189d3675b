// Account names, passwords, session tokens and cookies (accounts/): the rules a sign-up and a
// sign-in check before any hashing or store access.
#include <catch2/catch.hpp>

#include "accounts/account_name.h"
#include "accounts/device_label.h"
#include "accounts/password_hash.h"
#include "accounts/session_cookie.h"
#include "accounts/session_token.h"

namespace ca = carc::server::accounts;

namespace {

std::string KeyOf(const std::string& typed) {
  const auto checked = ca::CheckAccountName(typed);
  REQUIRE(std::holds_alternative<ca::AccountName>(checked));
  return std::get<ca::AccountName>(checked).key;
}

std::string RefusalOf(const std::string& typed) {
  const auto checked = ca::CheckAccountName(typed);
  REQUIRE(std::holds_alternative<std::string>(checked));
  return std::get<std::string>(checked);
}

}  // namespace

TEST_CASE("account names: look-alikes share one key (NFKC and case folding)", "[accounts]") {
  CHECK(KeyOf("Ada") == "ada");
  CHECK(KeyOf("ADA") == KeyOf("ada"));
  // Fullwidth letters are the same name under NFKC.
  CHECK(KeyOf("\xEF\xBC\xA1\xEF\xBD\x84\xEF\xBD\x81") == "ada");
  // The ligature "ﬁ" folds to "fi"; "ß" folds to "ss".
  CHECK(KeyOf("\xEF\xAC\x81nn") == KeyOf("Finn"));
  CHECK(KeyOf("Stra\xC3\x9F"
              "e") == KeyOf("STRASSE"));
  // A precomposed and a decomposed "é" are one name, shown in NFC.
  const auto decomposed = ca::CheckAccountName("Rene\xCC\x81");
  REQUIRE(std::holds_alternative<ca::AccountName>(decomposed));
  CHECK(std::get<ca::AccountName>(decomposed).name == "Ren\xC3\xA9");
  CHECK(KeyOf("Rene\xCC\x81") == KeyOf("REN\xC3\x89"));
  CHECK(KeyOf("ada_lovelace.1815") == "ada_lovelace.1815");
}

TEST_CASE("account names: lengths, characters and reserved names are refused", "[accounts]") {
  CHECK(RefusalOf("Al") == "a name has at least 3 characters");
  CHECK(RefusalOf("Abcdefghijklmnopqrstu") == "a name has at most 20 characters");
  CHECK_NOTHROW(KeyOf("Abcdefghijklmnopqrst"));
  // Characters, not bytes: 20 Greek letters are 40 bytes.
  CHECK_NOTHROW(
      KeyOf("\xCE\xB1\xCE\xB2\xCE\xB3\xCE\xB4\xCE\xB5\xCE\xB1\xCE\xB2\xCE\xB3\xCE\xB4"
            "\xCE\xB5\xCE\xB1\xCE\xB2\xCE\xB3\xCE\xB4\xCE\xB5\xCE\xB1\xCE\xB2\xCE\xB3"
            "\xCE\xB4\xCE\xB5"));
  CHECK(RefusalOf("Ada Lovelace") == "a name has only letters, digits and '-', '_' or '.'");
  CHECK(RefusalOf("Ada<b>") == "a name has only letters, digits and '-', '_' or '.'");
  // An invisible zero-width joiner would make a second "Ada".
  CHECK(RefusalOf("Ad\xE2\x80\x8D"
                  "a") == "a name has only letters, digits and '-', '_' or '.'");
  CHECK(RefusalOf("_Ada") == "'-', '_' and '.' may only stand between letters or digits");
  CHECK(RefusalOf("Ada.") == "'-', '_' and '.' may only stand between letters or digits");
  CHECK(RefusalOf("A..da") == "'-', '_' and '.' may only stand between letters or digits");
  CHECK(RefusalOf("\xCC\x81"
                  "Ada") == "a name starts with a letter or a digit");
  CHECK(RefusalOf("Ad\xFF"
                  "a") == "a name must be valid UTF-8 text");
  CHECK(RefusalOf(std::string(5000, 'a')) == "a name has at most 20 characters");
  for (const char* reserved :
       {"admin", "ADMIN", "System", "moderator", "Computer", "computer2", "guest", "Host",
        "\xEF\xBD\x81\xEF\xBD\x84\xEF\xBD\x8D\xEF\xBD\x89\xEF\xBD\x8E"}) {
    INFO(reserved);
    CHECK(RefusalOf(reserved) == "that name is reserved");
  }
  CHECK(ca::NameKey("admin").empty());
  CHECK(ca::NameKey("no spaces here").empty());
  CHECK(ca::NameKey("Ada") == "ada");
}

TEST_CASE("passwords: 8 to 256 characters, and a megabyte is refused unread", "[accounts]") {
  CHECK(ca::CheckPassword("1234567") == "a password has at least 8 characters");
  CHECK(ca::CheckPassword("12345678").empty());
  // Characters, not bytes: eight two-byte letters are enough.
  CHECK(ca::CheckPassword("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9")
            .empty());
  CHECK(ca::CheckPassword(std::string(256, 'p')).empty());
  CHECK(ca::CheckPassword(std::string(257, 'p')) == "a password has at most 256 characters");
  CHECK(ca::CheckPassword(std::string(1 << 20, 'p')) == "a password has at most 256 characters");
  CHECK(ca::CheckPassword("password\xC3") == "a password must be valid UTF-8 text");
}

TEST_CASE("passwords: Argon2id at the configured parameters, verified and renewed", "[accounts]") {
  const ca::HashParams params;  // the defaults: OWASP's 19 MiB and 2 passes
  const std::string stored = ca::HashPassword("correct horse", params);
  CHECK(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
  CHECK(stored.find("correct horse") == std::string::npos);
  CHECK(ca::VerifyPassword(stored, "correct horse"));
  CHECK_FALSE(ca::VerifyPassword(stored, "correct horsE"));
  CHECK_FALSE(ca::VerifyPassword("plain text", "plain text"));
  CHECK_FALSE(ca::VerifyPassword("", ""));
  CHECK_FALSE(ca::VerifyAgainstNobody("correct horse", params));
  CHECK_FALSE(ca::NeedsRehash(stored, params));
  CHECK(ca::NeedsRehash(stored, ca::HashParams{3, std::size_t{19} << 20}));
  // Two hashes of one password differ (random salts).
  CHECK(ca::HashPassword("correct horse", params) != stored);
}

TEST_CASE("session tokens: 256 random bits, stored only as their SHA-256", "[accounts]") {
  const std::string a = ca::NewSessionToken();
  const std::string b = ca::NewSessionToken();
  CHECK(a.size() == 43);
  CHECK(a != b);
  CHECK(ca::LooksLikeSessionToken(a));
  CHECK_FALSE(ca::LooksLikeSessionToken(a.substr(1)));
  CHECK_FALSE(ca::LooksLikeSessionToken(a.substr(1) + "="));
  CHECK_FALSE(ca::LooksLikeSessionToken(""));
  // SHA-256 of "abc" (FIPS 180-2's example).
  CHECK(ca::HashSessionToken("abc") ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(ca::HashSessionToken(a).find(a) == std::string::npos);
}

TEST_CASE("session cookie: HttpOnly, SameSite=Lax, Secure over https, read among others",
          "[accounts]") {
  CHECK(ca::SetSessionCookie("TOKEN", 3600, false) ==
        "carc_session=TOKEN; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax");
  // Over https, the __Host- name: only this host, over https, may set it.
  CHECK(ca::SetSessionCookie("TOKEN", 3600, true) ==
        "__Host-carc_session=TOKEN; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure");
  CHECK(ca::ClearSessionCookie(true) ==
        "__Host-carc_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
  CHECK(ca::SessionCookieValue("carc_session=planted; __Host-carc_session=abc", true) == "abc");
  CHECK(ca::SessionCookieValue("carc_session=planted", true).empty());
  CHECK(ca::SessionCookieValue("__Host-carc_session=abc").empty());
  CHECK(ca::ClearSessionCookie(false) ==
        "carc_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  CHECK(ca::SessionCookieValue("carc_session=abc") == "abc");
  CHECK(ca::SessionCookieValue("theme=dark; carc_session=abc; lang=de") == "abc");
  CHECK(ca::SessionCookieValue("theme=dark;carc_session=\"abc\"") == "abc");
  CHECK(ca::SessionCookieValue("xcarc_session=abc").empty());
  CHECK(ca::SessionCookieValue("carc_sessionx=abc").empty());
  CHECK(ca::SessionCookieValue("").empty());
  CHECK(ca::SessionCookieValue(";;;").empty());
}

TEST_CASE("device labels come from fixed words only", "[accounts]") {
  CHECK(ca::DeviceLabel("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0") ==
        "Firefox on Linux");
  CHECK(ca::DeviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like "
                        "Gecko) Chrome/120.0 Mobile Safari/537.36") == "Chrome on Android");
  CHECK(ca::DeviceLabel(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
            "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1") == "Safari on iOS");
  CHECK(ca::DeviceLabel("carcassonne/0.1.0") == "carcassonne (command line)");
  CHECK(ca::DeviceLabel("<script>alert(1)</script>") == "an unknown device");
  CHECK(ca::DeviceLabel(std::string(100000, 'x')) == "an unknown device");
}
