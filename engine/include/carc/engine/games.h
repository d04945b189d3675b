// The registry: the one place that names every game the engine offers.
#pragma once

#include <memory>

#include "carc/engine/castle/castle_set.h"
#include "carc/engine/game.h"

namespace carc::engine {

// "base" (with the Count and the editions as options) and "castle" on `castle_set` (the board
// and tiles read from the data files; the engine reads no files itself).
GameRegistry StandardGames(std::shared_ptr<const castle::CastleSet> castle_set);

}  // namespace carc::engine
