#include "rooms/game_session.h"

#include "games/registry.h"

namespace carc::server {
namespace {

namespace sv1 = carc::store::v1;

std::string Refused(int seat, const engine::Refusal& why) {
  return "the engine refuses seat " + std::to_string(seat) +
         "'s command: " + engine::Describe(why) + " (" + std::string(engine::Name(why.reason)) +
         ")";
}

}  // namespace

GameSession::GameSession(const GameAdapter& adapter, std::unique_ptr<engine::State> start)
    : adapter_(adapter), start_(start->Clone()), state_(std::move(start)) {}

engine::RejectReason GameSession::ApplyMove(int seat, const engine::Move& move,
                                            const v1::GameCommand& wire) {
  return Apply(seat, move, &wire);
}

engine::RejectReason GameSession::ApplyTimeout(int seat) {
  return Apply(seat, {engine::kTimeoutMove, {}}, nullptr);
}

engine::RejectReason GameSession::ApplyResign(int seat) {
  return Apply(seat, {engine::kResignMove, {}}, nullptr);
}

void GameSession::Commit() {
  log_.push_back(pending_);
  if (stored_.absent()) {
    MarkLeft(pending_.seat);
  } else if (pending_.move.type >= engine::kFirstGameMove && pending_.seat >= 0) {
    const auto i = static_cast<std::size_t>(pending_.seat);
    if (moves_.size() <= i) moves_.resize(i + 1, 0);
    ++moves_[i];
  }
}

void GameSession::MarkAbsent() {
  stored_.set_absent(true);
}

void GameSession::MarkLeft(int seat) {
  if (seat < 0) return;
  const auto i = static_cast<std::size_t>(seat);
  if (left_.size() <= i) left_.resize(i + 1, false);
  left_[i] = true;
}

void GameSession::Undo() {
  state_ = start_->Clone();
  for (const SeatMove& m : log_) state_->Apply(m.seat, m.move);
}

void GameSession::HistoryFor(int seat, std::size_t max_bytes, v1::History* out) const {
  std::vector<v1::EventBatch> batches;
  batches.reserve(log_.size());
  auto state = start_->Clone();
  for (const SeatMove& m : log_) {
    const std::uint64_t prev = state->seq();
    state->Apply(m.seat, m.move);
    v1::EventBatch& batch = batches.emplace_back();
    adapter_.BatchFor(*state, prev, seat, adapter_.PublicHash(*state), &batch);
    batch.clear_legal_moves();
  }
  // The newest that fit.
  std::size_t bytes = 0;
  std::size_t first = batches.size();
  while (first > 0) {
    const std::size_t size = batches[first - 1].ByteSizeLong() + 4;  // + tag and length
    if (bytes + size > max_bytes) break;
    bytes += size;
    --first;
  }
  const bool complete = first == 0;
  out->set_complete(complete);
  if (complete) *out->mutable_start() = adapter_.SnapshotFor(*start_, seat);
  for (std::size_t i = first; i < batches.size(); ++i) {
    *out->add_batches() = std::move(batches[i]);
  }
}

std::string GameSession::ApplyStored(const sv1::GameCommand& stored) {
  engine::Move move;
  if (stored.has_resign()) {
    move = {engine::kResignMove, {}};
  } else if (stored.has_timeout()) {
    move = {engine::kTimeoutMove, {}};
  } else {
    auto decoded = adapter_.FromStored(stored, *state_);
    if (const auto* why = std::get_if<std::string>(&decoded)) return *why;
    move = std::get<engine::Move>(decoded);
  }
  // Replayed, not logged again: the stored form is not made anew.
  if (const auto r = Apply(stored.seat(), move, nullptr); r != engine::RejectReason::kNone) {
    return Refused(stored.seat(), state_->Explain(r));
  }
  if (stored.absent()) MarkAbsent();
  Commit();
  return {};
}

v1::GameCommand GameSession::WireCommand(const engine::Move& move) const {
  v1::GameCommand wire;
  adapter_.ToWire(move, *state_, &wire);
  wire.set_expected_seq(seq());
  return wire;
}

void GameSession::EndEarly() {
  if (!IsOver()) early_scores_ = state_->ProjectedScores();
}

engine::RejectReason GameSession::Apply(int seat, const engine::Move& move,
                                        const v1::GameCommand* wire) {
  if (ended_early()) return engine::RejectReason::kGameOver;
  const engine::RejectReason r = state_->Apply(seat, move);
  if (r != engine::RejectReason::kNone) return r;
  pending_ = {seat, move};
  stored_.Clear();
  stored_.set_seat(seat);
  if (move.type == engine::kTimeoutMove) {
    stored_.mutable_timeout();
  } else if (move.type == engine::kResignMove) {
    stored_.mutable_resign();
  } else if (wire != nullptr) {
    adapter_.ToStored(move, *wire, *state_, &stored_);
  }
  return r;
}

engine::RejectReason GameSession::PreviewPlacement(int seat, const engine::Move& move,
                                                   v1::PlacementPreview* out) const {
  if (IsOver()) return engine::RejectReason::kGameOver;
  if (state_->ToMove() != seat) return engine::RejectReason::kNotYourTurn;
  // Both games name their decisions alike (engine::State::Decision).
  if (state_->Decision() != "place_tile" || move.type < engine::kFirstGameMove) {
    return engine::RejectReason::kWrongPhase;
  }
  const std::unique_ptr<engine::State> copy = state_->Clone();
  if (const engine::RejectReason r = copy->Apply(seat, move); r != engine::RejectReason::kNone) {
    return r;
  }
  // The placement ended the follower step by itself (nothing to choose): the copy has gone on,
  // perhaps to a tile drawn for the next turn, and none of that is told.
  if (copy->ToMove() != seat || copy->Decision() != "place_follower") return {};
  v1::EventBatch batch;
  adapter_.BatchFor(*copy, seq(), seat, 0, &batch);
  switch (batch.legal_moves_case()) {
    case v1::EventBatch::kBaseLegalMoves:
      out->mutable_base_legal_moves()->Swap(batch.mutable_base_legal_moves());
      break;
    case v1::EventBatch::kCastleLegalMoves:
      out->mutable_castle_legal_moves()->Swap(batch.mutable_castle_legal_moves());
      break;
    case v1::EventBatch::LEGAL_MOVES_NOT_SET:
      break;
  }
  return engine::RejectReason::kNone;
}

std::unique_ptr<GameSession> StartGameSession(const v1::RoomOptions& options, int players,
                                              std::uint64_t seed, int host, std::string* error) {
  const GameAdapter* adapter = FindGame(options.game_type());
  if (adapter == nullptr) {
    *error = "this server offers no game of type " + std::to_string(options.game_type());
    return nullptr;
  }
  auto start = adapter->NewState(options, players, seed, host, error);
  if (!start) return nullptr;
  return std::make_unique<GameSession>(*adapter, std::move(start));
}

}  // namespace carc::server
