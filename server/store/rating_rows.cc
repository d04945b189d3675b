#include "store/rating_rows.h"

#include <algorithm>

#include "ratings/farming_guard.h"

namespace carc::server::store {

bool IsRatingPool(std::string_view pool) {
  return std::find(std::begin(kRatingPools), std::end(kRatingPools), pool) !=
         std::end(kRatingPools);
}

std::vector<RatingChange> RateArchivedGame(const ArchivedGame& game, const CurrentRating& current,
                                           const GamesTogether& together) {
  constexpr double kDay = 86400.0;
  const ratings::FarmingRules rules;
  std::vector<ratings::Standing> standings;
  std::vector<ratings::FarmingFacts> facts;
  std::vector<std::int64_t> account_of;  // by standing, 0 for a fixed one
  std::vector<ratings::FinalScore> finals;
  std::vector<RatingChange> changes;
  std::vector<std::size_t> change_of;  // the standing of each change
  std::vector<StoredRating> kept_of;   // the kept rating of each change
  for (std::size_t seat = 0; seat < game.players.size(); ++seat) {
    const ArchivedPlayer& p = game.players[seat];
    if (p.fixed_rating) {
      standings.push_back({*p.fixed_rating, 0, true});
      finals.push_back({p.score, p.left});
      facts.push_back({true, 0, 0});
      account_of.push_back(0);
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
    kept_of.push_back(*kept);
    standings.push_back({before, 0, false});
    finals.push_back({p.score, p.left});
    facts.push_back({false, kept->games, p.moves});
    account_of.push_back(p.account);
    changes.push_back({static_cast<int>(seat), p.account, 0, p.left, before, {}, kept->games + 1});
  }
  if (standings.size() < 2) return {};
  const std::vector<int> places = ratings::PlacesFromScores(finals);
  for (std::size_t i = 0; i < standings.size(); ++i) standings[i].place = places[i];
  for (std::size_t c = 0; c < changes.size(); ++c) changes[c].place = places[change_of[c]];
  if (!ratings::CountsAsRated(facts, rules)) {
    // Unrated, but a player who left it left a rated game (the fair-play limit counts those).
    std::vector<RatingChange> left;
    for (std::size_t c = 0; c < changes.size(); ++c) {
      if (!changes[c].left) continue;
      RatingChange noted = changes[c];
      noted.before = noted.after = kept_of[c].rating;  // as kept: not even idleness applies
      noted.games = kept_of[c].games;
      noted.counted = false;
      left.push_back(noted);
    }
    return left;
  }
  const auto since =
      game.finished_at - static_cast<std::int64_t>(rules.window_days * static_cast<double>(kDay));
  const ratings::Damping damping = ratings::FarmingDamping(
      facts,
      [&](std::size_t i, std::size_t q) { return together(account_of[i], account_of[q], since); },
      rules);
  const std::vector<ratings::Rating> after = ratings::RateGame(standings, damping);
  for (std::size_t c = 0; c < changes.size(); ++c) changes[c].after = after[change_of[c]];
  return changes;
}

}  // namespace carc::server::store
