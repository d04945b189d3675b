// The ratings API on its own (accounts/rating_api.h), with no socket or server: a store of
// ratings in memory stands behind it, so the test sees the query the API asks the store and
// every answer it makes of the rows: paging and ranks, the leaderboard's filters, refusals of
// bad queries, a failing or busy store, and a player's ratings with their history.
#include <catch2/catch.hpp>

#include "accounts/account_api.h"
#include "accounts/rating_api.h"
#include "api_call.h"
#include "net/api_workers.h"
#include "store/event_store.h"

using namespace carc;
using nlohmann::json;
namespace cs = carc::server::store;

namespace {

constexpr std::int64_t kNow = 1'800'000'000;

// Best first, as the store orders them: player i has mu 40 - i / 10.
class MemoryRatings final : public cs::RatingStore {
 public:
  explicit MemoryRatings(int players) {
    for (int i = 0; i < players; ++i) {
      board_.push_back({"P" + std::to_string(i), {40.0 - i / 10.0, 2.0}, 5 + i % 3});
    }
  }

  std::vector<cs::PoolRating> Ratings(std::int64_t account) override {
    if (account != 7) return {};
    return {{"base", {31.0, 2.5}, 12, kNow - 3600}, {"castle", {26.0, 6.0}, 2, kNow - 86400}};
  }
  std::vector<cs::RatingHistoryRow> RatingHistory(std::int64_t account, const std::string& pool,
                                                  int limit) override {
    history_limit = limit;
    if (account != 7) return {};
    if (pool == "castle") {
      return {{41, "CAST2", "castle", kNow - 86400, 1, 0, false, {25.0, 7.0}, {26.0, 6.0}},
              {40, "CAST1", "castle", kNow - 90000, 0, 1, true, {25.0, 8.3}, {25.0, 7.0}}};
    }
    return {{39, "BASE9", "base", kNow - 3600, 2, 3, true, {31.5, 2.6}, {31.0, 2.5}}};
  }
  std::vector<cs::RatingHistoryRow> GameRatings(std::int64_t) override { return {}; }
  Abandoned AbandonedGames(std::int64_t, std::int64_t) override { return {}; }
  std::vector<cs::BoardEntry> Leaderboard(const cs::BoardQuery& query) override {
    if (gate) gate->wait();
    if (failing) throw cs::StoreError("the disk is on fire");
    last = query;
    std::vector<cs::BoardEntry> out;
    for (int i = query.offset;
         i < static_cast<int>(board_.size()) && i < query.offset + query.limit; ++i) {
      out.push_back(board_[static_cast<std::size_t>(i)]);
    }
    return out;
  }

  cs::BoardQuery last;
  bool failing = false;
  std::shared_future<void> const* gate = nullptr;  // the leaderboard waits on it, when set
  int history_limit = 0;

 private:
  std::vector<cs::BoardEntry> board_;
};

struct RatingApiFixture {
  // `per_address`: an address's requests at once. 1 only where the test waits on a refusal: an
  // answer is given by its job, whose share is freed a moment later, so back-to-back requests
  // of one address would otherwise race that moment.
  explicit RatingApiFixture(int players = 0, bool keeps_ratings = true, std::size_t per_address = 8)
      : ratings(players),
        reads(1, 8, per_address),
        api(keeps_ratings ? &ratings : nullptr, accounts) {}
  ~RatingApiFixture() {
    reads.Stop();
    hashing.Stop();
  }

  std::future<server::ApiResponse> Send(const std::string& method, const std::string& target,
                                        const std::string& client = "192.0.2.1") {
    return test::Served(api, test::ApiCall(method, target, "", client));
  }
  server::ApiResponse Get(const std::string& target) { return Send("GET", target).get(); }

  MemoryRatings ratings;
  server::ApiWorkers hashing{1, 4, 4};
  server::ApiWorkers reads;
  server::accounts::AccountApi accounts{nullptr, {}, hashing, reads, [] { return kNow; }};
  server::accounts::RatingApi api;
};

}  // namespace

TEST_CASE("rating api: a leaderboard's pages rank 50 players each and say whether more follow",
          "[ratings][api]") {
  RatingApiFixture f(120);
  const auto first = f.Get("/api/leaderboard");
  REQUIRE(first.status == 200);
  const json page1 = test::ApiBody(first);
  CHECK(page1["pool"] == "base");  // the pool when none is named
  CHECK(page1["page"] == 1);
  CHECK(page1["per_page"] == 50);
  CHECK(page1["min_games"] == 5);
  CHECK(page1["active_days"] == 90);
  CHECK(page1["more"] == true);
  REQUIRE(page1["players"].size() == 50);
  CHECK(page1["players"][0]["rank"] == 1);
  CHECK(page1["players"][0]["name"] == "P0");
  CHECK(page1["players"][0]["mu"] == 40.0);
  CHECK(page1["players"][0]["sigma"] == 2.0);
  CHECK(page1["players"][0]["rating"] == 1000 + 30 * (40 - 6));
  CHECK(page1["players"][0]["games"] == 5);
  CHECK(page1["players"][49]["rank"] == 50);
  // The store is asked for one row more than a page, of active players with 5 games or more.
  CHECK(f.ratings.last.pool == "base");
  CHECK(f.ratings.last.offset == 0);
  CHECK(f.ratings.last.limit == 51);
  CHECK(f.ratings.last.min_games == 5);
  CHECK(f.ratings.last.active_since == kNow - 90 * 86400);
  // The base pool's computer players, weakest first, with their fixed ratings (docs/ratings.md).
  REQUIRE(page1["computers"].size() == 3);
  CHECK(page1["computers"][0]["level"] == "easy");
  CHECK(page1["computers"][0]["rating"] == 1251);
  CHECK(page1["computers"][1]["level"] == "medium");
  CHECK(page1["computers"][1]["rating"] == 1832);
  CHECK(page1["computers"][2]["level"] == "hard");
  CHECK(page1["computers"][2]["rating"] == 1881);
  CHECK(page1["computers"][2]["mu"] == 32.120);
  CHECK(page1["computers"][2]["sigma"] == 0.913);

  const json page3 = test::ApiBody(f.Get("/api/leaderboard?pool=castle&page=3"));
  CHECK(page3["pool"] == "castle");
  CHECK(f.ratings.last.pool == "castle");
  CHECK(f.ratings.last.offset == 100);
  REQUIRE(page3["players"].size() == 20);
  CHECK(page3["players"][0]["rank"] == 101);
  CHECK(page3["players"][0]["name"] == "P100");
  CHECK(page3["players"][19]["rank"] == 120);
  CHECK(page3["more"] == false);
  REQUIRE(page3["computers"].size() == 3);  // The Castle's levels, weakest first
  CHECK(page3["computers"][0]["level"] == "easy");
  CHECK(page3["computers"][2]["rating"] == 1914);
  // A page past the last is empty, not an error.
  const json page9 = test::ApiBody(f.Get("/api/leaderboard?pool=count&page=9"));
  CHECK(page9["players"].empty());
  CHECK(page9["more"] == false);
  // A page of exactly 50 has no more after it.
  RatingApiFixture fifty(50);
  CHECK(test::ApiBody(fifty.Get("/api/leaderboard"))["more"] == false);
}

TEST_CASE("rating api: a bad query is refused with the field it names, and asks the store nothing",
          "[ratings][api][security]") {
  RatingApiFixture f(10);
  const auto refused = [&](const std::string& target, const std::string& field) {
    INFO(target);
    const auto r = f.Get(target);
    CHECK(r.status == 400);
    const json body = test::ApiBody(r);
    CHECK(body.value("field", "") == field);
    CHECK_FALSE(body.value("error", "").empty());
  };
  refused("/api/leaderboard?pool=chess", "pool");
  refused("/api/leaderboard?pool=", "pool");
  refused("/api/leaderboard?pool=BASE", "pool");
  refused("/api/leaderboard?page=0", "page");
  refused("/api/leaderboard?page=201", "page");
  refused("/api/leaderboard?page=-1", "page");
  refused("/api/leaderboard?page=1x", "page");
  refused("/api/leaderboard?page=", "page");
  refused("/api/leaderboard?page=99999999999999999999", "page");
  // A percent escape that is not one.
  const auto escape = f.Get("/api/leaderboard?pool=ba%zzse");
  CHECK(escape.status == 400);
  CHECK(test::ApiBody(escape)["error"] == "the query has a bad percent escape");
  refused("/api/leaderboard?pool=%", "");
  CHECK(f.ratings.last.pool.empty());  // none of them reached the store
  // An escape that is one names the pool like its letters.
  CHECK(f.Get("/api/leaderboard?pool=%63astle").status == 200);
  CHECK(f.ratings.last.pool == "castle");
  CHECK(f.Get("/api/leaderboard?page=200").status == 200);

  const auto posted = f.Send("POST", "/api/leaderboard").get();
  CHECK(posted.status == 405);
  CHECK(posted.allow == "GET, HEAD");
}

TEST_CASE("rating api: a store that keeps no ratings, fails, or is busy answers 503",
          "[ratings][api]") {
  RatingApiFixture none(0, /*keeps_ratings=*/false);
  const auto unkept = none.Get("/api/leaderboard");
  CHECK(unkept.status == 503);
  CHECK(test::ApiBody(unkept)["error"] == "this server keeps no ratings");
  CHECK(none.api.PlayerRatings(7).empty());

  RatingApiFixture f(10);
  f.ratings.failing = true;
  const auto failed = f.Get("/api/leaderboard");
  CHECK(failed.status == 503);
  CHECK(failed.retry_after == 5);
  CHECK(failed.body.find("fire") == std::string::npos);  // the store's words stay in the log
  f.ratings.failing = false;

  // One request of an address at a time (these reads workers): the second waits for nothing,
  // it is refused at once and told to come back.
  RatingApiFixture busy(10, true, /*per_address=*/1);
  std::promise<void> open;
  const std::shared_future<void> gate = open.get_future().share();
  busy.ratings.gate = &gate;
  auto held = busy.Send("GET", "/api/leaderboard");
  const auto refused = busy.Send("GET", "/api/leaderboard").get();
  CHECK(refused.status == 503);
  CHECK(refused.retry_after == 1);
  CHECK(test::ApiBody(refused)["error"].get<std::string>().find("sign") == std::string::npos);
  // Another address is not held up by the first one's share.
  auto other = busy.Send("GET", "/api/leaderboard", "198.51.100.9");
  open.set_value();
  CHECK(held.get().status == 200);
  CHECK(other.get().status == 200);
}

TEST_CASE("rating api: a player's ratings give mu, sigma and each change, newest first",
          "[ratings][api]") {
  RatingApiFixture f;
  const json ratings = f.api.PlayerRatings(7);
  REQUIRE(ratings.size() == 2);
  const json& base = ratings[0];
  CHECK(base["pool"] == "base");
  CHECK(base["mu"] == 31.0);
  CHECK(base["sigma"] == 2.5);
  CHECK(base["rating"] == 1705);  // 1000 + 30 (31 - 7.5), rounded
  CHECK(base["games"] == 12);
  CHECK(base["provisional"] == false);
  CHECK(base["last_game_at"] == kNow - 3600);
  CHECK(base["stronger_than"] == "easy");  // 1705: above easy's 1251, below medium's 1832
  REQUIRE(base["history"].size() == 1);
  CHECK(base["history"][0]["room"] == "BASE9");
  CHECK(base["history"][0]["place"] == 3);
  CHECK(base["history"][0]["left"] == true);
  CHECK(base["history"][0]["before"]["mu"] == 31.5);
  CHECK(base["history"][0]["after"]["rating"] == base["rating"]);
  const json& castle = ratings[1];
  CHECK(castle["pool"] == "castle");
  CHECK(castle["provisional"] == true);      // 2 games: fewer than a leaderboard's 5
  CHECK(castle["stronger_than"] == "easy");  // 1240: above easy's 1184
  REQUIRE(castle["history"].size() == 2);
  CHECK(castle["history"][0]["game_id"] == 41);
  CHECK(castle["history"][1]["left"] == true);
  CHECK(f.ratings.history_limit == server::accounts::kRatingHistory);
  // An account with no rated game has no ratings, not an error.
  CHECK(f.api.PlayerRatings(8).empty());
}
