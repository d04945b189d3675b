#include "rooms/lobby.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>
#include <utility>
#include <vector>

#include "carc/codec/text_limits.h"
#include "games/registry.h"
#include "rooms/rated_game.h"
#include "rooms/tokens.h"
#include "rooms/turn_based_log.h"
#include "rooms/welcome.h"

namespace carc::server {

namespace {

// A signed-in player plays under the account's name, whatever a message asks for (names of
// accounts are unique: others can tell them apart); a guest under the name asked, else the
// connection's.
std::string PlayerName(const Session& s, const std::string& asked) {
  if (s.account().signed_in()) return s.account().name;
  return asked.empty() ? s.name() : asked;
}

// Turn clocks are kept in milliseconds and sent as uint32 (49 days): a day of initial time
// plus an hour per turn stays far below that over the longest game.
constexpr std::uint32_t kMaxClockInitialSeconds = 24 * 60 * 60;
constexpr std::uint32_t kMaxClockIncrementSeconds = 60 * 60;

// Why the room-wide options (everything but the game's own options) are refused, or "".
std::string RoomOptionsProblem(const v1::RoomOptions& options) {
  if (!v1::AbandonPolicy_IsValid(options.abandon_policy())) {
    return "abandon_policy must be ABANDON_POLICY_WAIT, ABANDON_POLICY_FALLBACK_MOVE, "
           "ABANDON_POLICY_COMPUTER or ABANDON_POLICY_VOTE";
  }
  if (options.clock().initial_seconds() > kMaxClockInitialSeconds) {
    return "clock initial_seconds must be 0..86400 (24 hours)";
  }
  if (options.clock().increment_seconds() > kMaxClockIncrementSeconds) {
    return "clock increment_seconds must be 0..3600 (1 hour)";
  }
  if (options.has_turn_based() &&
      (options.turn_based().move_seconds() != 0 || options.turn_based().reserve_seconds() != 0)) {
    if (const char* why = TurnBasedProblem(TurnBasedRulesOf(options)); *why != '\0') return why;
    // Two clocks would each decide when the absent policy takes a turn.
    if (options.clock().initial_seconds() > 0) {
      return "a turn-based room has no live clock: leave clock unset";
    }
  }
  return "";
}

}  // namespace

TextRefusal NameProblem(std::string_view name) {
  return RefuseText(name, codec::kMaxNameChars, "names", v1::ERROR_CODE_INVALID_NAME);
}

class Lobby::Claim {
 public:
  explicit Claim(std::shared_ptr<Session> s) : s_(std::move(s)) {}
  ~Claim() {
    if (s_) s_->ReleaseClaim();
  }
  Claim(const Claim&) = delete;
  Claim& operator=(const Claim&) = delete;
  // The room takes over: it makes the connection a member or releases the claim itself.
  std::shared_ptr<Session> Hand() { return std::exchange(s_, nullptr); }

 private:
  std::shared_ptr<Session> s_;
};

Lobby::Lobby(RoomRegistry& registry, const RoomConfig& config, RoomMetrics& metrics)
    : registry_(registry), config_(config), metrics_(metrics) {}

void Lobby::Error(const std::shared_ptr<Session>& s, std::uint32_t request_id, v1::ErrorCode code,
                  std::string text) {
  metrics_.Reject(v1::ErrorCode_Name(code));
  s->Send(ErrorMessage(request_id, code, std::move(text)));
}

void Lobby::OnMessage(const std::shared_ptr<Session>& s, v1::ClientMessage m) {
  // Its seat went to a newer connection and its close is on the way (net/session.h).
  if (s->superseded()) return;
  const std::uint32_t rid = m.request_id();
  if (m.has_hello()) return Hello(s, m);
  if (m.has_list_rooms()) {
    v1::ServerMessage out;
    out.set_request_id(rid);
    // Set even when no room is listed: an empty list is an answer too.
    auto* list = out.mutable_room_list();
    for (const auto& summary : registry_.ListPublic()) *list->add_rooms() = summary;
    if (locator_ != nullptr) {
      // A cluster's other nodes: their rooms are joined through a Redirect. At most a few
      // seconds old (cluster/cluster_node.h).
      // A room that just moved here may still be in its old node's list: listed once.
      std::unordered_set<std::string> here;
      for (const auto& room : list->rooms()) here.insert(room.code());
      for (auto& summary : locator_->ListedElsewhere()) {
        if (here.count(summary.code()) == 0) *list->add_rooms() = std::move(summary);
      }
    }
    return s->Send(Serialize(out));
  }
  if (m.has_create_room() || m.has_join_room()) {
    // Claimed here, before the room is asked: a second request sent right after this one finds
    // the connection taken even though the room has not answered yet.
    if (!s->ClaimMembership()) {
      return Error(s, rid, v1::ERROR_CODE_ALREADY_IN_ROOM,
                   "leave your room first (or wait for the answer to your last join)");
    }
    Claim claim(s);
    if (m.has_create_room()) return CreateRoom(s, m, claim);
    std::string code = m.join_room().code();
    std::transform(code.begin(), code.end(), code.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    // A code is a secret of sorts (a private room's only lock): misses are metered per address.
    AddressRate& guesses = registry_.code_guesses();
    if (!guesses.Ready(s->peer_address())) {
      metrics_.Reject("code_guesses");
      return Error(s, rid, v1::ERROR_CODE_RATE_LIMITED,
                   "too many room codes tried from your address: wait a minute");
    }
    auto room = registry_.Find(code);
    if (!room && locator_ != nullptr && code.size() <= 16) {
      auto route = locator_->ByCode(code);
      if (!route.redirect.empty()) return Redirect(s, rid, route.redirect, code);
      if (!route.error.empty()) {
        return Error(s, rid, v1::ERROR_CODE_STORE_UNAVAILABLE, std::move(route.error));
      }
      room = std::move(route.room);
    }
    if (!room) {
      guesses.Take(s->peer_address());
      // Echoed only when short: the code is whatever the client sent.
      return Error(s, rid, v1::ERROR_CODE_ROOM_NOT_FOUND,
                   code.size() <= 16 ? "no room " + code : std::string("no room with that code"));
    }
    const std::string name = PlayerName(*s, m.join_room().player_name());
    if (TextRefusal why = NameProblem(name); why.code != v1::ERROR_CODE_UNSPECIFIED) {
      return Error(s, rid, why.code, std::move(why.message));
    }
    return room->Join(claim.Hand(), name, m.join_room().spectate(), rid);
  }
  // Only rooms are membership hosts (net/session.h).
  const auto room = std::static_pointer_cast<Room>(s->membership().host.lock());
  if (!room) return Error(s, rid, v1::ERROR_CODE_NOT_IN_ROOM, "join a room first");
  room->Handle(s, std::move(m));
}

void Lobby::Hello(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const v1::Hello& hello = m.hello();
  if (!hello.client_name().empty() && !s->account().signed_in()) {
    if (TextRefusal why = NameProblem(hello.client_name());
        why.code != v1::ERROR_CODE_UNSPECIFIED) {
      return Error(s, m.request_id(), why.code, std::move(why.message));
    }
    s->set_name(hello.client_name());
  }
  if (!hello.resume_token().empty()) {
    if (!s->ClaimMembership()) {
      return Error(s, m.request_id(), v1::ERROR_CODE_ALREADY_IN_ROOM,
                   "this connection is in a room already");
    }
    Claim claim(s);
    const std::string hash = HashToken(hello.resume_token());
    auto room = registry_.FindByToken(hash);
    if (!room && locator_ != nullptr) {
      auto route = locator_->ByToken(hash);
      if (!route.redirect.empty()) return Redirect(s, m.request_id(), route.redirect, "");
      if (!route.error.empty()) {
        return Error(s, m.request_id(), v1::ERROR_CODE_STORE_UNAVAILABLE, std::move(route.error));
      }
      room = std::move(route.room);
    }
    if (!room) {
      return Error(s, m.request_id(), v1::ERROR_CODE_INVALID_TOKEN,
                   "unknown or expired resume token");
    }
    return room->Resume(claim.Hand(), hash, m.request_id());  // the room sends Welcome
  }
  s->Send(Serialize(WelcomeMessage(config_, m.request_id(), *s)));
}

void Lobby::Redirect(const std::shared_ptr<Session>& s, std::uint32_t request_id,
                     const std::string& url, const std::string& code) {
  v1::ServerMessage out;
  out.set_request_id(request_id);
  out.mutable_redirect()->set_url(url);
  out.mutable_redirect()->set_room_code(code);
  s->Send(Serialize(out));
}

void Lobby::CreateRoom(const std::shared_ptr<Session>& s, const v1::ClientMessage& m,
                       Claim& claim) {
  const std::uint32_t rid = m.request_id();
  v1::RoomOptions options = m.create_room().options();
  // Stored with the room and sent to everyone in it: nothing the server does not understand.
  options.DiscardUnknownFields();
  const GameAdapter* game = FindGame(options.game_type());
  if (game == nullptr) {
    std::string types;
    for (const GameAdapter* g : AllGames()) {
      types += (types.empty() ? "" : ", ") + v1::GameType_Name(g->game_type());
    }
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS, "game_type must be one of " + types);
  }
  options.set_game_type(game->game_type());  // written out: a room names its game
  if (options.seats() == 0) options.set_seats(2);
  if (std::string why = game->NormalizeOptions(options); !why.empty()) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS, std::move(why));
  }
  if (std::string why = RoomOptionsProblem(options); !why.empty()) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS, std::move(why));
  }
  if (std::string why = registry_.GuestRefusal(*s); !why.empty()) {
    return Error(s, rid, v1::ERROR_CODE_SIGN_IN_REQUIRED, std::move(why));
  }
  if (options.rated() && !s->account().signed_in()) {
    return Error(s, rid, v1::ERROR_CODE_SIGN_IN_REQUIRED,
                 "sign in to create a rated room: its seats belong to accounts");
  }
  if (std::string why = RatedBarRefusal(s->account(), config_); options.rated() && !why.empty()) {
    return Error(s, rid, v1::ERROR_CODE_ABANDON_LIMIT, std::move(why));
  }
  if (std::string why = RatedRoomProblem(options, *game); !why.empty()) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS, std::move(why));
  }
  if (TextRefusal why = TurnBasedLimit(*s, options); why.code != v1::ERROR_CODE_UNSPECIFIED) {
    return Error(s, rid, why.code, std::move(why.message));
  }
  if (options.abandon_policy() == v1::ABANDON_POLICY_COMPUTER && !config_.computers) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS,
                 "this server has no computer players (--bot-threads 0): choose "
                 "ABANDON_POLICY_WAIT or ABANDON_POLICY_FALLBACK_MOVE");
  }
  if (options.hints() && !config_.computers) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS,
                 "this server has no computer players (--bot-threads 0) to give hints");
  }
  if (options.abandon_policy() == v1::ABANDON_POLICY_UNSPECIFIED) {
    // Casual rooms never wait for ever: a computer plays for whoever is away, when there are
    // computer players.
    options.set_abandon_policy(config_.computers ? v1::ABANDON_POLICY_COMPUTER
                                                 : v1::ABANDON_POLICY_WAIT);
  }
  const std::string name = PlayerName(*s, m.create_room().player_name());
  if (TextRefusal why = NameProblem(name); why.code != v1::ERROR_CODE_UNSPECIFIED) {
    return Error(s, rid, why.code, std::move(why.message));
  }
  // The claim goes with the creation: the room takes it over, or a refusal releases it.
  registry_.Create(options, s->peer_address(),
                   [this, held = claim.Hand(), name, rid](RoomRegistry::Created made) {
                     if (!made.room) {
                       held->ReleaseClaim();
                       return Error(held, rid, made.error, std::move(made.message));
                     }
                     made.room->Join(held, name, false, rid);
                   });
}

TextRefusal Lobby::TurnBasedLimit(const Session& s, const v1::RoomOptions& options) const {
  if (options.turn_based().move_seconds() == 0) return {};
  // A game over days needs someone to come back to it: its seat, "my games" and the notices
  // belong to an account.
  if (!s.account().signed_in()) {
    return {v1::ERROR_CODE_SIGN_IN_REQUIRED, "sign in to create a turn-based room"};
  }
  int held = 0;
  int lobbies = 0;
  for (const HeldSeat& h : registry_.SeatsHeldBy(s.account().id)) {
    if (h.turn_based && h.status != v1::ROOM_STATUS_FINISHED) ++held;
    if (h.turn_based && h.status == v1::ROOM_STATUS_LOBBY) ++lobbies;
  }
  if (lobbies >= config_.max_turn_based_lobbies) {
    return {v1::ERROR_CODE_TOO_MANY_ROOMS,
            "you sit in " + std::to_string(lobbies) + " turn-based rooms waiting to start, this " +
                "server's limit (--max-turn-based-lobbies): start or leave one first"};
  }
  if (held >= config_.max_turn_based_games) {
    return {v1::ERROR_CODE_TOO_MANY_ROOMS,
            "you sit in " + std::to_string(held) + " turn-based rooms, this server's limit " +
                "(--max-turn-based-games): finish or leave one first"};
  }
  return {};
}

void Lobby::OnOpen(const std::shared_ptr<Session>& s) {
  std::unique_lock lock(open_mu_);
  if (closing_) {
    const std::uint16_t code = closing_code_;
    const std::string reason = closing_reason_;
    lock.unlock();
    return s->Close(code, reason);
  }
  open_[s->id()] = s;
}

void Lobby::OnDisconnect(const std::shared_ptr<Session>& s) {
  {
    std::lock_guard lock(open_mu_);
    open_.erase(s->id());
  }
  if (const auto room = std::static_pointer_cast<Room>(s->Disconnect().host.lock())) {
    room->Disconnected(s);
  }
}

void Lobby::CloseAccount(std::int64_t account, std::uint16_t code, const std::string& reason) {
  std::vector<std::shared_ptr<Session>> closing;
  {
    std::lock_guard lock(open_mu_);
    for (const auto& [id, weak] : open_) {
      if (auto s = weak.lock(); s && s->account().id == account) closing.push_back(std::move(s));
    }
  }
  for (const auto& s : closing) s->Close(code, reason);
}

void Lobby::CloseAll(std::uint16_t code, const std::string& reason) {
  std::vector<std::shared_ptr<Session>> open;
  {
    std::lock_guard lock(open_mu_);
    closing_ = true;
    closing_code_ = code;
    closing_reason_ = reason;
    for (const auto& [id, weak] : open_) {
      if (auto s = weak.lock()) open.push_back(std::move(s));
    }
  }
  for (const auto& s : open) s->Close(code, reason);
}

}  // namespace carc::server
