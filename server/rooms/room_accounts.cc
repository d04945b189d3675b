// The room's seats as their accounts see them: the seat an account holds (for its list of
// games) and a guest's seat claimed by the account its player signed up for.
#include "games/registry.h"
#include "rooms/room.h"

namespace carc::server {

std::vector<std::string> Room::Players() const {
  std::lock_guard lock(summary_mu_);
  std::vector<std::string> names;
  for (const auto& [account, name] : holders_) {
    if (!name.empty()) names.push_back(name);
  }
  return names;
}

std::optional<HeldSeat> Room::SeatHeldBy(std::int64_t account) const {
  if (account == 0) return std::nullopt;
  std::lock_guard lock(summary_mu_);
  for (std::size_t i = 0; i < holders_.size(); ++i) {
    if (holders_[i].first != account) continue;
    HeldSeat held;
    held.room = code_;
    held.room_id = journal_.id();
    if (const GameAdapter* game = FindGame(options_.game_type())) held.game = game->game().name();
    held.seat = static_cast<int>(i);
    for (const auto& [id, name] : holders_) held.players.push_back(name);
    held.status = summary_.status();
    held.turn_based = options_.turn_based().move_seconds() > 0;
    if (held.status == v1::ROOM_STATUS_PLAYING) {
      held.to_move = to_move_;
      held.deadline = turn_deadline_;
    }
    return held;
  }
  return std::nullopt;
}

void Room::ClaimSeat(std::string token_hash, std::int64_t account, std::string name) {
  Post([this, h = std::move(token_hash), account, n = std::move(name)]() mutable {
    if (seats_.ClaimByToken(h, account, std::move(n)) < 0) return;
    // In the lobby the claim is written with the seats; in a game it lasts while the room is
    // on this node, and the archive takes it (a claim after a restart finds the archived game).
    SeatsChanged();
  });
}

void Room::ForgetAccount(std::int64_t account, std::string label) {
  Post([this, account, l = std::move(label)]() mutable {
    if (seats_.ForgetAccount(account, std::move(l)) >= 0) SeatsChanged();
  });
}

void Room::SeatsChanged() {
  PersistSeats();
  UpdateSummary();
  BroadcastRoomState();
}

}  // namespace carc::server
