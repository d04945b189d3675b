// The Castle for the server: room options (CastleOptions), commands (CastleCommand), views and
// records (docs/record-castle.md), on the board and tiles of the embedded data files.
#pragma once

#include <memory>

#include "games/game_adapter.h"

namespace carc::server {

std::unique_ptr<GameAdapter> MakeCastleAdapter();

}  // namespace carc::server
