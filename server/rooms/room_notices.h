// The notices a room's game sends to players who are away (push/notice.h): "your turn" when the
// turn passes to a seat whose player signed in with an account and has no connection to the
// room, once per turn, and "game over" to every such seat when the game ends. A connected
// player sees the game itself; a guest has nobody to send a notice to.
//
// Contract: not thread-safe: runs on the room's strand after an accepted command was written and
// broadcast. The notifier (null: the server sends no notices) only queues.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "push/notice.h"
#include "rooms/seat_table.h"

namespace carc::server {

class RoomNotices {
 public:
  // `to_move`: the game's seat to move now (the room's seats are the game's since the start).
  void AfterCommand(push::Notifier* notifier, const std::string& code, std::string_view game,
                    const SeatTable& seats, int to_move, bool finished);
  // A turn-based game's reminder that `seat`'s turn still waits (rooms/move_deadline.h), if
  // its player is away. True when a notice went to the notifier.
  static bool Remind(push::Notifier* notifier, const std::string& code, std::string_view game,
                     const SeatTable& seats, int seat);

 private:
  int last_to_move_ = -1;
  bool over_told_ = false;
};

}  // namespace carc::server
