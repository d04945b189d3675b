#include "rooms/absent_vote.h"

#include <algorithm>

namespace carc::server {

v1::AbsentVote CarriedVote(const std::vector<v1::AbsentVote>& votes,
                           const std::vector<bool>& voters) {
  std::size_t present = 0, skip = 0, end = 0;
  for (std::size_t i = 0; i < voters.size(); ++i) {
    if (!voters[i]) continue;
    ++present;
    if (i >= votes.size()) continue;
    if (votes[i] == v1::ABSENT_VOTE_SKIP) ++skip;
    if (votes[i] == v1::ABSENT_VOTE_END) ++end;
  }
  if (2 * skip > present) return v1::ABSENT_VOTE_SKIP;
  if (2 * end > present) return v1::ABSENT_VOTE_END;
  return v1::ABSENT_VOTE_UNSPECIFIED;
}

AbsentVotes::AbsentVotes(std::size_t seats)
    : awaited_(seats, false), votes_(seats, v1::ABSENT_VOTE_UNSPECIFIED), skipped_(seats, false) {}

AbsentVotes::Outcome AbsentVotes::Note(bool voting, const std::vector<SeatNow>& seats) {
  Outcome outcome;
  std::vector<bool> awaited(awaited_.size(), false);
  std::vector<bool> voters(awaited_.size(), false);
  for (std::size_t i = 0; i < awaited.size() && i < seats.size(); ++i) {
    awaited[i] = voting && seats[i].away_past_grace && !seats[i].resigned && !skipped_[i];
    voters[i] = seats[i].present && !seats[i].resigned;
  }
  if (awaited != awaited_) {
    // Someone else is away, or back: the votes cast were about other seats.
    awaited_ = std::move(awaited);
    ClearVotes();
    outcome.changed = true;
  }
  if (!open()) return outcome;
  outcome.carried = CarriedVote(votes_, voters);
  if (outcome.carried == v1::ABSENT_VOTE_SKIP) {
    for (std::size_t i = 0; i < awaited_.size(); ++i) skipped_[i] = skipped_[i] || awaited_[i];
    Close();
  }
  return outcome;
}

bool AbsentVotes::open() const {
  return std::find(awaited_.begin(), awaited_.end(), true) != awaited_.end();
}

bool AbsentVotes::Returned(int seat) {
  const bool was = skipped_[Index(seat)];
  skipped_[Index(seat)] = false;
  return was;
}

void AbsentVotes::Close() {
  awaited_.assign(awaited_.size(), false);
  ClearVotes();
}

void AbsentVotes::ClearVotes() {
  votes_.assign(votes_.size(), v1::ABSENT_VOTE_UNSPECIFIED);
}

}  // namespace carc::server
