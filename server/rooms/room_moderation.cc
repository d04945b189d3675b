// A moderator's kicks and closes (docs/moderation.md, "What a sanction does") carried out in
// the room. The registry's RoomActionList says what is in force; the room applies what changed
// since it last looked. None of it is written to the room's log: the store keeps the actions,
// and a room rebuilt after a restart, or on another node of a cluster, applies them again from
// the list (RoomRegistry::RestoreOne).
#include <boost/asio/post.hpp>

#include "carc/codec/proto_codec.h"
#include "net/message_handler.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

void Room::Moderate() {
  Post([this] { DoModerate(); });
}

void Room::DoModerate() {
  const moderation::RoomActionList* list = registry_.room_actions();
  if (list == nullptr || closed_ || disposed()) return;
  moderation::RoomModeration wanted = list->For(room_id());
  const moderation::ModerationChange change = moderation::ChangeOf(moderated_, wanted);
  moderated_ = std::move(wanted);  // a reason changed alone is what the next refusal says
  if (change.empty()) return;
  for (const auto& [account, reason] : change.kicks) Kick(account, reason);
  for (const std::int64_t account : change.unkicks) Unkick(account);
  if (change.close) CloseByModerator(*change.close);
  if (change.reopen) Reopen();
  // Who decides for the seats now (a computer for a kicked player), then everyone told.
  game_.NoteSeats();
  BroadcastRoomState();
}

void Room::SendAway(const std::shared_ptr<Session>& s, v1::RemovedBy why,
                    const std::string& reason) {
  chat_.Forget(s->id());
  s->Leave(this);
  v1::ServerMessage left;
  left.mutable_room_left()->set_room_code(code_);
  left.mutable_room_left()->set_moderation(why);
  left.mutable_room_left()->set_reason(reason);
  s->Send(Serialize(left));
}

void Room::Kick(std::int64_t account, const std::string& reason) {
  std::erase_if(spectators_, [&](const std::shared_ptr<Session>& s) {
    if (s->account().id != account) return false;
    SendAway(s, v1::REMOVED_BY_KICK, reason);
    return true;
  });
  const int seat = seats_.SeatOfAccount(account);
  if (seat < 0) return;  // not here now: the kick keeps them out
  Seat& slot = seats_[static_cast<std::size_t>(seat)];
  if (slot.session) {
    SendAway(slot.session, v1::REMOVED_BY_KICK, reason);
    slot.session.reset();
    v1::ServerMessage presence;
    presence.mutable_presence()->set_seat(seat);
    presence.mutable_presence()->set_connected(false);
    BroadcastToAll(Serialize(presence));
  }
  slot.dropped_at = Clock::now();
  if (!game_.started()) {
    FreeSeat(seat);  // a lobby's seat is simply given up
    return;
  }
  // A computer plays the seat from now on (rooms/computer_seats.h); in a rated game its moves
  // are the absent player's, who left the game.
  slot.removed = true;
}

void Room::Unkick(std::int64_t account) {
  const int seat = seats_.SeatOfAccount(account);
  if (seat < 0) return;
  Seat& slot = seats_[static_cast<std::size_t>(seat)];
  if (!slot.removed) return;
  slot.removed = false;
  // Away from now: the grace period lets the player come back before the absent policy applies.
  slot.dropped_at = Clock::now();
}

void Room::CloseByModerator(const std::string& reason) {
  const auto now = Clock::now();
  for (Seat& slot : seats_) {
    if (!slot.session) continue;
    SendAway(slot.session, v1::REMOVED_BY_ROOM_CLOSED, reason);
    slot.session.reset();
    slot.dropped_at = now;
  }
  for (const auto& s : spectators_) SendAway(s, v1::REMOVED_BY_ROOM_CLOSED, reason);
  spectators_.clear();
  tick_.cancel();
  game_.Suspend();
  PersistSeats(/*with_ready=*/true);
}

void Room::Reopen() {
  const auto now = Clock::now();
  // Everyone was sent away: the grace period starts again for each seat.
  for (Seat& slot : seats_) slot.dropped_at = now;
  game_.Resume();
  if (!closed_) ArmTick();
}

std::optional<Room::Refusal> Room::ModerationRefusal(const Session& s, int seat) const {
  if (moderated_.closed) {
    return Refusal{v1::ERROR_CODE_ROOM_CLOSED,
                   "a moderator closed this room: " + *moderated_.closed};
  }
  const std::int64_t account = s.account().id;
  auto kick = account != 0 ? moderated_.kicked.find(account) : moderated_.kicked.end();
  if (kick == moderated_.kicked.end() && seat >= 0 &&
      seats_[static_cast<std::size_t>(seat)].removed) {
    // The seat's token, from whatever connection: the seat is the kicked account's.
    kick = moderated_.kicked.find(seats_[static_cast<std::size_t>(seat)].account);
  }
  if (kick == moderated_.kicked.end()) return std::nullopt;
  return Refusal{v1::ERROR_CODE_KICKED, "a moderator removed you from this room: " + kick->second};
}

}  // namespace carc::server
