// The Welcome message: the answer to Hello, from the lobby to a new connection and from a room
// to a connection that took its seat back. One builder, so that both say the same limits.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "carc/v1/messages.pb.h"
#include "net/session.h"
#include "rooms/room_config.h"

namespace carc::server {

// Answers request `request_id` of `session` (its id, and its account when it is signed in);
// `room_code` and `seat` say where the connection is (empty and -1: in no room).
v1::ServerMessage WelcomeMessage(const RoomConfig& config, std::uint32_t request_id,
                                 const Session& session, const std::string& room_code = "",
                                 int seat = -1);

}  // namespace carc::server
