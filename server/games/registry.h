// The games this server offers: the one place in the server that names them. Adding a game
// adds its adapter here (docs/adding-a-game.md).
#pragma once

#include <vector>

#include "games/game_adapter.h"

namespace carc::server {

// The adapter of a room's game type, or null for a type this server does not offer.
const GameAdapter* FindGame(v1::GameType type);
std::vector<const GameAdapter*> AllGames();

}  // namespace carc::server
