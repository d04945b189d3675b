// `carcassonne bench --games N --players P --seed S`
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "args.h"
#include "carc/engine/random_player.h"
#include "castle_commands.h"
#include "commands.h"
#include "game_options.h"

namespace carc::cli {
namespace {

constexpr const char* kHelp =
    "usage: carcassonne bench --games N --players P --seed S [--game base|castle]\n"
    "                         [--expansion none|count] [--rules LIST]\n"
    "Plays N seeded games on one thread, every move uniform among all legal ones, and prints\n"
    "games/s, turns/s, mean legal placements per turn, a determinism signature (a hash over\n"
    "all final states: the same for the same arguments on every machine) and peak RSS.\n"
    "With --game castle (2 players, the built-in board and tiles) it also prints mean final\n"
    "scores, points by source, features completed, discards, empty spaces and wall tiles.\n";

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
  if (run.castle) return CastleBench(run, PeakRssKiB);

  std::uint64_t signature = 0;
  std::uint64_t turns = 0;
  std::uint64_t offered = 0;
  std::uint64_t decisions = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::int64_t g = 0; g < run.games; ++g) {
    engine::GameState state(GameConfigFor(run.players, run.seed, g, run.options));
    engine::RandomPlayer player(PlayerSeed(run.seed, g));
    engine::PlayOut(state, player);
    turns += player.placement_decisions();
    offered += player.placements_offered();
    decisions += player.placement_decisions();
    signature = (signature ^ state.Hash()) * 0x100000001b3ULL;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("bench: %lld games, %d players, seed %llu, farmers %s, expansion %s\n",
              static_cast<long long>(run.games), run.players,
              static_cast<unsigned long long>(run.seed), run.options.farmers ? "on" : "off",
              run.options.count ? "count" : "none");
  std::printf("time: %.3f s\n", seconds);
  std::printf("games/s: %.0f\n", static_cast<double>(run.games) / seconds);
  std::printf("turns/s: %.0f\n", static_cast<double>(turns) / seconds);
  std::printf("mean legal placements per turn: %.2f\n",
              decisions ? static_cast<double>(offered) / static_cast<double>(decisions) : 0.0);
  std::printf("signature: %016llx\n", static_cast<unsigned long long>(signature));
  std::printf("peak RSS: %ld KiB\n", PeakRssKiB());
  return 0;
}

}  // namespace carc::cli
