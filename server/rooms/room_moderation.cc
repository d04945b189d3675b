// The room's side of a moderator's kicks and closes: RoomModerator (room_moderator.h) decides,
// the room sends connections away and holds its clock.
#include <boost/asio/post.hpp>

#include "carc/codec/proto_codec.h"
#include "net/message_handler.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

void Room::Moderate() {
  Post([this] {
    const moderation::RoomActionList* list = registry_.room_actions();
    if (list == nullptr || closed_ || disposed()) return;
    moderator_.Apply(list->For(room_id()), Clock::now());
  });
}

void Room::SendAway(std::int64_t account, v1::RemovedBy why, const std::string& reason) {
  v1::ServerMessage left;
  left.mutable_room_left()->set_room_code(code_);
  left.mutable_room_left()->set_moderation(why);
  left.mutable_room_left()->set_reason(reason);
  const auto bytes = Serialize(left);
  const auto away = [&](const std::shared_ptr<Session>& s) {
    if (account != 0 && s->account().id != account) return false;
    chat_.Forget(s->id());
    s->Leave(this);
    s->Send(bytes);
    return true;
  };
  std::erase_if(spectators_, away);
  std::vector<int> left_seats;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    Seat& slot = seats_[i];
    if (!slot.session || !away(slot.session)) continue;
    slot.session.reset();
    left_seats.push_back(static_cast<int>(i));
  }
  // Told once everyone sent away is gone: a closed room tells nobody.
  for (const int seat : left_seats) {
    v1::ServerMessage presence;
    presence.mutable_presence()->set_seat(seat);
    presence.mutable_presence()->set_connected(false);
    BroadcastToAll(Serialize(presence));
  }
}

bool Room::GameStarted() const {
  return game_.started();
}

void Room::Suspend() {
  tick_.cancel();
  game_.Suspend();
  PersistSeats(/*with_ready=*/true);
}

void Room::Unsuspend() {
  game_.Resume();
  if (!closed_) ArmTick();
}

void Room::Moderated() {
  game_.NoteSeats();
  BroadcastRoomState();
}

}  // namespace carc::server
