#include "app/moderation_rooms.h"

#include <string>

#include "games/registry.h"

namespace carc::server {

namespace {

std::string StatusName(v1::RoomStatus status) {
  switch (status) {
    case v1::ROOM_STATUS_PLAYING:
      return "playing";
    case v1::ROOM_STATUS_FINISHED:
      return "finished";
    default:
      return "lobby";
  }
}

}  // namespace

nlohmann::json ModerationRoomsJson(const RoomRegistry& registry) {
  nlohmann::json rooms = nlohmann::json::array();
  for (const RoomRegistry::RoomRow& r : registry.ModerationRows(kMaxModerationRooms)) {
    const GameAdapter* game = FindGame(r.summary.game_type());
    rooms.push_back({{"room", r.summary.code()},
                     {"game", game != nullptr ? std::string(game->game().name()) : std::string()},
                     {"status", StatusName(r.summary.status())},
                     {"seats", r.summary.seats()},
                     {"players", r.players},
                     {"computers", r.summary.computers()},
                     {"public", r.is_public},
                     {"rated", r.summary.rated()},
                     {"closed", r.closed}});
  }
  return rooms;
}

}  // namespace carc::server
