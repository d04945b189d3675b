// The room's seats as their accounts see them: the seat an account holds (for its list of
// games) and a guest's seat claimed by the account its player signed up for.
#include "games/registry.h"
#include "rooms/room.h"

namespace carc::server {

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
    return held;
  }
  return std::nullopt;
}

void Room::ClaimSeat(std::string token_hash, std::int64_t account, std::string name) {
  Post([this, h = std::move(token_hash), account, n = std::move(name)]() mutable {
    const int seat = seats_.SeatOfToken(h);
    // One seat per account in a room; a seat that belongs to an account stays its.
    if (seat < 0 || account == 0 || seats_.SeatOfAccount(account) >= 0) return;
    Seat& slot = seats_[static_cast<std::size_t>(seat)];
    if (slot.account != 0 || slot.computer()) return;
    slot.account = account;
    slot.name = std::move(n);
    if (slot.session) slot.session->set_name(slot.name);
    // In the lobby the claim is written with the seats; in a game it lasts while the room is
    // on this node, and the archive takes it (a claim after a restart finds the archived game).
    PersistSeats();
    UpdateSummary();
    BroadcastRoomState();
  });
}

void Room::ForgetAccount(std::int64_t account, std::string label) {
  Post([this, account, l = std::move(label)]() mutable {
    const int seat = seats_.SeatOfAccount(account);
    if (seat < 0) return;
    Seat& slot = seats_[static_cast<std::size_t>(seat)];
    slot.account = 0;
    slot.name = std::move(l);
    if (slot.session) slot.session->set_name(slot.name);
    PersistSeats();
    UpdateSummary();
    BroadcastRoomState();
  });
}

}  // namespace carc::server
