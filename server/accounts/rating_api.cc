#include "accounts/rating_api.h"

#include <charconv>
#include <string>

#include "accounts/api_json.h"
#include "net/percent_decode.h"
#include "ratings/computer_ratings.h"
#include "ratings/weng_lin.h"
#include "store/rating_rows.h"

namespace carc::server::accounts {
namespace {

constexpr std::string_view kLeaderboard = "/api/leaderboard";
constexpr std::int64_t kDay = 86400;

nlohmann::json RatingJson(const ratings::Rating& r) {
  return {{"mu", r.mu}, {"sigma", r.sigma}, {"rating", ratings::Displayed(r)}};
}

// The page a query asks for (1 when it names none), or nullopt for one outside 1..kMaxPage.
std::optional<int> PageOf(const std::map<std::string, std::string>& query) {
  const auto it = query.find("page");
  if (it == query.end()) return 1;
  int page = 0;
  const std::string& text = it->second;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), page);
  if (ec != std::errc() || end != text.data() + text.size() || page < 1 || page > kMaxPage) {
    return std::nullopt;
  }
  return page;
}

}  // namespace

RatingApi::RatingApi(store::RatingStore* ratings, AccountApi& accounts)
    : ratings_(ratings), accounts_(accounts) {}

bool RatingApi::Handles(const ApiRequest& request) {
  return Path(request.target) == kLeaderboard;
}

void RatingApi::Serve(ApiRequest request, ApiReply reply) {
  if (request.method != "GET" && request.method != "HEAD") return reply(NotAllowed("GET, HEAD"));
  if (ratings_ == nullptr) return reply(Error(503, "this server keeps no ratings"));
  accounts_.OnReadWorker(
      request, std::move(reply),
      [this](const ApiRequest& r, const ApiReply& done) { Leaderboard(r, done); });
}

void RatingApi::Leaderboard(const ApiRequest& request, const ApiReply& reply) {
  const auto query = TargetQuery(request.target);
  if (!query) return reply(Error(400, "the query has a bad percent escape"));
  const auto pool = query->find("pool");
  const std::string name = pool == query->end() ? "base" : pool->second;
  if (!store::IsRatingPool(name)) {
    return reply(Error(400, "pool must be base, count or castle", "pool"));
  }
  const auto page = PageOf(*query);
  if (!page) {
    return reply(
        Error(400, "page must be a whole number from 1 to " + std::to_string(kMaxPage), "page"));
  }
  const int offset = (*page - 1) * kPerPage;
  // One more than a page: whether another follows, without counting them all.
  const auto rows = ratings_->Leaderboard(
      {name, kMinGames, accounts_.Now() - kActiveDays * kDay, offset, kPerPage + 1});
  nlohmann::json players = nlohmann::json::array();
  for (std::size_t i = 0; i < rows.size() && i < static_cast<std::size_t>(kPerPage); ++i) {
    nlohmann::json row = RatingJson(rows[i].rating);
    row["rank"] = offset + static_cast<int>(i) + 1;
    row["name"] = rows[i].name;
    row["games"] = rows[i].games;
    players.push_back(std::move(row));
  }
  // The computer players' fixed ratings in the pool: where the listed players stand.
  nlohmann::json computers = nlohmann::json::array();
  for (const ratings::Yardstick& y : ratings::PoolYardsticks(name)) {
    nlohmann::json c = RatingJson(y.rating);
    c["level"] = y.name;
    computers.push_back(std::move(c));
  }
  reply(Json(200, {{"pool", name},
                   {"page", *page},
                   {"per_page", kPerPage},
                   {"min_games", kMinGames},
                   {"active_days", kActiveDays},
                   {"players", players},
                   {"more", rows.size() > static_cast<std::size_t>(kPerPage)},
                   {"computers", computers}}));
}

nlohmann::json RatingApi::PlayerRatings(std::int64_t account) {
  nlohmann::json out = nlohmann::json::array();
  if (ratings_ == nullptr) return out;
  for (const store::PoolRating& p : ratings_->Ratings(account)) {
    nlohmann::json history = nlohmann::json::array();
    for (const store::RatingHistoryRow& h :
         ratings_->RatingHistory(account, p.pool, kRatingHistory)) {
      history.push_back({{"game_id", h.game_id},
                         {"room", h.code},
                         {"at", h.at},
                         {"place", h.place},
                         {"left", h.left},
                         {"before", RatingJson(h.before)},
                         {"after", RatingJson(h.after)}});
    }
    nlohmann::json pool = RatingJson(p.rating);
    pool["pool"] = p.pool;
    pool["games"] = p.games;
    pool["last_game_at"] = p.last_game_at;
    pool["provisional"] = p.games < kMinGames;
    const auto above = ratings::StrongerThan(p.pool, ratings::Displayed(p.rating));
    pool["stronger_than"] = above ? nlohmann::json(std::string(*above)) : nlohmann::json(nullptr);
    pool["history"] = std::move(history);
    out.push_back(std::move(pool));
  }
  return out;
}

}  // namespace carc::server::accounts
