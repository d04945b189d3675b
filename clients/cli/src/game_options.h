// Shared by selfplay and bench: game configs derived from a base seed, and --rules parsing.
#pragma once

#include <cstdint>
#include <string>

#include "carc/engine/game_config.h"

namespace carc::cli {

// "name=value,name=value" onto `options`; returns an error message or "".
std::string ParseRules(const std::string& list, engine::Options& options);

// Game `index` of a run with base seed `seed`: its own seed, so any one game can be replayed.
engine::GameConfig GameConfigFor(int players, std::uint64_t seed, std::int64_t index,
                                 const engine::Options& options);
// The seed of the random player of game `index`.
std::uint64_t PlayerSeed(std::uint64_t seed, std::int64_t index);

}  // namespace carc::cli
