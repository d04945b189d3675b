// `carcassonne selfplay --games N --players P --seed S --out DIR`
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "args.h"
#include "carc/engine/random_agent.h"
#include "commands.h"
#include "game_options.h"

namespace carc::cli {
namespace {

constexpr const char* kSelfplayHelp =
    "usage: carcassonne selfplay --games N --players P --seed S --out DIR [--game G]\n"
    "                            [--expansion E] [--rules LIST]\n"
    "Plays N complete games with uniformly random legal moves and writes each as a\n"
    "carcassonne-record/1 file DIR/game-<seed>-<n>.json (with the engine's scores).\n"
    "  --games N     1..1000000 (default 10)\n"
    "  --players P   2..6 (default 2)\n"
    "  --seed S      base seed (default 1); game i uses a seed derived from S and i\n"
    "  --out DIR     output folder, created if missing (required)\n"
    "  --game G      the game (default base; `carcassonne replay --help` lists them); records\n"
    "                as docs/record-*.md\n"
    "  --expansion E none (default) or count: The Count of Carcassonne (RULES.md C-1..C-6)\n"
    "  --rules LIST  room options, e.g. farm_scoring=c1,small_city=true,count_move=follow\n";

}  // namespace

int SelfplayCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {"games", "players", "seed", "out", "game", "expansion", "rules"},
            {"help"});
  if (args.Has("help")) {
    std::cout << kSelfplayHelp;
    return 0;
  }
  RandomGames run;
  std::string error = ParseRandomGames(args, 10, 1000000, run);
  if (error.empty() && !args.Has("out")) error = "--out DIR is required";
  if (!error.empty()) {
    std::cerr << "carcassonne selfplay: " << error << "\n" << kSelfplayHelp;
    return 2;
  }
  const std::filesystem::path out = args.Get("out", "");
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::cerr << "carcassonne selfplay: cannot create " << out << ": " << ec.message() << "\n";
    return 2;
  }
  for (std::int64_t g = 0; g < run.games; ++g) {
    std::ostringstream name;
    name << "game-" << run.seed << "-" << std::setw(6) << std::setfill('0') << g << ".json";
    const std::unique_ptr<const engine::State> start = NewGame(run, g);
    const std::unique_ptr<engine::State> state = start->Clone();
    state->KeepEvents(false);  // a record is written from the moves alone
    engine::RandomAgent agent(PlayerSeed(run.seed, g));
    std::vector<engine::SeatMove> log;
    engine::PlayOut(*state, agent, &log);
    std::ofstream file(out / name.str());
    file << run.game->Record(*start, log);
    if (!file) {
      std::cerr << "carcassonne selfplay: cannot write " << (out / name.str()) << "\n";
      return 2;
    }
    if (run.games >= 100 && (g + 1) % (run.games / 10) == 0) {
      std::cerr << "selfplay: " << (g + 1) << "/" << run.games << " games\n";
    }
  }
  std::cout << "wrote " << run.games << " records to " << out.string() << "\n";
  return 0;
}

}  // namespace carc::cli
