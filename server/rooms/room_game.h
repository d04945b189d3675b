// The game a room hosts once it has started, and every path a game command takes: the start,
// a player's command, resignation, the seats nobody decides for (fallback moves, computer
// players standing in), the turn clock, votes on absent players, hints, snapshots and history,
// the broadcast of each accepted command, the finished game's archive and record. The room keeps
// its lifecycle and membership and dispatches a game's messages here.
//
// Contract: not thread-safe; everything runs on the room's strand. A command the engine accepts
// is written ahead (RoomJournal::AppendCommand, group commit) and, while the write is in flight,
// the room's WriteGate holds back everything else; only once the store has it does anyone hear
// of it (an EventBatch per audience, one serialization per audience). A command the store refuses
// is undone, its sender told ERROR_CODE_STORE_UNAVAILABLE, and nothing else changes. What it
// needs of the room (its members, its messages, its strand and its life) comes through
// GameHost, so it is tested with a fake host and fake sessions, without a socket.
#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot_pool.h"
#include "carc/engine/reject_reason.h"
#include "carc/v1/messages.pb.h"
#include "net/session.h"
#include "rooms/absent_vote.h"
#include "rooms/computer_seats.h"
#include "rooms/game_session.h"
#include "rooms/hint_desk.h"
#include "rooms/move_deadline.h"
#include "rooms/rated_game.h"
#include "rooms/room_config.h"
#include "rooms/room_journal.h"
#include "rooms/room_metrics.h"
#include "rooms/room_notices.h"
#include "rooms/room_phase.h"
#include "rooms/seat_table.h"
#include "rooms/turn_clock.h"
#include "rooms/write_gate.h"

namespace carc::server {

inline constexpr std::string_view kNoSuchRoomJson = R"({"error":"no such room"})";

// What the game needs of the room that hosts it.
class GameHost {
 public:
  virtual ~GameHost() = default;
  // The room's spectators (its seats are the SeatTable the table was given).
  virtual const std::vector<std::shared_ptr<Session>>& spectators() const = 0;
  // Whether a person is connected to the room (a seat or a spectator).
  virtual bool Attended() const = 0;
  // Tells every member the room's state (seats, stand-ins, votes, status).
  virtual void BroadcastRoomState() = 0;
  // Answers `s`'s request with an error, counted by its code.
  virtual void Error(const std::shared_ptr<Session>& s, std::uint32_t request_id,
                     v1::ErrorCode code, std::string text) = 0;
  // Runs `fn` later on the strand once no write is in flight, the room kept alive until then
  // (a computer player's answer, a hint's, a record asked for over HTTP).
  virtual void Post(std::function<void()> fn) = 0;
  // Keeps the room (and so its game) alive while a timer or a write holds it.
  virtual std::shared_ptr<void> KeepAlive() = 0;
  // The computer players' pool (null: none), and the owner its jobs are counted against.
  virtual bots::BotPool* bots() const = 0;
  virtual std::string JobOwner() const = 0;
  // Where notices to players who are away go (push/notice.h); null: nowhere.
  virtual push::Notifier* notices() const { return nullptr; }
  // The game's seat to move after an accepted command (-1: the game is over) and, in a
  // turn-based room, when its time runs out (seconds since the Unix epoch; 0: no such clock),
  // for the views other threads read (a player's "my games").
  virtual void TurnPassed(int /*seat*/, std::int64_t /*deadline*/) {}
};

class RoomGame {
 public:
  RoomGame(GameHost& host, boost::asio::any_io_executor strand, const std::string& code,
           const v1::RoomOptions& options, const RoomConfig& config, RoomMetrics& metrics,
           RoomJournal& journal, WriteGate& gate, RoomPhaseTracker& phase, SeatTable& seats);
  ~RoomGame();

  bool started() const { return game_ != nullptr; }
  // The seat to move; -1 before the start and once the game is over.
  int to_move() const { return game_ ? game_->ToMove() : -1; }
  // The game's seq; 0 before the start.
  std::uint64_t seq() const { return game_ ? game_->seq() : 0; }
  // Whether the finished game is in the archive (RoomState.game_id points at it).
  bool archived() const { return archived_; }
  // The final scores of a game the players ended by vote (empty otherwise).
  std::vector<int> ended_by_vote_scores() const;
  const ComputerSeats& computers() const { return computers_; }
  const AbsentVotes& absent() const { return absent_; }
  // A rated room's part (rooms/rated_game.h): the rating changes once archived.
  const RatedGame& rated() const { return rated_; }

  // The lobby's start: the seats compacted (room seat i is game seat i), the start handed to
  // the store, and `then(true)` once it is there; `then(false)` (nothing changed) when the game
  // cannot start or the store refused the start.
  void Start(std::function<void(bool started)> then);

  // A member's game messages (seat -1: a spectator); each answers its sender.
  void Command(const std::shared_ptr<Session>& s, int seat, const v1::ClientMessage& m);
  void Resign(const std::shared_ptr<Session>& s, int seat, std::uint32_t rid);
  void Vote(const std::shared_ptr<Session>& s, int seat, const v1::VoteOnAbsent& vote,
            std::uint32_t rid);
  void Hint(const std::shared_ptr<Session>& s, int seat, const v1::RequestHint& request,
            std::uint32_t rid);
  // The follower step a placement would offer, before it is sent (PreviewPlacement): answered
  // at once from a copy of the game, which does not change (room_game_preview.cc).
  void Preview(const std::shared_ptr<Session>& s, int seat, const v1::PreviewPlacement& request,
               std::uint32_t rid);
  // A player present ends `request.seat()`'s grace period: the absent policy takes that seat's
  // turns at once (room_game_grace.cc).
  void EndGrace(const std::shared_ptr<Session>& s, int seat, const v1::EndGracePeriod& request,
                std::uint32_t rid);
  // The game as `seat` sees it now (after the start: the caller checks started()).
  void SendSnapshot(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id);
  // The game so far as `seat` received it (nothing before the start), within `max_bytes`.
  void FillHistory(int seat, std::size_t max_bytes, v1::History* out) const;

  // Presence. A player took their seat back: a skip voted for it ends and a computer thinking
  // for it stops; true when it had been skipped (the room state changed).
  bool Returned(int seat);
  // Whoever decides for the seats now (after a return, a drop, a tick): stand-ins, votes, and
  // the moves due without a person, one write after the other.
  void NoteSeats();
  void PlayDue() {
    CheckTurnBased();
    PlayFallbackMoves();
  }
  // How long the room may sleep before its next tick: a second, but a turn-based game asks
  // only when its next reminder or expiry is due (at most a minute), so that thousands of
  // games over days cost nearly nothing while they wait.
  std::chrono::milliseconds NextTick() const;
  // A turn-based room's clock, while a turn runs (nothing otherwise).
  void FillTurnBased(v1::TurnBasedClock* out) const;
  // When the running turn of a turn-based game runs out (seconds since the Unix epoch); 0: none.
  std::int64_t TurnDeadline() const;
  // The room closes: timers and computer players stop, nothing more is played.
  void Close();
  // A moderator closed the room (Suspend) or reopened it (Resume): while suspended nothing is
  // played, no clock runs and no computer thinks. A real-time clock's running turn is charged
  // up to the close and runs again from the reopening; a turn-based game's deadline is wall
  // time and is not moved.
  void Suspend();
  void Resume();

  // Rebuilds the game from the room's log (RoomJournal::Replay's entries), then its phase, its
  // archive (written now if the process stopped before it) and its clock. "" or what is wrong.
  std::string Restore(const std::vector<std::string>& entries);
  // The record (GameSession::RecordRefusal's rules) for `member`, or anyone once the room is
  // public or the game archived; a 404 with kNoSuchRoomJson otherwise, the very answer for a
  // code that names no room.
  void Record(bool member, const std::function<void(unsigned status, std::string body)>& reply);

 private:
  // The engine decides with `apply`; an accepted command is written, then broadcast, then
  // `then` learns kNone, or nullopt when the store refused it (undone). A refusal by the engine
  // is answered at once.
  using Applied = std::function<void(std::optional<engine::RejectReason>)>;
  void ApplyCommand(const std::function<engine::RejectReason(GameSession&)>& apply,
                    std::chrono::steady_clock::time_point received, Applied then);
  // A player's command as the engine and the store answered it.
  void Answer(const std::shared_ptr<Session>& s, std::uint32_t rid,
              std::optional<engine::RejectReason> applied);
  // The state a command changed, kept until the store answers: what an undo restores.
  struct PendingCommand {
    std::uint64_t prev_seq = 0;
    std::chrono::steady_clock::time_point received{};
    TurnClock::State clock;
    std::optional<MoveDeadline::State> turn_based;
    Applied then;
  };
  void CommandWritten(bool written, PendingCommand pending);
  // A member's game command as a move of the game, checked as every command is (a seat, a
  // started game, the game's seq, a command of the game); nullopt once the error is sent.
  std::optional<engine::Move> Decode(const std::shared_ptr<Session>& s, int seat,
                                     const v1::GameCommand& gc, std::uint32_t rid);
  // A move the engine refused: the rule it breaks, as an ERROR_CODE_RULE_VIOLATION answer.
  void Refuse(const std::shared_ptr<Session>& s, std::uint32_t rid, engine::RejectReason r);
  // `just_finished`: the command ended the game (archived by then; the stand-ins leave).
  void BroadcastBatch(std::uint64_t prev_seq, std::chrono::steady_clock::time_point received,
                      bool just_finished);
  // Once the game is over and its phase moved on: the game counted and archived, then `then`
  // (whether or not the store took the archive: the log still holds the game).
  void Finish(std::function<void()> then);
  void ArchiveGame(std::function<void()> then);

  // The moves due without a person (room_game_turns.cc): the fallback for a resigned seat (or
  // an abandoned one under ABANDON_POLICY_FALLBACK_MOVE, or one the players voted to skip), one
  // write after the other (`budget` bounds a chain of them), and a computer player for a
  // computer's seat or a person's seat it stands in for (AskComputer).
  void PlayFallbackMoves(int budget = 1000);
  // Plays the engine's fallback (Timeout) for `seat`, then whatever is due after it.
  // `absent`: the room's absent policy plays it for a player away past the grace period (the
  // log says so: in a rated game the player left).
  void PlayTimeout(int seat, int budget, bool absent = false);
  // Whether a computer player decides for `seat` now: a computer's seat, or under
  // ABANDON_POLICY_COMPUTER a person's seat whose player is away past the grace period.
  bool ComputerPlays(int seat, std::chrono::steady_clock::time_point now) const;
  // Hands the decision of `seat` to the computer players' pool (bots/bot_pool.h) at `level`
  // unless a job for this seq is on its way; `urgent` (a clock that ran out) replaces such a
  // job and goes ahead of the queue. Without a pool, or with the queue full, the engine's
  // fallback is played.
  void AskComputer(int seat, const std::string& level, bool urgent);
  // A computer player's answer, on the strand: applied if the game is still where the job
  // left it and a computer still decides for the seat; otherwise dropped.
  void ComputerChose(int seat, std::uint64_t seq, const std::shared_ptr<std::atomic<bool>>& job,
                     std::optional<bots::Choice> choice);
  // Tells the room when a computer started or stopped standing in for a person.
  void NoteStandIns();
  // Turn clock (RoomOptions.clock): a time bank per seat plus an increment per finished turn;
  // when the bank of the seat to move runs out the engine's Timeout (or, under
  // ABANDON_POLICY_COMPUTER, the greedy computer) decides.
  bool ClockEnabled() const { return options_.clock().initial_seconds() > 0; }
  void UpdateClock();
  void ArmClock();
  // The clock timer's end: the fallback for `seat` if the game is still where it was armed.
  void ClockRanOut(int seat, std::uint64_t seq);
  void FillClock(v1::ClockState* out) const;

  // A turn-based game (room_game_turn_based.cc; the clock itself: move_deadline.h). The grace
  // period of a live room does not apply: players are away most of the time; the clock decides.
  bool TurnBased() const { return options_.turn_based().move_seconds() > 0; }
  std::int64_t WallNow() const;
  std::chrono::steady_clock::duration Grace() const;
  // The reminder and the expiry, when due: each written (turn_noted) before anything is told,
  // then the reminder sent, or the room's absent policy applied to the turn.
  void CheckTurnBased();
  // Hands the turn-based clock's state to the store, then `then`; a refused write puts the
  // clock back to `before` (the next tick tries again).
  void NoteTurn(const MoveDeadline::State& before, std::function<void()> then);
  // The seat to move and the turn's deadline, to the views other threads read.
  void TellTurn();
  // Whether `seat`'s turn ran out under a policy that decides for it; if so, TurnExpired
  // plays its next step (a computer, or the fallback move).
  bool TurnExpiredFor(int seat) const;
  void TurnExpired(int seat);

  // ABANDON_POLICY_VOTE (room_game_vote.cc; the part that counts: absent_vote.h). Tells the
  // vote what each seat is now, tells the room of a change of the seats awaited and carries out
  // a carried vote: skip (the fallback plays those seats until their players return) or end.
  void NoteAbsences();
  // Stores GameEnded, then ends the game where it stands and archives it; nothing changes if
  // the store refuses.
  void EndByVote();

  void HintReady(const std::weak_ptr<Session>& asker, std::uint32_t rid, std::uint64_t seq,
                 std::optional<bots::Choice> choice);
  void SendHint(const std::shared_ptr<Session>& s, std::uint32_t rid, v1::Hint hint);

  GameHost& host_;
  boost::asio::any_io_executor strand_;
  boost::asio::steady_timer clock_timer_;
  const std::string& code_;
  const v1::RoomOptions& options_;
  const RoomConfig& config_;
  RoomMetrics& metrics_;
  RoomJournal& journal_;
  WriteGate& gate_;
  RoomPhaseTracker& phase_;
  SeatTable& seats_;

  std::unique_ptr<GameSession> game_;  // once the game has started
  bool archived_ = false;
  bool closed_ = false;
  bool suspended_ = false;                  // by a moderator (Suspend)
  TurnClock clock_;                         // off unless the options set one
  std::optional<MoveDeadline> turn_based_;  // a turn-based room's, once the game started
  ComputerSeats computers_;                 // who a computer decides for, its job in flight
  HintDesk hints_;
  AbsentVotes absent_;  // ABANDON_POLICY_VOTE
  RatedGame rated_;
  RoomNotices notices_;  // "your turn" and "game over" to players who are away
};

}  // namespace carc::server
