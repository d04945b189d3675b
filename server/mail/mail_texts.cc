#include "mail/mail_texts.h"

#include <string_view>

namespace carc::server::mail {
namespace {

struct Words {
  const char* hello;  // "Hello %s,"
  const char* verify_subject;
  const char* verify_body;   // before the link
  const char* verify_valid;  // "%d" hours
  const char* digest_one;    // for one game
  const char* digest_many;   // for {n} games
  const char* base_game;
  const char* castle_game;
  const char* with;    // "with"
  const char* alone;   // a game whose other seats are all empty or computers
  const char* due_in;  // "move within %s"
  const char* hours;   // "%d h"
  const char* days;    // "%d d"
  const char* footer;  // why this mail came and how to stop it
  const char* reset_subject;
  const char* reset_body;   // before the link
  const char* reset_valid;  // "{n}" minutes; what to do if it was not asked for
};

constexpr Words kEnglish{
    "Hello {name},",
    "Carcassonne: confirm your e-mail address",
    "Open this link to confirm that this address is yours:",
    "The link works for {n} hours. If you did not ask for it, ignore this mail: nothing changes.",
    "A game waits for your move",
    "{n} games wait for your move",
    "Carcassonne",
    "The Castle",
    "with",
    "against the computer",
    "move within {t}",
    "{n} h",
    "{n} days",
    "You get this mail at most once a day while games wait for you. To stop it, turn off the "
    "daily e-mail in your account's settings: {url}/account",
    "Carcassonne: choose a new password",
    "Someone asked to choose a new password for your account. Open this link to choose it:",
    "The link works once, for {n} minutes; choosing a new password signs you out everywhere. If "
    "you did not ask for it, ignore this mail: your password stays as it is."};

constexpr Words kGerman{
    "Hallo {name},",
    "Carcassonne: Bestätige deine E-Mail-Adresse",
    "Öffne diesen Link, um zu bestätigen, dass diese Adresse dir gehört:",
    "Der Link gilt {n} Stunden. Wenn du ihn nicht angefordert hast, ignoriere diese Mail: es "
    "ändert sich nichts.",
    "Ein Spiel wartet auf deinen Zug",
    "{n} Spiele warten auf deinen Zug",
    "Carcassonne",
    "Die Burg",
    "mit",
    "gegen den Computer",
    "Zug innerhalb von {t}",
    "{n} Std.",
    "{n} Tagen",
    "Du bekommst diese Mail höchstens einmal am Tag, solange Spiele auf dich warten. Abstellen "
    "kannst du sie in den Einstellungen deines Kontos: {url}/account",
    "Carcassonne: Wähle ein neues Passwort",
    "Jemand möchte ein neues Passwort für dein Konto wählen. Öffne diesen Link, um es zu wählen:",
    "Der Link gilt einmal, {n} Minuten lang; ein neues Passwort meldet dich überall ab. Wenn du "
    "ihn nicht angefordert hast, ignoriere diese Mail: dein Passwort bleibt, wie es ist."};

constexpr Words kDutch{
    "Hallo {name},",
    "Carcassonne: bevestig je e-mailadres",
    "Open deze link om te bevestigen dat dit adres van jou is:",
    "De link werkt {n} uur. Heb je er niet om gevraagd, negeer deze mail dan: er verandert niets.",
    "Een spel wacht op jouw zet",
    "{n} spellen wachten op jouw zet",
    "Carcassonne",
    "De Burcht",
    "met",
    "tegen de computer",
    "zet binnen {t}",
    "{n} uur",
    "{n} dagen",
    "Je krijgt deze mail hoogstens één keer per dag zolang er spellen op je wachten. Uitzetten "
    "kan in de instellingen van je account: {url}/account",
    "Carcassonne: kies een nieuw wachtwoord",
    "Iemand wil een nieuw wachtwoord kiezen voor je account. Open deze link om het te kiezen:",
    "De link werkt één keer, {n} minuten lang; een nieuw wachtwoord meldt je overal af. Heb je er "
    "niet om gevraagd, negeer deze mail dan: je wachtwoord blijft zoals het is."};

constexpr Words kSwedish{
    "Hej {name},",
    "Carcassonne: bekräfta din e-postadress",
    "Öppna den här länken för att bekräfta att adressen är din:",
    "Länken gäller i {n} timmar. Om du inte bad om den kan du strunta i det här mejlet: inget "
    "ändras.",
    "Ett spel väntar på ditt drag",
    "{n} spel väntar på ditt drag",
    "Carcassonne",
    "Borgen",
    "med",
    "mot datorn",
    "drag inom {t}",
    "{n} tim",
    "{n} dagar",
    "Du får det här mejlet högst en gång om dagen medan spel väntar på dig. Stäng av det i "
    "kontots inställningar: {url}/account",
    "Carcassonne: välj ett nytt lösenord",
    "Någon vill välja ett nytt lösenord för ditt konto. Öppna den här länken för att välja det:",
    "Länken gäller en gång, i {n} minuter; ett nytt lösenord loggar ut dig överallt. Om du inte "
    "bad om den kan du strunta i det här mejlet: ditt lösenord förblir som det är."};

const Words& WordsFor(std::string_view lang) {
  if (lang == "de") return kGerman;
  if (lang == "nl") return kDutch;
  if (lang == "sv") return kSwedish;
  return kEnglish;
}

// `text` with each {key} replaced by its value.
std::string Fill(std::string text,
                 std::initializer_list<std::pair<std::string_view, std::string>> values) {
  for (const auto& [key, value] : values) {
    const std::string mark = "{" + std::string(key) + "}";
    for (auto at = text.find(mark); at != std::string::npos;
         at = text.find(mark, at + value.size())) {
      text.replace(at, mark.size(), value);
    }
  }
  return text;
}

std::string TimeLeft(const Words& w, std::int64_t seconds) {
  const std::int64_t hours = std::max<std::int64_t>(1, (seconds + 3599) / 3600);
  if (hours < 48) return Fill(w.hours, {{"n", std::to_string(hours)}});
  return Fill(w.days, {{"n", std::to_string(hours / 24)}});
}

// A player's name as a mail shows it: each '.' as a middle dot (U+00B7). Names may hold dots,
// and a name like "visit.scam-site.com" would otherwise reach the reader as a link the server
// seemed to send; with middle dots no mail program makes a link of it.
std::string MailName(std::string_view name) {
  std::string out;
  for (const char c : name) {
    if (c == '.') {
      out += "\xC2\xB7";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

MailMessage ComposeVerification(const VerificationMail& mail) {
  const Words& w = WordsFor(mail.lang);
  std::string text = Fill(w.hello, {{"name", MailName(mail.name)}}) + "\n\n";
  text += std::string(w.verify_body) + "\n\n" + mail.link + "\n\n";
  text += Fill(w.verify_valid, {{"n", std::to_string(mail.valid_hours)}}) + "\n";
  return {mail.to, w.verify_subject, text};
}

MailMessage ComposePasswordReset(const PasswordResetMail& mail) {
  const Words& w = WordsFor(mail.lang);
  std::string text = Fill(w.hello, {{"name", MailName(mail.name)}}) + "\n\n";
  text += std::string(w.reset_body) + "\n\n" + mail.link + "\n\n";
  text += Fill(w.reset_valid, {{"n", std::to_string(mail.valid_minutes)}}) + "\n";
  return {mail.to, w.reset_subject, text};
}

MailMessage ComposeDigest(const DigestMail& mail) {
  const Words& w = WordsFor(mail.lang);
  const auto count = mail.games.size();
  const std::string waiting =
      count == 1 ? std::string(w.digest_one) : Fill(w.digest_many, {{"n", std::to_string(count)}});
  std::string text = Fill(w.hello, {{"name", MailName(mail.name)}}) + "\n\n" + waiting + ":\n\n";
  for (const auto& g : mail.games) {
    std::string line = "- " + std::string(g.game == "castle" ? w.castle_game : w.base_game) + " ";
    if (g.players.empty()) {
      line += w.alone;
    } else {
      line += std::string(w.with) + " ";
      for (std::size_t i = 0; i < g.players.size(); ++i) {
        if (i > 0) line += ", ";
        line += MailName(g.players[i]);
      }
    }
    if (g.deadline > 0) {
      line += " (" + Fill(w.due_in, {{"t", TimeLeft(w, g.deadline - mail.now)}}) + ")";
    }
    text += line + "\n  " + mail.base_url + "/r/" + g.room + "\n";
  }
  text += "\n" + Fill(w.footer, {{"url", mail.base_url}}) + "\n";
  return {mail.to, "Carcassonne: " + waiting, text};
}

}  // namespace carc::server::mail
