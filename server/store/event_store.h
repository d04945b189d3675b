// The durable store behind the rooms: one append-only log per room and the archive of finished
// games. Rooms see only this interface; SQLite (sqlite_store.h) is the default implementation,
// and a PostgreSQL one can be added beside it without touching rooms.
//
// Contract:
// - Every method is thread-safe. Every method but AppendAsync is synchronous: when a write
//   returns, the data is in the store with the configured durability (kFull: on stable
//   storage, fsync done; kNormal: safe from a crash of the server process, possibly not from a
//   power loss). AppendAsync reports the same through its callback.
// - A write that fails throws StoreError and leaves the store as it was.
// - Log entries are opaque bytes here (serialized carc.store.v1.RoomLogEntry); a room's entries
//   have dense indexes 0, 1, 2, ... and Append refuses any other index.
// - Nothing is ever deleted: rooms end as finished (archived), disposed or quarantined.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ratings/weng_lin.h"

namespace carc::server::store {

enum class Durability { kFull, kNormal };

struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using RoomId = std::int64_t;

// A room to rebuild on start: its whole log, or why it could not be read.
struct OpenRoom {
  RoomId id = 0;
  std::string code;
  std::vector<std::string> entries;
  std::string read_error;  // non-empty: the log is unreadable and entries is incomplete
};

struct ArchivedPlayer {
  std::string name;
  int score = 0;
  std::int64_t account = 0;  // the account that held the seat; 0: a guest or a computer
  // The hash of the seat's resume token (rooms/tokens.h), "" for none: a guest who signs up
  // later claims the game with the token their browser kept (AccountStore::ClaimGames).
  std::string token_hash{};
  // Of a rated game: the seat's player left it (absent past the room's policy, or resigned), so
  // it is ranked last whatever its score.
  bool left = false;
  // Of a rated game: a computer player's fixed rating (its level's yardstick), which counts for
  // the others and never moves. A seat with neither this nor an account is not rated.
  std::optional<ratings::Rating> fixed_rating{};
  // Of a rated game: the moves the seat's player made themselves (not the absent policy for
  // them); too few void the rating (ratings/farming_guard.h).
  int moves = 0;
};

struct ArchivedGame {
  RoomId id = 0;  // the room's id, also the game's id in the archive
  std::string code;
  std::int64_t finished_at = 0;  // seconds since the Unix epoch
  std::vector<ArchivedPlayer> players;
  // carcassonne-record/1 JSON text, or empty: the rooms archive their games without it and
  // make it from the room's log when it is asked for (rooms/archived_record.h), so a finished
  // game costs no replay and no JSON on its room's thread. Games archived before that keep
  // theirs. Summaries from ListGames leave it empty.
  std::string record;
  // The game's registered name. Archive writes it; empty writes none, and a game without one
  // (all those archived before it was written) is read as its record's "game", "base" when the
  // record names none or is not JSON.
  std::string game;
  // A rated game's pool ("base", "count", "castle"; store/rating_rows.h), "" for an unrated one.
  // Archive rates it in the same transaction: a game is rated exactly once, when archived.
  std::string rated_pool{};
  // Played in a private room: shown on a profile only to its players (accounts/profile_api.h).
  bool is_private = false;
};

// One account seat's rating change in a rated game (store/rating_rows.h). `before` is the
// rating the update started from: the kept one after the idle days since its last rated game
// (ratings::AfterIdle), so that anyone can redo the update from the API's figures.
struct RatingChange {
  int seat = 0;
  std::int64_t account = 0;
  int place = 0;
  bool left = false;
  ratings::Rating before;
  ratings::Rating after;
  int games = 0;  // rated games in the pool, this one included
  // False for a game too short to rate (ratings/farming_guard.h): a player who left it is still
  // noted (with before == after, games unchanged), so that leaving at once counts toward the
  // fair-play limit; their kept rating is not written.
  bool counted = true;
};

struct QuarantinedRoom {
  RoomId id = 0;
  std::string code;
  std::string reason;
};

// Fills in each room's entries with `read(id, entries)`, which returns what is wrong with the
// log or "" (or throws StoreError). Each room is read on its own, so that damage in one log
// cannot hide the others.
template <typename Read>
void ReadEachLog(std::vector<OpenRoom>& rooms, Read read) {
  for (OpenRoom& room : rooms) {
    try {
      room.read_error = read(room.id, room.entries);
    } catch (const StoreError& e) {
      room.read_error = e.what();
    }
  }
}

// Called once an asynchronous append is in the store ("") or has failed (why; nothing of it
// was written). Runs on a thread of the store's: post to your own executor, never block.
using AppendDone = std::function<void(std::string error)>;

// How the asynchronous appends went, for /metrics.
struct StoreStats {
  std::uint64_t batches = 0;          // transactions written by the group commit
  std::uint64_t batched_appends = 0;  // appends they held (written or failed)
  std::uint64_t failed_appends = 0;
  std::uint64_t queued_appends = 0;  // handed in and not yet being written
  std::uint64_t room_writes = 0;     // OnWriter's writes run on the writer thread
  std::uint64_t checkpoints = 0;     // of the write-ahead log, beside the writer
  // Writes whose connection failed under them (PostgreSQL): the log was asked whether they
  // took place (settled), or could not be asked (in doubt: the room is rebuilt from its log).
  std::uint64_t writes_settled = 0;
  std::uint64_t writes_in_doubt = 0;
};

class RoomLeases;
class AccountStore;
class RatingStore;
class PushStore;
class SocialStore;
class MailStore;
class ModerationStore;

class EventStore {
 public:
  virtual ~EventStore() = default;

  // The cluster's room leases (room_leases.h), or nullptr for a store only one server uses.
  virtual RoomLeases* leases() { return nullptr; }
  // Accounts and their sessions (account_store.h) in the same database, or nullptr for a store
  // that keeps none (an in-memory one).
  virtual AccountStore* accounts() { return nullptr; }
  // Players' ratings and the leaderboards (rating_store.h), or nullptr for a store that keeps
  // none. The ratings themselves are written by Archive.
  virtual RatingStore* ratings() { return nullptr; }
  // Push subscriptions and the server's keys (push_store.h), or nullptr for a store that keeps
  // none: such a server sends no push notices.
  virtual PushStore* push() { return nullptr; }
  // Follows, blocks and invitations (social_store.h), or nullptr for a store that keeps none.
  virtual SocialStore* social() { return nullptr; }
  // E-mail addresses and their digests (mail_store.h), or nullptr for a store that keeps none.
  virtual MailStore* mail() { return nullptr; }
  // Roles, sanctions and the audit log (moderation_store.h), or nullptr for a store that keeps
  // none.
  virtual ModerationStore* moderation() { return nullptr; }

  // A new room whose log starts with `first_entry` (index 0). Returns its id.
  virtual RoomId CreateRoom(const std::string& code, std::string_view first_entry) = 0;
  // Appends entry `index` to the room's log.
  virtual void Append(RoomId room, std::uint32_t index, std::string_view entry) = 0;
  // Appends entry `index` without waiting for the disk: `done` tells when it is in the store
  // or why it is not. Appends of one room must wait for the previous one's `done` (a room has
  // at most one in flight), which bounds the queue by the number of rooms. This default writes
  // at once with Append, on the caller's thread; a store with group commit batches the
  // appends of many rooms into one transaction.
  virtual void AppendAsync(RoomId room, std::uint32_t index, std::string entry, AppendDone done) {
    std::string error;
    try {
      Append(room, index, entry);
    } catch (const StoreError& e) {
      error = e.what();
    }
    done(std::move(error));
  }
  // Runs `write` (one of this store's synchronous writes, with its answer handed on) on the
  // store's writer thread, in order with the appends handed in before it, so that no network
  // thread waits for the disk or another process's write lock. This default runs it at once on
  // the caller's thread. `write` must not throw.
  virtual void OnWriter(std::function<void()> write) { write(); }
  // CreateRoom, Archive and Dispose through OnWriter: `done` gets the result or the store's
  // error, on the writer thread (post to your own executor, never block).
  using CreatedDone = std::function<void(RoomId id, std::string error)>;
  void CreateRoomAsync(std::string code, std::string first_entry, CreatedDone done);
  using ArchivedDone = std::function<void(std::vector<RatingChange> changes, std::string error)>;
  void ArchiveAsync(ArchivedGame game, ArchivedDone done);
  void DisposeAsync(RoomId room, AppendDone done);
  // Waits until every AppendAsync and OnWriter handed in before has been written and its
  // `done` run.
  virtual void Flush() {}
  virtual StoreStats Stats() const { return {}; }
  // "" while writes go through; else what is wrong (store/write_health.h). Answers at once.
  virtual std::string WriteTrouble() const { return ""; }
  // The game in this room ended: it enters the archive, and a rated game's players' ratings
  // change in the same transaction. A game already archived throws StoreError and changes
  // nothing. The room is still rebuilt on start (players may be looking at the final table)
  // until Dispose.
  // Returns the rated game's changes by seat (empty for an unrated game).
  virtual std::vector<RatingChange> Archive(const ArchivedGame& game) = 0;
  // The room is gone from the server (nobody came back); its log is kept.
  virtual void Dispose(RoomId room) = 0;
  // The room's log cannot be replayed: it is set aside with the reason, kept for inspection,
  // and no longer rebuilt on start.
  virtual void Quarantine(RoomId room, const std::string& reason) = 0;

  // Every room neither disposed of nor quarantined, oldest first.
  virtual std::vector<OpenRoom> OpenRooms() = 0;
  // One room's whole log (any state), or nullopt for an unknown id.
  virtual std::optional<std::vector<std::string>> Log(RoomId room) = 0;
  virtual std::vector<QuarantinedRoom> Quarantined() = 0;
  // Finished games, newest first; `player` (if not empty) must have had a seat.
  virtual std::vector<ArchivedGame> ListGames(const std::string& player, int limit) = 0;
  virtual std::optional<ArchivedGame> Game(RoomId id) = 0;
};

}  // namespace carc::server::store
