// The guards against rating farming (ratings/farming_guard.h, docs/ratings.md "Farming"): each
// rule on its own, then the attack review's three farming scenarios replayed through the SQLite
// store's archive, as rated games reach it. Each scenario is also replayed through the bare model
// (no guards), which farms past the medium computer: the figures are the ones docs/ratings.md
// quotes (`server_tests "rating farming*" -s` prints them).
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ratings/computer_ratings.h"
#include "ratings/farming_guard.h"
#include "ratings/weng_lin.h"
#include "store/account_store.h"
#include "store/rating_store.h"
#include "store/sqlite_store.h"
#include "test_server.h"

namespace carc::test::rating_farming {
namespace {

namespace cs = carc::server::store;
using ratings::Damping;
using ratings::FarmingFacts;
using ratings::Rating;
using ratings::Standing;

constexpr std::int64_t kDay = 86400;
const auto kNever = [](std::size_t, std::size_t) { return 0; };

int Medium() {
  return ratings::Displayed(*ratings::ComputerRating("base", "mcts@250"));
}
Rating Easy() {
  return *ratings::ComputerRating("base", "greedy");
}

// Rated games as the rooms archive them, into a real SQLite store.
class Arena {
 public:
  Arena() : store_(cs::OpenSqliteStore(cs::StorePath(NewDataDir()), cs::Durability::kNormal)) {}

  std::int64_t Account(const std::string& name) {
    return *store_->accounts()->CreateAccount(name, name, "h", 0);
  }
  // A game of two at `at`: `winner` (an account) outscores `loser` (an account, or 0 with
  // `computer` its yardstick). `loser_moves`: the loser's own moves; `left`: they resigned.
  void Play(std::int64_t at, std::int64_t winner, std::int64_t loser, int loser_moves = 30,
            bool left = false, std::optional<Rating> computer = std::nullopt) {
    cs::ArchivedPlayer l{"l", 40, loser, "", left, computer};
    l.moves = loser_moves;
    Archive(at, {Player(80, winner), l});
  }
  // A game `computer` wins against the account.
  void Lose(std::int64_t at, std::int64_t account, const Rating& computer) {
    Archive(at, {Player(40, account), cs::ArchivedPlayer{"c", 80, 0, "", false, computer}});
  }
  std::optional<cs::PoolRating> Kept(std::int64_t account) {
    const auto all = store_->ratings()->Ratings(account);
    if (all.empty()) return std::nullopt;
    return all[0];
  }
  int Shown(std::int64_t account) {
    const auto kept = Kept(account);
    return kept ? ratings::Displayed(kept->rating) : 0;
  }

 private:
  static cs::ArchivedPlayer Player(int score, std::int64_t account) {
    cs::ArchivedPlayer p{"p", score, account};
    p.moves = 30;
    return p;
  }
  void Archive(std::int64_t at, std::vector<cs::ArchivedPlayer> players) {
    cs::ArchivedGame g;
    g.code = "F" + std::to_string(++games_);
    g.id = store_->CreateRoom(g.code, "created");
    g.finished_at = at;
    g.game = "base";
    g.rated_pool = "base";
    g.players = std::move(players);
    store_->Archive(g);
  }

  std::unique_ptr<cs::EventStore> store_;
  int games_ = 0;
};

// The bare model's update of a game of two the first player wins.
Rating BareWin(const Rating& winner, const Rating& loser, bool loser_fixed = false) {
  const std::vector<Standing> game = {{winner, 0}, {loser, 1, loser_fixed}};
  return ratings::RateGame(game)[0];
}

TEST_CASE("rating farming: no damping is the model's update exactly", "[ratings]") {
  const std::vector<Standing> game = {{{27.0, 6.0}, 0}, {{}, 1}, {{31.0, 1.0}, 2, true}};
  const auto bare = ratings::RateGame(game);
  const auto undamped = ratings::RateGame(game, Damping{});
  REQUIRE(undamped.size() == bare.size());
  for (std::size_t i = 0; i < bare.size(); ++i) CHECK(undamped[i] == bare[i]);
}

TEST_CASE("rating farming: a game is rated only when every player made 6 moves", "[ratings]") {
  // Rule I.
  const std::vector<FarmingFacts> played = {{false, 0, 6}, {false, 3, 40}, {true, 0, 0}};
  CHECK(ratings::CountsAsRated(played));
  const std::vector<FarmingFacts> resigned_at_once = {{false, 0, 40}, {false, 0, 5}};
  CHECK_FALSE(ratings::CountsAsRated(resigned_at_once));
}

TEST_CASE("rating farming: a provisional or repeated opponent counts for less", "[ratings]") {
  // Rules II and III: weights[i * n + q] is what q counts for i.
  const std::vector<FarmingFacts> players = {{false, 0, 6}, {false, 9, 6}, {true, 0, 0}};
  const auto together = [](std::size_t i, std::size_t q) {
    return (i == 0 && q == 1) || (i == 1 && q == 0) ? 3 : 0;
  };
  const Damping d = ratings::FarmingDamping(players, together);
  REQUIRE(d.weights.size() == 9);
  CHECK(d.weights[0 * 3 + 1] == Approx(1.0 / 4.0));        // established, 4th game together
  CHECK(d.weights[1 * 3 + 0] == Approx(1.0 / 6.0 / 4.0));  // new, and the 4th game together
  CHECK(d.weights[0 * 3 + 2] == Approx(1.0));              // the computer: neither
  CHECK(d.weights[2 * 3 + 0] == Approx(1.0 / 6.0));        // (never used: it does not move)
  CHECK(d.reach == Approx(0.9));
  const std::vector<FarmingFacts> second = {{false, 1, 6}, {false, 4, 6}};
  const Damping e = ratings::FarmingDamping(second, kNever);
  CHECK(e.weights[0 * 2 + 1] == Approx(5.0 / 6.0));  // 4 rated games: still provisional
  CHECK(e.weights[1 * 2 + 0] == Approx(2.0 / 6.0));
}

TEST_CASE("rating farming: a win lifts mu no further than the model's 90% against the loser",
          "[ratings]") {
  // Rule IV: a settled player far above a settled loser gains nothing from beating them; one
  // close to them gains as the model says; a loss is never held back.
  const Rating strong{40.0, 1.0};
  const Rating weak{20.0, 1.0};
  Damping reach;
  reach.reach = 0.9;
  const std::vector<Standing> far = {{strong, 0}, {weak, 1}};
  const auto held = ratings::RateGame(far, reach);
  const auto bare = ratings::RateGame(far);
  CHECK(bare[0].mu > strong.mu);
  CHECK(held[0].mu == strong.mu);  // 20 - 3 + 6.05 ln 9 = 30.3 is below 40: no gain
  CHECK(held[1].mu == bare[1].mu);
  const std::vector<Standing> close = {{{22.0, 1.0}, 0}, {weak, 1}};
  CHECK(ratings::RateGame(close, reach)[0].mu == ratings::RateGame(close)[0].mu);
  // Limited, not refused: a newcomer beating a settled 20 goes up to 17 + c ln 9 at most.
  const std::vector<Standing> newcomer = {{{}, 0}, {weak, 1}};
  const auto first = ratings::RateGame(newcomer, reach)[0];
  const double c = std::sqrt(625.0 / 9.0 + 625.0 / 90000.0 + 1.0 + 2.0 * 625.0 / 36.0);
  CHECK(first.mu > 25.0);
  CHECK(first.mu <= 17.0 + c * std::log(9.0) + 1e-9);
}

TEST_CASE("rating farming: a day of fresh accounts that lose to one player", "[ratings][store]") {
  // The review: six fresh accounts resigning at once took 1000 to 1424; a day of sign-ups from
  // one address (5 an hour) to about 2736. Here 120 accounts, one game each, 12 minutes apart.
  Arena arena;
  const auto farmer = arena.Account("farmer");
  // Resigned at once: no game is rated at all.
  for (int i = 0; i < 6; ++i) {
    arena.Play(1000 + i * 60, farmer, arena.Account("quick" + std::to_string(i)), 0, true);
  }
  CHECK_FALSE(arena.Kept(farmer));
  // Resigned after 6 moves each: rated, with each fresh account counting a sixth of a game.
  Rating bare;
  for (int i = 0; i < 120; ++i) {
    arena.Play(2000 + i * 720, farmer, arena.Account("fresh" + std::to_string(i)), 6, true);
    bare = BareWin(bare, Rating{});
    if (i == 5) {
      INFO("after 6: guarded " << arena.Shown(farmer) << ", bare " << ratings::Displayed(bare));
      CHECK(arena.Shown(farmer) < 1200);
    }
  }
  const int shown = arena.Shown(farmer);
  INFO("fresh accounts, 120 games: guarded " << shown << ", bare model " << ratings::Displayed(bare)
                                             << ", medium computer " << Medium());
  CHECK(ratings::Displayed(bare) > Medium());  // the attack works on the bare model
  CHECK(shown < Medium());
  CHECK(arena.Kept(farmer)->games == 120);
}

TEST_CASE("rating farming: a friend who loses 100 games", "[ratings][store]") {
  // The review: a friend who loses without resigning gave 1906 after 100 games. Played in a day
  // (the repeated-opponent rule) and one a month (the reach alone).
  const auto replay = [](std::int64_t every) {
    Arena arena;
    const auto winner = arena.Account("winner");
    const auto friend_ = arena.Account("friend");
    for (int i = 0; i < 100; ++i) arena.Play(1000 + i * every, winner, friend_);
    return arena.Shown(winner);
  };
  Rating bare;
  Rating loser;
  for (int i = 0; i < 100; ++i) {
    const std::vector<Standing> game = {{bare, 0}, {loser, 1}};
    const auto after = ratings::RateGame(game);
    bare = after[0];
    loser = after[1];
  }
  const int in_a_day = replay(kDay / 100);
  const int monthly = replay(31 * kDay);
  INFO("friend, 100 games: guarded " << in_a_day << " in a day, " << monthly
                                     << " one a month; bare model " << ratings::Displayed(bare)
                                     << ", medium computer " << Medium());
  CHECK(ratings::Displayed(bare) > Medium());
  CHECK(in_a_day < Medium());
  CHECK(monthly < Medium());
}

TEST_CASE("rating farming: beating the easy computer 100 times", "[ratings][store]") {
  // The review: 1896 after 100 games against the fixed easy level (1251).
  Arena arena;
  const auto player = arena.Account("player");
  Rating bare;
  for (int i = 0; i < 100; ++i) {
    arena.Play(1000 + i * 900, player, 0, 0, false, Easy());
    bare = BareWin(bare, Easy(), true);
  }
  const int shown = arena.Shown(player);
  INFO("easy computer, 100 wins: guarded " << shown << ", bare model " << ratings::Displayed(bare)
                                           << ", medium computer " << Medium());
  CHECK(ratings::Displayed(bare) > Medium());
  CHECK(shown < Medium());
  CHECK(shown > ratings::Displayed(Easy()));  // beating it is still worth something
}

TEST_CASE("rating farming: honest play against the medium computer still climbs",
          "[ratings][store]") {
  // The guards' cost to an honest player: a newcomer who beats medium 7 games in 10 (in a fixed
  // order) ends near the rating the model gives that record, unhindered by the reach.
  Arena arena;
  const auto player = arena.Account("player");
  const Rating medium = *ratings::ComputerRating("base", "mcts@250");
  Rating bare;
  for (int i = 0; i < 100; ++i) {
    const bool won = i % 10 < 7;
    if (won) {
      arena.Play(1000 + i * 900, player, 0, 0, false, medium);
      bare = BareWin(bare, medium, true);
    } else {
      const std::vector<Standing> game = {{bare, 1}, {medium, 0, true}};
      bare = ratings::RateGame(game)[0];
      arena.Lose(1000 + i * 900, player, medium);
    }
  }
  const int shown = arena.Shown(player);
  INFO("7 wins in 10 against medium: guarded " << shown << ", bare " << ratings::Displayed(bare));
  CHECK(shown > Medium());
  CHECK(std::abs(shown - ratings::Displayed(bare)) <= 10);
}

}  // namespace
}  // namespace carc::test::rating_farming
