// One game room: lobby seats, spectators, chat, the game itself and its broadcasts.
//
// Contract: every public method is thread-safe; the work runs on the room's strand, so a room
// never locks around game state. Each accepted command is broadcast as one EventBatch per
// audience, serialized once per audience and shared by every connection in it. Nothing sent
// is built from anything but the engine's views (through GameSession and the codec).
//
// Write-ahead: every accepted command and every change to the room (start, who holds which
// seat, names, colours, host, resume tokens) is in the store (store/event_store.h) before any
// client hears of it. If the store refuses a write, the change is undone and its sender gets
// ERROR_CODE_STORE_UNAVAILABLE. Game commands are written asynchronously (AppendAsync, group
// commit): the strand's thread does not wait for the disk, and until the write is answered the
// room holds back everything else that reaches it (messages, joins, timers), in order, so
// nothing sees a command the store may still refuse. The room's own, rarer writes (the seat
// table, the start, the archive) are synchronous. Restore() rebuilds a room from its log exactly as
// it was when the last write returned. The one exception is a lobby seat's `ready`: transient, it
// is not a write of its own (toggling it would append and fsync an entry each time); it is written
// with the next seat-table write, when the seat's connection drops and at shutdown, so after
// a crash a player may have to ready again.
//
// Lifetime: the registry disposes of a room (Dispose) when it is a lobby with no seat taken
// for --empty-lobby-ttl, a finished and archived game nobody is connected to, or any room
// nobody has been connected to for --empty-room-ttl. A disposed room refuses joins, lets its
// last connections go and is freed once the handlers queued on its strand have run: nothing
// else holds it (sessions leave it, its timers are cancelled, the token index is weak).
#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bots/computer_player.h"
#include "carc/engine/game_config.h"
#include "carc/engine/reject_reason.h"
#include "carc/store/v1/room_log.pb.h"
#include "carc/v1/messages.pb.h"
#include "net/session.h"
#include "rooms/absent_vote.h"
#include "rooms/chat_gate.h"
#include "rooms/chat_history.h"
#include "rooms/computer_seats.h"
#include "rooms/game_session.h"
#include "rooms/hint_desk.h"
#include "rooms/room_config.h"
#include "rooms/room_journal.h"
#include "rooms/room_metrics.h"
#include "rooms/room_phase.h"
#include "rooms/seat_table.h"
#include "rooms/turn_clock.h"
#include "rooms/write_gate.h"
#include "store/event_store.h"

namespace carc::server {

inline constexpr std::string_view kNoSuchRoomJson = R"({"error":"no such room"})";

class RoomRegistry;
struct RoomView;

class Room : public MembershipHost, public std::enable_shared_from_this<Room> {
 public:
  Room(boost::asio::any_io_executor strand, std::string code, v1::RoomOptions options,
       const RoomConfig& config, RoomMetrics& metrics, RoomRegistry& registry,
       store::EventStore& store, store::RoomId room_id);
  ~Room();

  const std::string& code() const { return code_; }
  store::RoomId room_id() const { return journal_.id(); }

  // Before Start(), on a room constructed from its log's RoomCreated entry: replays the other
  // entries. Returns "" or what is wrong with the log (the room is then unusable).
  std::string Restore(const std::vector<std::string>& entries);
  // The resume-token hashes of the seats (for the registry's index after Restore).
  std::vector<std::string> TokenHashes() const;

  // Starts the room's clock (grace periods, fallback moves).
  void Start();
  // Join and Resume take a connection the lobby has claimed (Session::ClaimMembership): the
  // room makes it a member or releases the claim, and answers either way.
  void Join(std::shared_ptr<Session> session, std::string name, bool spectate,
            std::uint32_t request_id);
  // Takes back the seat whose token hashes to `token_hash`.
  void Resume(std::shared_ptr<Session> session, std::string token_hash, std::uint32_t request_id);
  void Handle(std::shared_ptr<Session> session, v1::ClientMessage message);
  void Disconnected(std::shared_ptr<Session> session);
  // The game so far as a carcassonne-record/1 file (public information only while it runs), for
  // `member` (a request that showed a seat's token), or anyone once the room is public or its
  // game archived. Anyone else gets 404 with kNoSuchRoomJson, the very answer for a code that
  // names no room: a private room's code is not revealed by asking.
  void Record(bool member, std::function<void(unsigned status, std::string body)> reply);
  // Closes every connection (server shutdown).
  void CloseAll(std::uint16_t code, std::string reason);
  // Drops the room's references to its sessions, whose sockets belong to the io_context: only
  // once no thread runs it (after shutdown), before it is destroyed. (A session does not own
  // its room: its membership is a weak reference.)
  // Also writes the seat table if only readiness changed since the last write.
  void ReleaseSessions();

  // Why the sweeper may dispose of the room now (any thread; config from the registry).
  enum class DisposeReason { kNone, kEmptyLobby, kFinished, kAbandoned };
  // Decides and, unless kNone, marks the room disposed at once (joins from then on are
  // refused), atomically with respect to joins still on their way to the strand.
  DisposeReason TryMarkDisposed();
  // After TryMarkDisposed: lets go of every connection (a spectator gets RoomLeft) and of the
  // room's timers.
  void Dispose();

  // Snapshots for the lobby list and the registry's sweeper (any thread).
  v1::RoomSummary Summary() const;
  bool IsPublic() const { return options_.is_public(); }
  // Whether the public room list shows this room: public, not disposed, and somebody is in it
  // (a room everyone has left waits for its players to come back or the sweeper, unlisted).
  bool Listed() const;

 private:
  // Strand-only.
  void DoJoin(const std::shared_ptr<Session>& s, std::string name, bool spectate,
              std::uint32_t request_id);
  void DoResume(const std::shared_ptr<Session>& s, const std::string& token_hash,
                std::uint32_t request_id);
  void DoHandle(const std::shared_ptr<Session>& s, v1::ClientMessage& m);
  void DoDisconnected(const std::shared_ptr<Session>& s);
  void OnTick();

  void HandleLobby(const std::shared_ptr<Session>& s, int seat, v1::ClientMessage& m);
  // The chat so far and, once the game has started, the game so far as `seat` saw it.
  void SendHistory(const std::shared_ptr<Session>& s, int seat);
  void HandleGameCommand(const std::shared_ptr<Session>& s, int seat, const v1::ClientMessage& m);
  // False (nothing changed) when the store refused the start.
  bool StartGame();
  // Applies a command with `apply`: the engine decides, the store keeps it, then everyone
  // hears, then `then` learns the engine's reason, or nullopt if the store refused (nothing
  // changed). A refusal by the engine is answered at once, an accepted command once the
  // store has answered.
  using Applied = std::function<void(std::optional<engine::RejectReason>)>;
  void ApplyCommand(const std::function<engine::RejectReason(GameSession&)>& apply,
                    std::chrono::steady_clock::time_point received, Applied then);
  // The state a command changed, kept until the store answers: what an undo restores.
  struct PendingCommand {
    std::uint64_t prev_seq = 0;
    std::chrono::steady_clock::time_point received{};
    TurnClock::State clock;
    Applied then;
  };
  void CommandWritten(const std::string& error, PendingCommand pending);
  // Posts `fn` to the strand, where it runs once no write is in flight (strand-only work
  // that must not see an unwritten command goes through here).
  void Post(std::function<void()> fn);
  template <class Fn>
  void RunWhenIdle(Fn&& fn) {
    gate_.RunOrHold(std::forward<Fn>(fn));
  }
  // Writes the lobby's seat table if it changed since the last write (room_journal.h);
  // readiness alone is written only with `with_ready`. False after the store refused it.
  bool PersistSeats(bool with_ready = false);
  // The finished game's archive entry (the players, their scores, the record).
  void ArchiveGame();
  // Plays the moves due without a person: the fallback for a resigned seat (or an abandoned
  // one under ABANDON_POLICY_FALLBACK_MOVE), one write after the other (`budget` bounds a
  // chain of them), and asks a computer player for a computer's seat or a person's seat it
  // stands in for (AskComputer).
  void PlayFallbackMoves(int budget = 1000);
  // Whether a computer player decides for `seat` now: a computer's seat, or under
  // ABANDON_POLICY_COMPUTER a person's seat whose player is away past the grace period.
  bool ComputerPlays(int seat, std::chrono::steady_clock::time_point now) const;
  // Whether a person is connected to the room (a seat or a spectator).
  bool Attended() const;
  // Hands the decision of `seat` to the computer players' pool (bots/bot_pool.h) at `level`
  // unless a job for this seq is on its way; `urgent` (a clock that ran out) replaces such a
  // job and goes ahead of the queue. Without a pool, or with the queue full, the engine's
  // fallback is played.
  void AskComputer(int seat, const std::string& level, bool urgent);
  // A computer player's answer, on the strand: applied if the game is still where the job
  // left it and a computer still decides for the seat; otherwise dropped.
  void ComputerChose(int seat, std::uint64_t seq, const std::shared_ptr<std::atomic<bool>>& job,
                     std::optional<bots::Choice> choice);
  // Plays the engine's fallback (Timeout) for `seat`, then whatever is due after it.
  void PlayTimeout(int seat, int budget);
  // Broadcasts the room state when a computer started or stopped standing in for a person.
  void NoteStandIns();
  // ABANDON_POLICY_VOTE (room_vote.cc; the part: absent_vote.h). Tells the vote what each seat
  // is now, broadcasts a change of the seats awaited and carries out a carried vote: skip (the
  // fallback plays those seats until their players return) or end.
  void NoteAbsences();
  // Stores GameEnded, then ends the game where it stands and archives it; nothing changes if
  // the store refuses.
  void EndByVote();
  void HandleVote(const std::shared_ptr<Session>& s, int seat, const v1::VoteOnAbsent& vote,
                  std::uint32_t rid);
  // RoomOptions.hints (room_hint.cc, the part: hint_desk.h): asks the desk, sends its answer
  // or routes its search through the pool back to the asker.
  void HandleHint(const std::shared_ptr<Session>& s, int seat, const v1::RequestHint& request,
                  std::uint32_t rid);
  void HintReady(const std::weak_ptr<Session>& asker, std::uint32_t rid, std::uint64_t seq,
                 std::optional<bots::Choice> choice);
  void SendHint(const std::shared_ptr<Session>& s, std::uint32_t rid, v1::Hint hint);
  // Once the game is over (played to its end or ended by vote): the phase moves on, the game
  // is archived and counted, once; true the first time.
  bool NoteFinished();
  void BroadcastBatch(std::uint64_t prev_seq, std::chrono::steady_clock::time_point received);
  void SendSnapshot(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id);
  void BroadcastRoomState();
  void SendRoomState(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id);
  void BroadcastToAll(const std::shared_ptr<const std::string>& bytes);
  void Error(const std::shared_ptr<Session>& s, std::uint32_t request_id, v1::ErrorCode code,
             std::string text);
  void FreeSeat(int seat);
  void GrantSeat(const std::shared_ptr<Session>& s, int seat, std::string name,
                 std::uint32_t request_id);
  // The summary and the sweeper's view of the room (who is here), after every change.
  void UpdateSummary();
  // A Join/Resume posted to the strand holds off disposal until its end, which returns false
  // when the room no longer takes anyone.
  void BeginJoin();
  bool EndJoin();
  bool disposed() const;
  // Turn clock (RoomOptions.clock): a time bank per seat plus an increment per finished turn;
  // when the bank of the seat to move runs out the room sends the engine a Timeout.
  bool ClockEnabled() const { return options_.clock().initial_seconds() > 0; }
  void UpdateClock();
  void ArmClock();
  // The clock timer's end: the fallback for `seat` if the game is still where it was armed.
  void ClockRanOut(int seat, std::uint64_t seq);
  void FillClock(v1::ClockState* out) const;
  v1::RoomStatus Status() const;
  // What the room's messages to its members and the lobby list are built from (room_view.h).
  RoomView View() const;

  boost::asio::any_io_executor strand_;
  boost::asio::steady_timer tick_;
  boost::asio::steady_timer clock_timer_;
  const std::string code_;
  const v1::RoomOptions options_;
  const RoomConfig& config_;
  RoomMetrics& metrics_;
  RoomRegistry& registry_;
  RoomJournal journal_;  // the room's log in the store
  RoomPhaseTracker phase_;
  WriteGate gate_;  // a command's append in flight holds back the rest

  SeatTable seats_;
  std::vector<std::shared_ptr<Session>> spectators_;
  std::unique_ptr<GameSession> game_;  // once the game has started
  // The finished game is in the store's archive: RoomState.game_id points clients at it.
  bool archived_ = false;
  bool closed_ = false;
  // The room created by the first Rematch: later ones point at it while it exists.
  std::string rematch_code_;
  TurnClock clock_;          // off unless the options set one
  ComputerSeats computers_;  // who a computer decides for, its job in flight
  HintDesk hints_;
  AbsentVotes absent_;  // ABANDON_POLICY_VOTE

  ChatGate chat_;
  ChatHistory chat_history_;

  mutable std::mutex summary_mu_;
  v1::RoomSummary summary_;
  // The sweeper's view, under summary_mu_ too.
  std::optional<std::chrono::steady_clock::time_point> empty_since_;     // nobody connected
  std::optional<std::chrono::steady_clock::time_point> unseated_since_;  // lobby, no seat taken
  bool finished_and_archived_ = false;
  // How long a finished room stays with nobody connected: one sweep interval, so that a page
  // reload or the record's download right after the end still finds it; after a restart, the
  // grace period, for its players to come back to the final table.
  std::chrono::steady_clock::duration finished_linger_;
  int joins_in_flight_ = 0;  // Join/Resume posted, not yet run
  bool disposed_ = false;
};

}  // namespace carc::server
