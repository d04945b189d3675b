// A room's log in the store (store/event_store.h): what the room writes ahead of every
// broadcast, how a room is rebuilt from it, and the finished game's archive entry. The room
// decides what to write and when; the journal knows the log's shape: its next index, the seat
// table last written (so that an unchanged table or a change of readiness alone costs no write),
// and the order the entries must come in on replay.
//
// Contract: not thread-safe; the room calls it on its strand. Every synchronous write either
// lands (the log grows by one) or fails with the store's error logged and counted in
// RoomMetrics::store_errors, the log unchanged. A game command's write is asynchronous (group
// commit): the log grows only when CommandWritten() hears it landed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/store/v1/room_log.pb.h"
#include "carc/v1/messages.pb.h"
#include "rooms/game_session.h"
#include "rooms/move_deadline.h"
#include "rooms/room_metrics.h"
#include "rooms/seat_table.h"
#include "rooms/turn_clock.h"
#include "store/event_store.h"

namespace carc::server {

// What a room's log says in its entry 0 (RoomCreated): the code and the options, brought up to
// date by the game's adapter (GameAdapter::RestoreOptions). `error` (naming entry 0) when the
// entry is no creation, its game is not offered here, or its options are refused.
struct RoomCreation {
  std::string code;
  v1::RoomOptions options;
  std::string error;
};
RoomCreation ReadCreation(const std::vector<std::string>& entries);

class RoomJournal {
 public:
  // `code` names the room in the log lines of failed writes.
  RoomJournal(store::EventStore& store, store::RoomId id, std::string code, RoomMetrics& metrics);

  store::RoomId id() const { return id_; }
  // Entries in the log (RoomCreated is entry 0), which is also the index of the next one.
  std::uint32_t size() const { return size_; }

  // Writes `entry` now. False (nothing written) after the store refused it.
  bool Append(const carc::store::v1::RoomLogEntry& entry);
  // Writes the lobby's seat table if it differs from the last one written; a change of
  // readiness alone is written only `with_ready` (toggling ready would otherwise fsync each
  // time). True when nothing needed writing.
  bool AppendSeats(const carc::store::v1::SeatTable& seats, bool with_ready);
  // Hands the command accepted last, with the clocks' readings after it (and a turn-based
  // room's clock, when it has one), to the store's group commit; `done` gets "" or the store's
  // error, on the store's thread. The room then calls CommandWritten with that error on its
  // strand.
  void AppendCommand(const carc::store::v1::GameCommand& command,
                     const std::vector<std::uint32_t>& clock_ms,
                     const MoveDeadline::State* turn_based, std::function<void(std::string)> done);
  // True when the command landed (the log grew); false after logging and counting the error.
  bool CommandWritten(const std::string& error);

  // What a replay rebuilds: the room's seats, its game once started, and its clock (a
  // turn-based room's clock: set when the start stored one).
  struct Target {
    SeatTable& seats;
    std::unique_ptr<GameSession>& game;
    TurnClock& clock;
    std::optional<MoveDeadline>& turn_based;
  };
  // Restore: replays entries 1.. of the log (entry 0, RoomCreated, made the room) into
  // `target`, in order: seat tables, then at most one start, then commands and at most one
  // early end. Returns "" or what is wrong with the log, naming the entry; on success the
  // journal continues the log after its last entry.
  std::string Replay(const std::vector<std::string>& entries, const v1::RoomOptions& options,
                     Target target);

  // Writes the finished game to the archive: the rating changes it made (none for an unrated
  // game). Nothing after the store refused it: the log still holds the whole game, so the next
  // start writes it again.
  std::optional<std::vector<store::RatingChange>> Archive(store::ArchivedGame game);
  // The rating changes the archived game made, read back from the store (after a restart);
  // none when the store keeps no ratings or cannot say (logged).
  std::vector<store::RatingChange> RatingChanges();
  // Whether the archive holds the room's game; nullopt (logged) when the store cannot say.
  std::optional<bool> Archived();

 private:
  store::EventStore& store_;
  const store::RoomId id_;
  const std::string code_;
  RoomMetrics& metrics_;
  std::uint32_t size_ = 1;
  std::string stored_seats_;    // the last SeatTable written, serialized
  std::string stored_durable_;  // the same without readiness: what forces a write
};

}  // namespace carc::server
