// The vote on absent players (ABANDON_POLICY_VOTE): what the votes cast decide.
//
// Contract: pure; a choice is carried once more than half of the voters have made it, so two
// choices can never both be carried and a lone voter decides alone.
#pragma once

#include <vector>

#include "carc/v1/lobby.pb.h"

namespace carc::server {

// The choice `votes` (one per seat) carry among the seats marked in `voters`, or
// ABSENT_VOTE_UNSPECIFIED while none is carried (or nobody may vote). Votes of seats that are
// not voters do not count.
v1::AbsentVote CarriedVote(const std::vector<v1::AbsentVote>& votes,
                           const std::vector<bool>& voters);

}  // namespace carc::server
