// The game inside a room: start, commands with their expected seq, broadcasts per audience,
// snapshots, fallback moves for abandoned seats, and the game record.
#include <spdlog/spdlog.h>

#include <google/protobuf/arena.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cstddef>

#include "net/message_handler.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"
#include "rooms/tokens.h"

namespace carc::server {

namespace net = boost::asio;
using Clock = std::chrono::steady_clock;

bool Room::StartGame() {
  // Seats are compacted so that room seat i is game seat i.
  SeatTable players = seats_.Compacted();
  const int host = players.host();
  const std::uint64_t seed = config_.game_seed != 0 ? config_.game_seed : NewSeed();
  std::string error;
  auto game = StartGameSession(options_, static_cast<int>(players.size()), seed, host, &error);
  if (!game) {
    spdlog::error("room {}: cannot start: {}", code_, error);
    return false;
  }
  const TurnClock clock =
      ClockEnabled() ? TurnClock(static_cast<int>(players.size()),
                                 std::chrono::seconds(options_.clock().initial_seconds()),
                                 std::chrono::seconds(options_.clock().increment_seconds()))
                     : TurnClock();
  {
    SeatTable lobby = std::move(seats_);
    seats_ = std::move(players);
    carc::store::v1::RoomLogEntry entry;
    auto* started = entry.mutable_started();
    *started->mutable_seats() = seats_.ToStored();
    started->set_seed(seed);
    started->set_first_player(host);
    for (const auto ms : clock.Readings()) started->add_clock_remaining_ms(ms);
    if (!journal_.Append(entry)) {
      seats_ = std::move(lobby);
      return false;
    }
  }
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].session) seats_[i].session->set_seat(this, static_cast<int>(i));
  }
  game_ = std::move(game);
  clock_ = clock;
  UpdateClock();
  phase_.Advance(RoomPhase::kPlaying);
  spdlog::info("room {}: game started with {} players", code_, seats_.size());
  BroadcastRoomState();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].session) SendSnapshot(seats_[i].session, static_cast<int>(i), 0);
  }
  for (auto& s : spectators_) SendSnapshot(s, -1, 0);
  PlayFallbackMoves();
  return true;
}

void Room::HandleGameCommand(const std::shared_ptr<Session>& s, int seat,
                             const v1::ClientMessage& m) {
  const auto received = Clock::now();
  const std::uint32_t rid = m.request_id();
  if (seat < 0) return Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators cannot play");
  if (!game_) return Error(s, rid, v1::ERROR_CODE_GAME_NOT_STARTED, "the game has not started");
  const v1::GameCommand& gc = m.game_command();
  if (gc.expected_seq() != game_->seq()) {
    return Error(s, rid, v1::ERROR_CODE_STALE_SEQ,
                 "expected seq " + std::to_string(gc.expected_seq()) + ", the game is at " +
                     std::to_string(game_->seq()) + ": resync");
  }
  auto decoded = game_->Decode(gc);
  if (const auto* why = std::get_if<std::string>(&decoded)) {
    return Error(s, rid, v1::ERROR_CODE_MALFORMED_MESSAGE, *why);
  }
  const engine::Move& move = std::get<engine::Move>(decoded);
  ApplyCommand([&](GameSession& g) { return g.ApplyMove(seat, move); }, received,
               [this, s, rid](std::optional<engine::RejectReason> applied) {
                 if (!applied) {
                   return Error(s, rid, v1::ERROR_CODE_STORE_UNAVAILABLE,
                                "the server cannot save your move right now; nothing changed, "
                                "try again");
                 }
                 if (const engine::RejectReason r = *applied; r != engine::RejectReason::kNone) {
                   metrics_.Reject(std::string(engine::Name(r)));
                   // A refusal left the state as it was: it explains the refusal still.
                   const engine::Refusal why = game_->state().Explain(r);
                   v1::ServerMessage out;
                   out.set_request_id(rid);
                   v1::Error* e = out.mutable_error();
                   e->set_code(v1::ERROR_CODE_RULE_VIOLATION);
                   e->set_message(engine::Describe(why));
                   e->set_reject_reason(std::string(engine::Name(r)));
                   e->set_rule(std::string(why.rule));
                   e->set_seq(game_->seq());
                   s->Send(Serialize(out));
                   return;
                 }
                 PlayFallbackMoves();
               });
}

void Room::ApplyCommand(const std::function<engine::RejectReason(GameSession&)>& apply,
                        Clock::time_point received, Applied then) {
  PendingCommand pending{game_->seq(), received, clock_.state(), {}};
  const engine::RejectReason r = apply(*game_);
  if (r != engine::RejectReason::kNone) return then(r);
  pending.then = std::move(then);
  UpdateClock();
  gate_.BeginWrite();
  journal_.AppendCommand(
      game_->Stored(), clock_.Readings(),
      [self = shared_from_this(), p = std::move(pending)](std::string error) mutable {
        // On the store's thread: back to the strand.
        net::post(self->strand_, [self, p = std::move(p), e = std::move(error)]() mutable {
          self->CommandWritten(e, std::move(p));
        });
      });
}

void Room::CommandWritten(const std::string& error, PendingCommand pending) {
  gate_.EndWrite();
  if (!journal_.CommandWritten(error)) {
    // Undo: the engine has no undo, so the game is rebuilt from its config and log.
    game_->Undo();
    clock_.Restore(std::move(pending.clock));
    ArmClock();
    pending.then(std::nullopt);
  } else {
    game_->Commit();
    ++metrics_.commands;
    BroadcastBatch(pending.prev_seq, pending.received);
    pending.then(engine::RejectReason::kNone);
  }
  gate_.RunHeld();
}

void Room::PlayFallbackMoves(int budget) {
  if (!game_ || closed_ || gate_.writing() || budget <= 0 || game_->IsOver()) return;
  const auto now = Clock::now();
  NoteStandIns();
  NoteAbsences();
  if (game_->IsOver() || gate_.writing()) return;  // ended by vote
  const int seat = game_->ToMove();
  const Seat& slot = seats_[static_cast<std::size_t>(seat)];
  // The engine's Timeout plays the documented fallback move (first legal placement, no
  // follower) for a resigned seat, with the fallback policy for a person's seat abandoned
  // past the grace period, and for a seat the players voted to skip.
  const bool abandoned = options_.abandon_policy() == v1::ABANDON_POLICY_FALLBACK_MOVE &&
                         !slot.computer() && !slot.session &&
                         now - slot.dropped_at >= config_.grace_period;
  const bool skipped = absent_.skipped(seat) && !slot.session;
  if (game_->resigned(seat) || abandoned || skipped) return PlayTimeout(seat, budget);
  if (ComputerPlays(seat, now)) {
    AskComputer(seat, slot.computer() ? slot.computer_level : config_.absent_level, false);
  }
}

void Room::PlayTimeout(int seat, int budget) {
  // A refused write stops the fallbacks; the next tick tries again.
  ApplyCommand([seat](GameSession& g) { return g.ApplyTimeout(seat); }, Clock::now(),
               [this, budget](std::optional<engine::RejectReason> r) {
                 if (r == engine::RejectReason::kNone) PlayFallbackMoves(budget - 1);
               });
}

bool Room::Attended() const {
  if (!spectators_.empty()) return true;
  return std::any_of(seats_.begin(), seats_.end(),
                     [](const Seat& slot) { return slot.session != nullptr; });
}

bool Room::ComputerPlays(int seat, Clock::time_point now) const {
  if (seat < 0 || static_cast<std::size_t>(seat) >= seats_.size()) return false;
  return computers_.Plays(seats_[static_cast<std::size_t>(seat)], now);
}

void Room::AskComputer(int seat, const std::string& level_text, bool urgent) {
  // Nobody is there to wait for a good move: the room's computers play at the unattended level,
  // so that rooms left to computers cannot keep the pool busy for others.
  const auto level = bots::ParseBotLevel(Attended() ? level_text : config_.unattended_level);
  std::optional<bots::BotJob> job =
      computers_.Prepare(*game_, level.value_or(bots::BotLevel{}), urgent);
  if (!job) return;  // already thinking about it
  const std::uint64_t seq = game_->seq();
  ComputerSeats::Job cancel = job->cancel;
  job->owner = registry_.OwnerOf(code_);
  job->done = [self = shared_from_this(), seat, seq, cancel](std::optional<bots::Choice> c) {
    // On a worker thread: back to the strand, after any write in flight.
    self->Post([r = self.get(), seat, seq, cancel, c = std::move(c)]() mutable {
      r->ComputerChose(seat, seq, cancel, std::move(c));
    });
  };
  bots::BotPool* pool = registry_.bots();
  if (pool == nullptr || !level || !pool->Submit(std::move(*job))) {
    // No thread to think on (or a level the store holds but this server does not know): the
    // game does not wait, the engine's fallback plays.
    return PlayTimeout(seat, 1000);
  }
  computers_.Submitted(std::move(cancel), seq);
}

void Room::ComputerChose(int seat, std::uint64_t seq, const std::shared_ptr<std::atomic<bool>>& job,
                         std::optional<bots::Choice> choice) {
  computers_.Answered(job);
  if (!choice || closed_ || !game_ || game_->IsOver() || game_->seq() != seq ||
      game_->ToMove() != seat) {
    return;
  }
  // The player came back while the computer was thinking: the seat is theirs again.
  if (!ComputerPlays(seat, Clock::now()) && !computers_.RanOutFor(seat, seq)) return;
  const engine::Move move = choice->move;
  ApplyCommand([seat, move](GameSession& g) { return g.ApplyMove(seat, move); }, Clock::now(),
               [this, seat](std::optional<engine::RejectReason> r) {
                 if (r == engine::RejectReason::kNone) return PlayFallbackMoves();
                 if (r) {
                   // A computer's move the engine refuses is a bug in the player: the game
                   // goes on by the fallback rather than wait.
                   spdlog::error("room {}: a computer player's move for seat {} was refused ({})",
                                 code_, seat, engine::Name(*r));
                   PlayTimeout(seat, 1000);
                 }
               });
}

void Room::NoteStandIns() {
  if (computers_.NoteStandIns(seats_, game_.get(), Clock::now())) BroadcastRoomState();
}

void Room::UpdateClock() {
  if (!game_) return;
  if (clock_.Switch(game_->IsOver() ? -1 : game_->ToMove(), Clock::now())) ArmClock();
}

void Room::ArmClock() {
  clock_timer_.cancel();
  if (clock_.running_for() < 0 || closed_) return;
  const int seat = clock_.running_for();
  const std::uint64_t seq = game_->seq();
  clock_timer_.expires_at(clock_.Deadline());
  clock_timer_.async_wait([self = shared_from_this(), seat, seq](boost::system::error_code ec) {
    if (ec) return;
    self->RunWhenIdle([r = self.get(), seat, seq] { r->ClockRanOut(seat, seq); });
  });
}

void Room::ClockRanOut(int seat, std::uint64_t seq) {
  if (!game_ || game_->IsOver() || game_->seq() != seq || game_->ToMove() != seat) return;
  // The bank is empty: the engine plays the fallback for this decision, or, under
  // ABANDON_POLICY_COMPUTER, the greedy computer player does at once (ahead of the queue).
  clock_.RanOut(Clock::now());
  if (options_.abandon_policy() == v1::ABANDON_POLICY_COMPUTER && registry_.bots() != nullptr) {
    computers_.RanOut(seat, seq);
    return AskComputer(seat, "greedy", true);
  }
  ApplyCommand([seat](GameSession& g) { return g.ApplyTimeout(seat); }, Clock::now(),
               [this, seat](std::optional<engine::RejectReason>) {
                 PlayFallbackMoves();
                 if (clock_.running_for() == seat) ArmClock();  // still its decision
               });
}

void Room::FillClock(v1::ClockState* out) const {
  if (!clock_.on()) return;
  for (const auto ms : clock_.RemainingMs(Clock::now())) out->add_remaining_ms(ms);
  out->set_running_for(clock_.running_for());
}

void Room::BroadcastBatch(std::uint64_t prev_seq, Clock::time_point received) {
  // The archive entry is written before anyone hears that the game is over: a client that
  // sees the end and asks for the game at once (GET /api/games) finds it.
  const bool just_finished = NoteFinished();
  const std::uint64_t hash = game_->PublicHash();
  // Each audience's message is built on an arena whose first block is on this stack: a batch
  // with the mover's legal moves is a few hundred small messages, and this way they cost no
  // malloc and no free each (most batches fit in the block; a larger one takes more blocks).
  alignas(std::max_align_t) char block[16 * 1024];
  google::protobuf::ArenaOptions options;
  options.initial_block = block;
  options.initial_block_size = sizeof block;
  auto batch_for = [&](int seat) {
    google::protobuf::Arena arena(options);
    auto* m = google::protobuf::Arena::CreateMessage<v1::ServerMessage>(&arena);
    v1::EventBatch* b = m->mutable_event_batch();
    game_->BatchFor(prev_seq, seat, hash, b);
    FillClock(b->mutable_clock());
    return Serialize(*m);
  };
  std::vector<std::shared_ptr<const std::string>> batches;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    batches.push_back(seats_[i].session ? batch_for(static_cast<int>(i)) : nullptr);
  }
  // Serialized once for every spectator.
  const auto shared = spectators_.empty() ? nullptr : batch_for(engine::kSpectator);
  // Observed before anything is sent: a client that has its batch finds the command in
  // /metrics' histogram as well as in carc_commands_total (sessions send on other threads).
  metrics_.ObserveCommandLatency(std::chrono::duration<double>(Clock::now() - received).count());
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (batches[i]) seats_[i].session->Send(std::move(batches[i]));
  }
  for (auto& s : spectators_) s->Send(shared);
  if (just_finished) {
    computers_.ClearStandIns();  // nobody plays for anyone any more
    BroadcastRoomState();
  }
}

bool Room::NoteFinished() {
  if (!game_->IsOver() || !phase_.Advance(RoomPhase::kFinished)) return false;
  ++metrics_.games_finished;
  spdlog::info("room {}: game finished", code_);
  ArchiveGame();
  return true;
}

void Room::SendSnapshot(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id) {
  v1::ServerMessage m;
  m.set_request_id(request_id);
  v1::GameSnapshot* snap = m.mutable_snapshot();
  *snap = game_->SnapshotFor(seat);
  FillClock(snap->mutable_clock());
  s->Send(Serialize(m));
}

void Room::SendHistory(const std::shared_ptr<Session>& s, int seat) {
  // A whole game of either kind is 7 to 18 KB (server_tests "history: over its byte bound*"):
  // 64 KiB keeps every game whole and, with the chat's 16 KiB and a snapshot, within the
  // default write queue bound (128 KiB).
  constexpr std::size_t kMaxHistoryBatchBytes = 64 * 1024;
  v1::ServerMessage m;
  v1::History* history = m.mutable_history();
  if (game_) game_->HistoryFor(seat, kMaxHistoryBatchBytes, history);
  chat_history_.Fill(history);
  if (history->batches_size() == 0 && history->chat_size() == 0 && !history->has_start()) return;
  s->Send(Serialize(m));
}

void Room::Record(bool member, std::function<void(unsigned, std::string)> reply) {
  Post([this, member, reply = std::move(reply)] {
    if (!member && !options_.is_public() && !archived_) {
      return reply(404, std::string(kNoSuchRoomJson));
    }
    if (!game_) return reply(409, R"({"error":"the game has not started"})");
    if (const auto refusal = game_->RecordRefusal()) {
      return reply(409, R"({"error":")" + *refusal + R"("})");
    }
    reply(200, game_->Record());
  });
}

}  // namespace carc::server
