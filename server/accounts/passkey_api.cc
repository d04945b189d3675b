#include "accounts/passkey_api.h"

#include <carc/codec/json_limits.h>
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "accounts/api_json.h"
#include "accounts/device_label.h"
#include "accounts/session_token.h"
#include "net/log_throttle.h"

namespace carc::server::accounts {
// The fields of a JSON body, each a base64url string decoded; `optional` may be missing.
struct PasskeyBody {
  nlohmann::ordered_json json;
  std::string Field(const char* key) const {
    const auto it = json.find(key);
    return it != json.end() && it->is_string() ? it->get<std::string>() : std::string();
  }
};

namespace {

constexpr std::size_t kMaxPasskeyBody = 32 * 1024;
constexpr std::size_t kMaxLabelBytes = 64;

// Refusals are an outsider's to cause, thousands a second: one log line a period, with the
// count since the last (the review saw ~25,000 lines, one per refusal). The metric counts each.
LogThrottle& RefusalLog() {
  static LogThrottle log(std::chrono::seconds(10));
  return log;
}

std::string Lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

// The host of a Host field or an origin's authority, without its port (and IPv6 brackets).
std::string HostOnly(std::string_view authority) {
  if (authority.starts_with('[')) {
    const auto end = authority.find(']');
    return std::string(authority.substr(1, end == std::string_view::npos ? 0 : end - 1));
  }
  return std::string(authority.substr(0, authority.find(':')));
}

std::variant<PasskeyBody, ApiResponse> ReadBody(const std::string& text) {
  auto read = ReadJsonObject(text, kMaxPasskeyBody, 2);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return std::move(*refused);
  return PasskeyBody{std::get<nlohmann::ordered_json>(std::move(read))};
}

// Decodes base64url field `key` into `out`; false (and `error` set) when it is missing or bad.
bool Decode(const PasskeyBody& body, const char* key, std::string& out, ApiResponse& error) {
  if (!webauthn::DecodeBase64Url(body.Field(key), out) || out.empty()) {
    error = Error(400, std::string("\"") + key + "\" must be base64url bytes");
    return false;
  }
  return true;
}

// The challenge a client data JSON echoes ("" when it has none).
std::string EchoedChallenge(std::string_view client_data) {
  auto parsed = codec::ParseLimitedJson(client_data, "the client data", 4096, 4);
  const auto* json = std::get_if<nlohmann::ordered_json>(&parsed);
  if (json == nullptr || !json->is_object()) return {};
  const auto it = json->find("challenge");
  return it != json->end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string AccountHandle(store::AccountId id) {
  std::string bytes(8, '\0');
  for (int i = 7; i >= 0; --i) {
    bytes[static_cast<std::size_t>(i)] = static_cast<char>(id & 0xFF);
    id >>= 8;
  }
  return webauthn::Base64Url(bytes);
}

}  // namespace

PasskeyApi::PasskeyApi(store::AccountStore* store, PasskeyLimits limits, AccountApi& accounts)
    : store_(store),
      limits_(std::move(limits)),
      accounts_(accounts),
      challenges_(kChallengeBurst, kChallengesPerHour / 3600.0) {}

bool PasskeyApi::Handles(const ApiRequest& request) {
  const std::string path = Path(request.target);
  return path == "/api/me/passkeys" || path.starts_with("/api/me/passkeys/") ||
         path.starts_with("/api/passkeys/");
}

webauthn::RelyingParty PasskeyApi::PartyFor() const {
  webauthn::RelyingParty rp;
  if (!limits_.public_url.empty()) {
    const auto scheme_end = limits_.public_url.find("://");
    const std::string rest = limits_.public_url.substr(scheme_end + 3);
    const std::string authority = Lower(rest.substr(0, rest.find('/')));
    rp.id = HostOnly(authority);
    rp.origins.push_back(Lower(limits_.public_url.substr(0, scheme_end)) + "://" + authority);
  } else {
    // Never the request's Host, which the client chooses: without --public-url the server is
    // taken to be this machine's, opened as http://localhost (WebAuthn takes no IP address).
    rp.id = "localhost";
    rp.localhost_any_port = true;
  }
  for (const std::string& o : limits_.allowed_origins) rp.origins.push_back(Lower(o));
  return rp;
}

void PasskeyApi::Serve(ApiRequest request, ApiReply reply) {
  if (store_ == nullptr) return reply(Error(503, "this server keeps no accounts"));
  const std::string path = Path(request.target);
  const std::string& method = request.method;
  using Job = void (PasskeyApi::*)(const ApiRequest&, const ApiReply&);
  Job job = nullptr;
  std::string_view allow = "POST";
  if (path == "/api/passkeys/password") {
    job = &PasskeyApi::ChangePassword;
  } else if (path == "/api/me/passkeys/options") {
    job = &PasskeyApi::RegisterOptions;
  } else if (path == "/api/passkeys/sign-in/options") {
    job = &PasskeyApi::SignInOptions;
  } else if (path == "/api/passkeys/sign-in") {
    job = &PasskeyApi::SignIn;
  } else if (path == "/api/me/passkeys") {
    allow = "GET, HEAD, POST";
    if (method == "POST") job = &PasskeyApi::Register;
    if (method == "GET" || method == "HEAD") job = &PasskeyApi::Owned;
  } else if (path.starts_with("/api/me/passkeys/")) {
    allow = "DELETE";
    if (method == "DELETE") job = &PasskeyApi::Owned;
  } else {
    return reply(Error(404, "unknown API path"));
  }
  if (allow == "POST" && method != "POST") job = nullptr;
  if (job == nullptr) {
    return reply({405, "application/json",
                  nlohmann::json{{"error", "method not allowed: use " + std::string(allow)}}.dump(),
                  std::string(allow)});
  }
  // A sign-in's options write a challenge to the store for anyone who asks: metered per address
  // before anything is written (40 addresses once wrote 37,511 in 45 s). A registration's need a
  // session.
  if (job == &PasskeyApi::SignInOptions) {
    if (!challenges_.Take(AddressKey(request.client))) {
      ++accounts_.metrics().passkey_challenges_metered;
      return reply(Later(429, "too many passkey ceremonies from your address; try again later",
                         challenges_.RetryAfter()));
    }
  }
  accounts_.OnReadWorker(
      request, std::move(reply),
      [this, job](const ApiRequest& r, const ApiReply& done) { (this->*job)(r, done); });
}

void PasskeyApi::RegisterOptions(const ApiRequest& request, const ApiReply& reply) {
  const auto who = accounts_.SessionOf(request);
  if (!who) return reply(Error(401, "not signed in"));
  const auto owned = store_->Passkeys(who->account);
  if (static_cast<int>(owned.size()) >= limits_.max_per_account) {
    return reply(Error(409, "an account has at most " + std::to_string(limits_.max_per_account) +
                                " passkeys: remove one first"));
  }
  const std::string challenge = NewSessionToken();
  const std::int64_t now = accounts_.Now();
  store_->PutChallenge(challenge, "register", who->account, now + limits_.challenge_life.count(),
                       now);
  const auto rp = PartyFor();
  nlohmann::json exclude = nlohmann::json::array();
  for (const auto& p : owned) {
    exclude.push_back({{"type", "public-key"}, {"id", webauthn::Base64Url(p.credential_id)}});
  }
  reply(Json(
      200,
      {{"challenge", challenge},
       {"rp", {{"id", rp.id}, {"name", "Carcassonne"}}},
       {"user",
        {{"id", AccountHandle(who->account)}, {"name", who->name}, {"displayName", who->name}}},
       {"pubKeyCredParams",
        {{{"type", "public-key"}, {"alg", webauthn::kEs256}},
         {{"type", "public-key"}, {"alg", webauthn::kEdDsa}}}},
       {"timeout", limits_.challenge_life.count() * 1000},
       {"attestation", "none"},
       {"authenticatorSelection",
        {{"residentKey", "required"},
         {"requireResidentKey", true},
         {"userVerification", "required"}}},
       {"excludeCredentials", exclude}}));
}

void PasskeyApi::Register(const ApiRequest& request, const ApiReply& reply) {
  const auto who = accounts_.SessionOf(request);
  if (!who) return reply(Error(401, "not signed in"));
  auto read = ReadBody(request.body);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return reply(std::move(*refused));
  const PasskeyBody& body = std::get<PasskeyBody>(read);
  std::string client_data;
  std::string attestation;
  ApiResponse error;
  if (!Decode(body, "clientDataJSON", client_data, error) ||
      !Decode(body, "attestationObject", attestation, error)) {
    return reply(std::move(error));
  }
  std::string label = body.Field("label");
  if (label.size() > kMaxLabelBytes) return reply(Error(400, "a label has at most 64 bytes"));
  if (label.empty()) label = DeviceLabel(request.user_agent);
  // The challenge is taken (spent) before anything else is checked: a response is good once.
  const std::string challenge = EchoedChallenge(client_data);
  const auto issued_to = challenge.empty()
                             ? std::nullopt
                             : store_->TakeChallenge(challenge, "register", accounts_.Now());
  if (!issued_to || *issued_to != who->account) {
    return reply(Error(401, "the challenge is not one issued to this account, or it expired"));
  }
  auto checked = webauthn::VerifyRegistration(PartyFor(), client_data, attestation, challenge);
  if (const auto* why = std::get_if<std::string>(&checked)) {
    ++accounts_.metrics().passkeys_refused;
    if (const auto n = RefusalLog().Tick()) {
      spdlog::info("accounts: {} passkey(s) refused since the last report, the latest of {}: {}", n,
                   who->name, *why);
    }
    return reply(Error(401, "passkey refused: " + *why));
  }
  const auto& made = std::get<webauthn::NewCredential>(checked);
  if (static_cast<int>(store_->Passkeys(who->account).size()) >= limits_.max_per_account) {
    return reply(Error(409, "an account has at most " + std::to_string(limits_.max_per_account) +
                                " passkeys: remove one first"));
  }
  const std::int64_t now = accounts_.Now();
  if (!store_->AddPasskey({made.id, who->account, made.public_key, made.algorithm, made.sign_count,
                           label, now, 0})) {
    return reply(Error(409, "that passkey is registered already"));
  }
  ++accounts_.metrics().passkeys_added;
  spdlog::info("accounts: {} registered a passkey", who->name);
  reply(Json(201, {{"id", webauthn::Base64Url(made.id)}, {"label", label}, {"created_at", now}}));
}

void PasskeyApi::Owned(const ApiRequest& request, const ApiReply& reply) {
  const auto who = accounts_.SessionOf(request);
  if (!who) return reply(Error(401, "not signed in"));
  const std::string path = Path(request.target);
  if (request.method == "DELETE") {
    std::string id;
    if (!webauthn::DecodeBase64Url(path.substr(std::string("/api/me/passkeys/").size()), id) ||
        id.empty() || !store_->DeletePasskey(who->account, id)) {
      return reply(Error(404, "no such passkey"));
    }
    return reply({204, "application/json", ""});
  }
  nlohmann::json list = nlohmann::json::array();
  for (const auto& p : store_->Passkeys(who->account)) {
    list.push_back({{"id", webauthn::Base64Url(p.credential_id)},
                    {"label", p.label},
                    {"created_at", p.created_at},
                    {"last_used_at", p.last_used_at}});
  }
  reply(Json(200, {{"passkeys", list}}));
}

void PasskeyApi::SignInOptions(const ApiRequest& /*request*/, const ApiReply& reply) {
  const std::string challenge = NewSessionToken();
  const std::int64_t now = accounts_.Now();
  store_->PutChallenge(challenge, "sign-in", 0, now + limits_.challenge_life.count(), now);
  reply(Json(200, {{"challenge", challenge},
                   {"rpId", PartyFor().id},
                   {"timeout", limits_.challenge_life.count() * 1000},
                   {"userVerification", "required"},
                   {"allowCredentials", nlohmann::json::array()}}));
}

std::variant<store::PasskeyRow, ApiResponse> PasskeyApi::CheckAssertion(const PasskeyBody& body,
                                                                        const char* ceremony) {
  std::string id;
  std::string client_data;
  std::string auth_data;
  std::string signature;
  ApiResponse error;
  if (!Decode(body, "id", id, error) || !Decode(body, "clientDataJSON", client_data, error) ||
      !Decode(body, "authenticatorData", auth_data, error) ||
      !Decode(body, "signature", signature, error)) {
    return error;
  }
  const std::string challenge = EchoedChallenge(client_data);
  if (challenge.empty() || !store_->TakeChallenge(challenge, "sign-in", accounts_.Now())) {
    return Error(401, "passkey refused: the challenge is not one issued, or it expired");
  }
  auto passkey = store_->PasskeyById(id);
  if (!passkey) return Error(401, "passkey refused: this passkey is not known here");
  auto checked = webauthn::VerifyAssertion(PartyFor(), passkey->public_key,
                                           static_cast<std::uint32_t>(passkey->sign_count),
                                           client_data, auth_data, signature, challenge);
  if (const auto* why = std::get_if<std::string>(&checked)) {
    ++accounts_.metrics().passkeys_refused;
    if (const auto n = RefusalLog().Tick()) {
      spdlog::info("accounts: {} passkey(s) refused since the last report, the latest {}: {}", n,
                   ceremony, *why);
    }
    return Error(401, "passkey refused: " + *why);
  }
  if (!store_->UsePasskey(id, passkey->sign_count, std::get<std::uint32_t>(checked),
                          accounts_.Now())) {
    ++accounts_.metrics().passkeys_refused;
    return Error(401,
                 "passkey refused: the sign count did not grow: a replay or a cloned "
                 "authenticator");
  }
  return std::move(*passkey);
}

void PasskeyApi::SignIn(const ApiRequest& request, const ApiReply& reply) {
  auto read = ReadBody(request.body);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return reply(std::move(*refused));
  auto checked = CheckAssertion(std::get<PasskeyBody>(read), "a sign-in");
  if (auto* refused = std::get_if<ApiResponse>(&checked)) return reply(std::move(*refused));
  const auto account = store_->AccountById(std::get<store::PasskeyRow>(checked).account);
  if (!account) return reply(Error(401, "passkey refused: its account is gone"));
  ++accounts_.metrics().passkey_sign_ins;
  reply(accounts_.NewSession(request, *account, 200));
}

void PasskeyApi::ChangePassword(const ApiRequest& request, const ApiReply& reply) {
  const auto who = accounts_.SessionOf(request);
  if (!who) return reply(Error(401, "not signed in"));
  auto read = ReadBody(request.body);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return reply(std::move(*refused));
  const PasskeyBody& body = std::get<PasskeyBody>(read);
  const auto new_it = body.json.find("new_password");
  if (new_it == body.json.end() || !new_it->is_string()) {
    return reply(Error(400, "\"new_password\" must be a string", "new_password"));
  }
  auto secret = std::make_shared<std::string>(new_it->get<std::string>());
  if (const std::string why = CheckPassword(*secret); !why.empty()) {
    return reply(Error(400, why, "new_password"));
  }
  // The passkey stands in for the old password: one of this account's, verified (user
  // verification included) on a challenge of its own.
  auto checked = CheckAssertion(body, "a password change");
  if (auto* refused = std::get_if<ApiResponse>(&checked)) return reply(std::move(*refused));
  if (std::get<store::PasskeyRow>(checked).account != who->account) {
    ++accounts_.metrics().passkeys_refused;
    return reply(Error(401, "passkey refused: it is not one of this account's"));
  }
  accounts_.ReplacePassword(request, who->account, std::move(secret), reply);
}

}  // namespace carc::server::accounts
