// The application side of a connection: decoded messages in, disconnects.
#pragma once

#include <memory>

#include "carc/v1/messages.pb.h"
#include "net/session.h"

namespace carc::server {

class MessageHandler {
 public:
  virtual ~MessageHandler() = default;
  // Called once the WebSocket handshake has completed, before any message.
  virtual void OnOpen(const std::shared_ptr<Session>& session) = 0;
  // Called on the connection's strand, one message at a time, only after Hello is accepted
  // (Hello itself included).
  virtual void OnMessage(const std::shared_ptr<Session>& session, v1::ClientMessage message) = 0;
  // Called once when the connection is gone.
  virtual void OnDisconnect(const std::shared_ptr<Session>& session) = 0;
};

// A serialized ServerMessage carrying an Error.
std::shared_ptr<const std::string> ErrorMessage(std::uint32_t request_id, v1::ErrorCode code,
                                                std::string text, std::uint64_t seq = 0);
std::shared_ptr<const std::string> Serialize(const v1::ServerMessage& message);

}  // namespace carc::server
