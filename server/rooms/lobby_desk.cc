#include "rooms/lobby_desk.h"

#include "rooms/rated_game.h"

#include "bots/bot_level.h"

namespace carc::server {

namespace {

LobbyAnswer Refuse(v1::ErrorCode code, std::string error) {
  LobbyAnswer a;
  a.code = code;
  a.error = std::move(error);
  return a;
}

LobbyAnswer Then(LobbyAnswer::Then then, int seat = -1) {
  LobbyAnswer a;
  a.then = then;
  a.seat = seat;
  return a;
}

}  // namespace

LobbyAnswer LobbyDesk::Decide(SeatTable& seats, int seat, const v1::ClientMessage& m,
                              const Limits& limits) {
  if (m.has_add_computer()) return AddComputer(seats, seat, m.add_computer(), limits);
  if (m.has_take_seat()) {
    int target = -1;
    switch (seats.Move(seat, m.take_seat().seat(), &target)) {
      case SeatTable::Refusal::kNone:
        return Then(LobbyAnswer::Then::kMoved, target);
      case SeatTable::Refusal::kNoSuchSeat:
        return Refuse(v1::ERROR_CODE_SEAT_TAKEN, "no such seat");
      default:
        return Refuse(v1::ERROR_CODE_SEAT_TAKEN, "that seat is taken");
    }
  }
  if (m.has_choose_colour()) {
    const std::string& c = m.choose_colour().colour();
    switch (seats.ChooseColour(seat, c)) {
      case SeatTable::Refusal::kNone:
        return Then(LobbyAnswer::Then::kBroadcast);
      case SeatTable::Refusal::kColourTaken:
        return Refuse(v1::ERROR_CODE_COLOUR_TAKEN, "colour " + c + " is taken");
      default:
        return Refuse(v1::ERROR_CODE_INVALID_OPTIONS, "unknown colour '" + c + "'");
    }
  }
  if (m.has_set_ready()) {
    if (seat < 0 || static_cast<std::size_t>(seat) >= seats.size()) {
      return Refuse(v1::ERROR_CODE_NOT_A_PLAYER, "spectators cannot do that");
    }
    seats[static_cast<std::size_t>(seat)].ready = m.set_ready().ready();
    return Then(LobbyAnswer::Then::kBroadcast);
  }
  if (m.has_kick_player() || m.has_start_game()) {
    if (!seats.IsHost(seat)) return Refuse(v1::ERROR_CODE_NOT_HOST, "only the host can do that");
    if (m.has_start_game()) {
      if (seats.Occupied() < 2) {
        return Refuse(v1::ERROR_CODE_NOT_ENOUGH_PLAYERS, "a game needs 2 players");
      }
      if (const auto waiting = seats.FirstNotReady()) {
        return Refuse(v1::ERROR_CODE_PLAYERS_NOT_READY,
                      "seat " + std::to_string(*waiting) + " is not ready");
      }
      return Then(LobbyAnswer::Then::kStart);
    }
    const int target = m.kick_player().seat();
    if (target < 0 || target >= static_cast<int>(seats.size()) ||
        !seats[static_cast<std::size_t>(target)].occupied || seats.IsHost(target)) {
      return Refuse(v1::ERROR_CODE_NOT_IN_ROOM, "no player to kick in that seat");
    }
    return Then(LobbyAnswer::Then::kKick, target);
  }
  return Refuse(v1::ERROR_CODE_UNKNOWN_MESSAGE, "not a room message");
}

LobbyAnswer LobbyDesk::AddComputer(SeatTable& seats, int seat, const v1::AddComputer& add,
                                   const Limits& limits) {
  if (!seats.IsHost(seat)) {
    return Refuse(v1::ERROR_CODE_NOT_HOST, "only the host can add a computer player");
  }
  if (!limits.computers) {
    return Refuse(v1::ERROR_CODE_INVALID_OPTIONS,
                  "this server has no computer players (--bot-threads 0)");
  }
  // The longest level text is "mcts@60000": anything longer is refused unread.
  const std::string& text = add.level();
  const auto level = text.size() <= 16 ? bots::ParseBotLevel(text) : std::nullopt;
  if (!level) {
    return Refuse(v1::ERROR_CODE_INVALID_OPTIONS,
                  "unknown computer level: random, greedy, mcts, mcts@MS (MS from 10 to " +
                      std::to_string(limits.max_computer_ms.count()) + "), easy, medium or hard");
  }
  if (level->kind == bots::BotKind::kMcts && level->budget > limits.max_computer_ms) {
    return Refuse(v1::ERROR_CODE_INVALID_OPTIONS,
                  "a computer player may think at most " +
                      std::to_string(limits.max_computer_ms.count()) +
                      " ms a move on this server (--max-computer-ms)");
  }
  if (limits.options != nullptr) {
    if (std::string why = RatedComputerProblem(*limits.options, bots::LevelText(*level));
        !why.empty()) {
      return Refuse(v1::ERROR_CODE_INVALID_OPTIONS, std::move(why));
    }
  }
  const int target = add.seat() == -1 ? seats.FirstFree() : add.seat();
  if (add.seat() == -1 && target < 0) {
    return Refuse(v1::ERROR_CODE_ROOM_FULL, "every seat is taken");
  }
  switch (seats.GrantComputer(target, bots::LevelText(*level))) {
    case SeatTable::Refusal::kNone:
      return Then(LobbyAnswer::Then::kBroadcast);
    case SeatTable::Refusal::kSeatTaken:
      return Refuse(v1::ERROR_CODE_SEAT_TAKEN, "that seat is taken");
    default:
      return Refuse(v1::ERROR_CODE_SEAT_TAKEN, "no such seat");
  }
}

}  // namespace carc::server
