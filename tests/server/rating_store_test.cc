// The ratings a store keeps (store/rating_store.h, store/rating_rows.h), checked the same way
// against the SQLite file and PostgreSQL: a rated game rated in the archive's transaction and
// never twice, the update the model computes, computer players' fixed ratings, places for
// those who left, idleness, the leaderboard's filters and order, deletion's erasure, and the
// rated games an account left (the fair-play limit's count).
#include <catch2/catch.hpp>

#include <cmath>

#include "ratings/farming_guard.h"
#include "ratings/weng_lin.h"
#include "store/account_store.h"
#include "store/postgres_store.h"
#include "store/rating_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

namespace {

#define RATING_CONTRACT(name, check)                                                            \
  TEST_CASE("rating store, sqlite: " name, "[store][ratings]") {                                \
    auto store = cs::OpenSqliteStore(cs::StorePath(test::NewDataDir()), cs::Durability::kFull); \
    REQUIRE(store->ratings() != nullptr);                                                       \
    check(*store);                                                                              \
  }                                                                                             \
  TEST_CASE("rating store, postgres: " name, "[store][ratings][postgres]") {                    \
    auto store = cs::OpenPostgresStore(test::NewPostgresDatabase(), cs::Durability::kFull);     \
    REQUIRE(store->ratings() != nullptr);                                                       \
    check(*store);                                                                              \
  }

constexpr std::int64_t kDay = 86400;

cs::ArchivedGame RatedGame(cs::EventStore& store, std::int64_t at, const std::string& pool,
                           std::vector<cs::ArchivedPlayer> players) {
  cs::ArchivedGame g;
  g.code = "G" + std::to_string(at);
  g.id = store.CreateRoom(g.code, "created");
  g.finished_at = at;
  g.players = std::move(players);
  // Long enough to be rated (ratings/farming_guard.h); the farming tests set their own.
  for (cs::ArchivedPlayer& p : g.players) p.moves = ratings::FarmingRules{}.min_moves;
  g.game = pool == "castle" ? "castle" : "base";
  g.rated_pool = pool;
  return g;
}

void Same(const ratings::Rating& a, const ratings::Rating& b) {
  CHECK(a.mu == Approx(b.mu).epsilon(1e-12));
  CHECK(a.sigma == Approx(b.sigma).epsilon(1e-12));
}

void RatedOnceWithTheArchive(cs::EventStore& store) {
  cs::AccountStore& a = *store.accounts();
  cs::RatingStore& r = *store.ratings();
  const auto ada = *a.CreateAccount("Ada", "ada", "h", 0);
  const auto bob = *a.CreateAccount("Bob", "bob", "h", 0);
  const ratings::Rating hard{31.5, 1.2};
  auto game = RatedGame(
      store, 1000, "base",
      {{"Ada", 80, ada}, {"Bob", 62, bob}, {"hard", 70, 0, "", false, hard}, {"guest", 99, 0}});
  store.Archive(game);
  // The model's update with the farming guards: the guest is left out, the computer counts and
  // does not move, and each new player counts a sixth of a game for the other.
  const std::vector<ratings::Standing> standings = {{{}, 0}, {{}, 2}, {hard, 1, true}};
  const std::vector<ratings::FarmingFacts> facts = {{false, 0, 6}, {false, 0, 6}, {true, 0, 0}};
  const auto want = ratings::RateGame(
      standings, ratings::FarmingDamping(facts, [](std::size_t, std::size_t) { return 0; }));
  const auto changes = r.GameRatings(game.id);
  REQUIRE(changes.size() == 2);  // the accounts' seats only
  CHECK(changes[0].seat == 0);
  CHECK(changes[0].place == 0);
  CHECK(changes[0].code == game.code);
  CHECK(changes[0].pool == "base");
  CHECK(changes[0].at == 1000);
  Same(changes[0].before, ratings::Rating{});
  Same(changes[0].after, want[0]);
  CHECK(changes[1].seat == 1);
  CHECK(changes[1].place == 2);
  Same(changes[1].after, want[1]);
  const auto adas = r.Ratings(ada);
  REQUIRE(adas.size() == 1);
  CHECK(adas[0].pool == "base");
  CHECK(adas[0].games == 1);
  CHECK(adas[0].last_game_at == 1000);
  Same(adas[0].rating, want[0]);

  // The same game archived again (a restart or a takeover that finishes it again) fails whole:
  // no second update.
  CHECK_THROWS_AS(store.Archive(game), cs::StoreError);
  CHECK(r.GameRatings(game.id).size() == 2);
  CHECK(r.Ratings(ada)[0].games == 1);
  Same(r.Ratings(ada)[0].rating, want[0]);

  // An unrated game changes nothing; a rated one in another pool starts that pool's rating.
  auto plain = RatedGame(store, 1100, "", {{"Ada", 1, ada}, {"Bob", 2, bob}});
  store.Archive(plain);
  CHECK(r.GameRatings(plain.id).empty());
  auto castle = RatedGame(store, 1200, "castle", {{"Bob", 50, bob}, {"Ada", 50, ada}});
  store.Archive(castle);
  const auto tie = r.GameRatings(castle.id);
  REQUIRE(tie.size() == 2);
  CHECK(tie[0].place == 0);
  CHECK(tie[1].place == 0);
  CHECK(r.Ratings(ada).size() == 2);
  CHECK(r.Ratings(ada)[1].pool == "castle");

  // Ten days later: Ada's second base game starts from her rating grown by ten idle days, and
  // Bob, who left the game, is last although he scored more.
  auto next =
      RatedGame(store, 1000 + 10 * kDay, "base", {{"Ada", 10, ada}, {"Bob", 90, bob, "", true}});
  store.Archive(next);
  const auto second = r.GameRatings(next.id);
  REQUIRE(second.size() == 2);
  Same(second[0].before, ratings::AfterIdle(want[0], 10.0));
  CHECK(second[0].place == 0);
  CHECK(second[1].place == 1);
  CHECK(second[1].left);
  // Bob, new and beaten once already, shows nothing past Ada's mu (docs/ratings.md, rule IV):
  // she keeps it; he loses.
  CHECK(second[0].after.mu == second[0].before.mu);
  CHECK(second[1].after.mu < second[1].before.mu);
  CHECK(r.Ratings(ada)[0].games == 2);
  const auto history = r.RatingHistory(ada, "base", 10);
  REQUIRE(history.size() == 2);
  CHECK(history[0].game_id == next.id);  // newest first
  CHECK(history[1].game_id == game.id);
  CHECK(r.RatingHistory(ada, "base", 1).size() == 1);
  CHECK(r.RatingHistory(ada, "count", 10).empty());
}
RATING_CONTRACT("a rated game is rated with its archive and only once", RatedOnceWithTheArchive)

void BoardsAndErasure(cs::EventStore& store) {
  cs::AccountStore& a = *store.accounts();
  cs::RatingStore& r = *store.ratings();
  std::vector<cs::AccountId> ids;
  for (const char* name : {"Ann", "Ben", "Cat", "Dan"}) {
    ids.push_back(*a.CreateAccount(name, name, "h", 0));
  }
  // Six games each for Ann, Ben and Cat (Ann always first, Cat always last); Dan plays two.
  std::int64_t at = 100 * kDay;
  for (int i = 0; i < 6; ++i) {
    at += 60;
    store.Archive(RatedGame(store, at, "base",
                            {{"Ann", 90, ids[0]}, {"Ben", 60, ids[1]}, {"Cat", 30, ids[2]}}));
  }
  for (int i = 0; i < 2; ++i) {
    at += 60;
    store.Archive(RatedGame(store, at, "base", {{"Dan", 90, ids[3]}, {"Cat", 10, ids[2]}}));
  }
  cs::BoardQuery q{"base", 5, 0, 0, 50};
  auto board = r.Leaderboard(q);
  REQUIRE(board.size() == 3);  // Dan has fewer than 5 games
  CHECK(board[0].name == "Ann");
  CHECK(board[1].name == "Ben");
  CHECK(board[2].name == "Cat");
  CHECK(board[0].games == 6);
  CHECK(board[2].games == 8);
  CHECK(ratings::Conservative(board[0].rating) > ratings::Conservative(board[1].rating));
  q.min_games = 1;
  CHECK(r.Leaderboard(q).size() == 4);
  q.offset = 1;
  q.limit = 2;
  board = r.Leaderboard(q);
  REQUIRE(board.size() == 2);
  CHECK(board[0].name != "Ann");
  // Only those active since: Cat and Dan played last.
  q = {"base", 1, at - 119, 0, 50};
  board = r.Leaderboard(q);
  REQUIRE(board.size() == 2);
  CHECK((board[0].name == "Dan" || board[1].name == "Dan"));
  CHECK(r.Leaderboard({"castle", 0, 0, 0, 50}).empty());

  // Deleting Ann erases her ratings and her rating history; the others' stay.
  const auto first = r.RatingHistory(ids[0], "base", 1);
  REQUIRE(first.size() == 1);
  REQUIRE(a.DeleteAccount(ids[0], "Deleted player", {}));
  CHECK(r.Ratings(ids[0]).empty());
  CHECK(r.RatingHistory(ids[0], "base", 10).empty());
  const auto left = r.GameRatings(first[0].game_id);
  REQUIRE(left.size() == 2);
  CHECK(left[0].seat == 1);
  CHECK(r.Leaderboard({"base", 5, 0, 0, 50}).size() == 2);
  // A game archived after the deletion, still naming her account: her seat is not rated.
  auto late = RatedGame(store, at + 60, "base", {{"Ann", 90, ids[0]}, {"Ben", 60, ids[1]}});
  store.Archive(late);
  CHECK(r.GameRatings(late.id).empty());
}
RATING_CONTRACT("leaderboards filter and order players, and deletion erases ratings",
                BoardsAndErasure)

void AbandonedCounted(cs::EventStore& store) {
  cs::AccountStore& a = *store.accounts();
  cs::RatingStore& r = *store.ratings();
  const auto ada = *a.CreateAccount("Ada", "ada", "h", 0);
  const auto bob = *a.CreateAccount("Bob", "bob", "h", 0);
  CHECK(r.AbandonedGames(ada, 0).total == 0);
  // Ada leaves the games ending at days 1, 3 and 5, and plays day 2's to the end.
  for (const std::int64_t day : {1, 2, 3, 5}) {
    const bool left = day != 2;
    store.Archive(RatedGame(store, day * kDay, "base",
                            {{"Ada", 10, ada, "", left}, {"Bob", 20, bob, "", false}}));
  }
  const auto all = r.AbandonedGames(ada, 0);
  CHECK(all.total == 3);
  CHECK(all.since == std::vector<std::int64_t>{kDay, 3 * kDay, 5 * kDay});
  const auto recent = r.AbandonedGames(ada, 3 * kDay);
  CHECK(recent.total == 3);
  CHECK(recent.since == std::vector<std::int64_t>{3 * kDay, 5 * kDay});
  CHECK(r.AbandonedGames(bob, 0).total == 0);
  CHECK(r.AbandonedGames(bob, 0).since.empty());
}

RATING_CONTRACT("the rated games an account left are counted, and dated", AbandonedCounted)

}  // namespace
