#include "accounts/password_reset_api.h"

#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "accounts/account_name.h"
#include "accounts/api_json.h"
#include "accounts/email_api.h"
#include "accounts/password_hash.h"
#include "accounts/password_reset.h"
#include "mail/mail_texts.h"
#include "net/connection_limiter.h"

namespace carc::server::accounts {
namespace {

constexpr std::string_view kRequest = "/api/password-reset";
constexpr std::string_view kComplete = "/api/password-reset/complete";
// A name or a token, a password of up to 1 KB, a language, even spelled in \u escapes.
constexpr std::size_t kMaxResetBody = 2048;
constexpr int kMaxResetDepth = 1;

}  // namespace

PasswordResetApi::PasswordResetApi(store::AccountStore* accounts, store::MailStore* mail,
                                   mail::MailSender* sender, std::string public_url,
                                   AccountApi& api, double per_hour)
    : accounts_(accounts),
      mail_(mail),
      sender_(sender),
      public_url_(std::move(public_url)),
      api_(api),
      from_address_(per_hour, per_hour / 3600.0),
      to_account_(1, 1.0 / static_cast<double>(kResendSeconds)) {}

bool PasswordResetApi::Handles(const ApiRequest& request) {
  const std::string path = Path(request.target);
  return path == kRequest || path == kComplete;
}

void PasswordResetApi::Serve(ApiRequest request, ApiReply reply) {
  if (!Allows("POST", request.method)) return reply(NotAllowed("POST"));
  if (accounts_ == nullptr) return reply(Error(503, "this server keeps no accounts"));
  if (request.body.size() > kMaxResetBody) {
    ++metrics_.refused;
    return reply(Error(413, "the request is over 2 KB"));
  }
  if (Path(request.target) == kComplete) return Complete(request, std::move(reply));
  if (mail_ == nullptr || sender_ == nullptr) {
    return reply(Error(503,
                       "this server sends no e-mail: its host can make you a link to choose a "
                       "new password"));
  }
  // Metered before any work: each request may cost a store read and a mail.
  if (from_address_.enabled() && !from_address_.Take(AddressKey(request.client))) {
    ++metrics_.metered;
    return reply(Later(429, "too many password resets from your address; try again later",
                       from_address_.RetryAfter()));
  }
  api_.OnReadWorker(request, std::move(reply),
                    [this](const ApiRequest& r, const ApiReply& done) { Request(r, done); });
}

void PasswordResetApi::Request(const ApiRequest& request, const ApiReply& reply) {
  auto read = ReadJsonObject(request.body, kMaxResetBody, kMaxResetDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  const auto& body = std::get<nlohmann::ordered_json>(read);
  const std::string* typed = StringField(body, "name");
  if (typed == nullptr) {
    ++metrics_.refused;
    return reply(Error(400, "\"name\" must be a string", "name"));
  }
  std::string lang;
  if (auto refused = ReadLang(body, lang)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  ++metrics_.requested;
  const ApiResponse answer = Json(202, {{"requested", true}});
  const std::string key = NameKey(*typed);
  const auto account = key.empty() ? std::nullopt : accounts_->AccountByKey(key);
  if (!account) return reply(answer);
  const auto address = mail_->Address(account->id);
  if (!address || !address->verified) return reply(answer);
  const std::string account_key = std::to_string(account->id);
  if (!to_account_.Take(account_key)) return reply(answer);
  const std::int64_t now = api_.Now();
  const std::string token = IssueResetToken(*accounts_, account->id, now);
  const mail::PasswordResetMail mail{address->address, account->name,
                                     lang.empty() ? address->lang : lang,
                                     ResetLink(public_url_, token), kResetMinutes};
  // Queued, never waited for: a full queue is counted by the sender.
  sender_->Send(mail::ComposePasswordReset(mail), "password-reset");
  ++metrics_.mailed;
  reply(answer);
}

void PasswordResetApi::Complete(const ApiRequest& request, ApiReply reply) {
  auto read = ReadJsonObject(request.body, kMaxResetBody, kMaxResetDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  const auto& body = std::get<nlohmann::ordered_json>(read);
  const std::string* token = StringField(body, "token");
  const std::string* password = StringField(body, "password");
  if (password == nullptr) {
    ++metrics_.refused;
    return reply(Error(400, "\"password\" must be a string", "password"));
  }
  if (const std::string why = CheckPassword(*password); !why.empty()) {
    ++metrics_.refused;
    return reply(Error(400, why, "password"));
  }
  auto secret = std::make_shared<std::string>(*password);
  auto given = std::make_shared<std::string>(token == nullptr ? "" : *token);
  // On the hashing pool: a good token costs a hash; a bad one only a store read.
  api_.OnHashingWorker(
      request, std::move(reply), [this, secret, given](const ApiRequest& r, const ApiReply& done) {
        const auto account_id = SpendResetToken(*accounts_, *given, api_.Now());
        const auto account = account_id ? accounts_->AccountById(*account_id) : std::nullopt;
        if (!account) {
          ++metrics_.refused;
          return done(
              Error(400, "this link is not (or no longer) good: ask for a new one", "token"));
        }
        accounts_->SetPasswordHash(account->id, HashPassword(*secret, api_.hash_params()));
        // Whoever knew the old password is signed out everywhere.
        api_.metrics().sessions_ended +=
            static_cast<std::uint64_t>(accounts_->EndSessions(account->id));
        ++metrics_.completed;
        spdlog::info("accounts: {} chose a new password with a reset link", account->name);
        done(api_.NewSession(r, *account, 200));
      });
}

}  // namespace carc::server::accounts
