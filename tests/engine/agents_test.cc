// The engine's computer players over the game interface (game.h), for every registered game:
// the greedy player and the information-set tree search play only legal moves, beat the
// random player, and cannot learn a secret (a state the seat sees alike gives the same search).
#include <catch2/catch.hpp>
#include <numeric>

#include "carc/codec/castle/castle_data.h"
#include "carc/engine/agents/greedy_agent.h"
#include "carc/engine/agents/lead.h"
#include "carc/engine/agents/mcts.h"
#include "carc/engine/games.h"
#include "carc/engine/random_agent.h"
#include "sanitized.h"

namespace carc::test {
namespace {

using engine::Move;
using engine::RejectReason;
using engine::State;

engine::GameRegistry Registry() {
  return engine::StandardGames(codec::DefaultCastleSet());
}

std::unique_ptr<State> NewGame(const engine::Game& game, std::uint64_t seed,
                               std::vector<std::pair<std::string, std::string>> options = {}) {
  engine::GameSetup setup;
  setup.players = 2;
  setup.seed = seed;
  setup.options = std::move(options);
  auto made = game.NewState(setup);
  REQUIRE(std::holds_alternative<std::unique_ptr<State>>(made));
  auto state = std::move(std::get<std::unique_ptr<State>>(made));
  state->KeepEvents(false);
  return state;
}

// A game played a few random decisions in, so that the stack holds fewer tiles than at the
// start and the seat to move has a choice.
std::unique_ptr<State> MidGame(const engine::Game& game, std::uint64_t seed) {
  auto state = NewGame(game, seed);
  engine::RandomAgent random(seed);
  for (int i = 0; i < 11 && !state->IsOver(); ++i) {
    const engine::Seat seat = state->ToMove();
    REQUIRE(state->Apply(seat, random.Choose(*state)) == RejectReason::kNone);
  }
  while (state->LegalMoves(state->ToMove()).size() < 2) {
    const engine::Seat seat = state->ToMove();
    REQUIRE(state->Apply(seat, random.Choose(*state)) == RejectReason::kNone);
  }
  return state;
}

// Side 0 is `first` in even games and seat 1 in odd ones; returns side 0's wins.
template <typename ChooseA, typename ChooseB>
int PlayMatch(const engine::Game& game, int games, ChooseA&& a, ChooseB&& b) {
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    auto state = NewGame(game, 500 + static_cast<std::uint64_t>(g));
    const engine::Seat a_seat = g % 2;
    while (!state->IsOver()) {
      const engine::Seat seat = state->ToMove();
      const Move move = seat == a_seat ? a(*state) : b(*state);
      REQUIRE(state->Apply(seat, move) == RejectReason::kNone);
    }
    if (state->Score(a_seat) > state->Score(1 - a_seat)) ++wins;
  }
  return wins;
}

}  // namespace

TEST_CASE("the greedy player beats the random player in every game") {
  const auto registry = Registry();
  for (const engine::Game* game : registry.All()) {
    INFO(game->name());
    engine::GreedyAgent greedy(1);
    engine::RandomAgent random(2);
    const int wins = PlayMatch(
        *game, 6, [&](const State& s) { return greedy.Choose(s); },
        [&](const State& s) { return random.Choose(s); });
    CHECK(wins == 6);
  }
}

TEST_CASE("the greedy player takes the move that leaves it furthest ahead") {
  const auto registry = Registry();
  for (const engine::Game* game : registry.All()) {
    INFO(game->name());
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const auto state = MidGame(*game, seed);
      const engine::Seat seat = state->ToMove();
      engine::GreedyAgent greedy(seed);
      const Move chosen = greedy.Choose(*state);
      // Weighed by hand: its lead after each move, the seat's best next decision included when
      // it decides again at once with nothing new drawn.
      const auto lead_after = [&](const Move& m) {
        auto next = state->Clone();
        REQUIRE(next->Apply(seat, m) == RejectReason::kNone);
        if (next->IsOver() || next->ToMove() != seat ||
            next->Observation() != state->Observation()) {
          return engine::ProjectedLead(*next, seat);
        }
        int best = INT32_MIN;
        for (const Move& n : next->LegalMoves(seat)) {
          auto after = next->Clone();
          REQUIRE(after->Apply(seat, n) == RejectReason::kNone);
          best = std::max(best, engine::ProjectedLead(*after, seat));
        }
        return best;
      };
      int best = INT32_MIN;
      for (const Move& m : state->LegalMoves(seat)) best = std::max(best, lead_after(m));
      CHECK(lead_after(chosen) == best);
    }
  }
}

TEST_CASE("a seat's lead is over the best other seat still playing, for both players") {
  const engine::GameRegistry registry = Registry();
  engine::GameSetup setup;
  setup.players = 3;
  setup.seed = 5;
  auto made = registry.Find("base")->NewState(setup);
  REQUIRE(std::holds_alternative<std::unique_ptr<State>>(made));
  const auto state = std::move(std::get<std::unique_ptr<State>>(made));
  const std::vector<int> scores = {10, 30, 20};
  CHECK(engine::LeadOf(scores, *state, 0) == -20);
  CHECK(engine::LeadOf(scores, *state, 1) == 10);
  CHECK(engine::LeadOf(scores, *state, 2) == -10);
  // A resigned seat is out of the race: its points no longer count against the others.
  REQUIRE(state->Apply(1, Move{engine::kResignMove, {}}) == RejectReason::kNone);
  CHECK(engine::LeadOf(scores, *state, 0) == -10);
  CHECK(engine::LeadOf(scores, *state, 2) == 10);
  REQUIRE(state->Apply(2, Move{engine::kResignMove, {}}) == RejectReason::kNone);
  CHECK(engine::LeadOf(scores, *state, 0) == 10);  // alone: its own score
  // The greedy player's projection uses the same lead.
  CHECK(engine::ProjectedLead(*state, 0) == state->ProjectedScores()[0]);
}

TEST_CASE("the tree search counts every iteration at the root and plays a legal move") {
  const auto registry = Registry();
  for (const engine::Game* game : registry.All()) {
    INFO(game->name());
    const auto state = MidGame(*game, 3);
    engine::MctsSearch search(*state, 9);
    search.Run(300);
    CHECK(search.iterations() == 300);
    const auto stats = search.RootStats();
    CHECK(stats.size() == state->LegalMoves(state->ToMove()).size());
    const auto visits =
        std::accumulate(stats.begin(), stats.end(), std::uint64_t{0},
                        [](std::uint64_t n, const auto& s) { return n + s.visits; });
    CHECK(visits == 300);
    for (const auto& s : stats) {
      CHECK(s.MeanReward() >= 0.0);
      CHECK(s.MeanReward() <= 1.0);
    }
    const Move best = engine::MostVisited(stats);
    auto copy = state->Clone();
    CHECK(copy->Apply(copy->ToMove(), best) == RejectReason::kNone);
    // A stop predicate ends the search at its next look (after every 16 iterations); the first
    // 16 run even when it says stop at once, so that no answer goes without an estimate.
    engine::MctsSearch stopped(*state, 9);
    int asked = 0;
    stopped.Run(1000, [&] { return ++asked > 2; });
    CHECK(stopped.iterations() == 48);
    engine::MctsSearch late(*state, 9);
    late.Run(1000, [] { return true; });
    CHECK(late.iterations() == 16);
    engine::MctsSearch short_run(*state, 9);
    short_run.Run(5, [] { return true; });
    CHECK(short_run.iterations() == 5);
    // Searches of the same root merge move by move.
    const std::vector<std::vector<engine::MoveStats>> both{stats, stopped.RootStats()};
    const auto merged = engine::MergeStats(both);
    REQUIRE(merged.size() == stats.size());
    CHECK(std::accumulate(merged.begin(), merged.end(), std::uint64_t{0},
                          [](std::uint64_t n, const auto& s) { return n + s.visits; }) == 348);
  }
}

TEST_CASE("V-2 the tree search sees only its seat's view: other secrets give the same search") {
  const auto registry = Registry();
  for (const engine::Game* game : registry.All()) {
    INFO(game->name());
    const auto state = MidGame(*game, 4);
    const engine::Seat seat = state->ToMove();
    // The same view with the stack in another order (and other hidden tiles).
    auto other = state->Clone();
    engine::Rng reshuffle(77);
    other->Determinize(seat, reshuffle);
    REQUIRE(other->SameView(*state, seat));
    REQUIRE(other->Hash() != state->Hash());
    engine::MctsSearch a(*state, 5), b(*other, 5);
    a.Run(200);
    b.Run(200);
    const auto sa = a.RootStats(), sb = b.RootStats();
    REQUIRE(sa.size() == sb.size());
    for (std::size_t i = 0; i < sa.size(); ++i) {
      CHECK(sa[i].move == sb[i].move);
      CHECK(sa[i].visits == sb[i].visits);
      CHECK(sa[i].reward == sb[i].reward);
    }
  }
}

TEST_CASE("the tree search beats the greedy player's opponent, the random player") {
  // A few hundred iterations a move already beat random play; the strength against greedy is
  // measured by `carcassonne arena` (docs/benchmarks.md), not here.
  const int iterations = carc::test::kSanitized ? 60 : 200;
  const auto registry = Registry();
  for (const engine::Game* game : registry.All()) {
    INFO(game->name());
    engine::RandomAgent random(8);
    std::uint64_t seed = 0;
    const int wins = PlayMatch(
        *game, 2,
        [&](const State& s) {
          if (s.LegalMoves(s.ToMove()).size() == 1) return s.LegalMoves(s.ToMove()).front();
          engine::MctsSearch search(s, ++seed);
          search.Run(static_cast<std::uint64_t>(iterations));
          return engine::MostVisited(search.RootStats());
        },
        [&](const State& s) { return random.Choose(s); });
    CHECK(wins == 2);
  }
}

}  // namespace carc::test
