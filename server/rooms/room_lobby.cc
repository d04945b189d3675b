// A room's lobby messages: chat, leaving, rematch, seats, colours, readiness, kicking and the
// start. Lifecycle and membership: room.cc.
#include <algorithm>

#include "carc/codec/text_limits.h"
#include "net/message_handler.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

void Room::HandleLobby(const std::shared_ptr<Session>& s, int seat, v1::ClientMessage& m) {
  const std::uint32_t rid = m.request_id();
  if (m.has_send_chat()) {
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
      if (game_) {
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
    auto made = registry_.Create(options_, s->peer_address());
    if (!made.room) return Error(s, rid, made.error, made.message);
    rematch_code_ = made.room->code();
    created.mutable_rematch_created()->set_room_code(rematch_code_);
    s->Send(Serialize(created));
    created.set_request_id(0);
    const auto others = Serialize(created);
    for (Seat& other : seats_) {
      if (other.session && other.session != s) other.session->Send(others);
    }
    for (auto& watcher : spectators_) watcher->Send(others);
    return;
  }
  if (game_) {
    return Error(s, rid, v1::ERROR_CODE_GAME_ALREADY_STARTED, "the game has started");
  }
  if (seat < 0) return Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators cannot do that");
  if (m.has_add_computer()) return AddComputer(s, seat, m.add_computer(), rid);
  if (m.has_take_seat()) {
    int target = -1;
    switch (seats_.Move(seat, m.take_seat().seat(), &target)) {
      case SeatTable::Refusal::kNone:
        s->set_seat(this, target);
        return BroadcastRoomState();
      case SeatTable::Refusal::kNoSuchSeat:
        return Error(s, rid, v1::ERROR_CODE_SEAT_TAKEN, "no such seat");
      default:
        return Error(s, rid, v1::ERROR_CODE_SEAT_TAKEN, "that seat is taken");
    }
  }
  if (m.has_choose_colour()) {
    const std::string& c = m.choose_colour().colour();
    switch (seats_.ChooseColour(seat, c)) {
      case SeatTable::Refusal::kNone:
        return BroadcastRoomState();
      case SeatTable::Refusal::kColourTaken:
        return Error(s, rid, v1::ERROR_CODE_COLOUR_TAKEN, "colour " + c + " is taken");
      default:
        return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS, "unknown colour '" + c + "'");
    }
  }
  if (m.has_set_ready()) {
    seats_[static_cast<std::size_t>(seat)].ready = m.set_ready().ready();
    return BroadcastRoomState();
  }
  if (m.has_kick_player() || m.has_start_game()) {
    if (!seats_.IsHost(seat))
      return Error(s, rid, v1::ERROR_CODE_NOT_HOST, "only the host can do that");
    if (m.has_start_game()) {
      if (seats_.Occupied() < 2) {
        return Error(s, rid, v1::ERROR_CODE_NOT_ENOUGH_PLAYERS, "a game needs 2 players");
      }
      if (const auto waiting = seats_.FirstNotReady()) {
        return Error(s, rid, v1::ERROR_CODE_PLAYERS_NOT_READY,
                     "seat " + std::to_string(*waiting) + " is not ready");
      }
      if (!StartGame()) {
        return Error(s, rid, v1::ERROR_CODE_STORE_UNAVAILABLE,
                     "the server cannot save the start of the game right now; try again");
      }
      return;
    }
    const int target = m.kick_player().seat();
    if (target < 0 || target >= static_cast<int>(seats_.size()) ||
        !seats_[static_cast<std::size_t>(target)].occupied || seats_.IsHost(target)) {
      return Error(s, rid, v1::ERROR_CODE_NOT_IN_ROOM, "no player to kick in that seat");
    }
    if (auto& victim = seats_[static_cast<std::size_t>(target)].session) {
      victim->Leave(this);
      victim->Close(close_code::kKicked, "removed by the host");
    }
    FreeSeat(target);
    return BroadcastRoomState();
  }
  Error(s, rid, v1::ERROR_CODE_UNKNOWN_MESSAGE, "not a room message");
}

void Room::AddComputer(const std::shared_ptr<Session>& s, int seat, const v1::AddComputer& add,
                       std::uint32_t rid) {
  if (!seats_.IsHost(seat)) {
    return Error(s, rid, v1::ERROR_CODE_NOT_HOST, "only the host can add a computer player");
  }
  if (registry_.bots() == nullptr) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS,
                 "this server has no computer players (--bot-threads 0)");
  }
  // The longest level text is "mcts@60000": anything longer is refused unread.
  const std::string& text = add.level();
  const auto level = text.size() <= 16 ? bots::ParseBotLevel(text) : std::nullopt;
  if (!level) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS,
                 "unknown computer level: random, greedy, mcts, mcts@MS (MS from 10 to " +
                     std::to_string(config_.max_computer_ms.count()) + "), easy, medium or hard");
  }
  if (level->kind == bots::BotKind::kMcts && level->budget > config_.max_computer_ms) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_OPTIONS,
                 "a computer player may think at most " +
                     std::to_string(config_.max_computer_ms.count()) +
                     " ms a move on this server (--max-computer-ms)");
  }
  const int target = add.seat() == -1 ? seats_.FirstFree() : add.seat();
  if (add.seat() == -1 && target < 0) {
    return Error(s, rid, v1::ERROR_CODE_ROOM_FULL, "every seat is taken");
  }
  switch (seats_.GrantComputer(target, bots::LevelText(*level))) {
    case SeatTable::Refusal::kNone:
      return BroadcastRoomState();
    case SeatTable::Refusal::kSeatTaken:
      return Error(s, rid, v1::ERROR_CODE_SEAT_TAKEN, "that seat is taken");
    default:
      return Error(s, rid, v1::ERROR_CODE_SEAT_TAKEN, "no such seat");
  }
}

}  // namespace carc::server
