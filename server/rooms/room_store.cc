// The room's log in the store: writing it ahead of every broadcast, rebuilding a room from it,
// and archiving the finished game.
#include <spdlog/spdlog.h>

#include <ctime>

#include "carc/engine/reject_reason.h"
#include "rooms/room.h"

namespace carc::server {

using Clock = std::chrono::steady_clock;
namespace sv1 = carc::store::v1;

sv1::RoomLogEntry Room::CommandEntry() const {
  sv1::RoomLogEntry entry;
  sv1::GameCommand* stored = entry.mutable_command();
  *stored = game_->Stored();
  for (const auto ms : clock_.Readings()) stored->add_clock_remaining_ms(ms);
  return entry;
}

bool Room::Persist(const sv1::RoomLogEntry& entry) {
  try {
    store_.Append(room_id_, log_size_, entry.SerializeAsString());
  } catch (const store::StoreError& e) {
    ++metrics_.store_errors;
    spdlog::error("room {}: store write failed: {}", code_, e.what());
    return false;
  }
  ++log_size_;
  return true;
}

namespace {

// The seat table without readiness: a change to this forces a write.
std::string DurablePart(sv1::SeatTable table) {
  for (auto& seat : *table.mutable_seats()) seat.set_ready(false);
  return table.SerializeAsString();
}

}  // namespace

bool Room::PersistSeats(bool with_ready) {
  if (game_) return true;
  sv1::RoomLogEntry entry;
  *entry.mutable_seats() = seats_.ToStored();
  std::string bytes = entry.seats().SerializeAsString();
  if (bytes == stored_seats_) return true;
  std::string durable = DurablePart(entry.seats());
  if (!with_ready && durable == stored_durable_) return true;  // only readiness changed
  if (!Persist(entry)) return false;
  stored_seats_ = std::move(bytes);
  stored_durable_ = std::move(durable);
  return true;
}

std::vector<std::string> Room::TokenHashes() const {
  return seats_.TokenHashes();
}

std::string Room::Replay(const std::vector<std::string>& entries) {
  for (std::size_t i = 1; i < entries.size(); ++i) {
    const std::string where = "entry " + std::to_string(i) + ": ";
    sv1::RoomLogEntry entry;
    if (!entry.ParseFromString(entries[i])) return where + "not a RoomLogEntry";
    switch (entry.entry_case()) {
      case sv1::RoomLogEntry::kSeats:
        if (game_) return where + "a seat table after the start";
        if (entry.seats().seats_size() != static_cast<int>(options_.seats())) {
          return where + "the seat table does not match the room's seats";
        }
        seats_.Load(entry.seats(), Clock::now());
        stored_seats_ = entry.seats().SerializeAsString();
        stored_durable_ = DurablePart(entry.seats());
        break;
      case sv1::RoomLogEntry::kStarted: {
        if (game_) return where + "a second start";
        const sv1::GameStarted& st = entry.started();
        seats_.Load(st.seats(), Clock::now());
        std::string error;
        game_ = StartGameSession(options_, static_cast<int>(seats_.size()), st.seed(),
                                 st.first_player(), &error);
        if (!game_) return where + error;
        // The clock is on if the start stored readings, whatever the options say now.
        if (st.clock_remaining_ms_size() > 0) {
          clock_ = TurnClock(st.clock_remaining_ms_size(), std::chrono::milliseconds(0),
                             std::chrono::seconds(options_.clock().increment_seconds()));
          clock_.Load({st.clock_remaining_ms().begin(), st.clock_remaining_ms().end()});
        }
        break;
      }
      case sv1::RoomLogEntry::kCommand: {
        if (!game_) return where + "a command before the start";
        const sv1::GameCommand& c = entry.command();
        if (std::string why = game_->ApplyStored(c); !why.empty()) return where + why;
        if (clock_.on() &&
            !clock_.Load({c.clock_remaining_ms().begin(), c.clock_remaining_ms().end()})) {
          return where + "clock readings do not match the seats";
        }
        break;
      }
      case sv1::RoomLogEntry::kEnded:
        if (!game_) return where + "an end before the start";
        if (game_->IsOver()) return where + "an end after the end";
        game_->EndEarly();
        break;
      default:
        return where + "an entry of no known kind";
    }
  }
  return {};
}

std::string Room::Restore(const std::vector<std::string>& entries) {
  if (std::string why = Replay(entries); !why.empty()) {
    game_.reset();  // the room is thrown away (its phase is still the lobby's)
    return why;
  }
  log_size_ = static_cast<std::uint32_t>(entries.size());
  if (game_) {
    phase_.Advance(RoomPhase::kPlaying);
    if (game_->IsOver()) {
      phase_.Advance(RoomPhase::kFinished);
      // The process may have stopped between the last command and the archive entry.
      // An archive that cannot be read is taken as written (the game is not archived twice),
      // but clients are not pointed at it.
      bool archived = true;
      try {
        archived = store_.Game(room_id_).has_value();
        archived_ = archived;
      } catch (const store::StoreError& e) {
        spdlog::error("room {}: reading the archive failed: {}", code_, e.what());
      }
      if (!archived) ArchiveGame();
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
  game.id = room_id_;
  game.code = code_;
  game.finished_at = static_cast<std::int64_t>(std::time(nullptr));
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    game.players.push_back({seats_[i].name, game_->score(static_cast<engine::Seat>(i))});
  }
  game.record = game_->Record();
  try {
    store_.Archive(game);
    archived_ = true;
  } catch (const store::StoreError& e) {
    // The log holds the whole game, so the archive entry is written again on the next start.
    ++metrics_.store_errors;
    spdlog::error("room {}: archiving the game failed: {}", code_, e.what());
  }
}

}  // namespace carc::server
