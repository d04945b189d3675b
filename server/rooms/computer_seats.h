// Who decides for a seat when no person does, and the computer player's job the room has in
// flight. A computer decides for a computer's seat; under ABANDON_POLICY_COMPUTER for a person's
// seat whose player is away past the grace period (it stands in, and the players are told); for
// a person's seat whose player a moderator kicked, whatever the policy; and for a decision whose
// clock ran out under that policy (the greedy player, ahead of the queue). One job per room at a
// time: a newer question cancels the older one, and an answer is taken only if it is for the job
// still wanted.
//
// Contract: not thread-safe; the room calls it on its strand. It holds no session, room or
// pool: the room submits the job it prepares and brings the answer back on the strand.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "bots/bot_pool.h"
#include "rooms/game_session.h"
#include "rooms/seat_table.h"

namespace carc::server {

class ComputerSeats {
 public:
  using Clock = std::chrono::steady_clock;
  using Job = std::shared_ptr<std::atomic<bool>>;  // a job's cancel flag names it

  // `abandon_to_computer`: the room's policy is ABANDON_POLICY_COMPUTER.
  ComputerSeats(bool abandon_to_computer, Clock::duration grace_period)
      : abandon_to_computer_(abandon_to_computer), grace_period_(grace_period) {}

  // Whether a computer decides for `slot` now (not counting a clock that ran out).
  bool Plays(const Seat& slot, Clock::time_point now) const {
    if (slot.computer() || slot.removed) return true;
    return abandon_to_computer_ && !slot.session && now - slot.dropped_at >= grace_period_;
  }

  // A job for the decision at `seq` of `game` at `level`, or nullopt when one for that seq is on
  // its way already and this one is not `urgent` (an urgent one replaces it). Cancels an older
  // job; the room sets the job's owner and answer, submits it, then calls Submitted().
  std::optional<bots::BotJob> Prepare(const GameSession& game, bots::BotLevel level, bool urgent);
  void Submitted(Job job, std::uint64_t seq) {
    job_ = std::move(job);
    job_seq_ = seq;
  }
  // A job answered (or was dropped): it is no longer in flight.
  void Answered(const Job& job) {
    if (job_ == job) job_.reset();
  }
  // The job in flight is not wanted any more (the room closes, the game ended, or `seat`'s
  // player came back while it was theirs to decide). Cancel(seat) does so only for that seat's
  // decision in `game`.
  void Cancel();
  void Cancel(int seat, const GameSession* game) {
    if (job_ && game != nullptr && game->ToMove() == seat) job_->store(true);
  }

  // The decision at `seq` whose clock ran out last is `seat`'s: a computer plays it even for a
  // person who is there.
  void RanOut(int seat, std::uint64_t seq) { ran_out_ = {seat, seq}; }
  bool RanOutFor(int seat, std::uint64_t seq) const {
    return ran_out_ && ran_out_->first == seat && ran_out_->second == seq;
  }

  // The seats a computer stands in for now (persons' seats it decides for while the game runs);
  // true when that changed since last noted (the room tells the players).
  bool NoteStandIns(const SeatTable& seats, const GameSession* game, Clock::time_point now);
  // Nobody stands in for anyone any more (the game is over).
  void ClearStandIns() { stand_ins_.assign(stand_ins_.size(), false); }
  bool standing_in(std::size_t seat) const { return seat < stand_ins_.size() && stand_ins_[seat]; }

 private:
  const bool abandon_to_computer_;
  const Clock::duration grace_period_;
  Job job_;  // in flight, for the decision at job_seq_
  std::uint64_t job_seq_ = 0;
  std::optional<std::pair<int, std::uint64_t>> ran_out_;
  std::vector<bool> stand_ins_;  // as last noted
};

}  // namespace carc::server
