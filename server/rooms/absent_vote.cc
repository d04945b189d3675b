#include "rooms/absent_vote.h"

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

}  // namespace carc::server
