#include "mail/mail_address.h"

#include <algorithm>

namespace carc::server::mail {
namespace {

bool LocalChar(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  // RFC 5322's atext, less the few that mail programs treat specially in practice.
  return std::string_view("!#$%&'*+-/=?^_`{|}~.").find(c) != std::string_view::npos;
}

bool LabelChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

}  // namespace

std::string CheckMailAddress(std::string_view address) {
  if (address.empty()) return "an e-mail address is needed";
  if (address.size() > kMaxAddressLength) return "an e-mail address has at most 254 characters";
  const auto at = address.rfind('@');
  if (at == std::string_view::npos) return "an e-mail address has the form name@domain";
  const auto local = address.substr(0, at);
  const auto domain = address.substr(at + 1);
  if (local.empty() || domain.empty()) return "an e-mail address has the form name@domain";
  if (local.size() > kMaxLocalLength) {
    return "the part before @ has at most 64 characters";
  }
  if (!std::all_of(local.begin(), local.end(), LocalChar)) {
    return "the part before @ has only letters a-z, digits and !#$%&'*+-/=?^_`{|}~.";
  }
  if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos) {
    return "the part before @ neither starts nor ends with a dot, nor has two in a row";
  }
  // A domain name of at least two labels, each of letters, digits and inner hyphens.
  if (domain.find('.') == std::string_view::npos) return "the domain has at least one dot";
  std::size_t start = 0;
  while (start <= domain.size()) {
    const auto dot = std::min(domain.find('.', start), domain.size());
    const auto label = domain.substr(start, dot - start);
    if (label.empty() || label.size() > 63 || !std::all_of(label.begin(), label.end(), LabelChar) ||
        label.front() == '-' || label.back() == '-') {
      return "the domain is names of letters, digits and hyphens joined by dots";
    }
    start = dot + 1;
  }
  return "";
}

std::string NormalMailAddress(std::string_view address) {
  std::string out(address);
  const auto at = out.rfind('@');
  if (at == std::string::npos) return out;
  std::transform(out.begin() + static_cast<std::ptrdiff_t>(at), out.end(),
                 out.begin() + static_cast<std::ptrdiff_t>(at), [](char c) {
                   return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
                 });
  return out;
}

}  // namespace carc::server::mail
