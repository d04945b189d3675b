#include "accounts/social_api.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <nlohmann/json.hpp>
#include <string_view>
#include <utility>

#include "accounts/account_name.h"
#include "accounts/api_json.h"
#include "net/percent_decode.h"

namespace carc::server::accounts {
namespace {

// A name, a room code or a preference: far below this.
constexpr std::size_t kMaxSocialBody = 1024;
constexpr int kMaxSocialDepth = 2;
// The longest list one answer carries (followers have no limit of their own).
constexpr int kMaxListed = 1000;
constexpr int kMaxInvitationsListed = 100;
// A room's invite code: 6 (older rooms) or 8 characters of capitals and digits. The hook says
// whether such a room exists; this keeps anything else (paths, lowercase, long text) from it.
constexpr std::size_t kMinCode = 6;
constexpr std::size_t kMaxCode = 8;

enum class Route {
  kNone,
  kFollowing,    // /api/me/following
  kUnfollow,     // /api/me/following/{name}
  kFollowers,    // /api/me/followers
  kBlocks,       // /api/me/blocks
  kUnblock,      // /api/me/blocks/{name}
  kPreferences,  // /api/me/preferences
  kInvite,       // /api/invitations
  kInvitations,  // /api/me/invitations
  kAccept,       // /api/me/invitations/{id}/accept
  kDecline,      // /api/me/invitations/{id}/decline
};

struct Routed {
  Route route = Route::kNone;
  std::string_view rest;  // the {name} or {id}
};

Routed RouteOf(std::string_view path) {
  static constexpr std::array<std::pair<std::string_view, Route>, 6> kExact = {{
      {"/api/me/following", Route::kFollowing},
      {"/api/me/followers", Route::kFollowers},
      {"/api/me/blocks", Route::kBlocks},
      {"/api/me/preferences", Route::kPreferences},
      {"/api/invitations", Route::kInvite},
      {"/api/me/invitations", Route::kInvitations},
  }};
  for (const auto& [p, route] : kExact) {
    if (path == p) return {route, {}};
  }
  const auto under = [&](std::string_view prefix) {
    return path.starts_with(prefix) && path.size() > prefix.size() &&
           path.find('/', prefix.size()) == std::string_view::npos;
  };
  if (under("/api/me/following/")) return {Route::kUnfollow, path.substr(18)};
  if (under("/api/me/blocks/")) return {Route::kUnblock, path.substr(15)};
  constexpr std::string_view kInvitationsSlash = "/api/me/invitations/";
  if (path.starts_with(kInvitationsSlash)) {
    const std::string_view tail = path.substr(kInvitationsSlash.size());
    const auto slash = tail.find('/');
    if (slash == 0 || slash == std::string_view::npos) return {};
    const std::string_view verb = tail.substr(slash + 1);
    if (verb == "accept") return {Route::kAccept, tail.substr(0, slash)};
    if (verb == "decline") return {Route::kDecline, tail.substr(0, slash)};
  }
  return {};
}

std::string_view AllowOf(Route route) {
  switch (route) {
    case Route::kFollowing:
    case Route::kBlocks:
      return "GET, HEAD, POST";
    case Route::kUnfollow:
    case Route::kUnblock:
      return "DELETE";
    case Route::kPreferences:
      return "GET, HEAD, PUT";
    case Route::kInvite:
    case Route::kAccept:
    case Route::kDecline:
      return "POST";
    case Route::kFollowers:
    case Route::kInvitations:
    case Route::kNone:
      break;
  }
  return "GET, HEAD";
}

bool IsRead(const ApiRequest& request) {
  return request.method == "GET" || request.method == "HEAD";
}

// The one answer for a player who does not exist and, on an invitation, for one who blocks
// the sender or takes no invitations from them: a blocked player must not learn that they are
// (nor that the other one exists), so both answers are the same bytes.
ApiResponse NoSuchPlayer(std::string_view field) {
  return Error(404, "no player of that name", field);
}

bool IsRoomCode(std::string_view code) {
  return code.size() >= kMinCode && code.size() <= kMaxCode &&
         std::all_of(code.begin(), code.end(),
                     [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

// The request's body as a JSON object; nullopt when `reply` got the refusal (400, 413).
std::optional<nlohmann::ordered_json> ReadBody(const ApiRequest& request, const ApiReply& reply) {
  auto read = ReadJsonObject(request.body, kMaxSocialBody, kMaxSocialDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) {
    reply(std::move(*refused));
    return std::nullopt;
  }
  return std::move(std::get<nlohmann::ordered_json>(read));
}

nlohmann::json LinksJson(const std::vector<store::SocialLink>& links) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& l : links) out.push_back({{"name", l.name}, {"since", l.since}});
  return out;
}

nlohmann::json PreferenceJson(store::InvitationsFrom from) {
  return {{"invitations_from", store::InvitationsFromName(from)}};
}

}  // namespace

SocialApi::SocialApi(store::SocialStore* store, store::AccountStore* accounts_store,
                     SocialHooks hooks, SocialLimits limits, AccountApi& accounts)
    : store_(store),
      accounts_store_(accounts_store),
      hooks_(std::move(hooks)),
      limits_(limits),
      accounts_(accounts) {}

bool SocialApi::Handles(const ApiRequest& request) {
  return RouteOf(Path(request.target)).route != Route::kNone;
}

void SocialApi::Serve(ApiRequest request, ApiReply reply) {
  const Route route = RouteOf(Path(request.target)).route;
  const std::string_view allow = AllowOf(route);
  if (!Allows(allow, request.method)) return reply(NotAllowed(allow));
  if (store_ == nullptr || accounts_store_ == nullptr) {
    return reply(Error(503, "this server keeps no accounts"));
  }
  if (request.body.size() > kMaxSocialBody) {
    if (route == Route::kInvite) ++metrics_.invitations_refused;
    return reply(Error(413, "the request is over 1 KB"));
  }
  accounts_.OnSignedInWorker(request, std::move(reply),
                             [this](const ApiRequest& r, const SignedIn& who,
                                    const ApiReply& done) { Signed(r, who, done); });
}

void SocialApi::Signed(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  const std::string path = Path(request.target);
  const Routed routed = RouteOf(path);
  switch (routed.route) {
    case Route::kFollowing:
      if (!IsRead(request)) return Follow(request, who, reply);
      return reply(
          Json(200, {{"following", LinksJson(store_->Following(who.account, kMaxListed))}}));
    case Route::kFollowers:
      return reply(
          Json(200, {{"followers", LinksJson(store_->Followers(who.account, kMaxListed))}}));
    case Route::kBlocks:
      if (!IsRead(request)) return Block(request, who, reply);
      return reply(Json(200, {{"blocks", LinksJson(store_->Blocks(who.account, kMaxListed))}}));
    case Route::kUnfollow:
    case Route::kUnblock: {
      // Idempotent: a name unknown, or not followed or blocked, is what the player asked for.
      const auto typed = PercentDecode(routed.rest);
      const std::string key = typed ? NameKey(*typed) : std::string();
      if (key.empty()) return reply(Error(400, "that is no player's name", "name"));
      if (const auto other = accounts_store_->AccountByKey(key)) {
        if (routed.route == Route::kUnfollow) {
          store_->Unfollow(who.account, other->id);
        } else {
          store_->Unblock(who.account, other->id);
        }
      }
      return reply({204, "application/json", ""});
    }
    case Route::kPreferences:
      return Preferences(request, who, reply);
    case Route::kInvite:
      return Invite(request, who, reply);
    case Route::kInvitations: {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& i :
           store_->PendingInvitations(who.account, accounts_.Now(), kMaxInvitationsListed)) {
        list.push_back({{"id", i.id},
                        {"from", i.from_name},
                        {"room", i.room},
                        {"game", i.game},
                        {"created_at", i.created_at},
                        {"expires_at", i.expires_at}});
      }
      return reply(Json(200, {{"invitations", list}}));
    }
    case Route::kAccept:
    case Route::kDecline:
      return Answer(request, who, reply);
    case Route::kNone:
      break;
  }
  reply(Error(404, "unknown API path"));
}

std::optional<store::Account> SocialApi::Named(const nlohmann::ordered_json& body,
                                               const char* field, const ApiReply& reply) {
  const std::string* typed = StringField(body, field);
  const std::string key = typed != nullptr ? NameKey(*typed) : std::string();
  if (key.empty()) {
    reply(Error(400, "\"" + std::string(field) + "\" must be a player's name", field));
    return std::nullopt;
  }
  auto account = accounts_store_->AccountByKey(key);
  if (!account) reply(NoSuchPlayer(field));
  return account;
}

void SocialApi::Follow(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  const auto body = ReadBody(request, reply);
  const auto other = body ? Named(*body, "name", reply) : std::nullopt;
  if (!other) return;
  if (other->id == who.account) return reply(Error(400, "you cannot follow yourself", "name"));
  switch (store_->Follow(who.account, other->id, limits_.max_following, accounts_.Now())) {
    case store::FollowOutcome::kBlocked:
      return reply(Error(403, "that player does not let you follow them", "name"));
    case store::FollowOutcome::kFull:
      return reply(Error(409, "you follow " + std::to_string(limits_.max_following) +
                                  " players already: unfollow one first"));
    case store::FollowOutcome::kAlready:
      return reply(Json(200, {{"name", other->name}}));
    case store::FollowOutcome::kFollowed:
      break;
  }
  ++metrics_.follows;
  reply(Json(201, {{"name", other->name}}));
}

void SocialApi::Block(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  const auto body = ReadBody(request, reply);
  const auto other = body ? Named(*body, "name", reply) : std::nullopt;
  if (!other) return;
  if (other->id == who.account) return reply(Error(400, "you cannot block yourself", "name"));
  const bool added = store_->Block(who.account, other->id, accounts_.Now());
  if (added) {
    ++metrics_.blocks;
    spdlog::info("social: {} blocked a player", who.name);
  }
  reply(Json(added ? 201 : 200, {{"name", other->name}}));
}

void SocialApi::Preferences(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  if (IsRead(request))
    return reply(Json(200, PreferenceJson(store_->InvitationsFromOf(who.account))));
  const auto body = ReadBody(request, reply);
  if (!body) return;
  const std::string* text = StringField(*body, "invitations_from");
  const auto from = text ? store::ParseInvitationsFrom(*text) : std::nullopt;
  if (!from) {
    return reply(
        Error(400, "\"invitations_from\" must be anyone, followed or nobody", "invitations_from"));
  }
  store_->SetInvitationsFrom(who.account, *from);
  reply(Json(200, PreferenceJson(*from)));
}

void SocialApi::Invite(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  // Whatever the answer but a made (or found) invitation, it counts as refused.
  const ApiReply answer = [this, &reply](ApiResponse r) {
    if (r.status >= 300) ++metrics_.invitations_refused;
    reply(std::move(r));
  };
  const auto body = ReadBody(request, answer);
  if (!body) return;
  const std::string* room = StringField(*body, "room");
  if (room == nullptr || !IsRoomCode(*room)) {
    return answer(Error(400, "\"room\" must be a room's code", "room"));
  }
  const auto invitee = Named(*body, "to", answer);
  if (!invitee) return;
  if (invitee->id == who.account) return answer(Error(400, "you cannot invite yourself", "to"));
  const auto game = hooks_.room_game ? hooks_.room_game(*room, who.account) : std::nullopt;
  if (!game) {
    return answer(
        Error(409, "you can invite players only to a game you sit in that is not over", "room"));
  }
  store::InvitationRow row;
  row.from = who.account;
  row.to = invitee->id;
  row.room = *room;
  row.game = *game;
  row.created_at = accounts_.Now();
  row.expires_at = row.created_at + kInvitationLifetime;
  const auto result = store_->Invite(row, {limits_.invitations_per_hour, limits_.max_pending});
  const auto made = [&](unsigned status) {
    return Json(status,
                {{"id", result.invitation.id}, {"expires_at", result.invitation.expires_at}});
  };
  switch (result.outcome) {
    case store::InviteOutcome::kRefused:
      // Blocked, or not taking invitations from this sender: said exactly as an unknown name.
      return answer(NoSuchPlayer("to"));
    case store::InviteOutcome::kPending:
      // The invitee is invited to this room already (by anyone): that invitation stands, and a
      // second would only be a second notice.
      return answer(made(200));
    case store::InviteOutcome::kSenderLimit:
      return answer(Later(429, "you sent too many invitations: try again later",
                          static_cast<int>(result.retry_at - row.created_at)));
    case store::InviteOutcome::kInviteeFull:
      return answer(Error(409, "that player has too many invitations waiting", "to"));
    case store::InviteOutcome::kCreated:
      break;
  }
  ++metrics_.invitations_sent;
  spdlog::info("social: {} invited a player to {}", who.name, row.room);
  if (hooks_.notices != nullptr) {
    hooks_.notices->Notify(
        {push::NoticeKind::kInvitation, invitee->id, row.room, row.game, who.name});
  }
  answer(made(201));
}

void SocialApi::Answer(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  const std::string path = Path(request.target);  // routed.rest points into it
  const Routed routed = RouteOf(path);
  const bool accept = routed.route == Route::kAccept;
  std::int64_t id = 0;
  const auto [end, ec] =
      std::from_chars(routed.rest.data(), routed.rest.data() + routed.rest.size(), id);
  const bool number = ec == std::errc() && end == routed.rest.data() + routed.rest.size() && id > 0;
  const auto answered =
      number ? store_->Answer(who.account, id, accept, accounts_.Now()) : std::nullopt;
  if (!answered) return reply(Error(404, "no such invitation"));
  if (!accept) {
    ++metrics_.invitations_declined;
    return reply({204, "application/json", ""});
  }
  ++metrics_.invitations_accepted;
  reply(Json(200, {{"room", answered->room}}));
}

}  // namespace carc::server::accounts
