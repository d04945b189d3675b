// What makes a room rated (docs/ratings.md) and a rated room's part of its game: the checks a
// rated room's options and computer players pass, what the archive needs to rate the game (the
// pool, who left, the computers' yardstick ratings) and the changes the players are told of.
//
// Contract: pure checks; RatedGame holds the changes in memory (the room reads them back from
// the store after a restart). Rating itself is the store's, in the archive's transaction
// (store/rating_rows.h), so that a game is rated exactly once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "carc/v1/messages.pb.h"
#include "games/game_adapter.h"
#include "rooms/room_config.h"
#include "rooms/seat_table.h"
#include "store/event_store.h"

namespace carc::server {

// Why the fair-play limit (accounts/fair_play.h, read at the connection) keeps `account` from a
// new seat in a rated room now (`config.wall_now`, else the clock), with until when; "" when it
// does not.
std::string RatedBarRefusal(const SocketAccount& account, const RoomConfig& config);

class GameSession;

// Why a room with these (normalized) options cannot be rated, "" when it can: house rules
// (named), hints, a game with no rating pool.
std::string RatedRoomProblem(const v1::RoomOptions& options, const GameAdapter& game);

// Why a computer player of `level` (its stored text form) cannot sit in a rated room with these
// options, "" when it can (or the room is not rated).
std::string RatedComputerProblem(const v1::RoomOptions& options, std::string_view level);

// A rated room's game. Off (and every call a no-op) for an unrated room.
class RatedGame {
 public:
  // `options` outlives this (the room's, which a restore may fill in after construction).
  explicit RatedGame(const v1::RoomOptions& options) : options_(options) {}

  bool on() const { return options_.rated(); }

  // The archive's rated fields, over the players the room filled in (names, scores, accounts):
  // the pool, whether each person left (resigned, or played for by the absent policy:
  // `session`), and each computer's yardstick rating. An unrated room's archive is left alone.
  void PrepareArchive(store::ArchivedGame& game, const SeatTable& seats,
                      const GameSession& session) const;

  // The changes the archive made (or, after a restart, read back from the store).
  void set_changes(std::vector<store::RatingChange> changes) { changes_ = std::move(changes); }
  const std::vector<store::RatingChange>& changes() const { return changes_; }

 private:
  const v1::RoomOptions& options_;
  std::vector<store::RatingChange> changes_;
};

// RoomState's rating changes.
void FillRatingChanges(const std::vector<store::RatingChange>& changes, v1::RoomState* out);

}  // namespace carc::server
