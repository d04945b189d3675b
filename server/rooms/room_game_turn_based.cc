// A turn-based game's clock at work in the room (the clock itself: move_deadline.h; its stored
// form: turn_based_log.h). The room's tick asks what is due; a reminder or an expiry is written
// to the log (turn_noted) before anyone hears of it, so that a restart or another node neither
// reminds twice nor forgets that a turn ran out.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <ctime>

#include "rooms/room_game.h"
#include "rooms/turn_based_log.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

std::int64_t RoomGame::WallNow() const {
  return config_.wall_now ? config_.wall_now() : static_cast<std::int64_t>(std::time(nullptr));
}

Clock::duration RoomGame::Grace() const {
  // Nobody waits for a player of a game over days to come back within minutes.
  return TurnBased() ? Clock::duration::max() : Clock::duration(config_.grace_period);
}

std::chrono::milliseconds RoomGame::NextTick() const {
  constexpr std::chrono::milliseconds kLive{1000};
  // A wall clock set forward wakes a waiting room at most this late. A due time changes only
  // with the turn, and a new turn sets the tick again (Room::TurnPassed): an hour costs a
  // waiting game 24 wake-ups a day, not 144.
  constexpr std::chrono::milliseconds kMost{60 * 60 * 1000};
  if (!turn_based_ || !game_ || game_->IsOver() || turn_based_->state().seat < 0) return kLive;
  const MoveDeadline::State& s = turn_based_->state();
  if (s.expired) return kMost;  // nothing more is due this turn
  const std::int64_t now = WallNow();
  std::int64_t due = turn_based_->Deadline();
  if (!s.reminded) due = std::min(due, turn_based_->RemindAt());
  const auto wait = std::chrono::milliseconds(std::max<std::int64_t>(0, due - now) * 1000);
  return std::clamp(wait, kLive, kMost);
}

std::int64_t RoomGame::TurnDeadline() const {
  if (!turn_based_ || turn_based_->state().seat < 0) return 0;
  return turn_based_->Deadline();
}

void RoomGame::FillTurnBased(v1::TurnBasedClock* out) const {
  if (turn_based_ && game_ && !game_->IsOver()) server::FillClock(*turn_based_, out);
}

void RoomGame::TellTurn() {
  if (!game_) return;
  host_.TurnPassed(game_->IsOver() ? -1 : game_->ToMove(), TurnDeadline());
}

void RoomGame::NoteTurn(const MoveDeadline::State& before, std::function<void()> then) {
  carc::store::v1::RoomLogEntry entry;
  ToStored(turn_based_->state(), entry.mutable_turn_noted());
  journal_.Write(entry, [this, before, then = std::move(then)](bool ok) {
    if (!ok) {
      turn_based_->Restore(before);  // the next tick tries again
      return;
    }
    then();
  });
}

void RoomGame::CheckTurnBased() {
  if (!turn_based_ || !game_ || closed_ || suspended_ || gate_.writing() || game_->IsOver()) return;
  const MoveDeadline::State before = turn_based_->state();
  const int seat = before.seat;
  switch (turn_based_->Check(WallNow())) {
    case MoveDeadline::Due::kNothing:
      return;
    case MoveDeadline::Due::kRemind:
      turn_based_->Reminded();
      return NoteTurn(before, [this, seat] {
        ++metrics_.turn_reminders;
        RoomNotices::Remind(host_.notices(), code_, game_->game_name(), seats_, seat);
      });
    case MoveDeadline::Due::kExpire:
      turn_based_->Expired();
      return NoteTurn(before, [this, seat] {
        ++metrics_.turns_expired;
        spdlog::info("room {}: seat {}'s time for its move ran out", code_, seat);
        TellTurn();
        host_.BroadcastRoomState();
        PlayFallbackMoves();
      });
  }
}

bool RoomGame::TurnExpiredFor(int seat) const {
  if (!turn_based_) return false;
  const MoveDeadline::State& s = turn_based_->state();
  const v1::AbandonPolicy policy = options_.abandon_policy();
  return s.expired && s.seat == seat && policy != v1::ABANDON_POLICY_WAIT &&
         policy != v1::ABANDON_POLICY_UNSPECIFIED;
}

void RoomGame::TurnExpired(int seat) {
  switch (options_.abandon_policy()) {
    case v1::ABANDON_POLICY_COMPUTER:
      if (host_.bots() != nullptr) {
        // The computer that stands in for absent players takes this turn (ahead of the queue:
        // the player's time is over); the player has the next one.
        computers_.RanOut(seat, game_->seq());
        return AskComputer(seat, config_.absent_level, true);
      }
      return PlayTimeout(seat, 1000);
    case v1::ABANDON_POLICY_FALLBACK_MOVE:
    case v1::ABANDON_POLICY_VOTE:
      // Over days nobody is there to vote within the turn: the documented fallback move plays.
      return PlayTimeout(seat, 1000);
    default:
      // ABANDON_POLICY_WAIT: the game waits for the player; the turn is marked expired once.
      return;
  }
}

}  // namespace carc::server
