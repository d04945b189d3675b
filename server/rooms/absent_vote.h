// The vote on absent players (ABANDON_POLICY_VOTE): a seat whose player is away past the grace
// period is awaited, the players present vote to skip it or to end the game, and a carried
// vote is the room's to carry out. Skips live in memory only: after a restart every player is
// away, and the vote starts again once the grace period has passed.
//
// Contract: CarriedVote is pure. AbsentVotes is not thread-safe (the room's strand); it decides
// and remembers, the room tells the players and carries out. A choice is carried once more than
// half of the voters have made it, so two choices can never both be carried and a lone voter
// decides alone.
#pragma once

#include <cstddef>
#include <vector>

#include "carc/v1/lobby.pb.h"

namespace carc::server {

// The choice `votes` (one per seat) carry among the seats marked in `voters`, or
// ABSENT_VOTE_UNSPECIFIED while none is carried (or nobody may vote). Votes of seats that are
// not voters do not count.
v1::AbsentVote CarriedVote(const std::vector<v1::AbsentVote>& votes,
                           const std::vector<bool>& voters);

class AbsentVotes {
 public:
  explicit AbsentVotes(std::size_t seats);

  // A seat as the room sees it now.
  struct SeatNow {
    bool away_past_grace = false;  // a person's seat whose connection went over the grace ago
    bool present = false;          // a person connected to the seat
    bool resigned = false;
  };
  struct Outcome {
    bool changed = false;  // the seats awaited changed (the votes cast were cleared)
    // A carried vote. A skip is done: the awaited seats are skipped, the votes cleared. An end
    // is the room's to store and carry out, then Close(); until then the votes stand.
    v1::AbsentVote carried = v1::ABSENT_VOTE_UNSPECIFIED;
  };
  // Follows the seats awaited (none unless `voting`: the room votes and its game runs) and
  // counts the votes cast about them.
  Outcome Note(bool voting, const std::vector<SeatNow>& seats);
  // Some seat is awaited (as last noted): the players present may vote.
  bool open() const;
  // Seat `seat`'s vote (SKIP or END) about the seats awaited now; Note() again counts it.
  void Cast(int seat, v1::AbsentVote vote) { votes_[Index(seat)] = vote; }
  // The player of a skipped seat is back: it is played by its player again. Returns whether
  // it was skipped.
  bool Returned(int seat);
  // The game ended: nobody is awaited and no vote stands.
  void Close();

  bool awaited(int seat) const { return awaited_[Index(seat)]; }
  bool skipped(int seat) const { return skipped_[Index(seat)]; }
  v1::AbsentVote vote(int seat) const { return votes_[Index(seat)]; }

 private:
  static std::size_t Index(int seat) { return static_cast<std::size_t>(seat); }
  void ClearVotes();

  std::vector<bool> awaited_;  // as last noted
  std::vector<v1::AbsentVote> votes_;
  std::vector<bool> skipped_;  // by a carried vote, until the player returns
};

}  // namespace carc::server
