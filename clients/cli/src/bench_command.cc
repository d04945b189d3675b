// `carcassonne bench --games N --players P --seed S`
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "args.h"
#include "carc/engine/random_agent.h"
#include "commands.h"
#include "game_options.h"

namespace carc::cli {
namespace {

constexpr const char* kHelp =
    "usage: carcassonne bench --games N --players P --seed S [--game G]\n"
    "                         [--expansion none|count] [--rules LIST]\n"
    "Plays N seeded games of game G (default base) on one thread, every move uniform among all\n"
    "legal ones, and prints games/s, turns/s, mean legal placements per turn, a determinism\n"
    "signature (a hash over all final states: the same for the same arguments on every\n"
    "machine) and peak RSS, then the figures of play the game adds of its own (scores by\n"
    "source, features completed, discards, ...).\n";

long PeakRssKiB() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

}  // namespace

int BenchCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {"games", "players", "seed", "game", "expansion", "rules"}, {"help"});
  if (args.Has("help")) {
    std::cout << kHelp;
    return 0;
  }
  RandomGames run;
  if (const std::string error = ParseRandomGames(args, 1000, 100000000, run); !error.empty()) {
    std::cerr << "carcassonne bench: " << error << "\n" << kHelp;
    return 2;
  }
  const std::unique_ptr<server::PlayStats> stats = run.game->NewPlayStats();
  std::uint64_t signature = 0;
  std::uint64_t turns = 0;
  std::uint64_t offered = 0;
  server::RunTitle title;
  const auto start = std::chrono::steady_clock::now();
  for (std::int64_t g = 0; g < run.games; ++g) {
    const std::unique_ptr<engine::State> state = NewGame(run, g);
    if (g == 0) title = run.game->DescribeRun(*state);
    state->KeepEvents(stats != nullptr);  // only the game's own figures read them
    engine::RandomAgent agent(PlayerSeed(run.seed, g));
    while (!state->IsOver()) {
      const engine::Seat seat = state->ToMove();
      // Turns are counted by their tile placements, in every game.
      const bool placing = state->Decision() == "place_tile";
      const engine::Move move = agent.Choose(*state);
      if (placing) {
        ++turns;
        offered += agent.last_offered();
      }
      if (state->Apply(seat, move) != engine::RejectReason::kNone) {
        std::fprintf(stderr, "carcassonne bench: game %lld: the engine refused its own move\n",
                     static_cast<long long>(g));
        return 1;
      }
      if (stats) stats->AfterMove(*state);
    }
    if (stats) stats->AtEnd(*state);
    signature = (signature ^ state->Hash()) * 0x100000001b3ULL;
  }
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
  std::printf("peak RSS: %ld KiB\n", PeakRssKiB());
  if (stats) stats->Print(stdout, run.games);
  return 0;
}

}  // namespace carc::cli
