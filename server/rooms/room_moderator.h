// A moderator's kicks and closes (docs/moderation.md, "What a sanction does") as one room carries
// them out: the actions it last applied, the change to the actions in force, and the refusal of a
// join they call for. The registry's RoomActionList (moderation/room_action_list.h) says what is
// in force; none of it is written to the room's log, so a room rebuilt after a restart, or on
// another node of a cluster, applies the list again (RoomRegistry::RestoreOne).
//
// A kick sends the account's connections away; in a lobby its seat is given up, in a game the
// seat is marked removed (a computer plays it, rooms/computer_seats.h) until the kick is lifted,
// when the grace period starts again. A close sends everyone away and suspends the game until it
// is reopened, when every seat's grace period starts again.
//
// Contract: not thread-safe (the room's strand). It changes the seat table it is given and asks
// its host for everything else (connections, the game, the clock), so it is tested without a
// room or a socket.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "carc/v1/messages.pb.h"
#include "moderation/room_action_list.h"
#include "rooms/seat_table.h"

namespace carc::server {

// What a room's moderation needs of its room.
class ModerationHost {
 public:
  // Every connection of `account` in the room (0: every connection), its seat's and those
  // watching, gets RoomLeft saying `why` and `reason` and leaves the room; a seat so left stays
  // taken, with nobody connected, and the others are told.
  virtual void SendAway(std::int64_t account, v1::RemovedBy why, const std::string& reason) = 0;
  virtual bool GameStarted() const = 0;
  // A lobby seat given up (its token forgotten).
  virtual void FreeSeat(int seat) = 0;
  // The room waits (no clock, no computer move, the seat table written) until Unsuspend.
  virtual void Suspend() = 0;
  virtual void Unsuspend() = 0;
  // Who decides for each seat may have changed: the game looks again, and members are told.
  virtual void Moderated() = 0;

 protected:
  ~ModerationHost() = default;
};

class RoomModerator {
 public:
  using Clock = std::chrono::steady_clock;
  struct Refusal {
    v1::ErrorCode code;
    std::string text;
  };

  RoomModerator(SeatTable& seats, ModerationHost& host) : seats_(seats), host_(host) {}

  // Carries out what changed from the actions applied so far to `wanted`, at `now`. A reason
  // changed alone changes what the next refusal says and nothing else.
  void Apply(moderation::RoomModeration wanted, Clock::time_point now);

  // Why a connection of `account` (0: a guest) may not join or take seat `seat` (-1: none): the
  // room is closed, or the account is kicked, or the seat is a kicked player's (whoever shows its
  // token). Nullopt: nothing stops it.
  std::optional<Refusal> RefusalFor(std::int64_t account, int seat) const;
  bool closed() const { return applied_.closed.has_value(); }

 private:
  void Kick(std::int64_t account, const std::string& reason, Clock::time_point now);
  void Unkick(std::int64_t account, Clock::time_point now);
  void Close(const std::string& reason, Clock::time_point now);
  void Reopen(Clock::time_point now);

  SeatTable& seats_;
  ModerationHost& host_;
  moderation::RoomModeration applied_;
};

}  // namespace carc::server
