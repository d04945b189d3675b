#include "accounts/notice_preferences_api.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "accounts/api_json.h"
#include "notices/quiet_hours.h"
#include "push/notice.h"

namespace carc::server::accounts {
namespace {

constexpr std::string_view kNoticesPath = "/api/me/notices";
// Four kinds, two times and a zone name, even spelled in \u escapes: far below this.
constexpr std::size_t kMaxNoticesBody = 1024;
constexpr int kMaxNoticesDepth = 2;

constexpr push::NoticeKind kNoticeKinds[] = {push::NoticeKind::kTurn, push::NoticeKind::kReminder,
                                             push::NoticeKind::kInvitation,
                                             push::NoticeKind::kGameOver};

unsigned NoticeBit(push::NoticeKind kind) {
  return 1u << static_cast<unsigned>(kind);
}

// Applies the body's fields to `row`; the refusal of the first bad one, row then half-changed
// (the caller keeps it only when nothing was refused).
std::optional<ApiResponse> Apply(const nlohmann::ordered_json& body,
                                 store::NoticePreferenceRow& row) {
  for (const auto& [key, value] : body.items()) {
    if (key != "push" && key != "quiet" && key != "time_zone") {
      return Error(400, "the fields are push, quiet and time_zone");
    }
  }
  if (const auto kinds = body.find("push"); kinds != body.end()) {
    if (!kinds->is_object())
      return Error(400, "\"push\" must be an object of true or false", "push");
    for (const auto& [key, value] : kinds->items()) {
      const push::NoticeKind* kind = nullptr;
      for (const auto& k : kNoticeKinds) {
        if (push::KindName(k) == key) kind = &k;
      }
      if (kind == nullptr || !value.is_boolean()) {
        return Error(400,
                     "\"push\" takes turn, reminder, invitation and game_over, each true or false",
                     "push");
      }
      row.push_kinds = value.get<bool>() ? row.push_kinds | NoticeBit(*kind)
                                         : row.push_kinds & ~NoticeBit(*kind);
    }
  }
  if (const auto hours = body.find("quiet"); hours != body.end()) {
    if (hours->is_null()) {
      row.quiet_from = row.quiet_to = -1;
    } else {
      const auto clock_time = [&](const char* name) -> std::optional<int> {
        if (!hours->is_object()) return std::nullopt;
        const std::string* text = StringField(*hours, name);
        return text ? notices::ParseClockTime(*text) : std::nullopt;
      };
      const auto from = clock_time("from");
      const auto to = clock_time("to");
      if (!from || !to || *from == *to || hours->size() != 2) {
        return Error(
            400,
            "\"quiet\" is null or {\"from\": \"HH:MM\", \"to\": \"HH:MM\"}, two different times",
            "quiet");
      }
      row.quiet_from = *from;
      row.quiet_to = *to;
    }
  }
  if (body.contains("time_zone")) {
    const std::string* zone = StringField(body, "time_zone");
    if (zone == nullptr) return Error(400, "\"time_zone\" must be a time zone's name", "time_zone");
    if (const std::string why = notices::CheckTimeZone(*zone); !why.empty()) {
      return Error(400, why, "time_zone");
    }
    row.time_zone = *zone;
  }
  return std::nullopt;
}

}  // namespace

nlohmann::json NoticePreferencesJson(const store::NoticePreferenceRow& row) {
  nlohmann::json push = nlohmann::json::object();
  for (const auto kind : kNoticeKinds)
    push[std::string(push::KindName(kind))] = (row.push_kinds & NoticeBit(kind)) != 0;
  nlohmann::json quiet = nullptr;
  if (row.quiet_from >= 0 && row.quiet_to >= 0) {
    quiet = {{"from", notices::ClockTimeText(row.quiet_from)},
             {"to", notices::ClockTimeText(row.quiet_to)}};
  }
  return {{"push", push}, {"quiet", quiet}, {"time_zone", row.time_zone}};
}

NoticePreferencesApi::NoticePreferencesApi(store::SocialStore* store, AccountApi& accounts)
    : store_(store), accounts_(accounts) {}

bool NoticePreferencesApi::Handles(const ApiRequest& request) {
  return Path(request.target) == kNoticesPath;
}

void NoticePreferencesApi::Serve(ApiRequest request, ApiReply reply) {
  constexpr std::string_view allow = "GET, HEAD, PUT";
  if (!Allows(allow, request.method)) return reply(NotAllowed(allow));
  if (store_ == nullptr) return reply(Error(503, "this server keeps no accounts"));
  if (request.body.size() > kMaxNoticesBody) {
    ++metrics_.refused;
    return reply(Error(413, "the request is over 1 KB"));
  }
  accounts_.OnSignedInWorker(request, std::move(reply),
                             [this](const ApiRequest& r, const SignedIn& who,
                                    const ApiReply& done) { Signed(r, who, done); });
}

void NoticePreferencesApi::Signed(const ApiRequest& request, const SignedIn& who,
                                  const ApiReply& reply) {
  store::NoticePreferenceRow row = store_->NoticePreferencesOf(who.account);
  if (request.method != "PUT") return reply(Json(200, NoticePreferencesJson(row)));
  auto read = ReadJsonObject(request.body, kMaxNoticesBody, kMaxNoticesDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  if (auto refused = Apply(std::get<nlohmann::ordered_json>(read), row)) {
    ++metrics_.refused;
    return reply(std::move(*refused));
  }
  store_->SetNoticePreferences(who.account, row);
  ++metrics_.changed;
  reply(Json(200, NoticePreferencesJson(row)));
}

}  // namespace carc::server::accounts
