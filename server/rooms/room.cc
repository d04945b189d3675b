// Room lifecycle, membership, presence and dispatch. Lobby messages: room_lobby.cc; the game
// itself: room_game.cc; the room's log: room_store.cc.
#include "rooms/room.h"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include <algorithm>
#include <ctime>

#include "carc/codec/proto_codec.h"
#include "carc/engine/types.h"
#include "net/message_handler.h"
#include "rooms/room_registry.h"
#include "rooms/room_view.h"
#include "rooms/tokens.h"
#include "rooms/welcome.h"

namespace carc::server {
namespace {

// How stale the stored time a turn-based lobby's host was last seen may get: its expiry may
// come up to this much early.
constexpr std::int64_t kHostSeenEvery = 3600;

}  // namespace

namespace net = boost::asio;
using Clock = std::chrono::steady_clock;

Room::Room(net::any_io_executor strand, std::string code, v1::RoomOptions options,
           const RoomConfig& config, RoomMetrics& metrics, RoomRegistry& registry,
           store::EventStore& store, store::RoomId room_id)
    : strand_(std::move(strand)),
      tick_(strand_),
      code_(std::move(code)),
      options_(std::move(options)),
      config_(config),
      metrics_(metrics),
      registry_(registry),
      journal_(store, room_id, code_, metrics,
               {strand_, &gate_, [this] { return std::shared_ptr<void>(shared_from_this()); }}),
      phase_({metrics_.rooms_lobby, metrics_.rooms_playing, metrics_.rooms_finished}),
      gate_(config_.room_queue),
      seats_(options_.seats()),
      game_(*this, strand_, code_, options_, config_, metrics_, journal_, gate_, phase_, seats_),
      moderator_(seats_, *this),
      finished_linger_(config_.sweep_interval) {
  UpdateSummary();
}

Room::~Room() = default;

v1::RoomStatus Room::Status() const {
  switch (phase_.phase()) {
    case RoomPhase::kLobby:
      break;
    case RoomPhase::kPlaying:
      return v1::ROOM_STATUS_PLAYING;
    case RoomPhase::kFinished:
      return v1::ROOM_STATUS_FINISHED;
  }
  return v1::ROOM_STATUS_LOBBY;
}

void Room::Start() {
  Post([this] { OnTick(); });
}

void Room::OnTick() {
  // A room a moderator closed waits: Reopen starts its tick again.
  if (closed_ || moderator_.closed()) return;
  const auto now = Clock::now();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    Seat& seat = seats_[i];
    if (!seat.occupied || seat.session != nullptr || seat.computer()) continue;
    // In the lobby a seat left empty past the grace period is given up; in a turn-based room
    // an account's seat is kept (its player joins again from "my games", days later).
    const bool kept = options_.turn_based().move_seconds() > 0 && seat.account != 0;
    if (!game_.started() && !kept && now - seat.dropped_at > config_.grace_period) {
      FreeSeat(static_cast<int>(i));
      BroadcastRoomState();
    }
  }
  // A turn-based lobby's host who stays: the time kept for the lobby's wait is renewed once an
  // hour, so that after a crash (no departure written) the wait counts from within an hour of
  // the host's last presence.
  const int host = seats_.host();
  if (TurnBasedLobby() && seats_.IsHost(host) &&
      seats_[static_cast<std::size_t>(host)].session != nullptr &&
      WallNow() - seats_.host_seen_at() >= kHostSeenEvery) {
    seats_.set_host_seen_at(WallNow());
    PersistSeats();
  }
  game_.PlayDue();
  UpdateSummary();
  ticking_ = true;
  ArmTick();
}

void Room::ArmTick() {
  tick_.expires_after(game_.NextTick());
  tick_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->RunWhenIdle([r = self.get()] { r->OnTick(); });
  });
}

void Room::Post(std::function<void()> fn) {
  net::post(strand_, [self = shared_from_this(), fn = std::move(fn)]() mutable {
    self->RunWhenIdle(std::move(fn));
  });
}

void Room::Join(std::shared_ptr<Session> session, std::string name, bool spectate,
                std::uint32_t request_id) {
  BeginJoin();
  // The deferred work runs on the room itself, which Post keeps alive: `this` is enough.
  Post([this, s = std::move(session), n = std::move(name), spectate, request_id]() mutable {
    DoJoin(s, std::move(n), spectate, request_id);
  });
}

void Room::Resume(std::shared_ptr<Session> session, std::string token_hash,
                  std::uint32_t request_id) {
  BeginJoin();
  Post([this, s = std::move(session), h = std::move(token_hash), request_id] {
    DoResume(s, h, request_id);
  });
}

void Room::Handle(std::shared_ptr<Session> session, v1::ClientMessage message) {
  // Dispatched, not posted: on a network thread with the room's strand free (the common case)
  // the command runs at once, on the thread that read it, with no hand-off to another thread.
  net::dispatch(strand_, [self = shared_from_this(), s = std::move(session),
                          m = std::move(message)]() mutable {
    if (self->gate_.full()) {
      self->metrics_.Reject("room_busy");
      return self->Error(s, m.request_id(), v1::ERROR_CODE_RATE_LIMITED,
                         "the room is busy saving the last move; try again");
    }
    self->RunWhenIdle(
        [r = self.get(), s = std::move(s), m = std::move(m)]() mutable { r->DoHandle(s, m); });
  });
}

void Room::Disconnected(std::shared_ptr<Session> session) {
  Post([this, s = std::move(session)] { DoDisconnected(s); });
}

void Room::CloseAll(std::uint16_t code, std::string reason) {
  net::post(strand_, [self = shared_from_this(), code, r = std::move(reason)] {
    self->closed_ = true;
    self->tick_.cancel();
    self->game_.Close();
    for (Seat& seat : self->seats_) {
      if (seat.session) seat.session->Close(code, r);
    }
    for (auto& s : self->spectators_) s->Close(code, r);
  });
}

void Room::ReleaseSessions() {
  gate_.Clear();  // their connections are gone with the io_context
  if (!disposed()) PersistSeats(/*with_ready=*/true);
  for (Seat& seat : seats_) seat.session.reset();
  spectators_.clear();
}

bool Room::Listed() const {
  std::lock_guard lock(summary_mu_);
  return IsPublic() && !disposed_ && !empty_since_;
}

bool Room::disposed() const {
  std::lock_guard lock(summary_mu_);
  return disposed_;
}

Room::DisposeReason Room::TryMarkDisposed() {
  if (!MayDispose()) return DisposeReason::kNone;
  const auto now = Clock::now();
  std::lock_guard lock(summary_mu_);
  if (disposed_ || joins_in_flight_ > 0) return DisposeReason::kNone;
  DisposeReason why = DisposeReason::kNone;
  if (unseated_since_ && now - *unseated_since_ >= config_.empty_lobby_ttl) {
    why = DisposeReason::kEmptyLobby;
  } else if (finished_and_archived_ && empty_since_ && now - *empty_since_ >= finished_linger_) {
    why = DisposeReason::kFinished;
  } else if (empty_since_ && now - *empty_since_ > config_.empty_room_ttl &&
             options_.turn_based().move_seconds() == 0) {
    // A turn-based room is empty most of the time: its players come back over days.
    why = DisposeReason::kAbandoned;
  } else if (host_away_ && WallNow() - host_seen_at_ >= config_.turn_based_lobby_ttl.count()) {
    // Only its host can start the game: a lobby over days waits for the host that long.
    why = DisposeReason::kAwayLobby;
  }
  disposed_ = why != DisposeReason::kNone;
  return why;
}

void Room::Dispose() {
  net::post(strand_, [self = shared_from_this()] {
    self->closed_ = true;
    self->tick_.cancel();
    self->game_.Close();
    v1::ServerMessage left;
    left.mutable_room_left()->set_room_code(self->code_);
    const auto bytes = Serialize(left);
    auto let_go = [&](const std::shared_ptr<Session>& s) {
      s->Leave(self.get());
      s->Send(bytes);
    };
    for (Seat& seat : self->seats_) {
      if (seat.session) let_go(seat.session);
      seat.session.reset();
    }
    for (const auto& s : self->spectators_) let_go(s);
    self->spectators_.clear();
    self->chat_.Clear();
    self->chat_history_.Clear();
  });
}

void Room::BeginJoin() {
  std::lock_guard lock(summary_mu_);
  ++joins_in_flight_;
}

bool Room::EndJoin() {
  std::lock_guard lock(summary_mu_);
  --joins_in_flight_;
  return !disposed_ && !closed_;
}

void Room::DoJoin(const std::shared_ptr<Session>& s, std::string name, bool spectate,
                  std::uint32_t request_id) {
  if (!EndJoin()) {
    s->ReleaseClaim();
    return Error(s, request_id, v1::ERROR_CODE_ROOM_NOT_FOUND, "no room " + code_);
  }
  if (auto refusal =
          moderator_.RefusalFor(s->account().id, seats_.SeatOfAccount(s->account().id))) {
    s->ReleaseClaim();
    return Error(s, request_id, refusal->code, std::move(refusal->text));
  }
  if (const int own = seats_.SeatOfAccount(s->account().id); own >= 0 && !spectate) {
    // The account's seat, from this or another device: it takes the seat back (lobby or game).
    return TakeSeat(s, own, request_id, /*by_token=*/false);
  }
  if (std::string why = registry_.GuestRefusal(*s); !spectate && !why.empty()) {
    s->ReleaseClaim();
    return Error(s, request_id, v1::ERROR_CODE_SIGN_IN_REQUIRED, std::move(why));
  }
  if (!spectate && options_.rated() && !s->account().signed_in()) {
    s->ReleaseClaim();
    return Error(s, request_id, v1::ERROR_CODE_SIGN_IN_REQUIRED,
                 "a rated room seats signed-in players only: sign in, or join to watch");
  }
  if (std::string why = RatedBarRefusal(s->account(), config_);
      !spectate && options_.rated() && !why.empty()) {
    s->ReleaseClaim();
    return Error(s, request_id, v1::ERROR_CODE_ABANDON_LIMIT, std::move(why) + "; join to watch");
  }
  if (!spectate && !game_.started()) {
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (!seats_[i].occupied)
        return GrantSeat(s, static_cast<int>(i), std::move(name), request_id);
    }
    s->ReleaseClaim();
    return Error(s, request_id, v1::ERROR_CODE_ROOM_FULL, "every seat is taken; join to watch");
  }
  if (!spectate && game_.started()) {
    s->ReleaseClaim();
    return Error(s, request_id, v1::ERROR_CODE_GAME_ALREADY_STARTED,
                 "the game has started; join to watch");
  }
  if (!s->set_membership({shared_from_this(), -1})) return;  // the connection is gone
  s->set_name(name);
  spectators_.push_back(s);
  SendRoomState(s, -1, request_id);
  if (game_.started()) game_.SendSnapshot(s, -1, 0);
  SendHistory(s, -1);
  BroadcastRoomState();
}

void Room::GrantSeat(const std::shared_ptr<Session>& s, int seat, std::string name,
                     std::uint32_t request_id) {
  const std::string token = NewResumeToken();
  seats_.Grant(seat, std::move(name), s, HashToken(token));
  Seat& slot = seats_[static_cast<std::size_t>(seat)];
  registry_.IndexToken(slot.token_hash, shared_from_this());
  if (!s->set_membership({shared_from_this(), seat})) {
    // The connection closed before its join came here: nothing was written or sent.
    FreeSeat(seat);
    return UpdateSummary();
  }
  // The seat is the player's once the store has it; the room holds its other work till then.
  PersistSeats(false, [this, s, seat, token, request_id](bool written) {
    if (!written) {
      FreeSeat(seat);
      s->Leave(this);
      UpdateSummary();
      return Error(s, request_id, v1::ERROR_CODE_STORE_UNAVAILABLE,
                   "the server cannot save the seat right now; try again");
    }
    s->set_name(seats_[static_cast<std::size_t>(seat)].name);
    UpdateSummary();

    v1::ServerMessage granted;
    granted.set_request_id(request_id);
    auto* g = granted.mutable_seat_granted();
    g->set_room_code(code_);
    g->set_seat(seat);
    g->set_resume_token(token);
    s->Send(Serialize(granted));
    BroadcastRoomState();
    SendHistory(s, seat);
  });
}

void Room::DoResume(const std::shared_ptr<Session>& s, const std::string& token_hash,
                    std::uint32_t request_id) {
  if (!EndJoin()) {
    s->ReleaseClaim();
    // Closed between the registry's lookup and now (moved to another node of a cluster, or the
    // server stopping): the token is good, the room is elsewhere or back soon. The connection is
    // closed as the room's others were, so the client reconnects and is sent where the room is;
    // INVALID_TOKEN would make it give the seat up.
    if (closed_) return s->Close(close_code::kRestart, "the room moved, reconnect");
    return Error(s, request_id, v1::ERROR_CODE_INVALID_TOKEN, "this resume token is not valid");
  }
  const int seat = seats_.SeatOfToken(token_hash);
  if (seat < 0) {
    metrics_.Reject("invalid_token");
    s->ReleaseClaim();
    return Error(s, request_id, v1::ERROR_CODE_INVALID_TOKEN, "this resume token is not valid");
  }
  if (auto refusal = moderator_.RefusalFor(s->account().id, seat)) {
    s->ReleaseClaim();
    return Error(s, request_id, refusal->code, std::move(refusal->text));
  }
  TakeSeat(s, seat, request_id, /*by_token=*/true);
}

void Room::TakeSeat(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id,
                    bool by_token) {
  if (!s->set_membership({shared_from_this(), seat})) return;  // the connection is gone
  Seat& slot = seats_[static_cast<std::size_t>(seat)];
  if (slot.session && slot.session != s) {
    // Token takeover: the newest connection wins, the old one learns why it was closed.
    slot.session->Supersede(this);
    slot.session->Close(close_code::kReplaced, "replaced by a newer connection");
  }
  slot.session = s;
  s->set_name(slot.name);
  // A player back at a seat the others voted to skip plays it again.
  const bool was_skipped = game_.Returned(seat);
  UpdateSummary();

  if (by_token) {
    s->Send(Serialize(WelcomeMessage(config_, request_id, *s, code_, seat)));
  } else {
    // Taken back by its account: the answer to JoinRoom, without a resume token (the seat's
    // token is the first device's; the account is this one's key to the seat).
    v1::ServerMessage granted;
    granted.set_request_id(request_id);
    granted.mutable_seat_granted()->set_room_code(code_);
    granted.mutable_seat_granted()->set_seat(seat);
    s->Send(Serialize(granted));
  }
  SendRoomState(s, seat, 0);
  if (game_.started()) game_.SendSnapshot(s, seat, 0);
  SendHistory(s, seat);

  v1::ServerMessage presence;
  presence.mutable_presence()->set_seat(seat);
  presence.mutable_presence()->set_connected(true);
  BroadcastToAll(Serialize(presence));
  if (was_skipped) BroadcastRoomState();
  game_.NoteSeats();
}

void Room::DoDisconnected(const std::shared_ptr<Session>& s) {
  chat_.Forget(s->id());
  std::erase(spectators_, s);
  const int seat = seats_.SeatOf(s);
  if (seat >= 0) {
    Seat& slot = seats_[static_cast<std::size_t>(seat)];
    slot.session.reset();
    slot.dropped_at = Clock::now();
    // A turn-based lobby's host left: the lobby's wait for it starts now, kept in the seat
    // table written below so that it counts across restarts. Written at most once an hour:
    // a host whose connection comes and goes costs the store nothing more.
    if (seat == seats_.host() && TurnBasedLobby() &&
        WallNow() - seats_.host_seen_at() >= kHostSeenEvery) {
      seats_.set_host_seen_at(WallNow());
    }
    v1::ServerMessage presence;
    presence.mutable_presence()->set_seat(seat);
    presence.mutable_presence()->set_connected(false);
    BroadcastToAll(Serialize(presence));
  }
  // The ready flags of a lobby are written when a seat's connection drops (at most once per
  // drop), so that a restart after this keeps them.
  if (seat >= 0) PersistSeats(/*with_ready=*/true);
  BroadcastRoomState();
  // One voter fewer may carry a vote.
  if (seat >= 0) game_.NoteSeats();
}

void Room::DoHandle(const std::shared_ptr<Session>& s, v1::ClientMessage& m) {
  const int seat = seats_.SeatOf(s);
  const bool member =
      seat >= 0 || std::find(spectators_.begin(), spectators_.end(), s) != spectators_.end();
  if (!member) return Error(s, m.request_id(), v1::ERROR_CODE_NOT_IN_ROOM, "not in this room");
  const std::uint32_t rid = m.request_id();
  if (m.has_game_command()) return game_.Command(s, seat, m);
  if (m.has_resign()) return game_.Resign(s, seat, rid);
  if (m.has_vote_on_absent()) return game_.Vote(s, seat, m.vote_on_absent(), rid);
  if (m.has_request_hint()) return game_.Hint(s, seat, m.request_hint(), rid);
  if (m.has_preview_placement()) return game_.Preview(s, seat, m.preview_placement(), rid);
  if (m.has_end_grace_period()) return game_.EndGrace(s, seat, m.end_grace_period(), rid);
  if (m.has_request_snapshot()) return game_.SendSnapshot(s, seat, rid);
  if (m.has_report_player()) return FileReport(s, seat, m.report_player(), rid);
  HandleLobby(s, seat, m);
}

void Room::FreeSeat(int seat) {
  if (const std::string token = seats_.Free(seat); !token.empty()) registry_.DropToken(token);
}

void Room::Error(const std::shared_ptr<Session>& s, std::uint32_t request_id, v1::ErrorCode code,
                 std::string text) {
  metrics_.Reject(v1::ErrorCode_Name(code));
  s->Send(ErrorMessage(request_id, code, std::move(text), game_.seq()));
}

RoomView Room::View() const {
  std::optional<std::uint64_t> game_id;
  if (game_.archived()) game_id = static_cast<std::uint64_t>(journal_.id());
  return RoomView{code_,
                  options_,
                  Status(),
                  seats_,
                  game_.computers(),
                  game_.absent(),
                  spectators_.size(),
                  game_id,
                  game_.ended_by_vote_scores(),
                  config_.grace_period,
                  Clock::now(),
                  &game_.rated().changes()};
}

void Room::SendRoomState(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id) {
  s->Send(Serialize(RoomStateMessage(View(), seat, request_id)));
}

void Room::BroadcastRoomState() {
  // Lobby changes are handed to the store here, and the room's next work waits for the write
  // (its gate); the members are told at once. A failed write is logged and retried with the
  // next change: the lobby's state is not an acknowledged game command.
  PersistSeats();
  // The room list and the sweeper see the change before anyone hears of it: a member who then
  // asks for the room list finds the room as it was just told.
  UpdateSummary();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].session) SendRoomState(seats_[i].session, static_cast<int>(i), 0);
  }
  for (auto& s : spectators_) SendRoomState(s, -1, 0);
}

void Room::BroadcastToAll(const std::shared_ptr<const std::string>& bytes) {
  for (Seat& seat : seats_) {
    if (seat.session) seat.session->Send(bytes);
  }
  for (auto& s : spectators_) s->Send(bytes);
}

void Room::UpdateSummary() {
  v1::RoomSummary summary = SummaryOf(View());
  const bool connected = Attended();
  // Computer players alone do not keep a lobby.
  const bool unseated = !game_.started() && seats_.Occupied() == seats_.Computers();
  const int host = seats_.host();
  const bool host_away = TurnBasedLobby() && seats_.IsHost(host) &&
                         seats_[static_cast<std::size_t>(host)].session == nullptr;
  const auto now = Clock::now();
  std::vector<std::pair<std::int64_t, std::string>> holders;
  for (const Seat& seat : seats_) {
    holders.emplace_back(seat.occupied ? seat.account : 0, seat.occupied ? seat.name : "");
  }
  const int to_move = game_.to_move();
  const std::int64_t deadline = game_.TurnDeadline();
  std::lock_guard lock(summary_mu_);
  summary_ = std::move(summary);
  holders_ = std::move(holders);
  to_move_ = to_move;
  turn_deadline_ = deadline;
  if (connected) {
    empty_since_.reset();
    finished_linger_ = config_.sweep_interval;
  } else if (!empty_since_) {
    empty_since_ = now;
  }
  if (!unseated) {
    unseated_since_.reset();
  } else if (!unseated_since_) {
    unseated_since_ = now;
  }
  finished_and_archived_ = phase_.phase() == RoomPhase::kFinished && game_.archived();
  host_away_ = host_away;
  host_seen_at_ = seats_.host_seen_at();
  NoteMayDispose(moderator_.closed());
}

bool Room::TurnBasedLobby() const {
  return TurnBased() && !game_.started();
}

std::int64_t Room::WallNow() const {
  return config_.wall_now ? config_.wall_now() : static_cast<std::int64_t>(std::time(nullptr));
}

void Room::NoteMayDispose(bool held) {
  // The three conditions of TryMarkDisposed, without their times.
  const bool may =
      !held && (unseated_since_.has_value() || (finished_and_archived_ && empty_since_) ||
                (empty_since_ && options_.turn_based().move_seconds() == 0) || host_away_);
  if (!may) {
    may_dispose_.store(false, std::memory_order_release);
  } else if (!may_dispose_.exchange(true, std::memory_order_acq_rel)) {
    // Only a countdown's start is news: the sweep keeps a candidate while its flag is up.
    registry_.NoteCandidate(code_);
  }
}

bool Room::Attended() const {
  if (!spectators_.empty()) return true;
  return std::any_of(seats_.begin(), seats_.end(),
                     [](const Seat& slot) { return slot.session != nullptr; });
}

bots::BotPool* Room::bots() const {
  return registry_.bots();
}

push::Notifier* Room::notices() const {
  return registry_.notices();
}

void Room::TurnPassed(int seat, std::int64_t deadline) {
  bool moved = false;
  {
    std::lock_guard lock(summary_mu_);
    to_move_ = seat;
    moved = deadline != turn_deadline_;
    turn_deadline_ = deadline;
  }
  // A waiting room's tick may be set up to an hour ahead (RoomGame::NextTick): a new turn's
  // reminder can be due sooner.
  if (moved && deadline != 0 && ticking_ && !closed_) ArmTick();
}

std::string Room::JobOwner() const {
  return registry_.OwnerOf(code_);
}

void Room::Record(bool member, std::function<void(unsigned, std::string)> reply) {
  Post([this, member, reply = std::move(reply)] { game_.Record(member, reply); });
}

void Room::SendHistory(const std::shared_ptr<Session>& s, int seat) {
  // A whole game of either kind is 7 to 18 KB (server_tests "history: over its byte bound*"):
  // 64 KiB keeps every game whole and, with the chat's 16 KiB and a snapshot, within the
  // default write queue bound (128 KiB).
  constexpr std::size_t kMaxHistoryBatchBytes = 64 * 1024;
  v1::ServerMessage m;
  v1::History* history = m.mutable_history();
  game_.FillHistory(seat, kMaxHistoryBatchBytes, history);
  chat_history_.Fill(history);
  if (history->batches_size() == 0 && history->chat_size() == 0 && !history->has_start()) return;
  s->Send(Serialize(m));
}

v1::RoomSummary Room::Summary() const {
  std::lock_guard lock(summary_mu_);
  return summary_;
}

}  // namespace carc::server
