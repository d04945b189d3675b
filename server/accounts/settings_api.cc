#include "accounts/settings_api.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "accounts/api_json.h"
#include "accounts/moderation_actions.h"

namespace carc::server::accounts {
namespace {

using moderation::ServerSettings;

// 500 words of 40 characters, each maybe in \u escapes, and the rest.
constexpr std::size_t kMaxSettingsBody = 256 * 1024;
constexpr int kMaxSettingsDepth = 2;

nlohmann::json Public(const ServerSettings& s) {
  return {{"name", s.name},
          {"motd", s.motd},
          {"sign_up", moderation::SignUpName(s.sign_up)},
          {"guests_play", s.guests_play}};
}

nlohmann::json All(const ServerSettings& s) {
  nlohmann::json out = Public(s);
  out["invitation_code"] = s.invitation_code;
  out["refused_words"] = s.refused_words;
  return out;
}

}  // namespace

SettingsApi::SettingsApi(store::ModerationStore* moderation, moderation::SettingsBox& settings,
                         AccountApi& api)
    : moderation_(moderation), settings_(settings), api_(api) {}

bool SettingsApi::Handles(const ApiRequest& request) {
  const std::string path = Path(request.target);
  return path == "/api/server" || path == "/api/admin/settings";
}

void SettingsApi::Serve(ApiRequest request, ApiReply reply) {
  const std::string path = Path(request.target);
  const std::string_view allow = path == "/api/server" ? "GET, HEAD" : "GET, HEAD, POST";
  if (!Allows(allow, request.method)) return reply(NotAllowed(allow));
  if (path == "/api/server") return reply(Json(200, Public(*settings_.Get())));
  if (moderation_ == nullptr) return reply(Error(503, "this server keeps no accounts"));
  if (request.body.size() > kMaxSettingsBody) {
    return reply(
        Error(413, "the request is over " + std::to_string(kMaxSettingsBody / 1024) + " KB"));
  }
  api_.OnSignedInWorker(request, std::move(reply),
                        [this](const ApiRequest& r, const SignedIn& who, const ApiReply& done) {
                          const Actor actor{who.name, moderation_->RoleOf(who.account), false};
                          if (auto refused = PowerRefusal(actor, moderation::Power::kSettings)) {
                            return done(Error(refused->status, refused->text, refused->field));
                          }
                          if (r.method != "POST") {
                            return done(Json(200, {{"settings", All(*settings_.Get())}}));
                          }
                          done(Change(r, who));
                        });
}

ApiResponse SettingsApi::Change(const ApiRequest& request, const SignedIn& who) {
  auto read = ReadJsonObject(request.body, kMaxSettingsBody, kMaxSettingsDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return std::move(*refused);
  const auto& body = std::get<nlohmann::ordered_json>(read);
  // From the store, not the box: another node's change not yet polled is not undone.
  const ServerSettings before = moderation::SettingsFromRows(moderation_->ReadSettings());
  ServerSettings next = before;
  std::vector<std::string> changed;
  for (const auto& item : body.items()) {
    // Named, not bound: a lambda below takes them.
    const std::string& key = item.key();
    const auto& value = item.value();
    const auto text = [&](std::string& into) -> std::optional<ApiResponse> {
      if (!value.is_string()) return Error(400, "\"" + key + "\" must be a string", key);
      into = value.get<std::string>();
      return std::nullopt;
    };
    std::optional<ApiResponse> refused;
    if (key == "name") {
      refused = text(next.name);
    } else if (key == "motd") {
      refused = text(next.motd);
    } else if (key == "invitation_code") {
      refused = text(next.invitation_code);
    } else if (key == "sign_up") {
      const auto sign_up =
          value.is_string() ? moderation::ParseSignUp(value.get<std::string>()) : std::nullopt;
      if (!sign_up) return Error(400, "\"sign_up\" is open, invitation or closed", key);
      next.sign_up = *sign_up;
    } else if (key == "guests_play") {
      if (!value.is_boolean()) return Error(400, "\"guests_play\" must be true or false", key);
      next.guests_play = value.get<bool>();
    } else if (key == "refused_words") {
      if (!value.is_array()) return Error(400, "\"refused_words\" must be a list of words", key);
      if (value.size() > moderation::kMaxRefusedWords) {
        return Error(
            400, "at most " + std::to_string(moderation::kMaxRefusedWords) + " refused words", key);
      }
      next.refused_words.clear();
      for (const auto& word : value) {
        if (!word.is_string()) return Error(400, "a refused word must be a string", key);
        next.refused_words.push_back(word.get<std::string>());
      }
    } else {
      return Error(400,
                   "the settings are name, motd, sign_up, invitation_code, guests_play and "
                   "refused_words",
                   key);
    }
    if (refused) return std::move(*refused);
  }
  if (auto problem = moderation::NormaliseSettings(next)) {
    return Error(400, problem->text, problem->field);
  }
  const auto old_rows = moderation::SettingsRows(before);
  std::map<std::string, std::string> rows;
  std::string detail;
  for (const auto& [key, value] : moderation::SettingsRows(next)) {
    if (old_rows.at(key) == value) continue;
    rows[key] = value;
    // The code is a secret of the server's: the audit log says it changed, not what it is.
    detail += (detail.empty() ? "" : ", ") + key;
  }
  if (!rows.empty()) {
    moderation_->WriteSettings(rows, {0, api_.Now(), who.name, "settings", "server", "", detail});
    ++metrics_.changes;
  }
  settings_.Replace(next);
  return Json(200, {{"settings", All(next)},
                    {"done", rows.empty() ? "nothing changed" : "changed: " + detail}});
}

}  // namespace carc::server::accounts
