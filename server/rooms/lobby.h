// Routes each connection's messages: Hello and resume, creating, listing and joining rooms;
// everything else goes to the connection's room.
#pragma once

#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "net/message_handler.h"
#include "rooms/room_locator.h"
#include "rooms/room_registry.h"
#include "rooms/text_refusal.h"

namespace carc::server {

class Lobby : public MessageHandler {
 public:
  Lobby(RoomRegistry& registry, const RoomConfig& config, RoomMetrics& metrics);

  void OnMessage(const std::shared_ptr<Session>& session, v1::ClientMessage message) override;
  void OnOpen(const std::shared_ptr<Session>& session) override;
  void OnDisconnect(const std::shared_ptr<Session>& session) override;

  // Closes every open connection, in a room or not, and every one that opens from now on
  // (server shutdown): a client that was between connecting and taking its seat back, or whose
  // handshake was still under way, must see the restart code too.
  void CloseAll(std::uint16_t code, const std::string& reason);
  // Closes every open connection signed in as `account` (any thread): a ban
  // (moderation/moderation_watch.h). Its seats stay, as after any disconnect.
  void CloseAccount(std::int64_t account, std::uint16_t code, const std::string& reason);
  // In a cluster: where to look for rooms not in memory (set before the port opens).
  void set_locator(RoomLocator* locator) { locator_ = locator; }

 private:
  void Hello(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  // A connection claimed for a join, create or resume (Session::ClaimMembership): released
  // when it goes out of scope unless handed to a room, which then answers for it.
  class Claim;
  void CreateRoom(const std::shared_ptr<Session>& s, const v1::ClientMessage& m, Claim& claim);
  // Why `s` may not create a room with `options` as a turn-based room (ERROR_CODE_UNSPECIFIED
  // when it may): a guest, or an account at --max-turn-based-games.
  TextRefusal TurnBasedLimit(const Session& s, const v1::RoomOptions& options) const;
  void Error(const std::shared_ptr<Session>& s, std::uint32_t request_id, v1::ErrorCode code,
             std::string text);

  // Sends `s` to the node at `url` (a Redirect answering `request_id`).
  void Redirect(const std::shared_ptr<Session>& s, std::uint32_t request_id, const std::string& url,
                const std::string& code);

  RoomRegistry& registry_;
  RoomLocator* locator_ = nullptr;
  const RoomConfig& config_;
  RoomMetrics& metrics_;
  std::mutex open_mu_;
  std::unordered_map<std::string, std::weak_ptr<Session>> open_;  // by Session::id()
  bool closing_ = false;
  std::uint16_t closing_code_ = 0;
  std::string closing_reason_;
};

// Why a player name is refused (rooms/text_refusal.h), or code UNSPECIFIED for a name of 1..32
// characters (code points) of valid UTF-8 without control characters, bidi controls or line
// separators.
TextRefusal NameProblem(std::string_view name);

}  // namespace carc::server
