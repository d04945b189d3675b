#include "accounts/email_api.h"

#include <cctype>

#include <nlohmann/json.hpp>

#include "accounts/api_json.h"
#include "accounts/session_token.h"
#include "mail/mail_address.h"
#include "mail/mail_texts.h"

namespace carc::server::accounts {
namespace {

constexpr std::string_view kOwn = "/api/me/email";
constexpr std::string_view kVerify = "/api/email/verify";
// An address (254 characters at most) and a language, even spelled in \u escapes.
constexpr std::size_t kMaxEmailBody = 2048;
constexpr int kMaxEmailDepth = 1;

ApiResponse MailOff() {
  return Error(503, "this server sends no e-mail");
}

}  // namespace

EmailApi::EmailApi(store::MailStore* store, store::AccountStore* accounts_store,
                   mail::MailSender* sender, std::string public_url, AccountApi& accounts)
    : store_(store),
      accounts_store_(accounts_store),
      sender_(sender),
      public_url_(std::move(public_url)),
      accounts_(accounts),
      links_to_address_(1, 1.0 / static_cast<double>(kResendSeconds)) {}

bool EmailApi::Handles(const ApiRequest& request) {
  const std::string path = Path(request.target);
  return path == kOwn || path == kVerify;
}

void EmailApi::Serve(ApiRequest request, ApiReply reply) {
  const bool verify = Path(request.target) == kVerify;
  const std::string_view allow = verify ? "POST" : "GET, HEAD, PUT, PATCH, DELETE";
  if (!Allows(allow, request.method)) return reply(NotAllowed(allow));
  if (store_ == nullptr || accounts_store_ == nullptr) {
    return reply(Error(503, "this server keeps no accounts"));
  }
  if (request.body.size() > kMaxEmailBody) {
    ++metrics_.refused;
    return reply(Error(413, "the request is over 2 KB"));
  }
  accounts_.OnReadWorker(request, std::move(reply),
                         [this, verify](const ApiRequest& r, const ApiReply& done) {
                           if (verify) return Verify(r, done);
                           const auto who = accounts_.SessionOf(r);
                           if (!who) return done(Error(401, "not signed in"));
                           Signed(r, *who, done);
                         });
}

ApiResponse EmailApi::State(unsigned status, store::AccountId account) {
  const auto row = store_->Address(account);
  nlohmann::json body = {{"address", nullptr},
                         {"verified", false},
                         {"digest", false},
                         {"sending", sender_ != nullptr}};
  if (row) {
    body["address"] = row->address;
    body["verified"] = row->verified;
    body["digest"] = row->digest;
  }
  return Json(status, body);
}

void EmailApi::Signed(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  if (request.method == "GET" || request.method == "HEAD") return reply(State(200, who.account));
  if (request.method == "PUT") return SetAddress(request, who, reply);
  if (request.method == "PATCH") return SetDigest(request, who, reply);
  if (store_->DeleteAddress(who.account)) ++metrics_.removed;
  reply({204, "application/json", ""});
}

void EmailApi::SetAddress(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  if (sender_ == nullptr) return reply(MailOff());
  auto read = ReadJsonObject(request.body, kMaxEmailBody, kMaxEmailDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  const auto& body = std::get<nlohmann::ordered_json>(read);
  const std::string* typed = StringField(body, "address");
  if (typed == nullptr) {
    ++metrics_.refused;
    return reply(Error(400, "\"address\" must be an e-mail address", "address"));
  }
  if (const std::string why = mail::CheckMailAddress(*typed); !why.empty()) {
    ++metrics_.refused;
    return reply(Error(400, why, "address"));
  }
  store::MailTokenRow row;
  if (auto refused = ReadLang(body, row.lang)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  const std::string token = NewSessionToken();
  const std::int64_t now = accounts_.Now();
  row.address = mail::NormalMailAddress(*typed);
  row.token_hash = HashSessionToken(token);
  row.sent_at = now;
  row.expires_at = now + kTokenHours * 3600;
  std::string to_key = row.address;
  for (char& c : to_key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!links_to_address_.Ready(to_key)) {
    ++metrics_.too_soon;
    return reply(Later(429, "a link went to that address a moment ago: wait before asking again",
                       static_cast<int>(kResendSeconds)));
  }
  if (store_->SetAddress(who.account, row, now - kResendSeconds) ==
      store::SetAddressOutcome::kTooSoon) {
    ++metrics_.too_soon;
    return reply(Later(429, "a link went to your address a moment ago: wait before asking again",
                       static_cast<int>(kResendSeconds)));
  }
  mail::VerificationMail mail{row.address, who.name, row.lang,
                              public_url_ + "/account?email-token=" + token, kTokenHours};
  links_to_address_.Take(to_key);
  // Queued, never waited for: a full queue is counted by the sender, and the player asks again.
  sender_->Send(mail::ComposeVerification(mail), "verification");
  ++metrics_.links_sent;
  reply(State(202, who.account));
}

void EmailApi::SetDigest(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  auto read = ReadJsonObject(request.body, kMaxEmailBody, kMaxEmailDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  const auto& body = std::get<nlohmann::ordered_json>(read);
  const auto digest = body.find("digest");
  if (digest == body.end() || !digest->is_boolean()) {
    ++metrics_.refused;
    return reply(Error(400, "\"digest\" must be true or false", "digest"));
  }
  if (!store_->SetDigest(who.account, digest->get<bool>())) {
    return reply(Error(404, "this account has no e-mail address"));
  }
  reply(State(200, who.account));
}

void EmailApi::Verify(const ApiRequest& request, const ApiReply& reply) {
  auto read = ReadJsonObject(request.body, kMaxEmailBody, kMaxEmailDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  const std::string* token = StringField(std::get<nlohmann::ordered_json>(read), "token");
  // One answer for every token that confirms nothing: no hint which ones were ever good.
  const auto refused = [&] {
    ++metrics_.refused;
    reply(Error(400, "this link is not (or no longer) good: ask for a new one", "token"));
  };
  if (token == nullptr || !LooksLikeSessionToken(*token)) return refused();
  if (!store_->Verify(HashSessionToken(*token), accounts_.Now())) return refused();
  ++metrics_.verified;
  reply(Json(200, {{"verified", true}}));
}

}  // namespace carc::server::accounts
