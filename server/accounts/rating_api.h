// Ratings over HTTP (docs/protocol.md, "Ratings"; the model: docs/ratings.md):
//   GET /api/leaderboard?pool=P&page=N  anyone: 200 {"pool", "page", "per_page", "min_games",
//       "active_days", "players": [{"rank", "name", "games", "mu", "sigma", "rating"}], "more"}:
//       the pool's players with at least kMinGames rated games, the last within kActiveDays,
//       best first; 400 {"error", "field"} for an unknown pool or a page outside 1..kMaxPage.
// and each player's ratings, which the profile (accounts/profile_api.h) adds as "ratings".
//
// Contract: Serve runs on a network thread and only routes there; the store is read on the
// account API's reads workers. PlayerRatings reads the store: call it on a worker.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "accounts/account_api.h"
#include "net/http_api.h"
#include "store/rating_store.h"

namespace carc::server::accounts {

inline constexpr int kMinGames = 5;     // a leaderboard's players; fewer: provisional
inline constexpr int kActiveDays = 90;  // a leaderboard's players played within
inline constexpr int kPerPage = 50;
inline constexpr int kMaxPage = 200;  // 10,000 places: deeper pages cost the store more
inline constexpr int kRatingHistory = 50;

class RatingApi {
 public:
  // `ratings` may be nullptr (a store that keeps none): the leaderboard answers 503.
  RatingApi(store::RatingStore* ratings, AccountApi& accounts);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  // The account's "ratings" of its profile: per pool its rating and the newest kRatingHistory
  // changes; an empty array for a store that keeps none.
  nlohmann::json PlayerRatings(std::int64_t account);

 private:
  void Leaderboard(const ApiRequest& request, const ApiReply& reply);

  store::RatingStore* ratings_;
  AccountApi& accounts_;
};

}  // namespace carc::server::accounts
