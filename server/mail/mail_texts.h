// The words of this server's three e-mails, in the languages of the web client (en, de, nl, sv;
// any other is English): the link that confirms an address, the daily digest of the games
// that wait for the player's move, and the link that chooses a new password.
//
// Contract: pure. `base_url` is --public-url without a trailing slash; links are made of it, a
// room's code and a token of base64url characters, so they need no escaping. No text carries
// anything the room hides (tiles, seeds, tokens): a room's code, its game, the other players'
// names and when the move falls due.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mail/mail_message.h"

namespace carc::server::mail {

struct VerificationMail {
  std::string to;
  std::string name;  // the account's name
  std::string lang;
  std::string link;  // base_url + "/api/email/verify?token=" + token
  int valid_hours = 24;
};

struct PasswordResetMail {
  std::string to;
  std::string name;
  std::string lang;
  std::string link;  // base_url + "/account?reset-token=" + token
  int valid_minutes = 60;
};

struct WaitingGame {
  std::string room;                  // its code
  std::string game;                  // "base" or "castle"
  std::vector<std::string> players;  // the other seats' names
  std::int64_t deadline = 0;         // when the move falls due (epoch seconds), 0 for never
};

struct DigestMail {
  std::string to;
  std::string name;
  std::string lang;
  std::string base_url;
  std::vector<WaitingGame> games;  // at least one
  std::int64_t now = 0;
};

MailMessage ComposeVerification(const VerificationMail& mail);
MailMessage ComposeDigest(const DigestMail& mail);
MailMessage ComposePasswordReset(const PasswordResetMail& mail);

}  // namespace carc::server::mail
