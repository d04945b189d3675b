// The room's side of its log (the log itself: room_journal.h): what a write of the seat table
// takes, rebuilding the room from its log, and archiving the finished game.
#include <spdlog/spdlog.h>

#include <ctime>

#include "rooms/room.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;

bool Room::PersistSeats(bool with_ready) {
  if (game_) return true;
  return journal_.AppendSeats(seats_.ToStored(), with_ready);
}

std::vector<std::string> Room::TokenHashes() const {
  return seats_.TokenHashes();
}

std::string Room::Restore(const std::vector<std::string>& entries) {
  if (std::string why = journal_.Replay(entries, options_, {seats_, game_, clock_}); !why.empty()) {
    game_.reset();  // the room is thrown away (its phase is still the lobby's)
    return why;
  }
  if (game_) {
    phase_.Advance(RoomPhase::kPlaying);
    if (game_->IsOver()) {
      phase_.Advance(RoomPhase::kFinished);
      // The process may have stopped between the last command and the archive entry.
      // An archive that cannot be read is taken as written (the game is not archived twice),
      // but clients are not pointed at it.
      const std::optional<bool> archived = journal_.Archived();
      archived_ = archived.value_or(false);
      if (!archived.value_or(true)) ArchiveGame();
    }
    // The clock runs again from now: the time the server was down is nobody's.
    clock_.Resume(game_->IsOver() ? -1 : game_->ToMove(), Clock::now());
    ArmClock();
  }
  {
    std::lock_guard lock(summary_mu_);
    empty_since_ = Clock::now();  // nobody is connected yet: the sweeper's countdown starts
    // A finished game's players get the grace period to come back to the final table.
    finished_linger_ = config_.grace_period;
  }
  UpdateSummary();
  return {};
}

void Room::ArchiveGame() {
  store::ArchivedGame game;
  game.finished_at = static_cast<std::int64_t>(std::time(nullptr));
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    game.players.push_back({seats_[i].name, game_->score(static_cast<engine::Seat>(i))});
  }
  game.record = game_->Record();
  if (journal_.Archive(std::move(game))) archived_ = true;
}

}  // namespace carc::server
