// Routes each connection's messages: Hello and resume, creating, listing and joining rooms;
// everything else goes to the connection's room.
#pragma once

#include "net/message_handler.h"
#include "rooms/room_registry.h"

namespace carc::server {

class Lobby : public MessageHandler {
 public:
  Lobby(RoomRegistry& registry, const ServerConfig& config, Metrics& metrics);

  void OnMessage(const std::shared_ptr<Session>& session, v1::ClientMessage message) override;
  void OnDisconnect(const std::shared_ptr<Session>& session) override;

 private:
  void Hello(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void CreateRoom(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void Error(const std::shared_ptr<Session>& s, std::uint32_t request_id, v1::ErrorCode code,
             std::string text);

  RoomRegistry& registry_;
  const ServerConfig& config_;
  Metrics& metrics_;
};

// A player name is 1..32 bytes of UTF-8 without control characters.
bool ValidName(const std::string& name);

}  // namespace carc::server
