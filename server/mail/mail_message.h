// A plain-text e-mail as it goes over SMTP (RFC 5322 with MIME, RFC 2045): the headers this
// server sets and the body in UTF-8. The body is sent in base64, so that any text (accents,
// long lines, a line that is only a dot) arrives as written whatever the relays between do.
//
// Contract: pure. ComposeMail expects addresses that mail/mail_address.h accepted and a subject
// of one line (CR and LF in it are replaced by spaces); it never lets a value start a header of
// its own. Lines end in CRLF.
#pragma once

#include <cstdint>
#include <string>

namespace carc::server::mail {

struct MailMessage {
  std::string to;       // the recipient's address
  std::string subject;  // UTF-8, one line
  std::string text;     // UTF-8, lines ended by \n
};

struct MailHeaders {
  std::string from;        // the sender's address (--mail-from)
  std::string from_name;   // shown beside it, e.g. "Carcassonne"
  std::int64_t date = 0;   // seconds since the Unix epoch
  std::string message_id;  // unique per message, without brackets: LOCAL@DOMAIN
};

std::string ComposeMail(const MailMessage& message, const MailHeaders& headers);

// "Sun, 29 Nov 2026 19:05:00 +0000" (RFC 5322 section 3.3), in UTC.
std::string MailDate(std::int64_t unix_seconds);

// An unstructured header's text: as is when it is printable ASCII, else an RFC 2047 encoded
// word (UTF-8, base64) per at most 45 bytes of text, so that no line is over 78 characters.
std::string HeaderText(const std::string& text);

}  // namespace carc::server::mail
