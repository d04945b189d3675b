// The decisions no person makes: the fallback move for a resigned, abandoned or skipped seat,
// a computer player for a computer's seat or a person's it stands in for, and the turn clock
// that plays the fallback when a bank runs out.
#include <spdlog/spdlog.h>

#include "rooms/room_game.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

void RoomGame::PlayFallbackMoves(int budget) {
  if (!game_ || closed_ || suspended_ || gate_.writing() || budget <= 0 || game_->IsOver()) {
    return;
  }
  const auto now = Clock::now();
  NoteStandIns();
  NoteAbsences();
  if (game_->IsOver() || gate_.writing()) return;  // ended by vote
  const int seat = game_->ToMove();
  // A turn-based turn whose time ran out: the absent policy plays each of its steps.
  if (TurnExpiredFor(seat)) return TurnExpired(seat);
  const Seat& slot = seats_[static_cast<std::size_t>(seat)];
  // The engine's Timeout plays the documented fallback move (first legal placement, no
  // follower) for a resigned seat, with the fallback policy for a person's seat abandoned
  // past the grace period, and for a seat the players voted to skip.
  const bool abandoned = options_.abandon_policy() == v1::ABANDON_POLICY_FALLBACK_MOVE &&
                         !slot.computer() && !slot.removed && !slot.session &&
                         now - slot.dropped_at >= Grace();
  const bool skipped = absent_.skipped(seat) && !slot.session && !slot.removed;
  if (game_->resigned(seat) || abandoned || skipped) {
    return PlayTimeout(seat, budget, abandoned || skipped);
  }
  if (ComputerPlays(seat, now)) {
    AskComputer(seat, slot.computer() ? slot.computer_level : config_.absent_level, false);
  }
}

void RoomGame::PlayTimeout(int seat, int budget, bool absent) {
  // A refused write stops the fallbacks; the next tick tries again.
  ApplyCommand(
      [seat, absent](GameSession& g) {
        const engine::RejectReason r = g.ApplyTimeout(seat);
        if (r == engine::RejectReason::kNone && absent) g.MarkAbsent();
        return r;
      },
      Clock::now(),
      [this, budget](std::optional<engine::RejectReason> r) {
        if (r == engine::RejectReason::kNone) PlayFallbackMoves(budget - 1);
      });
}

bool RoomGame::ComputerPlays(int seat, Clock::time_point now) const {
  if (seat < 0 || static_cast<std::size_t>(seat) >= seats_.size()) return false;
  return computers_.Plays(seats_[static_cast<std::size_t>(seat)], now);
}

void RoomGame::AskComputer(int seat, const std::string& level_text, bool urgent) {
  // Nobody is there to wait for a good move: the room's computers play at the unattended level,
  // so that rooms left to computers cannot keep the pool busy for others.
  const auto level = bots::ParseBotLevel(host_.Attended() ? level_text : config_.unattended_level);
  std::optional<bots::BotJob> job =
      computers_.Prepare(*game_, level.value_or(bots::BotLevel{}), urgent);
  if (!job) return;  // already thinking about it
  const std::uint64_t seq = game_->seq();
  ComputerSeats::Job cancel = job->cancel;
  job->owner = host_.JobOwner();
  job->done = [this, keep = host_.KeepAlive(), seat, seq, cancel](std::optional<bots::Choice> c) {
    // On a worker thread: back to the strand, after any write in flight.
    host_.Post([this, seat, seq, cancel, c = std::move(c)]() mutable {
      ComputerChose(seat, seq, cancel, std::move(c));
    });
  };
  bots::BotPool* pool = host_.bots();
  if (pool == nullptr || !level || !pool->Submit(std::move(*job))) {
    // No thread to think on (or a level the store holds but this server does not know): the
    // game does not wait, the engine's fallback plays.
    return PlayTimeout(seat, 1000);
  }
  computers_.Submitted(std::move(cancel), seq);
}

void RoomGame::ComputerChose(int seat, std::uint64_t seq,
                             const std::shared_ptr<std::atomic<bool>>& job,
                             std::optional<bots::Choice> choice) {
  computers_.Answered(job);
  if (!choice || closed_ || suspended_ || !game_ || game_->IsOver() || game_->seq() != seq ||
      game_->ToMove() != seat) {
    return;
  }
  // The player came back while the computer was thinking: the seat is theirs again.
  const bool plays = ComputerPlays(seat, Clock::now());
  if (!plays && !computers_.RanOutFor(seat, seq)) return;
  // Standing in for a person away past the grace period (not one whose clock ran out here).
  const bool absent = plays && !seats_[static_cast<std::size_t>(seat)].computer();
  const engine::Move move = choice->move;
  // The computer's move takes a client's path from here, with the command a client would have
  // sent: a game whose stored form is the command's (The Castle) needs it; the base game encodes
  // its stored form from the move and does not read it.
  const v1::GameCommand wire = game_->WireCommand(move);
  ApplyCommand(
      [&](GameSession& g) {
        const engine::RejectReason r = g.ApplyMove(seat, move, wire);
        if (r == engine::RejectReason::kNone && absent) g.MarkAbsent();
        return r;
      },
      Clock::now(),
      [this, seat](std::optional<engine::RejectReason> r) {
        if (r == engine::RejectReason::kNone) return PlayFallbackMoves();
        if (r) {
          // A computer's move the engine refuses is a bug in the player: the game
          // goes on by the fallback rather than wait.
          spdlog::error("room {}: a computer player's move for seat {} was refused ({})", code_,
                        seat, engine::Name(*r));
          PlayTimeout(seat, 1000);
        }
      });
}

void RoomGame::NoteStandIns() {
  if (computers_.NoteStandIns(seats_, game_.get(), Clock::now())) host_.BroadcastRoomState();
}

bool RoomGame::Returned(int seat) {
  const bool was_skipped = absent_.Returned(seat);
  // A computer thinking for this seat stops: the player decides again.
  computers_.Cancel(seat, game_.get());
  return was_skipped;
}

void RoomGame::NoteSeats() {
  if (!game_) return;
  NoteStandIns();
  NoteAbsences();
}

void RoomGame::UpdateClock() {
  if (!game_) return;
  if (clock_.Switch(game_->IsOver() ? -1 : game_->ToMove(), Clock::now())) ArmClock();
}

void RoomGame::ArmClock() {
  clock_timer_.cancel();
  if (clock_.running_for() < 0 || closed_ || suspended_) return;
  const int seat = clock_.running_for();
  const std::uint64_t seq = game_->seq();
  clock_timer_.expires_at(clock_.Deadline());
  clock_timer_.async_wait(
      [this, keep = host_.KeepAlive(), seat, seq](boost::system::error_code ec) {
        if (ec) return;
        gate_.RunOrHold([this, seat, seq] { ClockRanOut(seat, seq); });
      });
}

void RoomGame::ClockRanOut(int seat, std::uint64_t seq) {
  if (!game_ || game_->IsOver() || game_->seq() != seq || game_->ToMove() != seat) return;
  // The bank is empty: the engine plays the fallback for this decision, or, under
  // ABANDON_POLICY_COMPUTER, the greedy computer player does at once (ahead of the queue).
  clock_.RanOut(Clock::now());
  if (options_.abandon_policy() == v1::ABANDON_POLICY_COMPUTER && host_.bots() != nullptr) {
    computers_.RanOut(seat, seq);
    return AskComputer(seat, "greedy", true);
  }
  ApplyCommand([seat](GameSession& g) { return g.ApplyTimeout(seat); }, Clock::now(),
               [this, seat](std::optional<engine::RejectReason>) {
                 PlayFallbackMoves();
                 if (clock_.running_for() == seat) ArmClock();  // still its decision
               });
}

void RoomGame::FillClock(v1::ClockState* out) const {
  FillTurnBased(out->mutable_turn_based());
  if (out->turn_based().deadline() == 0) out->clear_turn_based();
  if (!clock_.on()) return;
  for (const auto ms : clock_.RemainingMs(Clock::now())) out->add_remaining_ms(ms);
  out->set_running_for(clock_.running_for());
}

}  // namespace carc::server
