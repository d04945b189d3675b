// The game's start, a command's path (decode, engine, write, broadcast), snapshots, history,
// the archive, the record and the rebuild from the log. The seats nobody decides for and the
// clock: room_game_turns.cc; votes: room_game_vote.cc; hints: room_game_hint.cc.
#include "rooms/room_game.h"

#include <spdlog/spdlog.h>

#include <google/protobuf/arena.h>

#include <boost/asio/post.hpp>
#include <cstddef>
#include <ctime>
#include <variant>

#include "net/message_handler.h"
#include "rooms/tokens.h"
#include "rooms/turn_based_log.h"

namespace carc::server {

namespace net = boost::asio;
using Clock = std::chrono::steady_clock;

RoomGame::RoomGame(GameHost& host, net::any_io_executor strand, const std::string& code,
                   const v1::RoomOptions& options, const RoomConfig& config, RoomMetrics& metrics,
                   RoomJournal& journal, WriteGate& gate, RoomPhaseTracker& phase, SeatTable& seats)
    : host_(host),
      strand_(std::move(strand)),
      clock_timer_(strand_),
      code_(code),
      options_(options),
      config_(config),
      metrics_(metrics),
      journal_(journal),
      gate_(gate),
      phase_(phase),
      seats_(seats),
      computers_(options_.abandon_policy() == v1::ABANDON_POLICY_COMPUTER, Grace()),
      // A hint's search thinks at most a second, within what a computer's move may take.
      hints_(std::min(std::chrono::milliseconds(1000), config_.max_computer_ms)),
      absent_(options_.seats()),
      rated_(options_) {}

RoomGame::~RoomGame() = default;

std::vector<int> RoomGame::ended_by_vote_scores() const {
  if (game_ && game_->ended_early()) return game_->early_scores();
  return {};
}

void RoomGame::Close() {
  closed_ = true;
  clock_timer_.cancel();
  computers_.Cancel();
}

void RoomGame::Suspend() {
  if (suspended_) return;
  suspended_ = true;
  clock_timer_.cancel();
  computers_.Cancel();
  if (game_ && clock_.on()) {
    // The running turn charged now; nobody runs until Resume.
    const auto now = std::chrono::steady_clock::now();
    clock_.Load(clock_.RemainingMs(now));
    clock_.Resume(-1, now);
  }
}

void RoomGame::Resume() {
  if (!suspended_) return;
  suspended_ = false;
  if (game_ && clock_.on() && !game_->IsOver()) {
    clock_.Resume(game_->ToMove(), std::chrono::steady_clock::now());
    ArmClock();
  }
}

void RoomGame::Start(std::function<void(bool started)> then) {
  SeatTable players = seats_.Compacted();
  const int host = players.host();
  const std::uint64_t seed = config_.game_seed != 0 ? config_.game_seed : NewSeed();
  std::string error;
  auto game = StartGameSession(options_, static_cast<int>(players.size()), seed, host, &error);
  if (!game) {
    spdlog::error("room {}: cannot start: {}", code_, error);
    return then(false);
  }
  const TurnClock clock =
      ClockEnabled() ? TurnClock(static_cast<int>(players.size()),
                                 std::chrono::seconds(options_.clock().initial_seconds()),
                                 std::chrono::seconds(options_.clock().increment_seconds()))
                     : TurnClock();
  std::optional<MoveDeadline> deadline;
  if (TurnBased()) {
    deadline.emplace(static_cast<int>(players.size()), TurnBasedRulesOf(options_));
    deadline->Switch(game->IsOver() ? -1 : game->ToMove(), WallNow());
  }
  // The game begins once the store has its start; the lobby comes back if it refuses it.
  struct Starting {
    SeatTable lobby;
    std::unique_ptr<GameSession> game;
    TurnClock clock;
    std::optional<MoveDeadline> deadline;
  };
  auto starting = std::make_shared<Starting>(
      Starting{std::move(seats_), std::move(game), clock, std::move(deadline)});
  seats_ = std::move(players);
  carc::store::v1::RoomLogEntry entry;
  auto* started = entry.mutable_started();
  *started->mutable_seats() = seats_.ToStored();
  started->set_seed(seed);
  started->set_first_player(host);
  for (const auto ms : clock.Readings()) started->add_clock_remaining_ms(ms);
  if (starting->deadline) ToStored(starting->deadline->state(), started->mutable_turn_based());
  journal_.Write(entry, [this, starting, then = std::move(then)](bool written) {
    if (!written) {
      seats_ = std::move(starting->lobby);
      return then(false);
    }
    game_ = std::move(starting->game);
    clock_ = starting->clock;
    turn_based_ = std::move(starting->deadline);
    TellTurn();
    UpdateClock();
    phase_.Advance(RoomPhase::kPlaying);
    spdlog::info("room {}: game started with {} players", code_, seats_.size());
    then(true);
  });
}

std::optional<engine::Move> RoomGame::Decode(const std::shared_ptr<Session>& s, int seat,
                                             const v1::GameCommand& gc, std::uint32_t rid) {
  if (seat < 0) {
    host_.Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators cannot play");
    return std::nullopt;
  }
  if (!game_) {
    host_.Error(s, rid, v1::ERROR_CODE_GAME_NOT_STARTED, "the game has not started");
    return std::nullopt;
  }
  if (gc.expected_seq() != game_->seq()) {
    host_.Error(s, rid, v1::ERROR_CODE_STALE_SEQ,
                "expected seq " + std::to_string(gc.expected_seq()) + ", the game is at " +
                    std::to_string(game_->seq()) + ": resync");
    return std::nullopt;
  }
  auto decoded = game_->Decode(gc);
  if (const auto* why = std::get_if<std::string>(&decoded)) {
    host_.Error(s, rid, v1::ERROR_CODE_MALFORMED_MESSAGE, *why);
    return std::nullopt;
  }
  return std::get<engine::Move>(decoded);
}

void RoomGame::Command(const std::shared_ptr<Session>& s, int seat, const v1::ClientMessage& m) {
  const auto received = Clock::now();
  const std::uint32_t rid = m.request_id();
  const v1::GameCommand& gc = m.game_command();
  const std::optional<engine::Move> move = Decode(s, seat, gc, rid);
  if (!move) return;
  ApplyCommand([&](GameSession& g) { return g.ApplyMove(seat, *move, gc); }, received,
               [this, s, rid](std::optional<engine::RejectReason> r) { Answer(s, rid, r); });
}

void RoomGame::Answer(const std::shared_ptr<Session>& s, std::uint32_t rid,
                      std::optional<engine::RejectReason> applied) {
  if (!applied) {
    return host_.Error(s, rid, v1::ERROR_CODE_STORE_UNAVAILABLE,
                       "the server cannot save your move right now; nothing changed, try again");
  }
  if (const engine::RejectReason r = *applied; r != engine::RejectReason::kNone) {
    return Refuse(s, rid, r);
  }
  PlayFallbackMoves();
}

void RoomGame::Refuse(const std::shared_ptr<Session>& s, std::uint32_t rid,
                      engine::RejectReason r) {
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
}

void RoomGame::Resign(const std::shared_ptr<Session>& s, int seat, std::uint32_t rid) {
  if (seat < 0) return host_.Error(s, rid, v1::ERROR_CODE_NOT_A_PLAYER, "spectators cannot resign");
  if (!game_) return host_.Error(s, rid, v1::ERROR_CODE_GAME_NOT_STARTED, "no game yet");
  if (game_->IsOver() || game_->resigned(seat)) {
    return host_.Error(s, rid, v1::ERROR_CODE_RULE_VIOLATION, "nothing to resign from");
  }
  ApplyCommand([seat](GameSession& g) { return g.ApplyResign(seat); }, Clock::now(),
               [this, s, rid](std::optional<engine::RejectReason> r) {
                 if (!r) {
                   return host_.Error(s, rid, v1::ERROR_CODE_STORE_UNAVAILABLE,
                                      "the server cannot save the resignation right now; "
                                      "try again");
                 }
                 PlayFallbackMoves();
               });
}

void RoomGame::ApplyCommand(const std::function<engine::RejectReason(GameSession&)>& apply,
                            Clock::time_point received, Applied then) {
  PendingCommand pending{game_->seq(), received, clock_.state(), {}, {}};
  if (turn_based_) pending.turn_based = turn_based_->state();
  const engine::RejectReason r = apply(*game_);
  if (r != engine::RejectReason::kNone) return then(r);
  pending.then = std::move(then);
  UpdateClock();
  if (turn_based_) turn_based_->Switch(game_->IsOver() ? -1 : game_->ToMove(), WallNow());
  // The journal's answer comes on the strand, the room's other work held until then.
  auto p = std::make_shared<PendingCommand>(std::move(pending));
  journal_.WriteCommand(game_->Stored(), clock_.Readings(),
                        turn_based_ ? &turn_based_->state() : nullptr,
                        [this, p](bool written) { CommandWritten(written, std::move(*p)); });
}

void RoomGame::CommandWritten(bool written, PendingCommand pending) {
  if (!written) {
    // Undo: the engine has no undo, so the game is rebuilt from its config and log.
    game_->Undo();
    clock_.Restore(std::move(pending.clock));
    if (turn_based_ && pending.turn_based) turn_based_->Restore(std::move(*pending.turn_based));
    ArmClock();
    return pending.then(std::nullopt);
  }
  game_->Commit();
  ++metrics_.commands;
  // A game this command finished is archived before anyone hears of the end: a client that
  // sees it and asks for the game at once (GET /api/games) finds it.
  if (game_->IsOver() && phase_.Advance(RoomPhase::kFinished)) {
    return Finish([this, p = std::make_shared<PendingCommand>(std::move(pending))] {
      BroadcastBatch(p->prev_seq, p->received, true);
      p->then(engine::RejectReason::kNone);
    });
  }
  BroadcastBatch(pending.prev_seq, pending.received, false);
  pending.then(engine::RejectReason::kNone);
}

void RoomGame::BroadcastBatch(std::uint64_t prev_seq, Clock::time_point received,
                              bool just_finished) {
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
  const auto& spectators = host_.spectators();
  // Serialized once for every spectator.
  const auto shared = spectators.empty() ? nullptr : batch_for(engine::kSpectator);
  // Observed before anything is sent: a client that has its batch finds the command in
  // /metrics' histogram as well as in carc_commands_total (sessions send on other threads).
  metrics_.ObserveCommandLatency(std::chrono::duration<double>(Clock::now() - received).count());
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (batches[i]) seats_[i].session->Send(std::move(batches[i]));
  }
  for (const auto& s : spectators) s->Send(shared);
  if (just_finished) {
    computers_.ClearStandIns();  // nobody plays for anyone any more
    host_.BroadcastRoomState();
  }
  const bool over = game_->IsOver();
  TellTurn();
  notices_.AfterCommand(host_.notices(), code_, game_->game_name(), seats_,
                        over ? -1 : game_->ToMove(), over);
}

void RoomGame::Finish(std::function<void()> then) {
  ++metrics_.games_finished;
  spdlog::info("room {}: game finished", code_);
  ArchiveGame(std::move(then));
}

void RoomGame::ArchiveGame(std::function<void()> then) {
  store::ArchivedGame game;
  game.finished_at = static_cast<std::int64_t>(std::time(nullptr));
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    game.players.push_back({seats_[i].name, game_->score(static_cast<engine::Seat>(i)),
                            seats_[i].account, seats_[i].token_hash});
  }
  // No record: the log is the game, and the record is made from it when asked for
  // (rooms/archived_record.h), off this thread.
  game.game = std::string(game_->game_name());
  game.is_private = !options_.is_public();
  rated_.PrepareArchive(game, seats_, *game_);
  journal_.Archive(std::move(game), [this, then = std::move(then)](
                                        std::optional<std::vector<store::RatingChange>> changes) {
    if (changes) {
      archived_ = true;
      rated_.set_changes(std::move(*changes));
    }
    if (then) then();
  });
}

void RoomGame::SendSnapshot(const std::shared_ptr<Session>& s, int seat, std::uint32_t request_id) {
  if (!game_) {
    return host_.Error(s, request_id, v1::ERROR_CODE_GAME_NOT_STARTED, "no game yet");
  }
  v1::ServerMessage m;
  m.set_request_id(request_id);
  v1::GameSnapshot* snap = m.mutable_snapshot();
  *snap = game_->SnapshotFor(seat);
  FillClock(snap->mutable_clock());
  s->Send(Serialize(m));
}

void RoomGame::FillHistory(int seat, std::size_t max_bytes, v1::History* out) const {
  if (game_) game_->HistoryFor(seat, max_bytes, out);
}

void RoomGame::Record(bool member,
                      const std::function<void(unsigned status, std::string body)>& reply) {
  if (!member && !options_.is_public() && !archived_) {
    return reply(404, std::string(kNoSuchRoomJson));
  }
  if (!game_) return reply(409, R"({"error":"the game has not started"})");
  if (const auto refusal = game_->RecordRefusal()) {
    return reply(409, R"({"error":")" + *refusal + R"("})");
  }
  reply(200, game_->Record());
}

std::string RoomGame::Restore(const std::vector<std::string>& entries) {
  if (std::string why = journal_.Replay(entries, options_, {seats_, game_, clock_, turn_based_});
      !why.empty()) {
    game_.reset();  // the room is thrown away (its phase is still the lobby's)
    return why;
  }
  if (!game_) return {};
  phase_.Advance(RoomPhase::kPlaying);
  if (game_->IsOver()) {
    phase_.Advance(RoomPhase::kFinished);
    // The process may have stopped between the last command and the archive entry. An archive
    // that cannot be read is taken as written (the game is not archived twice), but clients
    // are not pointed at it.
    const std::optional<bool> archived = journal_.Archived();
    archived_ = archived.value_or(false);
    if (!archived.value_or(true)) {
      spdlog::info("room {}: the game ended before the restart and was not archived; archiving it",
                   code_);
      ArchiveGame({});
    }
    if (archived.value_or(false) && rated_.on()) rated_.set_changes(journal_.RatingChanges());
  }
  // The clock runs again from now: the time the server was down is nobody's.
  clock_.Resume(game_->IsOver() ? -1 : game_->ToMove(), Clock::now());
  ArmClock();
  // A turn-based clock runs on in wall-clock time: what fell due while the room was down is
  // due at its first tick.
  TellTurn();
  return {};
}

}  // namespace carc::server
