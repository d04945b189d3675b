#include "accounts/fair_play.h"

namespace carc::server::accounts {

std::int64_t BarUntil(const std::vector<std::int64_t>& left_at, const FairPlayLimit& limit,
                      std::int64_t now) {
  if (limit.games <= 0) return 0;
  const std::int64_t window = std::int64_t{limit.days} * 86400;
  std::vector<std::int64_t> recent;
  for (const std::int64_t at : left_at) {
    if (at > now - window) recent.push_back(at);
  }
  const auto games = static_cast<std::size_t>(limit.games);
  if (recent.size() < games) return 0;
  // The bar lasts until so many have aged out of the window that fewer than `games` are left.
  return recent[recent.size() - games] + window;
}

std::int64_t RatedBarUntil(store::RatingStore& ratings, std::int64_t account,
                           const FairPlayLimit& limit, std::int64_t now) {
  if (limit.games <= 0) return 0;
  const std::int64_t window = std::int64_t{limit.days} * 86400;
  return BarUntil(ratings.AbandonedGames(account, now - window).since, limit, now);
}

}  // namespace carc::server::accounts
