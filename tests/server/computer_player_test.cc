// The computer players' levels and their one promise beyond playing well: a choice depends only
// on what the seat sees (V-2), at every level and thread count.
#include <catch2/catch.hpp>

#include "bots/bot_level.h"
#include "bots/computer_player.h"
#include "carc/codec/castle/castle_data.h"
#include "carc/engine/games.h"
#include "carc/engine/random_agent.h"

namespace carc::test {
namespace {

using bots::BotKind;
using bots::BotLevel;

std::unique_ptr<engine::State> MidGame(const engine::Game& game, std::uint64_t seed) {
  engine::GameSetup setup;
  setup.players = 2;
  setup.seed = seed;
  auto state = std::move(std::get<std::unique_ptr<engine::State>>(game.NewState(setup)));
  engine::RandomAgent random(seed);
  while (state->seq() < 9 || state->LegalMoves(state->ToMove()).size() < 2) {
    const engine::Seat seat = state->ToMove();
    REQUIRE(state->Apply(seat, random.Choose(*state)) == engine::RejectReason::kNone);
  }
  return state;
}

}  // namespace

TEST_CASE("bot levels parse from their text forms and refuse everything else") {
  using std::chrono::milliseconds;
  CHECK(bots::ParseBotLevel("random") == BotLevel{BotKind::kRandom, {}});
  CHECK(bots::ParseBotLevel("greedy") == BotLevel{BotKind::kGreedy, {}});
  CHECK(bots::ParseBotLevel("easy") == BotLevel{BotKind::kGreedy, {}});
  CHECK(bots::ParseBotLevel("mcts") == BotLevel{BotKind::kMcts, milliseconds(1000)});
  CHECK(bots::ParseBotLevel("hard") == BotLevel{BotKind::kMcts, milliseconds(1000)});
  CHECK(bots::ParseBotLevel("medium") == BotLevel{BotKind::kMcts, milliseconds(250)});
  CHECK(bots::ParseBotLevel("mcts@10") == BotLevel{BotKind::kMcts, milliseconds(10)});
  CHECK(bots::ParseBotLevel("mcts@60000") == BotLevel{BotKind::kMcts, milliseconds(60000)});
  for (const std::string& bad : std::vector<std::string>{
           "", "mcts@", "mcts@9", "mcts@60001", "mcts@-1", "mcts@+50", "mcts@1e3", "mcts@ 50",
           "mcts@50ms", "mcts@0000000050", "MCTS", "Random", "greedy ", std::string(10000, 'x'),
           std::string("mcts\0@50", 8)}) {
    INFO(bad);
    CHECK_FALSE(bots::ParseBotLevel(bad).has_value());
  }
  CHECK(bots::LevelText(*bots::ParseBotLevel("medium")) == "mcts@250");
  CHECK(bots::LevelText(*bots::ParseBotLevel("easy")) == "greedy");
}

TEST_CASE("V-2 a computer player's choice depends only on its seat's view") {
  const auto registry = engine::StandardGames(codec::DefaultCastleSet());
  for (const engine::Game* game : registry.All()) {
    const auto state = MidGame(*game, 21);
    const engine::Seat seat = state->ToMove();
    auto other = state->Clone();
    engine::Rng reshuffle(3);
    other->Determinize(seat, reshuffle);
    REQUIRE(other->SameView(*state, seat));
    REQUIRE(other->Hash() != state->Hash());
    for (const char* level : {"random", "greedy", "mcts@60000"}) {
      INFO(game->name() << " " << level);
      // mcts on a budget of time runs a varying number of iterations: it is stopped by count
      // here (the cancellation predicate, long before its minute), so both searches are the
      // same length.
      const auto run = [&](const engine::State& s) {
        bots::ComputerPlayer player(*bots::ParseBotLevel(level), 42);
        int asks = 0;
        return player.Choose(s, [&] { return ++asks > 8; });
      };
      const bots::Choice a = run(*state), b = run(*other);
      CHECK(a.move == b.move);
      CHECK(a.iterations == b.iterations);
      auto copy = state->Clone();
      CHECK(copy->Apply(seat, a.move) == engine::RejectReason::kNone);
    }
  }
}

TEST_CASE("mcts on several threads merges their searches and stops when cancelled") {
  const auto registry = engine::StandardGames(codec::DefaultCastleSet());
  const auto state = MidGame(*registry.Find("base"), 5);
  bots::ComputerPlayer player(*bots::ParseBotLevel("mcts@200"), 1);
  const bots::Choice c = player.Choose(*state, {}, 2);
  CHECK(c.iterations > 0);
  std::uint64_t visits = 0;
  for (const auto& s : c.stats) visits += s.visits;
  CHECK(visits == c.iterations);
  auto copy = state->Clone();
  CHECK(copy->Apply(state->ToMove(), c.move) == engine::RejectReason::kNone);
  // Cancelled from the start: each thread runs only the search's first 16 iterations, whatever
  // the budget, and the answer is still a legal move.
  bots::ComputerPlayer patient(*bots::ParseBotLevel("mcts@60000"), 1);
  const bots::Choice cancelled = patient.Choose(
      *state, [] { return true; }, 2);
  CHECK(cancelled.iterations == 2 * 16);
  auto other = state->Clone();
  CHECK(other->Apply(state->ToMove(), cancelled.move) == engine::RejectReason::kNone);
}

}  // namespace carc::test
