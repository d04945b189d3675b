#include "rooms/room_moderator.h"

#include <utility>

namespace carc::server {

void RoomModerator::Apply(moderation::RoomModeration wanted, Clock::time_point now) {
  const moderation::ModerationChange change = moderation::ChangeOf(applied_, wanted);
  applied_ = std::move(wanted);
  if (change.empty()) return;
  for (const auto& [account, reason] : change.kicks) Kick(account, reason, now);
  for (const std::int64_t account : change.unkicks) Unkick(account, now);
  if (change.close) Close(*change.close, now);
  if (change.reopen) Reopen(now);
  host_.Moderated();
}

void RoomModerator::Kick(std::int64_t account, const std::string& reason, Clock::time_point now) {
  host_.SendAway(account, v1::REMOVED_BY_KICK, reason);
  const int seat = seats_.SeatOfAccount(account);
  if (seat < 0) return;  // not seated here: the kick keeps them out
  seats_[static_cast<std::size_t>(seat)].dropped_at = now;
  if (!host_.GameStarted()) return host_.FreeSeat(seat);
  // A computer plays the seat from now on; in a rated game its moves are the absent player's,
  // who left the game.
  seats_[static_cast<std::size_t>(seat)].removed = true;
}

void RoomModerator::Unkick(std::int64_t account, Clock::time_point now) {
  const int seat = seats_.SeatOfAccount(account);
  if (seat < 0) return;
  Seat& slot = seats_[static_cast<std::size_t>(seat)];
  if (!slot.removed) return;
  slot.removed = false;
  // Away from now: the grace period lets the player come back before the absent policy applies.
  slot.dropped_at = now;
}

void RoomModerator::Close(const std::string& reason, Clock::time_point now) {
  for (Seat& slot : seats_) {
    if (slot.session) slot.dropped_at = now;
  }
  host_.SendAway(0, v1::REMOVED_BY_ROOM_CLOSED, reason);
  host_.Suspend();
}

void RoomModerator::Reopen(Clock::time_point now) {
  // Everyone was sent away: the grace period starts again for each seat.
  for (Seat& slot : seats_) slot.dropped_at = now;
  host_.Unsuspend();
}

std::optional<RoomModerator::Refusal> RoomModerator::RefusalFor(std::int64_t account,
                                                                int seat) const {
  if (applied_.closed) {
    return Refusal{v1::ERROR_CODE_ROOM_CLOSED, "a moderator closed this room: " + *applied_.closed};
  }
  auto kick = account != 0 ? applied_.kicked.find(account) : applied_.kicked.end();
  if (kick == applied_.kicked.end() && seat >= 0 &&
      static_cast<std::size_t>(seat) < seats_.size() &&
      seats_[static_cast<std::size_t>(seat)].removed) {
    kick = applied_.kicked.find(seats_[static_cast<std::size_t>(seat)].account);
  }
  if (kick == applied_.kicked.end()) return std::nullopt;
  return Refusal{v1::ERROR_CODE_KICKED, "a moderator removed you from this room: " + kick->second};
}

}  // namespace carc::server
