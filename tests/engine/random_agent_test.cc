// The generic random player against each game's own: with the same seed they play the same
// games, so benchmarks and selfplay through the game interface keep their signatures.
#include <catch2/catch.hpp>

#include "carc/codec/castle/castle_data.h"
#include "carc/engine/base_game.h"
#include "carc/engine/castle/castle_game.h"
#include "carc/engine/castle/castle_play.h"
#include "carc/engine/games.h"
#include "carc/engine/random_agent.h"
#include "carc/engine/random_player.h"

namespace carc::test {
namespace {

using engine::RandomAgent;
using Moves = std::vector<engine::SeatMove>;

// The agent's moves are the game's own player's commands, seat for seat.
template <typename Logged, typename MoveOfCommand>
void CheckSamePlay(const std::vector<Logged>& log, const Moves& moves, MoveOfCommand move_of) {
  REQUIRE(moves.size() == log.size());
  for (std::size_t i = 0; i < log.size(); ++i) {
    CHECK(moves[i].seat == log[i].seat);
    CHECK(moves[i].move == move_of(log[i].command));
  }
}

}  // namespace

TEST_CASE("B-1..B-20 C-1..C-6 the random agent plays the base game's RandomPlayer games") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    engine::GameConfig config;
    config.players = 2 + static_cast<int>(seed % 5);
    config.seed = seed;
    config.options.count = seed % 2 == 0;
    config.options.hand_size = seed % 7 == 0 ? 2 : 0;
    INFO("seed " << seed);
    engine::GameState own(config);
    engine::RandomPlayer player(seed * 31);
    std::vector<engine::LoggedCommand> log;
    engine::PlayOut(own, player, &log);

    engine::BaseState generic(config);
    RandomAgent agent(seed * 31);
    Moves moves;
    engine::PlayOut(generic, agent, &moves);
    CHECK(generic.game().Hash() == own.Hash());
    CheckSamePlay(log, moves, [](const engine::Command& c) { return engine::MoveOf(c); });
    CHECK(agent.decisions() == moves.size());
  }
}

TEST_CASE("K-1..K-12 the random agent plays The Castle's RandomPlayer games") {
  const auto set = codec::DefaultCastleSet();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    engine::castle::CastleConfig config;
    config.set = set;
    config.seed = seed;
    INFO("seed " << seed);
    engine::castle::CastleState own(config);
    engine::castle::RandomPlayer player(seed * 31);
    std::vector<engine::castle::LoggedCommand> log;
    engine::castle::PlayOut(own, player, &log);

    engine::castle::CastleGameState generic(config);
    RandomAgent agent(seed * 31);
    Moves moves;
    engine::PlayOut(generic, agent, &moves);
    CHECK(generic.game().Hash() == own.Hash());
    CheckSamePlay(log, moves,
                  [](const engine::castle::Command& c) { return engine::castle::MoveOf(c); });
  }
}

TEST_CASE("B-1 K-1 a playout without events plays the same game: only the events are missing") {
  const auto set = codec::DefaultCastleSet();
  const engine::GameRegistry games = engine::StandardGames(set);
  for (const engine::Game* game : games.All()) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      INFO(game->name() << " seed " << seed);
      const engine::GameSetup setup{2, seed, {}, 0};
      auto with = std::get<std::unique_ptr<engine::State>>(game->NewState(setup));
      auto without = std::get<std::unique_ptr<engine::State>>(game->NewState(setup));
      without->KeepEvents(false);
      RandomAgent a(seed);
      RandomAgent b(seed);
      Moves ma;
      Moves mb;
      engine::PlayOut(*with, a, &ma);
      engine::PlayOut(*without, b, &mb);
      CHECK(ma == mb);
      CHECK(with->Hash() == without->Hash());
      CHECK(with->Scores() == without->Scores());
    }
  }
}

}  // namespace carc::test

namespace carc::test {

TEST_CASE("B-5 V-2 C-2 K-4 a drawn move is the listed move the same draw picks, in every game") {
  // PickUniform draws without listing; it must give LegalMoves()[Below(n)] with the same draws,
  // at every decision, hands (V-2) and the Count's decisions included.
  const auto set = codec::DefaultCastleSet();
  const engine::GameRegistry games = engine::StandardGames(set);
  const std::vector<std::vector<std::pair<std::string, std::string>>> base_options = {
      {}, {{"count", "true"}}, {{"hand_size", "2"}}};
  std::size_t decisions = 0;
  for (const engine::Game* game : games.All()) {
    for (const auto& options : game->name() == "base" ? base_options : decltype(base_options){{}}) {
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        INFO(game->name() << " seed " << seed << " options " << options.size());
        const int players = game->name() == "base" ? 2 + static_cast<int>(seed % 3) : 2;
        auto state =
            std::get<std::unique_ptr<engine::State>>(game->NewState({players, seed, options, 0}));
        state->KeepEvents(false);
        engine::Rng rng(seed * 7);
        std::vector<engine::Move> scratch;
        while (!state->IsOver()) {
          const engine::Seat seat = state->ToMove();
          const std::vector<engine::Move> legal = state->LegalMoves(seat);
          engine::Rng listed = rng;
          std::size_t offered = 0;
          const engine::Move picked = state->PickUniform(seat, rng, scratch, offered);
          REQUIRE(offered == legal.size());
          REQUIRE(picked == legal[listed.Below(static_cast<std::uint32_t>(legal.size()))]);
          REQUIRE(rng == listed);
          REQUIRE(state->Apply(seat, picked) == engine::RejectReason::kNone);
          ++decisions;
        }
      }
    }
  }
  CHECK(decisions > 1000);  // 1,643 when written
}

}  // namespace carc::test

namespace carc::test {

// The loop State::PlayOut stands for: PickUniform then Apply at each decision, a resigned seat
// playing its fallback.
void PlayDrawnMoves(engine::State& state, engine::Rng& rng, engine::PlayoutCounts& counts) {
  std::vector<engine::Move> scratch;
  while (!state.IsOver()) {
    const engine::Seat seat = state.ToMove();
    if (state.Resigned(seat)) {
      REQUIRE(state.Apply(seat, engine::Move{engine::kTimeoutMove, {}}) ==
              engine::RejectReason::kNone);
      continue;
    }
    const bool placing = state.Decision() == "place_tile";
    std::size_t offered = 0;
    const engine::Move move = state.PickUniform(seat, rng, scratch, offered);
    REQUIRE(state.Apply(seat, move) == engine::RejectReason::kNone);
    counts.Add(placing, offered);
  }
}

TEST_CASE("B-4 B-5 B-7 V-2 C-2 K-4 a playout plays the game that drawn moves play, in every game") {
  // PlayOut applies what it draws without Apply's checks in the base game; it must reach the
  // same final state with the same draws and counts, events kept or not, a seat resigned or not.
  const auto set = codec::DefaultCastleSet();
  const engine::GameRegistry games = engine::StandardGames(set);
  const std::vector<std::vector<std::pair<std::string, std::string>>> base_options = {
      {}, {{"count", "true"}}, {{"hand_size", "2"}}, {{"farmers", "false"}}};
  std::uint64_t placements = 0;
  for (const engine::Game* game : games.All()) {
    for (const auto& options : game->name() == "base" ? base_options : decltype(base_options){{}}) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const bool keep_events = seed % 3 == 0;
        const bool resign = seed % 4 == 2;
        INFO(game->name() << " seed " << seed << " options " << options.size() << " events "
                          << keep_events << " resign " << resign);
        const int players = game->name() == "base" ? 2 + static_cast<int>(seed % 3) : 2;
        auto start =
            std::get<std::unique_ptr<engine::State>>(game->NewState({players, seed, options, 0}));
        if (resign && players > 2)
          REQUIRE(start->Apply(1, {engine::kResignMove, {}}) == engine::RejectReason::kNone);
        start->KeepEvents(keep_events);
        auto drawn = start->Clone();
        auto played = start->Clone();
        engine::Rng rng_drawn(seed * 11);
        engine::Rng rng_played(seed * 11);
        engine::PlayoutCounts by_drawn;
        engine::PlayoutCounts by_playout;
        PlayDrawnMoves(*drawn, rng_drawn, by_drawn);
        played->PlayOut(rng_played, &by_playout);
        REQUIRE(played->IsOver());
        CHECK(played->Hash() == drawn->Hash());
        CHECK(played->seq() == drawn->seq());
        CHECK(played->Scores() == drawn->Scores());
        CHECK(rng_played == rng_drawn);
        CHECK(by_playout.decisions == by_drawn.decisions);
        CHECK(by_playout.placements == by_drawn.placements);
        CHECK(by_playout.placements_offered == by_drawn.placements_offered);
        placements += by_playout.placements;
      }
    }
  }
  CHECK(placements > 1500);
}

}  // namespace carc::test
