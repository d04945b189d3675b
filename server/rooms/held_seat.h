// A seat an account holds in a room of this node: what its player's "my games" list shows of a
// game not yet archived. A snapshot, taken on any thread from what the room last published.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "carc/v1/lobby.pb.h"

namespace carc::server {

struct HeldSeat {
  std::string room;          // the room's code: joining it takes the seat back
  std::int64_t room_id = 0;  // the room's id in the store
  std::string game;          // the game's registered name ("base", "castle")
  int seat = -1;
  std::vector<std::string> players;  // the seats' names, "" for a free one
  v1::RoomStatus status = v1::ROOM_STATUS_LOBBY;
  int to_move = -1;  // the seat whose turn it is in a running game; -1 otherwise
  // A turn-based game's: when the running turn's time runs out (seconds since the Unix
  // epoch); 0 for a live game.
  std::int64_t deadline = 0;
  bool turn_based = false;  // RoomOptions.turn_based
};

}  // namespace carc::server
