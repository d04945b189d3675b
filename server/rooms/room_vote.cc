// The room under ABANDON_POLICY_VOTE: a seat whose player is away past the grace period is
// awaited, the players present vote to skip it or to end the game, and a carried vote is
// carried out. Skips live in memory only: after a restart every player is away, and the
// vote starts again once the grace period has passed.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "rooms/absent_vote.h"
#include "rooms/room.h"

namespace carc::server {

namespace sv1 = carc::store::v1;
using Clock = std::chrono::steady_clock;

std::vector<bool> Room::AwaitedSeats(Clock::time_point now) const {
  std::vector<bool> awaited(seats_.size(), false);
  if (options_.abandon_policy() != v1::ABANDON_POLICY_VOTE || !game_ || game_->IsOver()) {
    return awaited;
  }
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const Seat& slot = seats_[i];
    awaited[i] = !slot.computer() && !slot.session &&
                 now - slot.dropped_at >= config_.grace_period &&
                 !game_->resigned(static_cast<int>(i)) && !skipped_[i];
  }
  return awaited;
}

std::vector<bool> Room::Voters() const {
  std::vector<bool> voters(seats_.size(), false);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    voters[i] = game_ && !seats_[i].computer() && seats_[i].session &&
                !game_->resigned(static_cast<int>(i));
  }
  return voters;
}

bool Room::VoteOpen() const {
  return std::find(awaited_.begin(), awaited_.end(), true) != awaited_.end();
}

void Room::NoteAbsences() {
  if (!game_ || closed_ || gate_.writing()) return;
  std::vector<bool> awaited = AwaitedSeats(Clock::now());
  if (awaited != awaited_) {
    // Someone else is away, or back: the votes cast were about other seats.
    awaited_ = std::move(awaited);
    votes_.assign(seats_.size(), v1::ABSENT_VOTE_UNSPECIFIED);
    BroadcastRoomState();
  }
  if (!VoteOpen()) return;
  switch (CarriedVote(votes_, Voters())) {
    case v1::ABSENT_VOTE_SKIP:
      for (std::size_t i = 0; i < awaited_.size(); ++i) skipped_[i] = skipped_[i] || awaited_[i];
      ++metrics_.absent_votes_skip;
      spdlog::info("room {}: the players voted to skip the absent seats", code_);
      awaited_.assign(seats_.size(), false);
      votes_.assign(seats_.size(), v1::ABSENT_VOTE_UNSPECIFIED);
      BroadcastRoomState();
      return PlayFallbackMoves();
    case v1::ABSENT_VOTE_END:
      EndByVote();
      return;
    default:
      return;
  }
}

void Room::EndByVote() {
  sv1::RoomLogEntry entry;
  entry.mutable_ended();
  // Not stored: nothing changes, the votes stand and the next tick tries again.
  if (!Persist(entry)) return;
  if (computer_job_) computer_job_->store(true);
  computer_job_.reset();
  game_->EndEarly();
  ++metrics_.absent_votes_end;
  spdlog::info("room {}: the players voted to end the game", code_);
  UpdateClock();
  awaited_.assign(seats_.size(), false);
  votes_.assign(seats_.size(), v1::ABSENT_VOTE_UNSPECIFIED);
  NoteFinished();
  stand_ins_.assign(seats_.size(), false);
  BroadcastRoomState();
}

void Room::HandleVote(const std::shared_ptr<Session>& s, int seat, const v1::VoteOnAbsent& vote,
                      std::uint32_t rid) {
  if (seat < 0) return Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators do not vote");
  if (vote.vote() != v1::ABSENT_VOTE_SKIP && vote.vote() != v1::ABSENT_VOTE_END) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_VOTE,
                 "vote must be ABSENT_VOTE_SKIP or ABSENT_VOTE_END");
  }
  NoteAbsences();  // the vote is about the seats awaited now
  if (!VoteOpen() || !game_ || game_->IsOver()) {
    return Error(s, rid, v1::ERROR_CODE_NO_VOTE_OPEN,
                 options_.abandon_policy() == v1::ABANDON_POLICY_VOTE
                     ? "nobody is awaited: a vote opens when a player is away past the grace "
                       "period"
                     : "this room does not vote on absent players (its abandon policy is not "
                       "ABANDON_POLICY_VOTE)");
  }
  if (game_->resigned(seat)) {
    return Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "a player who resigned does not vote");
  }
  votes_[static_cast<std::size_t>(seat)] = vote.vote();
  BroadcastRoomState();
  NoteAbsences();
}

}  // namespace carc::server
