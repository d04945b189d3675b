// What random Castle games look like (scores, completed features, discards, empty spaces, wall
// tiles), for `carcassonne bench --game castle`: a change to the board or the tiles shows its
// effect on play.
#pragma once

#include <memory>

#include "carc/engine/castle/castle_set.h"
#include "games/game_adapter.h"

namespace carc::server {

std::unique_ptr<PlayStats> MakeCastlePlayStats(
    std::shared_ptr<const engine::castle::CastleSet> set);

}  // namespace carc::server
