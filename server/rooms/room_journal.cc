#include "rooms/room_journal.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <utility>

#include "games/registry.h"
#include "rooms/turn_based_log.h"
#include "store/rating_store.h"

namespace carc::server {

namespace sv1 = carc::store::v1;

namespace {

// The seat table without readiness: a change to this forces a write.
std::string DurablePart(sv1::SeatTable table) {
  for (auto& seat : *table.mutable_seats()) seat.set_ready(false);
  return table.SerializeAsString();
}

}  // namespace

RoomJournal::RoomJournal(store::EventStore& store, store::RoomId id, std::string code,
                         RoomMetrics& metrics)
    : store_(store), id_(id), code_(std::move(code)), metrics_(metrics) {}

bool RoomJournal::Append(const sv1::RoomLogEntry& entry) {
  try {
    store_.Append(id_, size_, entry.SerializeAsString());
  } catch (const store::StoreError& e) {
    ++metrics_.store_errors;
    spdlog::error("room {}: store write failed: {}", code_, e.what());
    return false;
  }
  ++size_;
  return true;
}

bool RoomJournal::AppendSeats(const sv1::SeatTable& seats, bool with_ready) {
  std::string bytes = seats.SerializeAsString();
  if (bytes == stored_seats_) return true;
  std::string durable = DurablePart(seats);
  if (!with_ready && durable == stored_durable_) return true;  // only readiness changed
  sv1::RoomLogEntry entry;
  *entry.mutable_seats() = seats;
  if (!Append(entry)) return false;
  stored_seats_ = std::move(bytes);
  stored_durable_ = std::move(durable);
  return true;
}

void RoomJournal::AppendCommand(const sv1::GameCommand& command,
                                const std::vector<std::uint32_t>& clock_ms,
                                const MoveDeadline::State* turn_based,
                                std::function<void(std::string)> done) {
  sv1::RoomLogEntry entry;
  sv1::GameCommand* stored = entry.mutable_command();
  *stored = command;
  for (const std::uint32_t ms : clock_ms) stored->add_clock_remaining_ms(ms);
  if (turn_based != nullptr) ToStored(*turn_based, stored->mutable_turn_based());
  store_.AppendAsync(id_, size_, entry.SerializeAsString(), std::move(done));
}

RoomCreation ReadCreation(const std::vector<std::string>& entries) {
  RoomCreation c;
  sv1::RoomLogEntry first;
  if (entries.empty() || !first.ParseFromString(entries[0]) || !first.has_created()) {
    c.error = "entry 0 is not the room's creation";
    return c;
  }
  c.code = first.created().code();
  c.options = first.created().options();
  const GameAdapter* game = FindGame(c.options.game_type());
  if (game == nullptr) {
    c.error =
        "entry 0: this server offers no game of type " + std::to_string(c.options.game_type());
  } else if (const std::string why = game->RestoreOptions(c.options); !why.empty()) {
    c.error = "entry 0: " + why;
  }
  return c;
}

bool RoomJournal::CommandWritten(const std::string& error) {
  if (!error.empty()) {
    ++metrics_.store_errors;
    spdlog::error("room {}: store write failed: {}", code_, error);
    return false;
  }
  ++size_;
  return true;
}

std::string RoomJournal::Replay(const std::vector<std::string>& entries,
                                const v1::RoomOptions& options, Target target) {
  const auto now = std::chrono::steady_clock::now();
  for (std::size_t i = 1; i < entries.size(); ++i) {
    const std::string where = "entry " + std::to_string(i) + ": ";
    sv1::RoomLogEntry entry;
    if (!entry.ParseFromString(entries[i])) return where + "not a RoomLogEntry";
    switch (entry.entry_case()) {
      case sv1::RoomLogEntry::kSeats:
        if (target.game) return where + "a seat table after the start";
        if (entry.seats().seats_size() != static_cast<int>(options.seats())) {
          return where + "the seat table does not match the room's seats";
        }
        target.seats.Load(entry.seats(), now);
        stored_seats_ = entry.seats().SerializeAsString();
        stored_durable_ = DurablePart(entry.seats());
        break;
      case sv1::RoomLogEntry::kStarted: {
        if (target.game) return where + "a second start";
        const sv1::GameStarted& st = entry.started();
        target.seats.Load(st.seats(), now);
        std::string error;
        target.game = StartGameSession(options, static_cast<int>(target.seats.size()), st.seed(),
                                       st.first_player(), &error);
        if (!target.game) return where + error;
        // The clock is on if the start stored readings, whatever the options say now.
        if (st.clock_remaining_ms_size() > 0) {
          target.clock = TurnClock(st.clock_remaining_ms_size(), std::chrono::milliseconds(0),
                                   std::chrono::seconds(options.clock().increment_seconds()));
          target.clock.Load({st.clock_remaining_ms().begin(), st.clock_remaining_ms().end()});
        }
        // Likewise a turn-based clock: the game goes on by the rules it started with.
        if (st.has_turn_based()) {
          const TurnBasedRules rules = TurnBasedRulesOf(options);
          if (*TurnBasedProblem(rules) != '\0') return where + "a turn-based clock without rules";
          target.turn_based.emplace(static_cast<int>(target.seats.size()), rules);
          if (std::string why = LoadStored(st.turn_based(), *target.turn_based); !why.empty()) {
            return where + why;
          }
        }
        break;
      }
      case sv1::RoomLogEntry::kCommand: {
        if (!target.game) return where + "a command before the start";
        const sv1::GameCommand& c = entry.command();
        if (std::string why = target.game->ApplyStored(c); !why.empty()) return where + why;
        if (target.clock.on() &&
            !target.clock.Load({c.clock_remaining_ms().begin(), c.clock_remaining_ms().end()})) {
          return where + "clock readings do not match the seats";
        }
        if (target.turn_based && c.has_turn_based()) {
          if (std::string why = LoadStored(c.turn_based(), *target.turn_based); !why.empty()) {
            return where + why;
          }
        }
        break;
      }
      case sv1::RoomLogEntry::kTurnNoted:
        if (!target.turn_based) return where + "a turn-based note in a room without that clock";
        if (std::string why = LoadStored(entry.turn_noted(), *target.turn_based); !why.empty()) {
          return where + why;
        }
        break;
      case sv1::RoomLogEntry::kEnded:
        if (!target.game) return where + "an end before the start";
        if (target.game->IsOver()) return where + "an end after the end";
        target.game->EndEarly();
        for (const int seat : entry.ended().absent_seats()) {
          if (seat < 0 || seat >= static_cast<int>(options.seats())) {
            return where + "an absent seat that is not one";
          }
          target.game->MarkLeft(seat);
        }
        break;
      default:
        return where + "an entry of no known kind";
    }
  }
  size_ = static_cast<std::uint32_t>(entries.size());
  return {};
}

std::optional<std::vector<store::RatingChange>> RoomJournal::Archive(store::ArchivedGame game) {
  game.id = id_;
  game.code = code_;
  try {
    return store_.Archive(game);
  } catch (const store::StoreError& e) {
    ++metrics_.store_errors;
    spdlog::error("room {}: archiving the game failed: {}", code_, e.what());
    return std::nullopt;
  }
}

std::vector<store::RatingChange> RoomJournal::RatingChanges() {
  store::RatingStore* ratings = store_.ratings();
  if (ratings == nullptr) return {};
  try {
    std::vector<store::RatingChange> out;
    for (const store::RatingHistoryRow& r : ratings->GameRatings(id_)) {
      out.push_back({r.seat, 0, r.place, r.left, r.before, r.after, 0});
    }
    return out;
  } catch (const store::StoreError& e) {
    spdlog::error("room {}: reading the game's rating changes failed: {}", code_, e.what());
    return {};
  }
}

std::optional<bool> RoomJournal::Archived() {
  try {
    return store_.Game(id_).has_value();
  } catch (const store::StoreError& e) {
    spdlog::error("room {}: reading the archive failed: {}", code_, e.what());
    return std::nullopt;
  }
}

}  // namespace carc::server
