// A room's log in the store (store/event_store.h): what the room writes ahead of every
// broadcast, how a room is rebuilt from it, and the finished game's archive entry. The room
// decides what to write and when; the journal knows the log's shape: its next index, the seat
// table last written (so that an unchanged table or a change of readiness alone costs no write),
// and the order the entries must come in on replay.
//
// Contract: not thread-safe; the room calls it on its strand. Every write goes to the store's
// writer thread (group commit), never waiting on the caller's: one at a time, in the order
// handed in, the room's gate (rooms/write_gate.h) holding the room's other work meanwhile. A
// write either lands (an append grows the log by one) or fails with the store's error logged
// and counted in RoomMetrics::store_errors, the log unchanged; either way its `then` runs on
// the strand.
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <cstdint>
#include <deque>
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
#include "rooms/write_gate.h"
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
  // Where the store's answers go: the room's strand, the gate that holds the room's work while
  // a write is in flight, and what keeps the room alive until the answer came.
  struct Owner {
    boost::asio::any_io_executor strand;
    WriteGate* gate = nullptr;
    std::function<std::shared_ptr<void>()> keep_alive;
  };
  // `code` names the room in the log lines of failed writes. Without an owner the journal only
  // replays (an archived game's record).
  RoomJournal(store::EventStore& store, store::RoomId id, std::string code, RoomMetrics& metrics,
              Owner owner);
  RoomJournal(store::EventStore& store, store::RoomId id, std::string code, RoomMetrics& metrics);

  store::RoomId id() const { return id_; }
  // Entries in the log (RoomCreated is entry 0), which is also the index of the next one.
  std::uint32_t size() const { return size_; }
  // A write is handed in and not yet answered.
  bool writing() const { return !queue_.empty(); }

  // After the write: true when it landed, false after the store refused it.
  using Then = std::function<void(bool written)>;
  // Writes `entry` after the writes handed in before it.
  void Write(const carc::store::v1::RoomLogEntry& entry, Then then = {});
  // Writes the lobby's seat table if it differs from the last one handed in; a change of
  // readiness alone is written only `with_ready` (toggling ready would otherwise fsync each
  // time). A table still waiting behind another write is replaced by the newer one. A table the
  // store refused is written again with the next change (the lobby is no acknowledged command).
  // `then` hears whether the table (or a newer one that replaced it) landed; at once, true,
  // when nothing needed writing.
  void WriteSeats(const carc::store::v1::SeatTable& seats, bool with_ready, Then then = {});
  // The command accepted last, with the clocks' readings after it (and a turn-based room's
  // clock, when it has one).
  void WriteCommand(const carc::store::v1::GameCommand& command,
                    const std::vector<std::uint32_t>& clock_ms,
                    const MoveDeadline::State* turn_based, Then then);
  // Writes the finished game to the archive: `then` gets the rating changes it made (none for
  // an unrated game), or nullopt after the store refused it (the log still holds the whole
  // game, so the next start writes it again).
  using ArchiveThen = std::function<void(std::optional<std::vector<store::RatingChange>>)>;
  void Archive(store::ArchivedGame game, ArchiveThen then);

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

  // The rating changes the archived game made, read back from the store (after a restart);
  // none when the store keeps no ratings or cannot say (logged).
  std::vector<store::RatingChange> RatingChanges();
  // Whether the archive holds the room's game; nullopt (logged) when the store cannot say.
  std::optional<bool> Archived();

 private:
  // A write handed in: an append (`entry`) or the archive (`game`).
  struct Pending {
    std::string entry;
    bool seats = false;  // a seat table: may still be replaced
    bool start = false;  // the game's start
    std::optional<store::ArchivedGame> game;
    Then then;
    ArchiveThen archived;
  };
  void Enqueue(Pending p);
  void Send();  // hands the first pending write to the store
  void Landed(std::string error, std::vector<store::RatingChange> changes);

  store::EventStore& store_;
  const store::RoomId id_;
  const std::string code_;
  RoomMetrics& metrics_;
  Owner owner_;
  std::uint32_t size_ = 1;
  std::string stored_seats_;    // the last SeatTable handed in, serialized
  std::string stored_durable_;  // the same without readiness: what forces a write
  std::deque<Pending> queue_;
  bool sent_ = false;     // the first of queue_ is with the store
  bool started_ = false;  // a start is in the log or on its way: no more seat tables
};

}  // namespace carc::server
