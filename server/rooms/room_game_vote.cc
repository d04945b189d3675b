// The game under ABANDON_POLICY_VOTE (the part that counts: absent_vote.h): the game tells
// the vote what it sees of each seat, tells the players what changed and carries out a carried
// vote: skip (the fallback plays those seats until their players return) or end.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "rooms/room_game.h"

namespace carc::server {

namespace sv1 = carc::store::v1;
using Clock = std::chrono::steady_clock;

void RoomGame::NoteAbsences() {
  if (!game_ || closed_ || suspended_ || gate_.writing()) return;
  const auto now = Clock::now();
  std::vector<AbsentVotes::SeatNow> now_seats(seats_.size());
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const Seat& slot = seats_[i];
    // A kicked player's seat is a computer's while the kick stands: nobody waits for it.
    const bool person = !slot.computer() && !slot.removed;
    now_seats[i].away_past_grace = person && !slot.session && now - slot.dropped_at >= Grace();
    now_seats[i].present = person && slot.session != nullptr;
    now_seats[i].resigned = game_->resigned(static_cast<int>(i));
  }
  const bool voting = options_.abandon_policy() == v1::ABANDON_POLICY_VOTE && !game_->IsOver();
  const AbsentVotes::Outcome outcome = absent_.Note(voting, now_seats);
  switch (outcome.carried) {
    case v1::ABSENT_VOTE_SKIP:
      ++metrics_.absent_votes_skip;
      spdlog::info("room {}: the players voted to skip the absent seats", code_);
      host_.BroadcastRoomState();
      return PlayFallbackMoves();
    case v1::ABSENT_VOTE_END:
      if (outcome.changed) host_.BroadcastRoomState();
      return EndByVote();
    default:
      if (outcome.changed) host_.BroadcastRoomState();
      return;
  }
}

void RoomGame::EndByVote() {
  sv1::RoomLogEntry entry;
  sv1::GameEnded* ended = entry.mutable_ended();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (absent_.awaited(static_cast<int>(i))) ended->add_absent_seats(static_cast<int>(i));
  }
  std::vector<int> absent(ended->absent_seats().begin(), ended->absent_seats().end());
  journal_.Write(entry, [this, absent = std::move(absent)](bool written) {
    // Not stored: nothing changes, the votes stand and the next tick tries again.
    if (!written) return;
    computers_.Cancel();
    game_->EndEarly();
    for (const int seat : absent) game_->MarkLeft(seat);
    ++metrics_.absent_votes_end;
    spdlog::info("room {}: the players voted to end the game", code_);
    UpdateClock();
    absent_.Close();
    const auto told = [this] {
      computers_.ClearStandIns();
      host_.BroadcastRoomState();
    };
    if (game_->IsOver() && phase_.Advance(RoomPhase::kFinished)) return Finish(told);
    told();
  });
}

void RoomGame::Vote(const std::shared_ptr<Session>& s, int seat, const v1::VoteOnAbsent& vote,
                    std::uint32_t rid) {
  if (seat < 0) return host_.Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators do not vote");
  if (vote.vote() != v1::ABSENT_VOTE_SKIP && vote.vote() != v1::ABSENT_VOTE_END) {
    return host_.Error(s, rid, v1::ERROR_CODE_INVALID_VOTE,
                       "vote must be ABSENT_VOTE_SKIP or ABSENT_VOTE_END");
  }
  NoteAbsences();  // the vote is about the seats awaited now
  if (!absent_.open() || !game_ || game_->IsOver()) {
    return host_.Error(s, rid, v1::ERROR_CODE_NO_VOTE_OPEN,
                       options_.abandon_policy() == v1::ABANDON_POLICY_VOTE
                           ? "nobody is awaited: a vote opens when a player is away past the grace "
                             "period"
                           : "this room does not vote on absent players (its abandon policy is not "
                             "ABANDON_POLICY_VOTE)");
  }
  if (game_->resigned(seat)) {
    return host_.Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "a player who resigned does not vote");
  }
  absent_.Cast(seat, vote.vote());
  host_.BroadcastRoomState();
  NoteAbsences();
}

}  // namespace carc::server
