#include "client/castle/castle_seat_game.h"

namespace carc::client {

void CastleSeatGame::TakeSnapshot(const v1::GameSnapshot& snapshot) {
  const v1::CastleView& view = snapshot.castle();
  over_ = view.phase() == v1::CASTLE_PHASE_GAME_OVER;
  to_move_ = view.to_move();
  phase_ = static_cast<int>(view.phase());
  scores_.clear();
  for (const auto& s : view.seats()) scores_.push_back(s.score());
  moves_.reset();
  if (seat_ >= 0 && !over_ && view.to_move() == seat_) moves_ = view.legal_moves();
}

void CastleSeatGame::ApplyBatch(const v1::EventBatch& batch) {
  for (const auto& e : batch.events()) {
    if (!e.castle().has_game_ended()) continue;
    over_ = true;
    scores_.assign(e.castle().game_ended().scores().begin(),
                   e.castle().game_ended().scores().end());
  }
  moves_.reset();
  if (seat_ >= 0 && batch.has_castle_legal_moves()) {
    moves_ = batch.castle_legal_moves();
    to_move_ = seat_;
  }
}

std::string CastleSeatGame::Decide(std::mt19937_64& rng, v1::GameCommand& out,
                                   DecisionCounts& decisions) {
  const v1::CastleLegalMoves moves = *moves_;
  moves_.reset();
  v1::CastleCommand* c = out.mutable_castle();
  const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  if (moves.placements_size() > 0) {
    const auto& p = moves.placements(pick(moves.placements_size()));
    *c->mutable_place_tile()->mutable_position() = p.position();
    c->mutable_place_tile()->set_rotation(p.rotation());
  } else if (moves.scoring_size() > 0) {
    *c->mutable_score_feature() = moves.scoring(pick(moves.scoring_size()));
    ++decisions["scoring_choice"];
  } else if (moves.extra_turn()) {
    if (pick(2) == 0) {
      c->mutable_use_extra_turn();
    } else {
      c->mutable_end_turn();
    }
    ++decisions["extra_turn"];
  } else {
    const int i = pick(moves.follower_regions_size() + 1);
    if (i == moves.follower_regions_size()) {
      c->mutable_skip_follower();
    } else {
      c->mutable_place_follower()->set_region(moves.follower_regions(i));
    }
  }
  return c->SerializeAsString();
}

void CastleSeatGame::Describe(const v1::EventBatch& batch, std::vector<std::string>& lines) const {
  // The event's kind, by its field name in castle_game.proto (watch shows what happens; the
  // web client draws it).
  for (const auto& e : batch.events()) {
    const auto* field = v1::CastleEvent::descriptor()->FindFieldByNumber(e.castle().event_case());
    lines.push_back(field != nullptr ? field->name() : "unknown event");
  }
}

}  // namespace carc::client
