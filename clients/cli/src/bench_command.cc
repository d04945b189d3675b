// `carcassonne bench --games N --players P --seed S`
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

#include "args.h"
#include "carc/engine/random_agent.h"
#include "commands.h"
#include "game_options.h"
#include "sys/process_usage.h"

namespace carc::cli {
namespace {

constexpr const char* kBenchHelp =
    "usage: carcassonne bench --games N --players P --seed S [--game G]\n"
    "                         [--expansion none|count] [--rules LIST]\n"
    "Plays N seeded games of game G (default base) on one thread, every move uniform among all\n"
    "legal ones, and prints games/s, turns/s, mean legal placements per turn, a determinism\n"
    "signature (a hash over all final states: the same for the same arguments on every\n"
    "machine), the time and memory of one copy of a state in mid-game (what a search makes\n"
    "per playout) and peak RSS, then the figures of play the game adds of its own (scores by\n"
    "source, features completed, discards, ...).\n"
    "The timed games are the engine's playouts (State::PlayOut, what search runs): no events,\n"
    "the same moves as the random agent's; the figures of play come from\n"
    "playing the same games once more with events, untimed.\n";

// Plays game `g` of `run` to its end with the random agent into `state`, calling
// after(state, whether the move placed a tile, legal moves offered) after each move; false when
// the engine refused its own move.
template <typename After>
bool PlayOne(const RandomGames& run, std::int64_t g, bool keep_events,
             std::unique_ptr<engine::State>& state, After&& after) {
  state = NewGame(run, g);
  state->KeepEvents(keep_events);
  engine::RandomAgent agent(PlayerSeed(run.seed, g));
  while (!state->IsOver()) {
    const engine::Seat seat = state->ToMove();
    // Turns are counted by their tile placements, in every game.
    const bool placing = state->Decision() == "place_tile";
    const engine::Move move = agent.Choose(*state);
    if (state->Apply(seat, move) != engine::RejectReason::kNone) {
      std::fprintf(stderr, "carcassonne bench: game %lld: the engine refused its own move\n",
                   static_cast<long long>(g));
      return false;
    }
    after(*state, placing, agent.last_offered());
  }
  return true;
}

// Copies of game 0 halfway through its tile placements, as a search makes them: the time per
// copy when each copy is dropped before the next (the allocator reuses its memory, as in a
// search loop) and the resident memory each copy holds (1,000 of them held at once).
void PrintStateCopy(const RandomGames& run, std::uint64_t game0_turns) {
  std::unique_ptr<engine::State> state;
  std::unique_ptr<engine::State> mid;
  std::uint64_t turns = 0;
  PlayOne(run, 0, false, state, [&](const engine::State& s, bool placing, std::size_t) {
    if (placing && ++turns == game0_turns / 2) mid = s.Clone();
  });
  if (!mid) return;
  constexpr int kTimed = 20000;
  std::uint64_t check = 0;  // keeps the copies from being optimised away
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kTimed; ++i) check += mid->Clone()->seq();
  const double ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  constexpr int kHeld = 1000;
  std::vector<std::unique_ptr<engine::State>> copies;
  copies.reserve(kHeld);
  const auto before = server::ResidentBytes() / 1024;
  for (int i = 0; i < kHeld; ++i) copies.push_back(mid->Clone());
  const auto after = server::ResidentBytes() / 1024;
  std::printf(
      "state copy: %.0f ns, %.1f KiB each (game 0 after %llu of its %llu turns, command %llu)\n",
      ns / kTimed, static_cast<double>(after - before) / kHeld,
      static_cast<unsigned long long>(game0_turns / 2),
      static_cast<unsigned long long>(game0_turns),
      static_cast<unsigned long long>(check / kTimed));
}

}  // namespace

int BenchCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {"games", "players", "seed", "game", "expansion", "rules"}, {"help"});
  if (args.Has("help")) {
    std::cout << kBenchHelp;
    return 0;
  }
  RandomGames run;
  if (const std::string error = ParseRandomGames(args, 1000, 100000000, run); !error.empty()) {
    std::cerr << "carcassonne bench: " << error << "\n" << kBenchHelp;
    return 2;
  }
  std::uint64_t signature = 0;
  std::uint64_t game0_turns = 0;
  server::RunTitle title;
  std::unique_ptr<engine::State> state;
  const auto start = std::chrono::steady_clock::now();
  engine::PlayoutCounts counts;
  for (std::int64_t g = 0; g < run.games; ++g) {
    // The engine's playout, as search runs it: the same moves as the random agent's with the
    // same draws (engine_tests "*playout plays*"), so the signature is the agent's games'.
    state.reset();  // first, so that the new game reuses its memory, as a search loop would
    state = NewGame(run, g);
    state->KeepEvents(false);
    engine::Rng rng(PlayerSeed(run.seed, g));
    state->PlayOut(rng, &counts);
    if (g == 0) {
      game0_turns = counts.placements;
      title = run.game->DescribeRun(*state);
    }
    signature = (signature ^ state->Hash()) * 0x100000001b3ULL;
  }
  const std::uint64_t turns = counts.placements;
  const std::uint64_t offered = counts.placements_offered;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("bench: %lld games, %s, seed %llu, %s\n", static_cast<long long>(run.games),
              title.table.c_str(), static_cast<unsigned long long>(run.seed),
              title.options.c_str());
  std::printf("time: %.3f s\n", seconds);
  std::printf("games/s: %.0f\n", static_cast<double>(run.games) / seconds);
  std::printf("turns/s: %.0f\n", static_cast<double>(turns) / seconds);
  std::printf("mean legal placements per turn: %.2f\n",
              turns ? static_cast<double>(offered) / static_cast<double>(turns) : 0.0);
  std::printf("signature: %016llx\n", static_cast<unsigned long long>(signature));
  // Before the copies below add theirs.
  std::printf("peak RSS: %lld KiB\n", static_cast<long long>(server::PeakResidentKiB()));
  PrintStateCopy(run, game0_turns);
  if (const std::unique_ptr<server::PlayStats> stats = run.game->NewPlayStats()) {
    for (std::int64_t g = 0; g < run.games; ++g) {
      const bool ok = PlayOne(run, g, true, state, [&](const engine::State& s, bool, std::size_t) {
        stats->AfterMove(s);
      });
      if (!ok) return 1;
      stats->AtEnd(*state);
    }
    stats->Print(stdout, run.games);
  }
  return 0;
}

}  // namespace carc::cli
