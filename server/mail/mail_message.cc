#include "mail/mail_message.h"

#include <sodium.h>

#include <array>
#include <chrono>
#include <cstdio>

namespace carc::server::mail {
namespace {

std::string Base64(std::string_view bytes) {
  std::string out(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()),
                    bytes.size(), sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.size() - 1);  // the terminating NUL
  return out;
}

bool PrintableAscii(const std::string& s) {
  for (const char c : s) {
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

// Where a UTF-8 text may be cut at or before `at` without splitting a character.
std::size_t CharBoundary(const std::string& s, std::size_t at) {
  while (at > 0 && at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  return at;
}

std::string OneLine(std::string s) {
  for (char& c : s) {
    if (c == '\r' || c == '\n') c = ' ';
  }
  return s;
}

}  // namespace

std::string MailDate(std::int64_t unix_seconds) {
  using namespace std::chrono;
  const sys_seconds t{seconds{unix_seconds}};
  const auto day = floor<days>(t);
  const year_month_day ymd{day};
  const hh_mm_ss hms{t - day};
  const weekday wd{day};
  static constexpr std::array<const char*, 7> kDays{"Sun", "Mon", "Tue", "Wed",
                                                    "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char buf[40];
  std::snprintf(buf, sizeof buf, "%s, %02u %s %04d %02d:%02d:%02d +0000", kDays[wd.c_encoding()],
                static_cast<unsigned>(ymd.day()), kMonths[static_cast<unsigned>(ymd.month()) - 1],
                static_cast<int>(ymd.year()), static_cast<int>(hms.hours().count()),
                static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()));
  return buf;
}

std::string HeaderText(const std::string& text) {
  const std::string line = OneLine(text);
  if (PrintableAscii(line)) return line;
  std::string out;
  std::size_t start = 0;
  while (start < line.size()) {
    std::size_t end = CharBoundary(line, std::min(line.size(), start + 45));
    if (end <= start) end = std::min(line.size(), start + 45);  // not UTF-8: cut anyway
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + Base64(std::string_view(line).substr(start, end - start)) + "?=";
    start = end;
  }
  return out;
}

std::string ComposeMail(const MailMessage& message, const MailHeaders& headers) {
  std::string out;
  out += "From: " + HeaderText(headers.from_name) + " <" + OneLine(headers.from) + ">\r\n";
  out += "To: <" + OneLine(message.to) + ">\r\n";
  out += "Subject: " + HeaderText(message.subject) + "\r\n";
  out += "Date: " + MailDate(headers.date) + "\r\n";
  out += "Message-ID: <" + OneLine(headers.message_id) + ">\r\n";
  // RFC 3834: an automatic message, so that auto-responders leave it unanswered.
  out += "Auto-Submitted: auto-generated\r\n";
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=utf-8\r\n";
  out += "Content-Transfer-Encoding: base64\r\n\r\n";
  std::string text;
  for (const char c : message.text) {
    if (c == '\n') text += '\r';
    if (c != '\r') text += c;
  }
  const std::string body = Base64(text);
  for (std::size_t i = 0; i < body.size(); i += 76) out += body.substr(i, 76) + "\r\n";
  return out;
}

}  // namespace carc::server::mail
