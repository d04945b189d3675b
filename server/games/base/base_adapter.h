// The base game (its editions, house rules and The Count as options) for the server: room
// options (BaseOptions), commands (BaseCommand), views, records (docs/record-count.md and the
// record format of codec/record.h).
#pragma once

#include <memory>

#include "games/game_adapter.h"

namespace carc::server {

std::unique_ptr<GameAdapter> MakeBaseAdapter();

}  // namespace carc::server
