// A grace period ended early (EndGracePeriod): the players present need not sit out the whole
// grace period of someone who has plainly gone; the absent policy takes the seat's turns at once,
// exactly as it would have at the period's end, and the player still takes the seat back with
// the resume token. Held in memory only, like the drop time it moves: after a restart the grace
// period runs again.
#include <spdlog/spdlog.h>

#include "rooms/room_game.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

void RoomGame::EndGrace(const std::shared_ptr<Session>& s, int seat,
                        const v1::EndGracePeriod& request, std::uint32_t rid) {
  if (seat < 0) {
    return host_.Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators cannot end a grace period");
  }
  if (!game_)
    return host_.Error(s, rid, v1::ERROR_CODE_GAME_NOT_STARTED, "the game has not started");
  const int target = request.seat();
  const auto refuse = [&](const char* why) { host_.Error(s, rid, v1::ERROR_CODE_NOT_AWAY, why); };
  if (game_->IsOver()) return refuse("the game is over");
  if (TurnBased()) {
    return refuse("a turn-based room has no grace period: the time per move decides");
  }
  if (options_.abandon_policy() == v1::ABANDON_POLICY_WAIT) {
    return refuse("this room waits for its players (ABANDON_POLICY_WAIT): no policy to apply");
  }
  if (target < 0 || static_cast<std::size_t>(target) >= seats_.size()) {
    return refuse("no such seat");
  }
  Seat& slot = seats_[static_cast<std::size_t>(target)];
  if (!slot.occupied || slot.computer()) return refuse("that seat is not a person's");
  if (slot.session) return refuse("that player is here");
  if (game_->resigned(target)) return refuse("that player resigned: the fallback plays already");
  const auto now = Clock::now();
  if (now - slot.dropped_at >= config_.grace_period) {
    return refuse("that seat's grace period is over already");
  }
  slot.dropped_at = now - config_.grace_period;
  ++metrics_.grace_periods_ended;
  spdlog::info("room {}: seat {} ended seat {}'s grace period", code_, seat, target);
  // The seat's away_ms_left is 0 from now on; the stand-in, the vote or the fallback follow.
  host_.BroadcastRoomState();
  PlayFallbackMoves();
}

}  // namespace carc::server
