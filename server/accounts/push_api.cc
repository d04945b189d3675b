#include "accounts/push_api.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>

#include "accounts/api_json.h"
#include "net/base64url.h"
#include "push/p256_key.h"

namespace carc::server::accounts {
namespace {

constexpr std::string_view kKeyPath = "/api/push/vapid-public-key";
constexpr std::string_view kSubscriptions = "/api/me/push-subscriptions";
// An endpoint (at most 1 KB) and two keys, even spelled in \u escapes, fit in far less.
constexpr std::size_t kMaxPushBody = 4 * 1024;
// {"keys": {...}} is two levels: one more refuses nothing a browser sends.
constexpr int kMaxPushDepth = 3;
constexpr std::size_t kAuthSize = 16;

ApiResponse NoNotices() {
  return Error(503, "this server sends no notices");
}

// The raw bytes of base64url field `key` of `keys`, when they are what `fits` takes.
template <class Fits>
std::optional<std::string> KeyBytes(const nlohmann::ordered_json& keys, const char* key,
                                    Fits fits) {
  const std::string* text = keys.is_object() ? StringField(keys, key) : nullptr;
  std::string bytes;
  if (text == nullptr || !DecodeBase64Url(*text, bytes) || !fits(bytes)) return std::nullopt;
  return bytes;
}

// The subscription a POST body describes (its account, session and time left to the caller), or
// the answer refusing it, naming the field.
std::variant<store::PushSubscriptionRow, ApiResponse> ReadSubscription(std::string_view text,
                                                                       push::Loopback loopback) {
  auto read = ReadJsonObject(text, kMaxPushBody, kMaxPushDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return std::move(*refused);
  const auto& body = std::get<nlohmann::ordered_json>(read);
  store::PushSubscriptionRow row;
  const std::string* endpoint = StringField(body, "endpoint");
  if (endpoint == nullptr) {
    return Error(400, "\"endpoint\" must be the subscription's URL", "endpoint");
  }
  const auto checked = push::CheckPushEndpoint(*endpoint, loopback);
  if (const auto* why = std::get_if<std::string>(&checked)) return Error(400, *why, "endpoint");
  row.endpoint = *endpoint;
  const auto keys = body.find("keys");
  const nlohmann::ordered_json none;
  const nlohmann::ordered_json& key_fields = keys == body.end() ? none : *keys;
  auto p256dh = KeyBytes(key_fields, "p256dh",
                         [](const std::string& b) { return push::P256PublicKey(b) != nullptr; });
  if (!p256dh) {
    return Error(400, "\"keys.p256dh\" must be base64url of an uncompressed P-256 point",
                 "keys.p256dh");
  }
  row.p256dh = std::move(*p256dh);
  auto auth =
      KeyBytes(key_fields, "auth", [](const std::string& b) { return b.size() == kAuthSize; });
  if (!auth) return Error(400, "\"keys.auth\" must be base64url of 16 bytes", "keys.auth");
  row.auth = std::move(*auth);
  if (auto refused = ReadLang(body, row.lang)) return std::move(*refused);
  return row;
}

}  // namespace

PushApi::PushApi(store::PushStore* store, const push::VapidKey* key, PushApiLimits limits,
                 AccountApi& accounts)
    : store_(store), key_(key), limits_(limits), accounts_(accounts) {}

bool PushApi::Handles(const ApiRequest& request) {
  const std::string path = Path(request.target);
  return path == kKeyPath || path == kSubscriptions;
}

void PushApi::Serve(ApiRequest request, ApiReply reply) {
  const bool sends = store_ != nullptr && key_ != nullptr;
  const std::string& method = request.method;
  if (Path(request.target) == kKeyPath) {
    if (method != "GET" && method != "HEAD") return reply(NotAllowed("GET, HEAD"));
    if (!sends) return reply(NoNotices());
    return reply(Json(200, {{"key", key_->PublicKey()}}));
  }
  if (method != "POST" && method != "DELETE") return reply(NotAllowed("POST, DELETE"));
  if (!sends) return reply(NoNotices());
  if (request.body.size() > kMaxPushBody) {
    if (method == "POST") ++metrics_.refused;
    return reply(Error(413, "the request is over 4 KB"));
  }
  accounts_.OnSignedInWorker(
      request, std::move(reply),
      [this](const ApiRequest& r, const SignedIn& who, const ApiReply& done) {
        if (r.method == "POST") return Subscribe(r, who, done);
        Unsubscribe(r, who, done);
      });
}

void PushApi::Subscribe(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  auto read = ReadSubscription(request.body, limits_.loopback);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  auto& row = std::get<store::PushSubscriptionRow>(read);
  row.account = who.account;
  row.session = who.session;
  row.created_at = accounts_.Now();
  const auto put = store_->Put(row, limits_.max_per_account);
  if (put == store::PutSubscription::kFull) {
    ++metrics_.full;
    return reply(Error(409, "an account gets notices on at most " +
                                std::to_string(limits_.max_per_account) +
                                " devices: turn them off on one first"));
  }
  // Put does not say the row's id: the account's rows do (a handful at most).
  for (const store::PushSubscriptionRow& kept : store_->Subscriptions(who.account)) {
    if (kept.endpoint != row.endpoint) continue;
    const bool created = put == store::PutSubscription::kCreated;
    ++(created ? metrics_.subscribed : metrics_.updated);
    spdlog::info("push: {} {} a device", who.name, created ? "subscribed" : "renewed");
    return reply(Json(created ? 201 : 200, {{"id", kept.id}}));
  }
  // Between the two, another request moved the endpoint to another account, or ended it.
  reply(Error(409, "the subscription changed meanwhile: send it again"));
}

void PushApi::Unsubscribe(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  auto read = ReadJsonObject(request.body, kMaxPushBody, kMaxPushDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return reply(std::move(*refused));
  const std::string* endpoint = StringField(std::get<nlohmann::ordered_json>(read), "endpoint");
  if (endpoint == nullptr || endpoint->empty()) {
    return reply(Error(400, "\"endpoint\" must be the subscription's URL", "endpoint"));
  }
  // Idempotent: a subscription already ended (signed out on that device, taken over by another
  // account on the browser) is what the player asked for; another account's is left alone.
  if (store_->Delete(who.account, *endpoint)) ++metrics_.unsubscribed;
  reply({204, "application/json", ""});
}

}  // namespace carc::server::accounts
