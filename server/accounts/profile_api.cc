#include "accounts/profile_api.h"

#include <carc/codec/json_limits.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "accounts/account_name.h"
#include "accounts/api_json.h"
#include "accounts/session_cookie.h"
#include "accounts/webauthn.h"
#include "net/percent_decode.h"
#include "rooms/tokens.h"

namespace carc::server::accounts {
namespace {

constexpr std::string_view kPlayers = "/api/players/";
constexpr int kProfileGames = 20;
constexpr int kOwnGames = 50;
// An export lists every game; this bounds one answer (a player of 10,000 games is rare).
constexpr int kExportGames = 10000;
// A name to confirm, or the resume tokens a browser keeps (a few, each 43 characters).
constexpr std::size_t kMaxProfileBody = 4 * 1024;
constexpr std::size_t kMaxClaims = 32;

nlohmann::json PlayedJson(const store::PlayedGame& g) {
  nlohmann::json players = nlohmann::json::array();
  int best = 0;
  for (const store::PlayedSeat& p : g.players) {
    players.push_back({{"name", p.name}, {"score", p.score}, {"account", p.account}});
    best = std::max(best, p.score);
  }
  const bool won = g.seat >= 0 && g.seat < static_cast<int>(g.players.size()) &&
                   g.players[static_cast<std::size_t>(g.seat)].score == best;
  const std::string id = std::to_string(g.id);
  return {{"id", g.id},
          {"room", g.code},
          {"finished_at", g.finished_at},
          {"game", g.game},
          {"players", players},
          {"seat", g.seat},
          {"won", won},
          {"replay", "/api/games/" + id + "/replay"},
          {"record", "/api/games/" + id + "/record"}};
}

// A profile's games as `viewer` may see them: a private room's game only to its players (the
// profile's owner among them), so that who played whom in private stays among them.
std::vector<store::PlayedGame> VisibleTo(std::vector<store::PlayedGame> games,
                                         const std::optional<SignedIn>& viewer,
                                         store::AccountId owner) {
  const store::AccountId who = viewer ? viewer->account : 0;
  std::erase_if(games, [&](const store::PlayedGame& g) {
    if (!g.is_private || (who != 0 && who == owner)) return false;
    return who == 0 || std::find(g.accounts.begin(), g.accounts.end(), who) == g.accounts.end();
  });
  return games;
}

nlohmann::json PlayedList(const std::vector<store::PlayedGame>& games) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& g : games) out.push_back(PlayedJson(g));
  return out;
}

nlohmann::json HeldJson(const HeldSeat& h) {
  return {{"room", h.room},
          {"game", h.game},
          {"seat", h.seat},
          {"players", h.players},
          {"started", h.status != v1::ROOM_STATUS_LOBBY},
          {"to_move", h.to_move},
          {"your_turn", h.to_move >= 0 && h.to_move == h.seat},
          {"turn_based", h.turn_based},
          {"deadline", h.deadline > 0 ? nlohmann::json(h.deadline) : nlohmann::json()}};
}

}  // namespace

ProfileApi::ProfileApi(store::AccountStore* store, AccountApi& accounts, LiveSeats live,
                       RatingsOf ratings, ExportParts exports, ProfileParts profile_parts)
    : store_(store),
      accounts_(accounts),
      live_(std::move(live)),
      ratings_(std::move(ratings)),
      exports_(std::move(exports)),
      profile_parts_(std::move(profile_parts)) {}

bool ProfileApi::Handles(const ApiRequest& request) {
  const std::string path = Path(request.target);
  return path.starts_with(kPlayers) || path == "/api/me/games" || path == "/api/me/export" ||
         path == "/api/me/claims" || (path == "/api/me" && request.method == "DELETE");
}

void ProfileApi::Serve(ApiRequest request, ApiReply reply) {
  if (store_ == nullptr) return reply(Error(503, "this server keeps no accounts"));
  const std::string path = Path(request.target);
  const bool read = request.method == "GET" || request.method == "HEAD";
  if (path.starts_with(kPlayers)) {
    if (!read) return reply(NotAllowed("GET, HEAD"));
    return accounts_.OnReadWorker(
        request, std::move(reply),
        [this](const ApiRequest& r, const ApiReply& done) { Profile(r, done); });
  }
  if (path == "/api/me/claims" && request.method != "POST") return reply(NotAllowed("POST"));
  if (path != "/api/me" && path != "/api/me/claims" && !read) {
    return reply(NotAllowed("GET, HEAD"));
  }
  if (request.body.size() > kMaxProfileBody) return reply(Error(413, "the request is over 4 KB"));
  accounts_.OnReadWorker(request, std::move(reply),
                         [this](const ApiRequest& r, const ApiReply& done) { Own(r, done); });
}

void ProfileApi::Profile(const ApiRequest& request, const ApiReply& reply) {
  const std::string path = Path(request.target);
  const auto typed = PercentDecode(std::string_view(path).substr(kPlayers.size()));
  const std::string key = typed ? NameKey(*typed) : std::string();
  const auto account = key.empty() ? std::nullopt : store_->AccountByKey(key);
  if (!account) return reply(Error(404, "no player of that name"));
  nlohmann::json games = nlohmann::json::array();
  for (const auto& t : store_->Tally(account->id)) {
    games.push_back({{"game", t.game}, {"played", t.played}, {"won", t.won}});
  }
  nlohmann::json profile = {
      {"name", account->name},
      {"created_at", account->created_at},
      {"games", games},
      {"recent", PlayedList(VisibleTo(store_->PlayedGames(account->id, kProfileGames),
                                      accounts_.SessionOf(request), account->id))},
      {"ratings", ratings_ ? ratings_(account->id) : nlohmann::json::array()}};
  for (const auto& [name, read] : profile_parts_) profile[name] = read(account->id);
  reply(Json(200, profile));
}

void ProfileApi::Own(const ApiRequest& request, const ApiReply& reply) {
  const auto who = accounts_.SessionOf(request);
  if (!who) return reply(Error(401, "not signed in"));
  const std::string path = Path(request.target);
  nlohmann::json in_progress = nlohmann::json::array();
  if (path == "/api/me/claims") return Claim(request, *who, reply);
  if (path != "/api/me" && live_.held) {
    auto held = live_.held(who->account);
    // The games waiting for this player's move first, then the others, finished tables last.
    const auto rank = [](const HeldSeat& h) {
      if (h.status == v1::ROOM_STATUS_FINISHED) return 2;
      return h.to_move >= 0 && h.to_move == h.seat ? 0 : 1;
    };
    std::stable_sort(held.begin(), held.end(),
                     [&](const HeldSeat& a, const HeldSeat& b) { return rank(a) < rank(b); });
    for (const auto& h : held) {
      if (h.status != v1::ROOM_STATUS_FINISHED) in_progress.push_back(HeldJson(h));
    }
  }
  if (path == "/api/me/games") {
    return reply(
        Json(200, {{"in_progress", in_progress},
                   {"finished", PlayedList(store_->PlayedGames(who->account, kOwnGames))}}));
  }
  const auto account = store_->AccountById(who->account);
  if (!account) return reply(Error(401, "not signed in"));
  if (path == "/api/me/export") {
    nlohmann::json sessions = nlohmann::json::array();
    for (const auto& s : store_->Sessions(who->account)) {
      sessions.push_back({{"id", s.id},
                          {"created_at", s.created_at},
                          {"last_seen_at", s.last_seen_at},
                          {"label", s.label}});
    }
    nlohmann::json passkeys = nlohmann::json::array();
    for (const auto& p : store_->Passkeys(who->account)) {
      passkeys.push_back({{"id", webauthn::Base64Url(p.credential_id)},
                          {"label", p.label},
                          {"created_at", p.created_at},
                          {"last_used_at", p.last_used_at}});
    }
    nlohmann::json exported = {
        {"format", "carcassonne-account/1"},
        {"exported_at", accounts_.Now()},
        {"account", {{"name", account->name}, {"created_at", account->created_at}}},
        {"sessions", sessions},
        {"passkeys", passkeys},
        {"games", PlayedList(store_->PlayedGames(who->account, kExportGames))},
        {"in_progress", in_progress}};
    for (const auto& [name, read] : exports_) exported[name] = read(who->account);
    ApiResponse r = Json(200, exported);
    r.content_disposition = "attachment; filename=\"carcassonne-account.json\"";
    return reply(std::move(r));
  }
  // DELETE /api/me: the player types their name, so that no stray request deletes an account.
  auto parsed = codec::ParseLimitedJson(request.body, "request", kMaxProfileBody, 2);
  const auto* body = std::get_if<nlohmann::ordered_json>(&parsed);
  const auto typed =
      body != nullptr && body->is_object() && body->contains("name") && body->at("name").is_string()
          ? body->at("name").get<std::string>()
          : std::string();
  if (typed.empty() || NameKey(typed) != account->name_key) {
    return reply(Error(400, "type your account's name to delete it", "name"));
  }
  // The rooms in progress that seat the account: their logs lose its name too, and so do the
  // rooms themselves (the seat plays on under the label, for nobody's account).
  std::vector<std::int64_t> open_rooms;
  if (live_.held) {
    for (const auto& h : live_.held(who->account)) open_rooms.push_back(h.room_id);
  }
  if (live_.forget) live_.forget(who->account, kDeletedLabel);
  store_->DeleteAccount(who->account, kDeletedLabel, open_rooms);
  ++accounts_.metrics().accounts_deleted;
  spdlog::info("accounts: an account was deleted");
  ApiResponse r{204, "application/json", ""};
  r.set_cookie = ClearSessionCookie(accounts_.Secure(request));
  reply(std::move(r));
}

void ProfileApi::Claim(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  auto parsed = codec::ParseLimitedJson(request.body, "request", kMaxProfileBody, 3);
  const auto* body = std::get_if<nlohmann::ordered_json>(&parsed);
  if (body == nullptr || !body->is_object() || !body->contains("tokens") ||
      !body->at("tokens").is_array()) {
    return reply(
        Error(400, "send {\"tokens\": [the resume tokens of your guest games]}", "tokens"));
  }
  const auto& tokens = body->at("tokens");
  if (tokens.size() > kMaxClaims) {
    return reply(Error(400, "at most " + std::to_string(kMaxClaims) + " tokens at once", "tokens"));
  }
  std::vector<std::string> hashes;
  for (const auto& t : tokens) {
    // A resume token is 32 base64url characters or so; anything else claims nothing.
    if (!t.is_string() || t.get<std::string>().empty() || t.get<std::string>().size() > 64) {
      return reply(Error(400, "each token must be a resume token (a short string)", "tokens"));
    }
    hashes.push_back(HashToken(t.get<std::string>()));
  }
  const int finished = store_->ClaimGames(who.account, who.name, hashes);
  const int live = live_.claim ? live_.claim(who.account, who.name, hashes) : 0;
  reply(Json(200, {{"finished", finished}, {"in_progress", live}}));
}

}  // namespace carc::server::accounts
