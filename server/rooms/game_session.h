// The game a room hosts, whichever game it is: one engine::State (carc/engine/game.h) driven
// through the game's adapter (games/game_adapter.h), with the log the store keeps. The room
// never sees an engine type beyond Seat and RejectReason, and names no game.
//
// Contract: a command is applied, then either committed (the store kept it: it joins the log)
// or undone (the store refused it: the game is rebuilt from its start and log, as if the
// command never came). Everything sent is built by the adapter from the engine's views, so
// nothing hidden can reach a message.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/engine/game.h"
#include "carc/engine/reject_reason.h"
#include "carc/store/v1/room_log.pb.h"
#include "carc/v1/messages.pb.h"
#include "games/game_adapter.h"

namespace carc::server {

class GameSession {
 public:
  GameSession(const GameAdapter& adapter, std::unique_ptr<engine::State> start);

  // The game's registered name (the archive's "game").
  std::string_view game_name() const { return adapter_.game().name(); }
  // The game itself, for what only reads it (legal moves for a computer player).
  const engine::State& state() const { return *state_; }
  std::uint64_t seq() const { return state_->seq(); }
  // Over when the engine says so, or once ended early (EndEarly).
  bool IsOver() const { return ended_early() || state_->IsOver(); }
  int ToMove() const { return IsOver() ? -1 : state_->ToMove(); }  // -1 once the game is over
  bool resigned(int seat) const { return state_->Resigned(seat); }
  // The score so far; once ended early, the score it ended with.
  int score(int seat) const {
    return ended_early() ? early_scores_[static_cast<std::size_t>(seat)] : state_->Score(seat);
  }
  // Ends the game where it stands (the players voted to end it): from now on it is over, every
  // command is refused (kGameOver), and each seat's score is the one the engine's end-of-game
  // scoring gives the board as it is. Not undone by Undo(); the room stores it first.
  void EndEarly();
  // The seat's player left the game: resigned, or had a command played for them by the room's
  // absent policy (MarkAbsent, or the log's GameCommand.absent). A rated game ranks them last.
  bool left(int seat) const {
    return resigned(seat) || (seat >= 0 && static_cast<std::size_t>(seat) < left_.size() &&
                              left_[static_cast<std::size_t>(seat)]);
  }
  // The game moves the seat's player made themselves: committed commands of the seat other than
  // a resignation, a timeout's fallback or a command the absent policy played for them.
  int moves(int seat) const {
    return seat >= 0 && static_cast<std::size_t>(seat) < moves_.size()
               ? moves_[static_cast<std::size_t>(seat)]
               : 0;
  }
  // The command accepted last was played by the absent policy for its seat (stored with it).
  void MarkAbsent();
  // The seats away when the players voted to end the game: they left it too.
  void MarkLeft(int seat);
  bool ended_early() const { return !early_scores_.empty(); }
  const std::vector<int>& early_scores() const { return early_scores_; }

  // A command from the wire as a move of this game, or why it is none: the one decode a
  // client's command gets (the adapter's FromWire); ApplyMove then applies the move.
  std::variant<engine::Move, std::string> Decode(const v1::GameCommand& wire) const {
    return adapter_.FromWire(wire, *state_);
  }
  // A move for `seat` with its wire form at this state (the command Decode read it from, or
  // WireCommand's for a move of the server's); kNone when accepted. Only then is its stored form
  // made (the adapter's ToStored, from the move or `wire`): a refused command costs no encoding.
  engine::RejectReason ApplyMove(int seat, const engine::Move& move, const v1::GameCommand& wire);
  engine::RejectReason ApplyTimeout(int seat);
  engine::RejectReason ApplyResign(int seat);
  // The command accepted last, as the room log stores it (without clock readings).
  const carc::store::v1::GameCommand& Stored() const { return stored_; }
  void Commit();
  void Undo();
  // A game move (not Timeout or Resign) of the seat to move as the command a client would send
  // for it now (expected_seq: seq()), built by the game's adapter (ToWire).
  v1::GameCommand WireCommand(const engine::Move& move) const;
  // What the follower step after `move` (a placement by `seat`, the seat to move, at its
  // placement decision) would offer `seat`: the legal moves the batch after the placement would
  // carry, in `out`'s legal_moves, left unset when the placement leaves no follower decision.
  // Tried on a copy of the game that is then dropped: nothing changes, and nothing the copy drew
  // after the placement leaves it. kNone, or why not (kNotYourTurn, kWrongPhase, or the engine's
  // refusal of the move, which state().Explain() explains: the game is as it was).
  engine::RejectReason PreviewPlacement(int seat, const engine::Move& move,
                                        v1::PlacementPreview* out) const;
  // Restore: applies and commits a command from the room log; "" or what is wrong.
  std::string ApplyStored(const carc::store::v1::GameCommand& stored);

  // The same for every viewer at one seq (docs/protocol.md).
  std::uint64_t PublicHash() const { return adapter_.PublicHash(*state_); }
  // What `seat` (-1: spectators) receives of the command accepted last.
  void BatchFor(std::uint64_t prev_seq, int seat, std::uint64_t public_hash,
                v1::EventBatch* out) const {
    adapter_.BatchFor(*state_, prev_seq, seat, public_hash, out);
  }
  v1::GameSnapshot SnapshotFor(int seat) const { return adapter_.SnapshotFor(*state_, seat); }
  // The game so far as `seat` (-1: spectators) received it: its view at the start and one batch
  // per committed command without legal moves, rebuilt from the start and the log (so also
  // after a restart). Only the newest batches within `max_bytes` are kept; then the start is
  // left out and `complete` is false.
  void HistoryFor(int seat, std::size_t max_bytes, v1::History* out) const;
  // The game as a record; an error text instead while the record would reveal a secret.
  std::optional<std::string> RecordRefusal() const { return adapter_.RecordRefusal(*state_); }
  std::string Record() const { return adapter_.Record(*start_, log_); }

 private:
  engine::RejectReason Apply(int seat, const engine::Move& move, const v1::GameCommand* wire);

  const GameAdapter& adapter_;
  std::unique_ptr<const engine::State> start_;  // for Undo and the record
  std::unique_ptr<engine::State> state_;
  std::vector<SeatMove> log_;
  SeatMove pending_;  // accepted, not yet committed
  carc::store::v1::GameCommand stored_;
  std::vector<int> early_scores_;  // set by EndEarly
  std::vector<bool> left_;         // by seat: committed absent-policy commands and MarkLeft
  std::vector<int> moves_;         // by seat: see moves()
};

// The game a room with these options starts: seats compacted to 0..players-1, `host` the seat
// named first when the options let the host choose. Null and `error` set when the options and
// players do not make a game (or the server offers no such game).
std::unique_ptr<GameSession> StartGameSession(const v1::RoomOptions& options, int players,
                                              std::uint64_t seed, int host, std::string* error);

}  // namespace carc::server
