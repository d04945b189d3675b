// `carcassonne games [--json]`: the games and their options, from the engine's tables.
#include <iostream>

#include "args.h"
#include "commands.h"
#include "games/game_table.h"

namespace carc::cli {
namespace {

constexpr const char* kGamesHelp =
    "usage: carcassonne games [--json]\n"
    "Lists the games this build offers with their players and options (name, values, default,\n"
    "rule): what `--game` and `--rules` of selfplay, bench and bot take, and what the server\n"
    "serves as GET /api/game-types.\n"
    "  --json   the table as one JSON object, as the server serves it\n";

}  // namespace

int GamesCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {}, {"json", "help"});
  if (args.Has("help")) {
    std::cout << kGamesHelp;
    return 0;
  }
  if (!args.error().empty() || !args.positional().empty()) {
    std::cerr << "carcassonne games: " << (args.error().empty() ? "takes no FILE" : args.error())
              << "\n"
              << kGamesHelp;
    return 2;
  }
  const nlohmann::ordered_json table = server::GameTable();
  if (args.Has("json")) {
    std::cout << table.dump(2) << "\n";
    return 0;
  }
  for (const auto& game : table["games"]) {
    const int min = game["min_players"].get<int>();
    const int max = game["max_players"].get<int>();
    const std::string players =
        min == max ? std::to_string(min) : std::to_string(min) + ".." + std::to_string(max);
    std::cout << game["name"].get<std::string>() << ": " << game["title"].get<std::string>() << ", "
              << players << " players\n";
    for (const auto& o : game["options"]) {
      std::cout << "  " << o["name"].get<std::string>() << "=" << o["values"].get<std::string>()
                << " (default " << o["default"].get<std::string>() << ", "
                << o["rule"].get<std::string>() << ")\n      " << o["summary"].get<std::string>()
                << "\n";
    }
  }
  return 0;
}

}  // namespace carc::cli
