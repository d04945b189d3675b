// The room as its members and the lobby list see it: the RoomState message one member receives
// (the seats with their presence, stand-ins and absent votes, the spectators, the member's own
// seat, the archive's game id) and the RoomSummary the room list shows. Built from the room's
// parts, without a socket.
//
// Contract: pure; RoomView only reads what it refers to, for as long as the call.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "carc/v1/messages.pb.h"
#include "rooms/absent_vote.h"
#include "rooms/computer_seats.h"
#include "rooms/seat_table.h"
#include "store/event_store.h"

namespace carc::server {

struct RoomView {
  const std::string& code;
  const v1::RoomOptions& options;
  v1::RoomStatus status = v1::ROOM_STATUS_LOBBY;
  const SeatTable& seats;
  const ComputerSeats& computers;
  const AbsentVotes& absent;
  std::size_t spectators = 0;
  std::optional<std::uint64_t> game_id;   // once the finished game is archived
  std::vector<int> ended_by_vote_scores;  // a game the players ended by vote
  // For the time left before the absent policy takes an away player's seat (away_ms_left):
  // the grace period and the time the view is taken at. A turn-based room counts nothing
  // down there: its clock (ClockState.turn_based) decides.
  std::chrono::milliseconds grace_period{0};
  std::chrono::steady_clock::time_point now{};
  // A rated game's changes once archived (rooms/rated_game.h); null or empty before.
  const std::vector<store::RatingChange>* rating_changes = nullptr;
};

// What `seat` (-1: a spectator) is told of the room, answering `request_id` (0: unasked).
v1::ServerMessage RoomStateMessage(const RoomView& room, int seat, std::uint32_t request_id);

// The room list's line for the room.
v1::RoomSummary SummaryOf(const RoomView& room);

}  // namespace carc::server
