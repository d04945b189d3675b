// Shared by selfplay and bench: which game (from the registry), its setup per game of a run
// derived from a base seed.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "args.h"
#include "carc/engine/game.h"
#include "games/game_adapter.h"

namespace carc::cli {

// --rules "NAME=VALUE,NAME=VALUE" appended to `out` as text forms (the game checks them);
// returns an error message or "".
std::string ParseRules(const std::string& list,
                       std::vector<std::pair<std::string, std::string>>& out);

// The arguments selfplay and bench share: --games, --players, --seed, --game (a registered
// game's name), --expansion (none, or an on/off option of the game, e.g. count: The Count of
// Carcassonne) and --rules (NAME=VALUE options of the game).
struct RandomGames {
  std::int64_t games = 0;
  int players = 2;
  std::uint64_t seed = 1;
  const server::GameAdapter* game = nullptr;
  std::vector<std::pair<std::string, std::string>> options;
};
// Reads them from `args` and checks them against the game (a first game is set up); returns
// an error message or "".
std::string ParseRandomGames(Args& args, std::int64_t default_games, std::int64_t max_games,
                             RandomGames& out);

// Game `index` of a run: its own seed, so any one game can be replayed.
engine::GameSetup SetupFor(const RandomGames& run, std::int64_t index);
// Game `index` of a run at its start (the setup was checked by ParseRandomGames).
std::unique_ptr<engine::State> NewGame(const RandomGames& run, std::int64_t index);
// The seed of the random player of game `index`.
std::uint64_t PlayerSeed(std::uint64_t seed, std::int64_t index);

}  // namespace carc::cli
