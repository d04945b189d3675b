// The games this server offers and their option tables, as JSON: what GET /api/game-types
// serves and `carcassonne games` prints, so that clients build their option forms and
// translation keys from the engine's tables instead of copies (docs/protocol.md has the format).
#pragma once

#include <nlohmann/json.hpp>

namespace carc::server {

// {"games": [{"name", "title", "game_type", "min_players", "max_players",
//             "options": [{"name", "type", "rule", "default", "summary", "values", and "choices"
//                          for a choice or "min" and "max" for a number or a size}]}]}
nlohmann::ordered_json GameTable();

}  // namespace carc::server
