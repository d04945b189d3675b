// The games this server offers: the one place in the server that names them. Adding a game
// adds its adapter here (docs/adding-a-game.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/game_adapter.h"

namespace carc::server {

// The adapter of a room's game type, or null for a type this server does not offer.
const GameAdapter* FindGame(v1::GameType type);
// One more game type FindGame finds while this lives (after the built-in ones; no other lookup
// lists it): for tests of what the rooms do with a game they cannot name. One at a time, made
// before and ended after every room that uses it.
class ExtraGame {
 public:
  explicit ExtraGame(const GameAdapter& adapter);
  ~ExtraGame();
  ExtraGame(const ExtraGame&) = delete;
  ExtraGame& operator=(const ExtraGame&) = delete;
};
std::vector<const GameAdapter*> AllGames();
// The registered games' names for messages, in registry order, each between `quote`s, joined
// by `separator`: GameNames(" or ") is "base or <game> or ...".
std::string GameNames(std::string_view separator, std::string_view quote = "");
// The adapter of the game a record or the archive names (the engine's names, "base", ...;
// empty means "base", which records of the base game do not write), or null.
const GameAdapter* FindGameNamed(std::string_view name);
// The game a parsed record names in its "game", or null for a name this server does not offer.
const GameAdapter* FindGameOfRecord(const nlohmann::ordered_json& record);

}  // namespace carc::server
