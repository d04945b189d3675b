// One game room: its lifecycle (create, join, leave, drop, reconnect, dispose), its members and
// the dispatch of their messages to the room's parts: the seats' lobby messages to LobbyDesk
// (lobby_desk.h), the game's to RoomGame (room_game.h: commands, computers, clock, votes,
// hints, broadcasts), chat to ChatGate; what members are told of the room is built by RoomView;
// a moderator's kicks and closes (the registry's RoomActionList) by RoomModerator
// (room_moderator.h).
//
// Contract: every public method is thread-safe; the work runs on the room's strand, so a room
// never locks around game state. Nothing sent is built from anything but the engine's views
// (through GameSession and the codec).
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

#include "carc/store/v1/room_log.pb.h"
#include "carc/v1/messages.pb.h"
#include "net/session.h"
#include "rooms/chat_gate.h"
#include "rooms/chat_history.h"
#include "rooms/held_seat.h"
#include "rooms/room_config.h"
#include "rooms/room_game.h"
#include "rooms/room_journal.h"
#include "rooms/room_metrics.h"
#include "rooms/room_moderator.h"
#include "rooms/room_phase.h"
#include "rooms/seat_table.h"
#include "rooms/write_gate.h"
#include "store/event_store.h"

namespace carc::server {

class RoomRegistry;
struct RoomView;

class Room : public MembershipHost,
             private GameHost,
             private ModerationHost,
             public std::enable_shared_from_this<Room> {
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
  // A rematch's computer players: each (seat, level) of the finished game seated again here, in
  // its lobby, before anyone joins (a seat taken meanwhile keeps its person).
  void SeatComputers(std::vector<std::pair<int, std::string>> computers);
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
  enum class DisposeReason { kNone, kEmptyLobby, kFinished, kAbandoned, kAwayLobby };
  // Decides and, unless kNone, marks the room disposed at once (joins from then on are
  // refused), atomically with respect to joins still on their way to the strand.
  DisposeReason TryMarkDisposed();
  // After TryMarkDisposed: lets go of every connection (a spectator gets RoomLeft) and of the
  // room's timers.
  void Dispose();

  // Snapshots for the lobby list and the registry's sweeper (any thread).
  v1::RoomSummary Summary() const;
  // The names in the seats, as last published (any thread), free seats left out.
  std::vector<std::string> Players() const;
  // The seat `account` holds here, as last published (any thread); nullopt for none.
  std::optional<HeldSeat> SeatHeldBy(std::int64_t account) const;
  // Any thread: the guest's seat whose resume token hashes to `token_hash` becomes the seat of
  // `account`, under `name`, unless the account has a seat here already (rooms/room_accounts.cc).
  void ClaimSeat(std::string token_hash, std::int64_t account, std::string name);
  // Any thread: the account is deleted; its seat here plays on as `label`, for no account.
  void ForgetAccount(std::int64_t account, std::string label);
  // Any thread: the kicks and closes in force on this room (RoomRegistry::room_actions) may
  // have changed; the room carries out what did (rooms/room_moderator.h).
  void Moderate();
  bool IsPublic() const { return options_.is_public(); }
  // A game over days (RoomOptions.turn_based): it counts toward --max-turn-based-rooms.
  bool TurnBased() const { return options_.turn_based().move_seconds() != 0; }
  // Whether the public room list shows this room: public, not disposed, and somebody is in it
  // (a room everyone has left waits for its players to come back or the sweeper, unlisted).
  bool Listed() const;
  // When the room next looks at its clocks (its tick): for tests, on the thread that runs the
  // room's strand.
  std::chrono::steady_clock::time_point NextLook() const { return tick_.expiry(); }
  // Any thread: whether one of the sweeper's conditions is counting (TryMarkDisposed may say
  // yes once its time is up).
  bool MayDispose() const { return may_dispose_.load(std::memory_order_acquire); }

 private:
  // GameHost: what the game (room_game.h) needs of its room.
  const std::vector<std::shared_ptr<Session>>& spectators() const override { return spectators_; }
  bool Attended() const override;
  void BroadcastRoomState() override;
  void Error(const std::shared_ptr<Session>& s, std::uint32_t request_id, v1::ErrorCode code,
             std::string text) override;
  // Posts `fn` to the strand, where it runs once no write is in flight (strand-only work
  // that must not see an unwritten command goes through here).
  void Post(std::function<void()> fn) override;
  std::shared_ptr<void> KeepAlive() override { return shared_from_this(); }
  bots::BotPool* bots() const override;
  push::Notifier* notices() const override;
  void TurnPassed(int seat, std::int64_t deadline) override;
  std::string JobOwner() const override;

  // Strand-only.
  void DoJoin(const std::shared_ptr<Session>& s, std::string name, bool spectate,
              std::uint32_t request_id);
  void DoResume(const std::shared_ptr<Session>& s, const std::string& token_hash,
                std::uint32_t request_id);
  // `s` takes seat `seat` back (a resume token's, or its account's): the seat's older
  // connection is replaced; answered with Welcome (by_token) or SeatGranted (a JoinRoom).
  void TakeSeat(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id,
                bool by_token);
  void DoHandle(const std::shared_ptr<Session>& s, v1::ClientMessage& m);
  void DoDisconnected(const std::shared_ptr<Session>& s);
  void OnTick();
  // (Re)sets the tick to the game's next due time (RoomGame::NextTick); a wait set before is
  // cancelled. On the strand.
  void ArmTick();
  // Sets may_dispose_ from the sweeper's view, and notes the room with the registry when one
  // of the conditions begins counting; under summary_mu_.
  // `held`: a moderator closed the room, which waits for its reopening whoever is connected.
  void NoteMayDispose(bool held);

  // Lobby messages (room_lobby.cc): chat, leave, rematch, and the seats' messages decided by
  // the lobby desk (lobby_desk.h).
  void HandleLobby(const std::shared_ptr<Session>& s, int seat, v1::ClientMessage& m);
  // ModerationHost (room_moderation.cc): what the room's moderator (room_moderator.h) needs.
  void SendAway(std::int64_t account, v1::RemovedBy why, const std::string& reason) override;
  bool GameStarted() const override;
  void Suspend() override;
  void Unsuspend() override;
  void Moderated() override;
  // A report of a player (room_report.cc): drafted here, kept by the registry's ReportSink.
  void FileReport(const std::shared_ptr<Session>& s, int seat, const v1::ReportPlayer& m,
                  std::uint32_t rid);
  // The rematch room `s` asked for, made (or refused): everyone pointed at it.
  void RematchMade(const std::shared_ptr<Session>& s, std::uint32_t rid,
                   const std::shared_ptr<Room>& made, v1::ErrorCode error,
                   const std::string& message);
  // The game's start (RoomGame::Start), then every member told.
  void StartGame(const std::shared_ptr<Session>& s, std::uint32_t rid);
  // The chat so far and, once the game has started, the game so far as `seat` saw it.
  void SendHistory(const std::shared_ptr<Session>& s, int seat);
  template <class Fn>
  void RunWhenIdle(Fn&& fn) {
    gate_.RunOrHold(std::forward<Fn>(fn));
  }
  // Hands the lobby's seat table to the store if it changed since the last one
  // (RoomJournal::WriteSeats); readiness alone only with `with_ready`. `then` hears whether
  // it landed (at once when nothing needed writing).
  void PersistSeats(bool with_ready = false, RoomJournal::Then then = {});
  void SendRoomState(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id);
  void BroadcastToAll(const std::shared_ptr<const std::string>& bytes);
  void FreeSeat(int seat) override;
  void GrantSeat(const std::shared_ptr<Session>& s, int seat, std::string name,
                 std::uint32_t request_id);
  // The summary and the sweeper's view of the room (who is here), after every change.
  void UpdateSummary();
  // A turn-based room whose game has not started (strand-only).
  bool TurnBasedLobby() const;
  // Seconds since the Unix epoch, by the rooms' wall clock (RoomConfig::wall_now).
  std::int64_t WallNow() const;
  // A seat's account or name changed (rooms/room_accounts.cc): written, listed and told.
  void SeatsChanged();
  // A Join/Resume posted to the strand holds off disposal until its end, which returns false
  // when the room no longer takes anyone.
  void BeginJoin();
  bool EndJoin();
  bool disposed() const;
  v1::RoomStatus Status() const;
  // What the room's messages to its members and the lobby list are built from (room_view.h).
  RoomView View() const;

  boost::asio::any_io_executor strand_;
  boost::asio::steady_timer tick_;
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
  RoomGame game_;  // the game, once started, and every path of its commands
  bool closed_ = false;
  // The room created by the first Rematch: later ones point at it while it exists.
  std::string rematch_code_;

  ChatGate chat_;
  ChatHistory chat_history_;
  RoomModerator moderator_;  // the kicks and close in force, as last applied

  mutable std::mutex summary_mu_;
  v1::RoomSummary summary_;
  // Each seat's account (0: none) and name, for SeatHeldBy; under summary_mu_.
  std::vector<std::pair<std::int64_t, std::string>> holders_;
  int to_move_ = -1;                // the game's seat to move (TurnPassed), under summary_mu_ too
  std::int64_t turn_deadline_ = 0;  // a turn-based game's (TurnPassed), under summary_mu_
  // The sweeper's view, under summary_mu_ too.
  std::optional<std::chrono::steady_clock::time_point> empty_since_;     // nobody connected
  std::optional<std::chrono::steady_clock::time_point> unseated_since_;  // lobby, no seat taken
  bool finished_and_archived_ = false;
  // A turn-based lobby whose host is not connected, and when the host was last seen (seconds
  // since the Unix epoch): it expires after RoomConfig::turn_based_lobby_ttl.
  bool host_away_ = false;
  std::int64_t host_seen_at_ = 0;
  // How long a finished room stays with nobody connected: one sweep interval, so that a page
  // reload or the record's download right after the end still finds it; after a restart, the
  // grace period, for its players to come back to the final table.
  std::chrono::steady_clock::duration finished_linger_;
  int joins_in_flight_ = 0;  // Join/Resume posted, not yet run
  bool disposed_ = false;
  // Whether one of the sweeper's conditions has begun counting (set with them, under
  // summary_mu_): the sweep passes the rest without taking their lock. Most rooms of a large
  // server are being played, or are turn-based games whose players are away for days.
  std::atomic<bool> may_dispose_{false};
  bool ticking_ = false;  // OnTick ran once (a turn passed while restoring arms nothing)
};

}  // namespace carc::server
