// The e-mail's pure parts: which addresses are taken (none that could start a header of its
// own), the message as it goes over SMTP (headers, RFC 2047 subjects, a base64 body that comes
// back as written), and the two mails' words: the confirmation link, the digest's games and
// links in the player's language, and nothing the rooms hide.
#include <catch2/catch.hpp>
#include <string>

#include "mail/mail_address.h"
#include "mail/mail_message.h"
#include "mail/mail_texts.h"
#include "mime_base64.h"

namespace carc::test::mail_text {

namespace mail = carc::server::mail;

// The header lines of a composed message (before the empty line), and its decoded body.
struct ParsedMail {
  std::vector<std::string> headers;
  std::string body;
};

ParsedMail ParseMail(const std::string& composed) {
  const auto split = composed.find("\r\n\r\n");
  REQUIRE(split != std::string::npos);
  ParsedMail out;
  std::size_t start = 0;
  while (start < split) {
    const auto end = composed.find("\r\n", start);
    out.headers.push_back(composed.substr(start, end - start));
    start = end + 2;
  }
  out.body = DecodeMimeBase64(composed.substr(split + 4));
  return out;
}

// The decoded text of a header made by HeaderText (encoded words or plain ASCII).
std::string DecodeHeader(const std::string& value) {
  if (!value.starts_with("=?UTF-8?B?")) return value;
  std::string out;
  std::size_t at = 0;
  while ((at = value.find("=?UTF-8?B?", at)) != std::string::npos) {
    const auto end = value.find("?=", at + 10);
    REQUIRE(end != std::string::npos);
    out += DecodeMimeBase64(value.substr(at + 10, end - at - 10));
    at = end + 2;
  }
  return out;
}

TEST_CASE("mail address: the common form is taken, anything that could break a header is not",
          "[mail]") {
  for (const char* good :
       {"ada@example.org", "a.b+c@sub.example.co", "o'neil@example.org", "x_y-z@a-b.example"}) {
    INFO(good);
    CHECK(mail::CheckMailAddress(good).empty());
  }
  const std::string long_local(65, 'a');
  const std::string long_all = std::string(60, 'a') + "@" + std::string(190, 'b') + ".org";
  for (const std::string& bad :
       {std::string(), std::string("ada"), std::string("ada@example"), std::string("@example.org"),
        std::string("ada@"), std::string("a da@example.org"),
        std::string("ada@example.org\r\nBcc: eve@example.org"), std::string("ada@example.org\n"),
        std::string("<ada@example.org>"), std::string("\"ada\"@example.org"),
        std::string(".ada@example.org"), std::string("ada.@example.org"),
        std::string("a..da@example.org"), std::string("ada@-example.org"),
        std::string("ada@example..org"), std::string("ädä@example.org"),
        long_local + "@example.org", long_all}) {
    INFO(bad);
    CHECK_FALSE(mail::CheckMailAddress(bad).empty());
  }
  CHECK(mail::CheckMailAddress(long_local + "@example.org").find("64") != std::string::npos);
  CHECK(mail::NormalMailAddress("Ada.Lovelace@Example.ORG") == "Ada.Lovelace@example.org");
}

TEST_CASE("mail message: RFC 5322 headers, encoded words and a body that comes back whole",
          "[mail]") {
  CHECK(mail::MailDate(1'800'000'000) == "Fri, 15 Jan 2027 08:00:00 +0000");
  CHECK(mail::MailDate(951'782'400) == "Tue, 29 Feb 2000 00:00:00 +0000");
  CHECK(mail::HeaderText("Carcassonne: a game waits") == "Carcassonne: a game waits");
  // Non-ASCII: encoded words of at most 45 bytes each, never a character cut in two.
  const std::string german = "Carcassonne: Bestätige deine E-Mail-Adresse, ÄÖÜ äöü ß und noch mehr";
  const std::string encoded = mail::HeaderText(german);
  CHECK(encoded.starts_with("=?UTF-8?B?"));
  CHECK(encoded.find("\r\n ") != std::string::npos);  // folded: more than one word
  for (std::size_t start = 0; start < encoded.size();) {
    const auto end = std::min(encoded.find("\r\n", start), encoded.size());
    CHECK(end - start <= 78);
    start = end + 2;
  }
  CHECK(DecodeHeader(encoded) == german);

  const std::string text = "Line one, with ü\n.\nA line that is only a dot came before.\n";
  const std::string composed =
      mail::ComposeMail({"ada@example.org", "Hi\r\nBcc: eve@example.org", text},
                        {"play@example.org", "Carcassonne", 1'800'000'000, "abc123@example.org"});
  const ParsedMail parsed = ParseMail(composed);
  const std::vector<std::string> expected = {
      "From: Carcassonne <play@example.org>",    "To: <ada@example.org>",
      "Subject: Hi  Bcc: eve@example.org",  // CR and LF became spaces: no header of its own
      "Date: Fri, 15 Jan 2027 08:00:00 +0000",   "Message-ID: <abc123@example.org>",
      "Auto-Submitted: auto-generated",          "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64"};
  CHECK(parsed.headers == expected);
  CHECK(parsed.body == "Line one, with ü\r\n.\r\nA line that is only a dot came before.\r\n");
  // Every body line is base64 of at most 76 characters: no line a relay could misread.
  const std::string body = composed.substr(composed.find("\r\n\r\n") + 4);
  for (std::size_t start = 0; start < body.size();) {
    const auto end = body.find("\r\n", start);
    REQUIRE(end != std::string::npos);
    CHECK(end - start <= 76);
    CHECK(body[start] != '.');
    start = end + 2;
  }
}

TEST_CASE("mail texts: the link to confirm, and the digest's games in the player's language",
          "[mail]") {
  const auto verify = mail::ComposeVerification(
      {"ada@example.org", "Ada", "en", "https://play.example.org/account?email-token=TOKEN", 24});
  CHECK(verify.to == "ada@example.org");
  CHECK(verify.subject == "Carcassonne: confirm your e-mail address");
  CHECK(verify.text.starts_with("Hello Ada,\n"));
  CHECK(verify.text.find("\nhttps://play.example.org/account?email-token=TOKEN\n") !=
        std::string::npos);
  CHECK(verify.text.find("24 hours") != std::string::npos);

  constexpr std::int64_t kNow = 1'800'000'000;
  mail::DigestMail digest{
      "ada@example.org",
      "Ada",
      "de",
      "https://play.example.org",
      {{"ABCD2345", "base", {"Bob", "Cy"}, kNow + 5 * 3600 + 10}, {"WXYZ6789", "castle", {}, 0}},
      kNow};
  auto d = mail::ComposeDigest(digest);
  CHECK(d.subject == "Carcassonne: 2 Spiele warten auf deinen Zug");
  CHECK(d.text.starts_with("Hallo Ada,\n\n2 Spiele warten auf deinen Zug:\n\n"));
  CHECK(d.text.find("- Carcassonne mit Bob, Cy (Zug innerhalb von 6 Std.)\n"
                    "  https://play.example.org/r/ABCD2345\n") != std::string::npos);
  CHECK(d.text.find("- Die Burg gegen den Computer\n  https://play.example.org/r/WXYZ6789\n") !=
        std::string::npos);
  CHECK(d.text.find("https://play.example.org/account") != std::string::npos);
  digest.lang = "xx";  // unknown: English
  digest.games.resize(1);
  digest.games[0].deadline = kNow + 3 * 24 * 3600;
  d = mail::ComposeDigest(digest);
  CHECK(d.subject == "Carcassonne: A game waits for your move");
  CHECK(d.text.find("- Carcassonne with Bob, Cy (move within 3 days)\n") != std::string::npos);
  for (const char* lang : {"nl", "sv"}) {
    digest.lang = lang;
    const auto other = mail::ComposeDigest(digest);
    CHECK(other.subject != d.subject);
    CHECK(other.text.find("https://play.example.org/r/ABCD2345") != std::string::npos);
  }
}

TEST_CASE("mail texts: a name that reads as an address is never mailed as a link", "[mail]") {
  // The review: a player named visit.scam-site.com was mailed "Hello visit.scam-site.com,".
  const auto verify = mail::ComposeVerification(
      {"ada@example.org", "visit.scam-site.com", "en", "https://play.example.org/a?t=T", 24});
  CHECK(
      verify.text.starts_with("Hello visit\xC2\xB7scam-site\xC2\xB7"
                              "com,\n"));
  CHECK(verify.text.find("scam-site.com") == std::string::npos);
  const auto digest = mail::ComposeDigest({"ada@example.org",
                                           "Ada",
                                           "en",
                                           "https://play.example.org",
                                           {{"ABCD2345", "base", {"evil.example.net"}, 0}},
                                           1'800'000'000});
  CHECK(digest.text.find("evil.example.net") == std::string::npos);
  CHECK(digest.text.find("with evil\xC2\xB7"
                         "example\xC2\xB7"
                         "net") != std::string::npos);
}

}  // namespace carc::test::mail_text
