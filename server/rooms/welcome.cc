#include "rooms/welcome.h"

namespace carc::server {

v1::ServerMessage WelcomeMessage(const RoomConfig& config, std::uint32_t request_id,
                                 const Session& session, const std::string& room_code, int seat) {
  v1::ServerMessage out;
  out.set_request_id(request_id);
  v1::Welcome* w = out.mutable_welcome();
  w->set_server_version(CARC_SERVER_VERSION);
  w->set_session_id(session.id());
  if (session.account().signed_in()) w->set_account_name(session.account().name);
  w->set_max_message_bytes(static_cast<std::uint32_t>(config.max_message_bytes));
  w->set_max_commands_per_second(static_cast<std::uint32_t>(config.rate_per_second));
  // No computer players: no hint or computer seat can be asked for, whatever their time.
  w->set_max_computer_ms(
      config.computers ? static_cast<std::uint32_t>(config.max_computer_ms.count()) : 0);
  if (!room_code.empty()) w->set_room_code(room_code);
  w->set_seat(seat);
  return out;
}

}  // namespace carc::server
