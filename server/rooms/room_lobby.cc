// A room's lobby messages: chat, leaving and rematch here; the seats' messages (seats,
// colours, readiness, computers, kicking, the start) decided by rooms/lobby_desk.h and carried
// out here. Lifecycle and membership: room.cc.
#include <boost/asio/post.hpp>

#include <algorithm>

#include "carc/codec/text_limits.h"
#include "moderation/utc_minute.h"
#include "net/message_handler.h"
#include "rooms/lobby_desk.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

void Room::HandleLobby(const std::shared_ptr<Session>& s, int seat, v1::ClientMessage& m) {
  const std::uint32_t rid = m.request_id();
  if (m.has_send_chat()) {
    if (const auto mute = moderation::MuteOfSession(registry_.mutes(), s->account().id)) {
      metrics_.Reject("chat_muted");
      return Error(s, rid, v1::ERROR_CODE_MUTED,
                   "you are muted " + moderation::UntilText(mute->ends_at) + ": " + mute->reason);
    }
    if (const std::string word = registry_.RefusedChatWord(m.send_chat().text()); !word.empty()) {
      metrics_.Reject("chat_refused_word");
      return Error(s, rid, v1::ERROR_CODE_REFUSED_WORD,
                   "this server refuses the word \"" + word + "\" in chat");
    }
    ChatGate::Verdict v = chat_.Check(s->id(), seat, s->name(), m.send_chat().text(), Clock::now());
    if (v.code == v1::ERROR_CODE_RATE_LIMITED) metrics_.Reject("chat_flood");
    if (v.code != v1::ERROR_CODE_UNSPECIFIED) return Error(s, rid, v.code, v.error);
    chat_history_.Add(v.message.chat());
    return BroadcastToAll(Serialize(v.message));
  }
  if (m.has_leave_room()) {
    s->Leave(this);
    std::erase(spectators_, s);
    if (seat >= 0) {
      if (game_.started()) {
        // A seat in a running game stays reserved: the token can take it back.
        seats_[static_cast<std::size_t>(seat)].session.reset();
        seats_[static_cast<std::size_t>(seat)].dropped_at = Clock::now();
      } else {
        FreeSeat(seat);
      }
    }
    BroadcastRoomState();
    // Only now, with the membership cleared: a CreateRoom or JoinRoom sent after it succeeds.
    v1::ServerMessage left;
    left.set_request_id(rid);
    left.mutable_room_left()->set_room_code(code_);
    return s->Send(Serialize(left));
  }
  if (m.has_rematch()) {
    if (seat < 0) {
      return Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "only the players can ask for a rematch");
    }
    if (phase_.phase() != RoomPhase::kFinished)
      return Error(s, rid, v1::ERROR_CODE_GAME_NOT_STARTED, "the game is not over");
    v1::ServerMessage created;
    created.set_request_id(rid);
    if (!rematch_code_.empty() && registry_.Find(rematch_code_)) {
      // One rematch room per finished game: a second request points at the first one.
      created.mutable_rematch_created()->set_room_code(rematch_code_);
      return s->Send(Serialize(created));
    }
    // The room's work waits for the new room (held, like a write): one rematch per game.
    gate_.BeginWrite();
    registry_.Create(options_, s->peer_address(),
                     [self = shared_from_this(), s, rid](RoomRegistry::Created made) {
                       boost::asio::post(self->strand_, [self, s, rid, made = std::move(made)] {
                         self->gate_.EndWrite();
                         self->RematchMade(s, rid, made.room, made.error, made.message);
                         self->gate_.RunHeld();
                       });
                     });
    return;
  }
  if (game_.started()) {
    return Error(s, rid, v1::ERROR_CODE_GAME_ALREADY_STARTED, "the game has started");
  }
  if (seat < 0) return Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators cannot do that");
  // The seats' messages: decided by the desk (rooms/lobby_desk.h), carried out here.
  const LobbyAnswer a = LobbyDesk::Decide(
      seats_, seat, m, {registry_.bots() != nullptr, config_.max_computer_ms, &options_});
  switch (a.then) {
    case LobbyAnswer::Then::kNothing:
      return Error(s, rid, a.code, a.error);
    case LobbyAnswer::Then::kMoved:
      s->set_seat(this, a.seat);
      return BroadcastRoomState();
    case LobbyAnswer::Then::kBroadcast:
      return BroadcastRoomState();
    case LobbyAnswer::Then::kStart:
      return StartGame(s, rid);
    case LobbyAnswer::Then::kKick:
      if (auto& victim = seats_[static_cast<std::size_t>(a.seat)].session) {
        victim->Leave(this);
        victim->Close(close_code::kKicked, "removed by the host");
      }
      FreeSeat(a.seat);
      return BroadcastRoomState();
  }
}

void Room::RematchMade(const std::shared_ptr<Session>& s, std::uint32_t rid,
                       const std::shared_ptr<Room>& made, v1::ErrorCode error,
                       const std::string& message) {
  if (!made) return Error(s, rid, error, message);
  // The same table again: the computers sit where they sat, at their levels, before anyone
  // joins (posted now, so ahead of any join the players send once they hear of the room).
  std::vector<std::pair<int, std::string>> computers;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].computer()) computers.emplace_back(static_cast<int>(i), seats_[i].computer_level);
  }
  if (!computers.empty()) made->SeatComputers(std::move(computers));
  rematch_code_ = made->code();
  v1::ServerMessage created;
  created.set_request_id(rid);
  created.mutable_rematch_created()->set_room_code(rematch_code_);
  s->Send(Serialize(created));
  created.set_request_id(0);
  const auto others = Serialize(created);
  for (Seat& other : seats_) {
    if (other.session && other.session != s) other.session->Send(others);
  }
  for (auto& watcher : spectators_) watcher->Send(others);
}

void Room::SeatComputers(std::vector<std::pair<int, std::string>> computers) {
  Post([this, computers = std::move(computers)] {
    if (game_.started()) return;
    bool seated = false;
    for (const auto& [seat, level] : computers) {
      seated = seats_.GrantComputer(seat, level) == SeatTable::Refusal::kNone || seated;
    }
    if (seated) BroadcastRoomState();
  });
}

void Room::StartGame(const std::shared_ptr<Session>& s, std::uint32_t rid) {
  game_.Start([this, s, rid](bool started) {
    if (!started) {
      return Error(s, rid, v1::ERROR_CODE_STORE_UNAVAILABLE,
                   "the server cannot save the start of the game right now; try again");
    }
    // The seats were compacted: room seat i is game seat i.
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (seats_[i].session) seats_[i].session->set_seat(this, static_cast<int>(i));
    }
    BroadcastRoomState();
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (seats_[i].session) game_.SendSnapshot(seats_[i].session, static_cast<int>(i), 0);
    }
    for (auto& watcher : spectators_) game_.SendSnapshot(watcher, -1, 0);
    game_.PlayDue();
  });
}

}  // namespace carc::server
