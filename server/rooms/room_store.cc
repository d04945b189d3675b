// The room's side of its log (the log itself: room_journal.h): what a write of the seat table
// takes and rebuilding the room from its log (the game's part: RoomGame::Restore).
#include <spdlog/spdlog.h>

#include "rooms/room.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

void Room::PersistSeats(bool with_ready, RoomJournal::Then then) {
  if (game_.started()) {
    if (then) then(true);
    return;
  }
  journal_.WriteSeats(seats_.ToStored(), with_ready, std::move(then));
}

std::vector<std::string> Room::TokenHashes() const {
  return seats_.TokenHashes();
}

std::string Room::Restore(const std::vector<std::string>& entries) {
  if (std::string why = game_.Restore(entries); !why.empty()) return why;
  // A lobby written before its host's last visit was kept: its wait counts from now.
  if (TurnBasedLobby() && seats_.host_seen_at() == 0) seats_.set_host_seen_at(WallNow());
  {
    std::lock_guard lock(summary_mu_);
    empty_since_ = Clock::now();  // nobody is connected yet: the sweeper's countdown starts
    // A finished game's players get the grace period to come back to the final table.
    finished_linger_ = config_.grace_period;
    NoteMayDispose(/*held=*/false);  // a close is applied after (Moderate)
  }
  UpdateSummary();
  return {};
}

}  // namespace carc::server
