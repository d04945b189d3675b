#include "mail/smtp_transport.h"

#include <curl/curl.h>

#include <cstring>
#include <memory>
#include <mutex>

namespace carc::server::mail {
namespace {

struct Upload {
  const std::string* data;
  std::size_t sent = 0;
};

std::size_t ReadBody(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload->data->size() - upload->sent);
  std::memcpy(buffer, upload->data->data() + upload->sent, n);
  upload->sent += n;
  return n;
}

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

SmtpResult SendSmtp(const SmtpSettings& settings, const std::string& from, const std::string& to,
                    const std::string& message) {
  GlobalInit();
  SmtpResult result;
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) {
    result.error = "libcurl could not make a handle";
    result.retry = true;
    return result;
  }
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> recipients(
      curl_slist_append(nullptr, ("<" + to + ">").c_str()), curl_slist_free_all);
  Upload upload{&message};
  char error[CURL_ERROR_SIZE] = {0};
  const auto ms = static_cast<long>(settings.timeout.count());
  CURL* h = curl.get();
  curl_easy_setopt(h, CURLOPT_URL, settings.url.c_str());
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, ms);
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, ms);
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, error);
  if (settings.starttls == StartTls::kRequired) {
    curl_easy_setopt(h, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
  }
  if (!settings.user.empty()) {
    curl_easy_setopt(h, CURLOPT_USERNAME, settings.user.c_str());
    curl_easy_setopt(h, CURLOPT_PASSWORD, settings.password.c_str());
  }
  const std::string envelope_from = "<" + from + ">";
  curl_easy_setopt(h, CURLOPT_MAIL_FROM, envelope_from.c_str());
  curl_easy_setopt(h, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(h, CURLOPT_READFUNCTION, ReadBody);
  curl_easy_setopt(h, CURLOPT_READDATA, &upload);
  curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);

  const CURLcode code = curl_easy_perform(h);
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &result.code);
  if (code == CURLE_OK) {
    result.ok = true;
    return result;
  }
  // libcurl's words; its error buffer may name the host, never the password or the body.
  result.error = error[0] != '\0' ? error : curl_easy_strerror(code);
  switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
      result.retry = true;
      break;
    default:
      // A 4xx reply is the relay's "try again later" (RFC 5321 section 4.2.1).
      result.retry = result.code >= 400 && result.code < 500;
  }
  return result;
}

}  // namespace carc::server::mail
