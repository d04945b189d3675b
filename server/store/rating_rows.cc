#include "store/rating_rows.h"

#include <algorithm>

namespace carc::server::store {

bool IsRatingPool(std::string_view pool) {
  return std::find(std::begin(kRatingPools), std::end(kRatingPools), pool) !=
         std::end(kRatingPools);
}

std::vector<RatingChange> RateArchivedGame(const ArchivedGame& game, const CurrentRating& current) {
  constexpr double kDay = 86400.0;
  std::vector<ratings::Standing> standings;
  std::vector<ratings::FinalScore> finals;
  std::vector<RatingChange> changes;
  std::vector<std::size_t> change_of;  // the standing of each change
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    const ArchivedPlayer& p = game.players[seat];
    if (p.fixed_rating) {
      standings.push_back({*p.fixed_rating, 0, true});
      finals.push_back({p.score, p.left});
      continue;
    }
    if (p.account == 0) continue;
    const std::optional<StoredRating> kept = current(p.account);
    if (!kept) continue;
    const ratings::Rating before =
        kept->games == 0
            ? kept->rating
            : ratings::AfterIdle(kept->rating,
                                 static_cast<double>(game.finished_at - kept->last_game_at) / kDay);
    change_of.push_back(standings.size());
    standings.push_back({before, 0, false});
    finals.push_back({p.score, p.left});
    changes.push_back({static_cast<int>(seat), p.account, 0, p.left, before, {}, kept->games + 1});
  }
  if (standings.size() < 2) return {};
  const std::vector<int> places = ratings::PlacesFromScores(finals);
  for (std::size_t i = 0; i < standings.size(); ++i) standings[i].place = places[i];
  const std::vector<ratings::Rating> after = ratings::RateGame(standings);
  for (std::size_t c = 0; c < changes.size(); ++c) {
    changes[c].place = places[change_of[c]];
    changes[c].after = after[change_of[c]];
  }
  return changes;
}

}  // namespace carc::server::store
