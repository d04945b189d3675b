// The lobby's seat messages before the game starts: take a seat, choose a colour, ready, add
// a computer player, kick a player, start. Each is decided here on the seat table alone: the
// checks, the refusals with their error codes and texts, and the change to the table where
// there is one. What follows (sending, broadcasting, freeing a kicked seat's token, writing
// the start) is the room's.
//
// Contract: not thread-safe (the room's strand); no I/O. A refused message changes nothing.
// `seat` is the sender's seat, a person's (the room turns spectators away before).
#pragma once

#include <chrono>
#include <string>

#include "carc/v1/messages.pb.h"
#include "rooms/seat_table.h"

namespace carc::server {

struct LobbyAnswer {
  enum class Then {
    kNothing,    // refused (code, error)
    kBroadcast,  // the table changed: everyone hears the room state
    kMoved,      // the sender moved to `seat`, then as kBroadcast
    kStart,      // the host may start: every check passed, nothing changed yet
    kKick,       // the host may remove the player in `seat`: nothing changed yet
  };
  Then then = Then::kNothing;
  int seat = -1;
  v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED;
  std::string error;
};

class LobbyDesk {
 public:
  struct Limits {
    bool computers = true;  // a pool to think on (--bot-threads > 0)
    std::chrono::milliseconds max_computer_ms{0};
    // The room's options: a rated room seats only computer levels with a yardstick rating.
    const v1::RoomOptions* options = nullptr;
  };
  // Decides message `m` of `seat`; changes `seats` only in kBroadcast and kMoved.
  static LobbyAnswer Decide(SeatTable& seats, int seat, const v1::ClientMessage& m,
                            const Limits& limits);

 private:
  static LobbyAnswer AddComputer(SeatTable& seats, int seat, const v1::AddComputer& add,
                                 const Limits& limits);
};

}  // namespace carc::server
