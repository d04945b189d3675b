// A turn-based room's clock (rooms/move_deadline.h) as the room's log and its members see it:
// the state written with the start, every command and every reminder or expiry
// (store.v1.TurnBasedState), read back on a restart or a takeover, and the clock a RoomState
// shows (v1.TurnBasedClock).
//
// Contract: pure. A stored state is checked before it is used: one that does not fit the
// room's seats or rules is refused with the reason, and nothing changes.
#pragma once

#include <string>

#include "carc/store/v1/room_log.pb.h"
#include "carc/v1/messages.pb.h"
#include "rooms/move_deadline.h"

namespace carc::server {

// The room's options as the clock's rules (move_seconds 0: a live room).
TurnBasedRules TurnBasedRulesOf(const v1::RoomOptions& options);

void ToStored(const MoveDeadline::State& state, carc::store::v1::TurnBasedState* out);
// "" once `clock` holds `stored`; otherwise why not.
std::string LoadStored(const carc::store::v1::TurnBasedState& stored, MoveDeadline& clock);

// The running turn's times (nothing while no turn runs).
void FillClock(const MoveDeadline& clock, v1::TurnBasedClock* out);

}  // namespace carc::server
