#include "accounts/account_api.h"

#include <sodium.h>

#include <spdlog/spdlog.h>

#include <charconv>
#include <nlohmann/json.hpp>

#include "accounts/account_name.h"
#include "accounts/api_json.h"
#include "accounts/ban_refusal.h"
#include "accounts/device_label.h"
#include "accounts/session_cookie.h"
#include "accounts/session_token.h"
#include "net/connection_limiter.h"
#include "store/event_store.h"
#include "sys/unix_seconds.h"

namespace carc::server::accounts {
namespace {

// A name and a password, even spelled in \u escapes, fit in far less.
constexpr std::size_t kMaxAccountBody = 8 * 1024;
// A session's last use is written at most this often: reads stay reads.
constexpr std::int64_t kTouchEvery = 600;
// Sign-ins an address (or, right ones, an account) may make at once before
// --sign-ins-per-hour applies: a family behind one router, a player on several devices.
constexpr double kSignInBurst = 10;

// The failure delay's key of one account tried from one address.
std::string AccountAtAddress(const std::string& key, const std::string& address) {
  return key + '\n' + address;
}

}  // namespace

AccountApi::AccountApi(store::AccountStore* store, AccountLimits limits, ApiWorkers& hashing,
                       ApiWorkers& reads, std::function<std::int64_t()> now,
                       store::ModerationStore* moderation)
    : store_(store),
      moderation_(moderation),
      limits_(limits),
      hashing_(hashing),
      reads_(reads),
      now_(now ? std::move(now) : std::function<std::int64_t()>(UnixSeconds)),
      signups_(limits.signups_per_hour, limits.signups_per_hour / 3600.0),
      address_sign_ins_(kSignInBurst, limits.sign_ins_per_hour / 3600.0),
      account_sign_ins_(kSignInBurst, limits.sign_ins_per_hour / 3600.0),
      account_failures_({limits.failures_per_account, limits.max_failure_delay}),
      address_failures_({limits.failures_per_address, limits.max_failure_delay}) {}

bool AccountApi::Handles(const ApiRequest& request) {
  const std::string path = Path(request.target);
  return path == "/api/accounts" || path == "/api/sessions" || path == "/api/sessions/current" ||
         path == "/api/me" || path.starts_with("/api/me/");
}

void AccountApi::Serve(ApiRequest request, ApiReply reply) {
  if (store_ == nullptr) return reply(Error(503, "this server keeps no accounts"));
  const std::string path = Path(request.target);
  const std::string& method = request.method;
  if (path == "/api/accounts") {
    if (method != "POST") return reply(NotAllowed("POST"));
    return SignUp(request, std::move(reply));
  }
  if (path == "/api/sessions") {
    if (method != "POST") return reply(NotAllowed("POST"));
    return SignIn(request, std::move(reply));
  }
  if (path == "/api/me/password") {
    if (method != "POST") return reply(NotAllowed("POST"));
    return ChangePassword(request, std::move(reply));
  }
  if (path == "/api/sessions/current") {
    if (method != "DELETE") return reply(NotAllowed("DELETE"));
  } else if (path == "/api/me") {
    // DELETE /api/me is the profile's (accounts/profile_api.h).
    if (method != "GET" && method != "HEAD") return reply(NotAllowed("GET, HEAD, DELETE"));
  } else if (path == "/api/me/sessions") {
    if (method != "GET" && method != "HEAD" && method != "DELETE") {
      return reply(NotAllowed("GET, HEAD, DELETE"));
    }
  } else if (path.starts_with("/api/me/sessions/")) {
    if (method != "DELETE") return reply(NotAllowed("DELETE"));
  } else {
    return reply(Error(404, "unknown API path"));
  }
  OnWorker(reads_, request, std::move(reply),
           [this](const ApiRequest& r, const ApiReply& done) { Signed(r, done); });
}

void AccountApi::OnWorker(ApiWorkers& pool, const ApiRequest& request, ApiReply reply,
                          std::function<void(const ApiRequest&, const ApiReply&)> job) {
  auto shared_reply = std::make_shared<ApiReply>(std::move(reply));
  auto shared_request = std::make_shared<ApiRequest>(request);
  const auto admission = pool.Submit(
      request.client,
      [shared_request, shared_reply, job = std::move(job)] {
        try {
          job(*shared_request, *shared_reply);
        } catch (const store::StoreError& e) {
          spdlog::warn("accounts: the store failed: {}", e.what());
          (*shared_reply)(Later(503, "the accounts cannot be read now; try again in a moment", 5));
        } catch (const std::exception& e) {
          spdlog::warn("accounts: {}", e.what());
          (*shared_reply)(Later(503, "the server is busy; try again in a moment", 1));
        }
      },
      [this, shared_reply, hashing = &pool == &hashing_](ApiWorkers::Dropped why) {
        if (why == ApiWorkers::Dropped::kStopping) {
          return (*shared_reply)(
              Later(503, "the server is shutting down; try again in a moment", 5));
        }
        // Displaced by another address's request: this address had the most waiting.
        if (hashing) ++metrics_.hashing_refused;
        (*shared_reply)(Later(503,
                              hashing ? "the server is busy signing players in; try again in a "
                                        "moment"
                                      : "the server is busy; try again in a moment",
                              1));
      });
  if (admission == ApiWorkers::Admission::kAccepted) return;
  const bool hashing = &pool == &hashing_;
  if (hashing) ++metrics_.hashing_refused;
  // The reads workers serve more than sign-ins (profiles, sessions, the leaderboard): their
  // refusal says so, or a player asking for a page is told of sign-ins they never made.
  const bool share = admission == ApiWorkers::Admission::kAddressShare;
  std::string why =
      share ? (hashing ? "your address has as many sign-ins in progress as it may; wait for their "
                         "answers"
                       : "your address has as many requests in progress as it may; wait for their "
                         "answers")
            : (hashing ? "the server is busy signing players in; try again in a moment"
                       : "the server is busy; try again in a moment");
  (*shared_reply)(Later(503, std::move(why), 1));
}

namespace {

// The name and password of a sign-up or sign-in body, or the answer that refuses it.
std::variant<std::pair<std::string, std::string>, ApiResponse> ReadCredentials(
    const std::string& body) {
  auto read = ReadJsonObject(body, kMaxAccountBody, 2);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return std::move(*refused);
  const auto& json = std::get<nlohmann::ordered_json>(read);
  const auto name = json.find("name");
  if (name == json.end() || !name->is_string()) {
    return Error(400, "\"name\" must be a string", "name");
  }
  const auto password = json.find("password");
  if (password == json.end() || !password->is_string()) {
    return Error(400, "\"password\" must be a string", "password");
  }
  return std::pair{name->get<std::string>(), password->get<std::string>()};
}

// Whether two secrets are equal, in a time that does not tell how much of them matched.
bool EqualSecret(const std::string& a, const std::string& b) {
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

// Why the server's settings refuse this sign-up: closed, by invitation without the code (the
// body's "invitation"), or a name holding a refused word.
std::optional<ApiResponse> SettingsRefusal(const moderation::ServerSettings& settings,
                                           const std::string& body, const std::string& name) {
  if (settings.sign_up == moderation::SignUp::kClosed) {
    return Error(403, "sign-up is closed on this server");
  }
  if (settings.sign_up == moderation::SignUp::kInvitation) {
    // The body was read once already, within the same limits.
    const auto json = nlohmann::json::parse(body, nullptr, false);
    const auto it = json.is_object() ? json.find("invitation") : json.end();
    const bool given = it != json.end() && it->is_string();
    if (!given || !EqualSecret(it->get<std::string>(), settings.invitation_code)) {
      return Error(403,
                   given ? "that is not this server's invitation code"
                         : "sign-up on this server needs its invitation code",
                   "invitation");
    }
  }
  if (const auto word = moderation::RefusedWordIn(settings, name)) {
    return Error(400, "this server refuses the word \"" + *word + "\" in names", "name");
  }
  return std::nullopt;
}

}  // namespace

void AccountApi::SignUp(const ApiRequest& request, ApiReply reply) {
  auto read = ReadCredentials(request.body);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    ++metrics_.signups_refused;
    return reply(std::move(*refused));
  }
  auto& [typed, password] = std::get<std::pair<std::string, std::string>>(read);
  if (settings_ != nullptr) {
    if (auto refused = SettingsRefusal(*settings_->Get(), request.body, typed)) {
      ++metrics_.signups_refused;
      return reply(std::move(*refused));
    }
  }
  auto checked = CheckAccountName(typed);
  if (const auto* why = std::get_if<std::string>(&checked)) {
    ++metrics_.signups_refused;
    return reply(Error(400, *why, "name"));
  }
  if (const std::string why = CheckPassword(password); !why.empty()) {
    ++metrics_.signups_refused;
    return reply(Error(400, why, "password"));
  }
  // Taken now, given back if no account is made: sign-ups racing from one address cannot all
  // pass a check made before any of them took its token.
  if (!signups_.Take(AddressKey(request.client))) {
    ++metrics_.signups_refused;
    return reply(Later(429, "too many accounts made from your address; try again later",
                       signups_.RetryAfter()));
  }
  auto name = std::make_shared<AccountName>(std::get<AccountName>(std::move(checked)));
  auto secret = std::make_shared<std::string>(std::move(password));
  // No account made because the workers were full or the store failed: the token goes back.
  ApiReply counted = [this, address = AddressKey(request.client),
                      reply = std::move(reply)](ApiResponse r) {
    if (r.status == 503) signups_.Refund(address);
    reply(std::move(r));
  };
  OnWorker(hashing_, request, std::move(counted),
           [this, name, secret](const ApiRequest& r, const ApiReply& done) {
             // A taken name costs no hash; names are public (profiles), so this tells nothing.
             if (store_->AccountByKey(name->key)) {
               signups_.Refund(AddressKey(r.client));
               ++metrics_.signups_refused;
               return done(Error(409, "that name is taken", "name"));
             }
             const std::string hash = HashPassword(*secret, limits_.hash);
             const auto id = store_->CreateAccount(name->name, name->key, hash, now_());
             if (!id) {
               signups_.Refund(AddressKey(r.client));
               ++metrics_.signups_refused;
               return done(Error(409, "that name is taken", "name"));
             }
             ++metrics_.signups;
             spdlog::info("accounts: {} signed up", name->name);
             done(NewSession(r, store::Account{*id, name->name, name->key, hash, now_()}, 201));
           });
}

void AccountApi::SignIn(const ApiRequest& request, ApiReply reply) {
  auto read = ReadCredentials(request.body);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return reply(std::move(*refused));
  auto& [typed, password] = std::get<std::pair<std::string, std::string>>(read);
  // A password no account can have is wrong for every name: refused before any hashing.
  if (password.size() > kMaxPasswordBytes) {
    return reply(Error(400, "a password has at most 256 characters", "password"));
  }
  const std::string key = NameKey(typed);
  const std::string address = AddressKey(request.client);
  const auto now = FailureDelay::Clock::now();
  const std::string pair = AccountAtAddress(key, address);
  const int wait = std::max(key.empty() ? 0 : account_failures_.Wait(pair, now),
                            address_failures_.Wait(address, now));
  if (wait > 0) {
    ++metrics_.sign_ins_delayed;
    return reply(Later(
        429, "too many failed sign-ins; wait " + std::to_string(wait) + " s and try again", wait));
  }
  // Every sign-in costs a hash, right or wrong: metered per address before any is made, and
  // per account for the right ones (an account signed in from many addresses at once).
  if (address_sign_ins_.enabled()) {
    if (!key.empty() && !account_sign_ins_.Ready(key)) {
      ++metrics_.sign_ins_metered;
      return reply(Later(429, "this account has signed in too often; try again later",
                         account_sign_ins_.RetryAfter()));
    }
    if (!address_sign_ins_.Take(address)) {
      ++metrics_.sign_ins_metered;
      return reply(Later(429, "too many sign-ins from your address; try again later",
                         address_sign_ins_.RetryAfter()));
    }
  }
  auto secret = std::make_shared<std::string>(std::move(password));
  OnWorker(hashing_, request, std::move(reply),
           [this, key, pair, address, secret](const ApiRequest& r, const ApiReply& done) {
             const auto account = key.empty() ? std::nullopt : store_->AccountByKey(key);
             const bool ok = account ? VerifyPassword(account->password_hash, *secret)
                                     : VerifyAgainstNobody(*secret, limits_.hash);
             if (!ok) {
               const auto at = FailureDelay::Clock::now();
               if (!key.empty()) account_failures_.Failed(pair, at);
               address_failures_.Failed(address, at);
               ++metrics_.sign_in_failures;
               return done(Error(401, "wrong name or password"));
             }
             account_failures_.Succeeded(pair);
             if (account_sign_ins_.enabled()) account_sign_ins_.Take(key);
             if (NeedsRehash(account->password_hash, limits_.hash)) {
               store_->SetPasswordHash(account->id, HashPassword(*secret, limits_.hash));
               ++metrics_.rehashed;
             }
             ++metrics_.sign_ins;
             done(NewSession(r, *account, 200));
           });
}

void AccountApi::ChangePassword(const ApiRequest& request, ApiReply reply) {
  auto read = ReadJsonObject(request.body, kMaxAccountBody, 2);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return reply(std::move(*refused));
  const auto& json = std::get<nlohmann::ordered_json>(read);
  const auto old_it = json.find("old_password");
  const auto new_it = json.find("new_password");
  if (old_it == json.end() || !old_it->is_string()) {
    return reply(Error(400, "\"old_password\" must be a string", "old_password"));
  }
  if (new_it == json.end() || !new_it->is_string()) {
    return reply(Error(400, "\"new_password\" must be a string", "new_password"));
  }
  auto old_secret = std::make_shared<std::string>(old_it->get<std::string>());
  auto new_secret = std::make_shared<std::string>(new_it->get<std::string>());
  if (old_secret->size() > kMaxPasswordBytes) {
    return reply(Error(400, "a password has at most 256 characters", "old_password"));
  }
  if (const std::string why = CheckPassword(*new_secret); !why.empty()) {
    return reply(Error(400, why, "new_password"));
  }
  // Each check of the old password costs a hash, like a sign-in: metered and delayed alike.
  const std::string address = AddressKey(request.client);
  if (const int wait = address_failures_.Wait(address, FailureDelay::Clock::now()); wait > 0) {
    ++metrics_.sign_ins_delayed;
    return reply(Later(
        429, "too many failed sign-ins; wait " + std::to_string(wait) + " s and try again", wait));
  }
  if (address_sign_ins_.enabled() && !address_sign_ins_.Take(address)) {
    ++metrics_.sign_ins_metered;
    return reply(Later(429, "too many sign-ins from your address; try again later",
                       address_sign_ins_.RetryAfter()));
  }
  OnWorker(
      hashing_, request, std::move(reply),
      [this, address, old_secret, new_secret](const ApiRequest& r, const ApiReply& done) {
        const auto who = SessionOf(r);
        if (!who) return done(Error(401, "not signed in"));
        const auto account = store_->AccountById(who->account);
        if (!account) return done(Error(401, "not signed in"));
        const std::string pair = AccountAtAddress(account->name_key, address);
        const auto at = FailureDelay::Clock::now();
        if (const int wait = account_failures_.Wait(pair, at); wait > 0) {
          ++metrics_.sign_ins_delayed;
          return done(Later(
              429, "too many failed sign-ins; wait " + std::to_string(wait) + " s and try again",
              wait));
        }
        if (!VerifyPassword(account->password_hash, *old_secret)) {
          account_failures_.Failed(pair, at);
          address_failures_.Failed(address, at);
          ++metrics_.sign_in_failures;
          return done(Error(401, "the old password is wrong", "old_password"));
        }
        account_failures_.Succeeded(pair);
        done(PasswordReplaced(r, *account, *new_secret));
      });
}

ApiResponse AccountApi::PasswordReplaced(const ApiRequest& request, const store::Account& account,
                                         const std::string& new_password) {
  store_->SetPasswordHash(account.id, HashPassword(new_password, limits_.hash));
  // Whoever knew the old password is signed out everywhere; this device stays in.
  metrics_.sessions_ended += static_cast<std::uint64_t>(store_->EndSessions(account.id));
  ++metrics_.passwords_changed;
  spdlog::info("accounts: {} changed their password", account.name);
  return NewSession(request, account, 200);
}

void AccountApi::ReplacePassword(const ApiRequest& request, store::AccountId account,
                                 std::shared_ptr<std::string> new_password, ApiReply reply) {
  OnWorker(hashing_, request, std::move(reply),
           [this, account, new_password](const ApiRequest& r, const ApiReply& done) {
             const auto found = store_->AccountById(account);
             if (!found) return done(Error(401, "not signed in"));
             done(PasswordReplaced(r, *found, *new_password));
           });
}

ApiResponse AccountApi::NewSession(const ApiRequest& request, const store::Account& account,
                                   unsigned status) {
  const std::int64_t now = now_();
  if (auto refused = BanRefusal(moderation_, account.id, now)) return std::move(*refused);
  const std::string token = NewSessionToken();
  store_->CreateSession(account.id, HashSessionToken(token), DeviceLabel(request.user_agent), now);
  store_->PruneSessions(account.id, limits_.max_sessions, now - limits_.session_max.count(),
                        now - limits_.session_idle.count());
  ApiResponse r{status, "application/json", nlohmann::json{{"name", account.name}}.dump()};
  r.set_cookie = SetSessionCookie(token, limits_.session_max.count(), Secure(request));
  return r;
}

std::optional<SignedIn> AccountApi::Authenticate(std::string_view token) {
  if (store_ == nullptr || !LooksLikeSessionToken(token)) return std::nullopt;
  const std::int64_t now = now_();
  const auto session =
      store_->SessionByHash(HashSessionToken(token), now - limits_.session_max.count(),
                            now - limits_.session_idle.count());
  if (!session) return std::nullopt;
  const auto account = store_->AccountById(session->account);
  if (!account) return std::nullopt;
  if (now - session->last_seen_at >= kTouchEvery) store_->TouchSession(session->id, now);
  return SignedIn{account->id, account->name, session->id};
}

void AccountApi::OnSignedInWorker(
    const ApiRequest& request, ApiReply reply,
    std::function<void(const ApiRequest&, const SignedIn&, const ApiReply&)> job) {
  OnReadWorker(request, std::move(reply),
               [this, job = std::move(job)](const ApiRequest& r, const ApiReply& done) {
                 const auto who = SessionOf(r);
                 if (!who) return done(Error(401, "not signed in"));
                 job(r, *who, done);
               });
}

std::optional<SignedIn> AccountApi::SessionOf(const ApiRequest& request) {
  std::string_view token = BearerToken(request.authorization);
  if (token.empty()) token = SessionCookieValue(request.cookie, Secure(request));
  return Authenticate(token);
}

bool AccountApi::AuthenticateUpgrade(UpgradeCredentials credentials,
                                     std::function<void(UpgradeVerdict)> done) {
  if (BearerToken(credentials.authorization).empty() &&
      SessionCookieValue(credentials.cookie, limits_.https || credentials.https).empty()) {
    return false;
  }
  ApiRequest request;
  request.method = "GET";
  request.target = "/ws";
  request.client = std::move(credentials.address);
  request.authorization = std::move(credentials.authorization);
  request.cookie = std::move(credentials.cookie);
  request.https = credentials.https;
  auto shared_done = std::make_shared<std::function<void(UpgradeVerdict)>>(std::move(done));
  OnWorker(
      reads_, request,
      [shared_done](ApiResponse busy) {
        (*shared_done)(UpgradeVerdict{{}, std::move(busy)});
      },
      [this, shared_done](const ApiRequest& r, const ApiReply&) {
        const auto who = SessionOf(r);
        if (!who) {
          ++metrics_.sockets_refused;
          ApiResponse refusal{401, "text/plain",
                              "your session has ended: sign in again, or sign out to play as a "
                              "guest\n"};
          refusal.set_cookie = ClearSessionCookie(Secure(r));
          return (*shared_done)(UpgradeVerdict{{}, std::move(refusal)});
        }
        ++metrics_.sockets_signed_in;
        // Read once for the connection (a worker's read, not the room's): a limit reached
        // meanwhile applies from the player's next connection.
        const std::int64_t barred =
            fair_play_ratings_ == nullptr
                ? 0
                : RatedBarUntil(*fair_play_ratings_, who->account, fair_play_, now_());
        (*shared_done)(
            UpgradeVerdict{SocketAccount{who->account, who->name, barred}, std::nullopt});
      });
  return true;
}

void AccountApi::Signed(const ApiRequest& request, const ApiReply& reply) {
  const std::string path = Path(request.target);
  const auto who = SessionOf(request);
  if (path == "/api/sessions/current") {
    // Signing out always succeeds: the cookie goes whether or not its session still exists.
    if (who && store_->EndSession(who->account, who->session)) ++metrics_.sessions_ended;
    ApiResponse r{204, "application/json", ""};
    r.set_cookie = ClearSessionCookie(Secure(request));
    return reply(std::move(r));
  }
  if (!who) {
    ApiResponse r = Error(401, "not signed in");
    // A cookie whose session ended goes: the browser then opens its sockets as a guest's.
    if (!SessionCookieValue(request.cookie, Secure(request)).empty())
      r.set_cookie = ClearSessionCookie(Secure(request));
    return reply(std::move(r));
  }
  if (path == "/api/me") {
    const auto account = store_->AccountById(who->account);
    if (!account) return reply(Error(401, "not signed in"));
    return reply(
        {200, "application/json",
         nlohmann::json{{"name", account->name}, {"created_at", account->created_at}}.dump()});
  }
  if (path == "/api/me/sessions" && request.method != "DELETE") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& s : store_->Sessions(who->account)) {
      list.push_back({{"id", s.id},
                      {"created_at", s.created_at},
                      {"last_seen_at", s.last_seen_at},
                      {"label", s.label},
                      {"current", s.id == who->session}});
    }
    return reply({200, "application/json", nlohmann::json{{"sessions", list}}.dump()});
  }
  if (path == "/api/me/sessions") {
    metrics_.sessions_ended += static_cast<std::uint64_t>(store_->EndSessions(who->account));
    ApiResponse r{204, "application/json", ""};
    r.set_cookie = ClearSessionCookie(Secure(request));
    return reply(std::move(r));
  }
  // DELETE /api/me/sessions/{id}
  const std::string id_text = path.substr(std::string("/api/me/sessions/").size());
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
  if (ec != std::errc() || end != id_text.data() + id_text.size() || id <= 0) {
    return reply(Error(404, "no such session"));
  }
  if (!store_->EndSession(who->account, id)) return reply(Error(404, "no such session"));
  ++metrics_.sessions_ended;
  ApiResponse r{204, "application/json", ""};
  if (id == who->session) r.set_cookie = ClearSessionCookie(Secure(request));
  reply(std::move(r));
}

}  // namespace carc::server::accounts
