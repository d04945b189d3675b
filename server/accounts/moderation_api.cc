#include "accounts/moderation_api.h"

#include <charconv>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "accounts/account_name.h"
#include "accounts/api_json.h"
#include "accounts/moderation_actions.h"
#include "carc/codec/text_limits.h"
#include "net/percent_decode.h"

namespace carc::server::accounts {
namespace {

using moderation::Power;
using moderation::Role;

constexpr std::string_view kPrefix = "/api/admin/";
// An action's fields: a name or a network, a length, a reason of 500 characters (even in \u
// escapes) and a role.
constexpr std::size_t kMaxActionBody = 4096;
constexpr int kMaxActionDepth = 1;
constexpr int kDefaultAuditPage = 50;
// Players listed at most: a moderator types more of the name to find one.
constexpr int kPlayersPage = 50;
// A refused action's target as the audit notes it: a name, a network or a room code.
constexpr std::size_t kMaxAuditTarget = 64;
// Refused actions of one staff account noted in the audit log: a burst, then an hour's share.
constexpr double kRefusalsAuditedBurst = 10;
constexpr double kRefusalsAuditedPerHour = 60;

ApiResponse Refusal(const ActionOutcome& o) {
  return Error(o.status, o.text, o.field);
}

}  // namespace

ModerationApi::ModerationApi(store::AccountStore* accounts, store::ModerationStore* moderation,
                             AccountApi& api)
    : accounts_(accounts),
      moderation_(moderation),
      api_(api),
      refused_audits_(kRefusalsAuditedBurst, kRefusalsAuditedPerHour / 3600.0) {}

bool ModerationApi::Handles(const ApiRequest& request) {
  return Path(request.target).starts_with(kPrefix);
}

void ModerationApi::Serve(ApiRequest request, ApiReply reply) {
  const std::string path = Path(request.target);
  const std::string_view allow = path == "/api/admin/actions" ? "POST" : "GET, HEAD";
  if (path != "/api/admin/me" && path != "/api/admin/actions" && path != "/api/admin/sanctions" &&
      path != "/api/admin/audit" && path != "/api/admin/rooms" && path != "/api/admin/players") {
    return reply(Error(404, "no such admin path"));
  }
  if (!Allows(allow, request.method)) return reply(NotAllowed(allow));
  if (accounts_ == nullptr || moderation_ == nullptr) {
    return reply(Error(503, "this server keeps no accounts"));
  }
  if (request.body.size() > kMaxActionBody) {
    ++metrics_.refused;
    return reply(Error(413, "the request is over 4 KB"));
  }
  api_.OnSignedInWorker(request, std::move(reply),
                        [this](const ApiRequest& r, const SignedIn& who, const ApiReply& done) {
                          Signed(r, who, done);
                        });
}

void ModerationApi::Signed(const ApiRequest& request, const SignedIn& who, const ApiReply& reply) {
  const Role role = moderation_->RoleOf(who.account);
  const std::string path = Path(request.target);
  if (path == "/api/admin/me") {
    nlohmann::json powers = nlohmann::json::array();
    for (int p = 0; p < moderation::kPowerCount; ++p) {
      const auto power = static_cast<Power>(p);
      if (moderation::May(role, power)) powers.push_back(moderation::PowerName(power));
    }
    return reply(Json(200, {{"role", moderation::RoleName(role)}, {"powers", powers}}));
  }
  ApiResponse response = path == "/api/admin/actions"     ? Act(request, who, role)
                         : path == "/api/admin/sanctions" ? Sanctions(role)
                         : path == "/api/admin/rooms"     ? Rooms(role)
                         : path == "/api/admin/players"   ? Players(request, role)
                                                          : Audit(request, role);
  if (response.status == 200 && path == "/api/admin/actions") {
    ++metrics_.done;
  } else if (response.status != 200) {
    ++metrics_.refused;
  }
  reply(std::move(response));
}

ApiResponse ModerationApi::Act(const ApiRequest& request, const SignedIn& who, Role role) {
  auto read = ReadJsonObject(request.body, kMaxActionBody, kMaxActionDepth);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return std::move(*refused);
  const auto& body = std::get<nlohmann::ordered_json>(read);
  for (const auto& [key, value] : body.items()) {
    if (key != "action" && key != "name" && key != "network" && key != "for" && key != "reason" &&
        key != "role" && key != "room") {
      return Error(400, "the fields are action, name, network, room, for, reason and role", key);
    }
    if (!value.is_string()) return Error(400, "\"" + key + "\" must be a string", key);
  }
  const auto field = [&](const char* key) {
    const std::string* v = StringField(body, key);
    return v == nullptr ? std::string() : *v;
  };
  const std::string action = field("action");
  const Actor actor{who.name, role, false};
  ModerationActions actions(*accounts_, *moderation_, api_.Now());
  ActionOutcome outcome;
  if (action == "mute" || action == "ban") {
    outcome =
        actions.Sanction(actor, field("name"),
                         action == "ban" ? store::SanctionKind::kBan : store::SanctionKind::kMute,
                         field("for"), field("reason"));
  } else if (action == "unmute" || action == "unban") {
    outcome =
        actions.Lift(actor, field("name"),
                     action == "unban" ? store::SanctionKind::kBan : store::SanctionKind::kMute);
  } else if (action == "end-sessions") {
    outcome = actions.EndSessions(actor, field("name"), field("reason"));
  } else if (action == "ban-address") {
    outcome = actions.BanAddress(actor, field("network"), field("for"), field("reason"));
  } else if (action == "unban-address") {
    outcome = actions.UnbanAddress(actor, field("network"));
  } else if (action == "grant") {
    outcome = actions.Grant(actor, field("name"), field("role"));
  } else if (action == "kick") {
    outcome = actions.Kick(actor, field("room"), field("name"), field("reason"));
  } else if (action == "unkick") {
    outcome = actions.Unkick(actor, field("room"), field("name"));
  } else if (action == "close-room") {
    outcome = actions.CloseRoom(actor, field("room"), field("reason"));
  } else if (action == "reopen-room") {
    outcome = actions.ReopenRoom(actor, field("room"));
  } else {
    return Error(400,
                 "\"action\" is mute, unmute, ban, unban, end-sessions, ban-address, "
                 "unban-address, kick, unkick, close-room, reopen-room or grant",
                 "action");
  }
  // A member of the staff refused for a power or a rank they lack is noted in the audit log (the
  // host and the other staff see who tried what); a player without any role is refused at the
  // door, unaudited, or anyone could fill the log. A few an hour per account, for the same reason.
  if (outcome.status == 403 && role >= Role::kModerator &&
      refused_audits_.Take("account:" + std::to_string(who.account))) {
    const std::string typed = !field("name").empty()      ? field("name")
                              : !field("network").empty() ? field("network")
                                                          : field("room");
    const bool readable = codec::CheckText(typed, kMaxAuditTarget) == codec::TextProblem::kNone;
    moderation_->AddAudit(
        {0, api_.Now(), who.name, "refused " + action, readable ? typed : "", "", outcome.text});
    ++metrics_.refusals_audited;
  }
  if (!outcome.ok()) return Refusal(outcome);
  return Json(200, {{"done", outcome.text}});
}

ApiResponse ModerationApi::Sanctions(Role role) {
  const Actor actor{"", role, false};
  if (auto refused = PowerRefusal(actor, Power::kMute)) return Refusal(*refused);
  const std::int64_t now = api_.Now();
  nlohmann::json sanctions = nlohmann::json::array();
  for (const auto& s : moderation_->InForce(now, kMaxAuditPage)) {
    const auto account = accounts_->AccountById(s.account);
    sanctions.push_back(
        {{"id", s.id},
         {"kind", store::SanctionKindName(s.kind)},
         {"name", account ? account->name : std::string()},
         {"reason", s.reason},
         {"created_at", s.created_at},
         {"ends_at", s.ends_at == 0 ? nlohmann::json(nullptr) : nlohmann::json(s.ends_at)},
         {"by", s.by}});
  }
  nlohmann::json out = {{"sanctions", sanctions}};
  // Kicks and closed rooms: a moderator's powers too (kKick, kCloseRoom are a moderator's).
  nlohmann::json rooms = nlohmann::json::array();
  for (const auto& a : moderation_->RoomActionsInForce(kMaxAuditPage)) {
    rooms.push_back({{"id", a.id},
                     {"kind", store::RoomActionKindName(a.kind)},
                     {"room", a.room},
                     {"name", a.target},
                     {"reason", a.reason},
                     {"created_at", a.created_at},
                     {"by", a.by}});
  }
  out["room_actions"] = rooms;
  if (moderation::May(role, Power::kBanAddress)) {
    nlohmann::json bans = nlohmann::json::array();
    for (const auto& b : moderation_->AddressBansInForce(now, kMaxAuditPage)) {
      bans.push_back(
          {{"id", b.id},
           {"network", b.network},
           {"reason", b.reason},
           {"created_at", b.created_at},
           {"ends_at", b.ends_at == 0 ? nlohmann::json(nullptr) : nlohmann::json(b.ends_at)},
           {"by", b.by}});
    }
    out["address_bans"] = bans;
  }
  return Json(200, out);
}

ApiResponse ModerationApi::Rooms(Role role) {
  const Actor actor{"", role, false};
  if (auto refused = PowerRefusal(actor, Power::kCloseRoom)) return Refusal(*refused);
  return Json(200, {{"rooms", rooms_ ? rooms_() : nlohmann::json::array()}});
}

ApiResponse ModerationApi::Players(const ApiRequest& request, Role role) {
  const Actor actor{"", role, false};
  if (auto refused = PowerRefusal(actor, Power::kMute)) return Refusal(*refused);
  const auto query = TargetQuery(request.target);
  if (!query) return Error(400, "the query has a bad escape");
  std::string typed;
  for (const auto& [key, value] : *query) {
    if (key != "name") return Error(400, "the players list takes name", key);
    // A name's beginning: no name is longer.
    if (value.size() > static_cast<std::size_t>(4 * kMaxNameChars))
      return Error(400, "\"name\" is too long", "name");
    typed = value;
  }
  // Compared as names are at sign-in: "ADA" finds "Ada". An empty beginning lists every one.
  const std::string key = typed.empty() ? std::string() : NameKey(typed);
  if (!typed.empty() && key.empty()) return Json(200, {{"players", nlohmann::json::array()}});
  const std::int64_t now = api_.Now();
  nlohmann::json players = nlohmann::json::array();
  for (const store::Account& a : accounts_->AccountsByKeyPrefix(key, kPlayersPage)) {
    nlohmann::json sanctions = nlohmann::json::array();
    for (const store::SanctionRow& s : moderation_->ActiveSanctions(a.id, now)) {
      sanctions.push_back(
          {{"kind", store::SanctionKindName(s.kind)},
           {"reason", s.reason},
           {"ends_at", s.ends_at == 0 ? nlohmann::json(nullptr) : nlohmann::json(s.ends_at)}});
    }
    players.push_back({{"name", a.name},
                       {"created_at", a.created_at},
                       {"role", moderation::RoleName(moderation_->RoleOf(a.id))},
                       {"sanctions", sanctions}});
  }
  return Json(200, {{"players", players}});
}

ApiResponse ModerationApi::Audit(const ApiRequest& request, Role role) {
  const Actor actor{"", role, false};
  if (auto refused = PowerRefusal(actor, Power::kReadAudit)) return Refusal(*refused);
  const auto query = TargetQuery(request.target);
  if (!query) return Error(400, "the query has a bad escape");
  std::int64_t before = 0;
  std::int64_t limit = kDefaultAuditPage;
  for (const auto& [key, value] : *query) {
    if (key == "before") {
      const auto n = WholeNumber(value, 1, std::numeric_limits<std::int64_t>::max());
      if (!n) return Error(400, "\"before\" is an entry's id, a whole number above 0", "before");
      before = *n;
    } else if (key == "limit") {
      const auto n = WholeNumber(value, 1, kMaxAuditPage);
      if (!n) {
        return Error(400, "\"limit\" is a whole number from 1 to " + std::to_string(kMaxAuditPage),
                     "limit");
      }
      limit = *n;
    } else {
      return Error(400, "the audit log takes before and limit", key);
    }
  }
  nlohmann::json entries = nlohmann::json::array();
  for (const auto& a : moderation_->Audit(before, static_cast<int>(limit))) {
    entries.push_back({{"id", a.id},
                       {"at", a.at},
                       {"actor", a.actor},
                       {"action", a.action},
                       {"target", a.target},
                       {"reason", a.reason},
                       {"detail", a.detail}});
  }
  return Json(200, {{"entries", entries}});
}

}  // namespace carc::server::accounts
