// Shared by selfplay and bench: game configs derived from a base seed, and --rules parsing.
#pragma once

#include <cstdint>
#include <string>

#include "args.h"
#include "carc/engine/castle/castle_config.h"
#include "carc/engine/game_config.h"

namespace carc::cli {

// "name=value,name=value" onto `options`; returns an error message or "".
std::string ParseRules(const std::string& list, engine::Options& options);

// The arguments selfplay and bench share: --games, --players, --seed, --game (base or castle),
// --expansion (none or count: The Count of Carcassonne) and --rules.
struct RandomGames {
  std::int64_t games = 0;
  int players = 2;
  std::uint64_t seed = 1;
  bool castle = false;  // The Castle (RULES.md section 4) instead of the base game
  engine::Options options;
  engine::castle::CastleOptions castle_options;
};
// Reads them from `args`; returns an error message or "".
std::string ParseRandomGames(Args& args, std::int64_t default_games, std::int64_t max_games,
                             RandomGames& out);

// Game `index` of a run with base seed `seed`: its own seed, so any one game can be replayed.
engine::GameConfig GameConfigFor(int players, std::uint64_t seed, std::int64_t index,
                                 const engine::Options& options);
// Game `index` of a Castle run on the built-in board and tiles.
engine::castle::CastleConfig CastleConfigFor(std::uint64_t seed, std::int64_t index,
                                             const engine::castle::CastleOptions& options);
// The seed of the random player of game `index`.
std::uint64_t PlayerSeed(std::uint64_t seed, std::int64_t index);

}  // namespace carc::cli
