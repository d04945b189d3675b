// Finds a room that is not in this server's memory: in a cluster, the room may be served by
// another node (the client is redirected there) or by none (this node takes it). The lobby asks
// it only after the room registry has no such room.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "carc/v1/lobby.pb.h"

namespace carc::server {

class Room;

class RoomLocator {
 public:
  virtual ~RoomLocator() = default;
  // Where a room is: here (`room`, now in the registry), on another node (`redirect`, its
  // WebSocket URL), or nowhere (both empty; `error` set when the store could not be asked).
  struct Route {
    std::shared_ptr<Room> room;
    std::string redirect;
    std::string error;
  };
  virtual Route ByCode(const std::string& code) = 0;
  virtual Route ByToken(const std::string& token_hash) = 0;
  // The public rooms other nodes serve, as last heard (never blocks on the store).
  virtual std::vector<v1::RoomSummary> ListedElsewhere() const = 0;
};

}  // namespace carc::server
