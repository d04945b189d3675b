// The moderators' list of rooms (GET /api/admin/rooms, docs/moderation.md): every room this node
// holds, private ones too, each with its game, status, players and whether a moderator closed it.
//
// Contract: reads the registry's snapshots only (any thread; no room's strand is entered).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>

#include "rooms/room_registry.h"

namespace carc::server {

// At most this many rooms are listed: a moderator looks for one by its code or its players.
inline constexpr std::size_t kMaxModerationRooms = 500;

nlohmann::json ModerationRoomsJson(const RoomRegistry& registry);

}  // namespace carc::server
