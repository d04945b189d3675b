// The game interface's promises (game.h), checked once for every registered game: random games
// with random options, every step checked. Nothing here knows a game by name; a new game is
// covered as soon as it is in the registry.
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "carc/codec/castle/castle_data.h"
#include "carc/engine/base_game.h"
#include "carc/engine/games.h"

namespace carc::test {
namespace {

using engine::GameSetup;
using engine::Move;
using engine::RejectReason;
using engine::State;

engine::GameRegistry Registry() {
  return engine::StandardGames(codec::DefaultCastleSet());
}

// The values an option's table row lists ("true|false", "c3|c1", "0..3"); rows with values
// written for people ("WxH (1..145)") give what parses.
std::vector<std::string> ValuesOf(const engine::OptionSpec& spec) {
  std::vector<std::string> out;
  std::istringstream in{std::string(spec.values)};
  for (std::string v; std::getline(in, v, '|');) {
    if (const auto dots = v.find(".."); dots != std::string::npos) {
      int lo = 0, hi = 0;
      if (std::istringstream(v.substr(0, dots)) >> lo &&
          std::istringstream(v.substr(dots + 2)) >> hi) {
        for (int i = lo; i <= hi; ++i) out.push_back(std::to_string(i));
      }
    } else {
      out.push_back(v);
    }
  }
  return out;
}

// A setup of `game` with random players and random options; the game may refuse it.
GameSetup RandomSetup(const engine::Game& game, engine::Rng& rng) {
  GameSetup setup;
  const auto span = static_cast<std::uint32_t>(game.max_players() - game.min_players() + 1);
  setup.players = game.min_players() + static_cast<int>(rng.Below(span));
  setup.seed = rng.Next();
  setup.host = static_cast<engine::Seat>(rng.Below(static_cast<std::uint32_t>(setup.players)));
  for (const engine::OptionSpec& spec : game.Options()) {
    const auto values = ValuesOf(spec);
    if (values.empty() || rng.Below(2) == 0) continue;  // half the options keep their default
    setup.options.emplace_back(spec.name,
                               values[rng.Below(static_cast<std::uint32_t>(values.size()))]);
  }
  return setup;
}

std::unique_ptr<State> NewGame(const engine::Game& game, const GameSetup& setup) {
  auto made = game.NewState(setup);
  auto* state = std::get_if<std::unique_ptr<State>>(&made);
  return state != nullptr ? std::move(*state) : nullptr;
}

// Moves that are surely not legal now: each legal move with a field pushed far out, an unknown
// move type, and a move with a field its type does not have.
std::vector<Move> Mangled(const std::vector<Move>& legal) {
  std::vector<Move> out;
  for (std::size_t i = 0; i < legal.size(); i += 5) {
    for (std::size_t a = 0; a < 4; ++a) {
      Move m = legal[i];
      m.args[a] += 100000;
      out.push_back(m);
    }
  }
  out.push_back(Move{250, {}});
  Move extra = legal.front();
  extra.args[3] = 77777;
  out.push_back(extra);
  return out;
}

struct Played {
  std::vector<std::pair<engine::Seat, Move>> log;
  int steps = 0;
};

// One game to its end with uniformly random legal moves (and now and then a Timeout), checking
// every promise of game.h on the way.
Played PlayChecked(const engine::Game& game, State& state, engine::Rng& rng) {
  Played played;
  std::vector<Move> legal;
  while (!state.IsOver()) {
    const engine::Seat seat = state.ToMove();
    INFO(game.name() << " step " << played.steps << " decision " << state.Decision());
    REQUIRE(seat >= 0);
    REQUIRE(seat < state.players());
    REQUIRE_FALSE(state.Decision().empty());
    state.LegalMoves(seat, legal);
    REQUIRE_FALSE(legal.empty());
    const std::uint64_t hash = state.Hash();
    const std::uint64_t seq = state.seq();

    // Only the seat to move has moves, and no other seat may play them.
    for (engine::Seat other = 0; other < state.players(); ++other) {
      if (other == seat) continue;
      CHECK(state.LegalMoves(other).empty());
      CHECK(state.Apply(other, legal.front()) != RejectReason::kNone);
    }
    CHECK(state.Apply(-1, legal.front()) == RejectReason::kNotYourTurn);
    CHECK(state.Apply(state.players(), legal.front()) == RejectReason::kNotYourTurn);
    // Illegal moves are refused and change nothing.
    const std::set<Move> legal_set(legal.begin(), legal.end());
    for (const Move& m : Mangled(legal)) {
      if (legal_set.count(m) > 0) continue;
      INFO("move " << game.MoveText(m));
      CHECK(state.Apply(seat, m) != RejectReason::kNone);
    }
    CHECK(state.Hash() == hash);
    CHECK(state.seq() == seq);
    // Legal moves are accepted, one seq step each (a sample, on copies).
    for (std::size_t i = 0; i < legal.size(); i += 1 + legal.size() / 4) {
      auto copy = state.Clone();
      INFO("move " << game.MoveText(legal[i]));
      CHECK(copy->Apply(seat, legal[i]) == RejectReason::kNone);
      CHECK(copy->seq() == seq + 1);
    }
    // A copy is the same game, and determinizing it hides nothing the seat sees.
    auto copy = state.Clone();
    CHECK(copy->Hash() == hash);
    CHECK(copy->SameView(state, seat));
    copy->Determinize(seat, rng);
    CHECK(copy->SameView(state, seat));
    CHECK(copy->LegalMoves(seat) == legal);
    // What Determinize draws depends on the view alone: from two states the seat sees alike
    // (the copy now holds other secrets), the same generator makes the same state.
    {
      auto x = state.Clone();
      const std::uint64_t draw = rng.Next();
      engine::Rng rx(draw), ry(draw);
      x->Determinize(seat, rx);
      copy->Determinize(seat, ry);
      CHECK(x->Hash() == copy->Hash());
    }
    // The projection adds what final scoring would: never less than the scores so far.
    const std::vector<int> projected = state.ProjectedScores();
    REQUIRE(projected.size() == static_cast<std::size_t>(state.players()));
    for (engine::Seat s = 0; s < state.players(); ++s) CHECK(projected[s] >= state.Score(s));
    CHECK(state.Hash() == hash);

    Move move = legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
    if (rng.Below(40) == 0) move = Move{engine::kTimeoutMove, {}};
    REQUIRE(state.Apply(seat, move) == RejectReason::kNone);
    CHECK(state.seq() == seq + 1);
    played.log.emplace_back(seat, move);
    ++played.steps;
  }
  CHECK(state.Decision().empty());
  CHECK(state.ToMove() == -1);
  CHECK(state.LegalMoves(0).empty());
  CHECK_FALSE(state.Winners().empty());
  CHECK(state.ProjectedScores() == state.Scores());
  CHECK(state.Apply(0, Move{engine::kResignMove, {}}) == RejectReason::kGameOver);
  return played;
}

}  // namespace

TEST_CASE("every registered game keeps the game interface's promises in random games") {
  const auto registry = Registry();
  REQUIRE(registry.All().size() >= 2);
  engine::Rng rng(20261125);
  for (const engine::Game* game : registry.All()) {
    int played = 0;
    int refused = 0;
    while (played < 12) {
      const GameSetup setup = RandomSetup(*game, rng);
      auto state = NewGame(*game, setup);
      if (state == nullptr) {
        REQUIRE(++refused < 200);  // random options may clash; most setups must make a game
        continue;
      }
      INFO(game->name() << " game " << played << " players " << setup.players);
      REQUIRE(state->players() == setup.players);
      const Played log = PlayChecked(*game, *state, rng);
      // A game is its setup and its moves: replayed, it ends in the same state.
      auto replay = NewGame(*game, setup);
      REQUIRE(replay);
      for (const auto& [seat, move] : log.log) {
        REQUIRE(replay->Apply(seat, move) == RejectReason::kNone);
      }
      CHECK(replay->Hash() == state->Hash());
      CHECK(replay->Scores() == state->Scores());
      CHECK(replay->seq() == static_cast<std::uint64_t>(log.steps));
      ++played;
    }
  }
}

TEST_CASE("the same setup and moves give the same game, and a seed changes the secrets") {
  const auto registry = Registry();
  for (const engine::Game* game : registry.All()) {
    GameSetup setup;
    setup.players = game->min_players();
    setup.seed = 99;
    auto a = NewGame(*game, setup);
    auto b = NewGame(*game, setup);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->Hash() == b->Hash());
    setup.seed = 100;
    auto c = NewGame(*game, setup);
    REQUIRE(c);
    CHECK(c->Hash() != a->Hash());
  }
}

TEST_CASE("a setup a game cannot play is refused with a reason") {
  const auto registry = Registry();
  for (const engine::Game* game : registry.All()) {
    INFO(game->name());
    GameSetup setup;
    setup.players = game->max_players() + 1;
    auto made = game->NewState(setup);
    REQUIRE(std::holds_alternative<std::string>(made));
    CHECK_FALSE(std::get<std::string>(made).empty());
    setup.players = game->min_players();
    setup.options = {{"no_such_option", "1"}};
    made = game->NewState(setup);
    REQUIRE(std::holds_alternative<std::string>(made));
    CHECK(std::get<std::string>(made).find("no_such_option") != std::string::npos);
    for (const engine::OptionSpec& spec : game->Options()) {
      setup.options = {{std::string(spec.name), "not a value"}};
      CHECK(std::holds_alternative<std::string>(game->NewState(setup)));
    }
  }
}

TEST_CASE("the registry holds each game once and finds it by name") {
  auto registry = Registry();
  for (const engine::Game* game : registry.All()) {
    CHECK(registry.Find(game->name()) == game);
    CHECK(game->min_players() >= 1);
    CHECK(game->min_players() <= game->max_players());
  }
  CHECK(registry.Find("no such game") == nullptr);
  const std::size_t before = registry.All().size();
  CHECK_FALSE(registry.Add(engine::MakeBaseGame()));  // the name is taken
  CHECK_FALSE(registry.Add(nullptr));
  CHECK(registry.All().size() == before);
}

}  // namespace carc::test
