// A bot seat in a game of The Castle: random commands from the legal moves the server sends.
#include "client/bot_seat.h"

namespace carc::client {

void BotSeat::OnCastleSnapshot(const v1::GameSnapshot& snapshot, SeatResult& result) {
  castle_ = true;
  pending_.reset();
  const v1::CastleView& view = snapshot.castle();
  seq_ = snapshot.seq();
  have_view_ = true;
  result.server_hash = snapshot.public_hash();
  castle_over_ = view.phase() == v1::CASTLE_PHASE_GAME_OVER;
  castle_scores_.clear();
  for (const auto& s : view.seats()) castle_scores_.push_back(s.score());
  if (!spectator_ && !castle_over_ && view.to_move() == seat_) {
    ActCastle(view.legal_moves(), result);
  }
}

void BotSeat::ActCastle(const v1::CastleLegalMoves& moves, SeatResult& result) {
  v1::ClientMessage m;
  v1::GameCommand* gc = m.mutable_game_command();
  gc->set_expected_seq(seq_);
  v1::CastleCommand* c = gc->mutable_castle();
  const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); };
  if (moves.placements_size() > 0) {
    const auto& p = moves.placements(pick(moves.placements_size()));
    *c->mutable_place_tile()->mutable_position() = p.position();
    c->mutable_place_tile()->set_rotation(p.rotation());
  } else if (moves.scoring_size() > 0) {
    *c->mutable_score_feature() = moves.scoring(pick(moves.scoring_size()));
    ++result.castle_scoring_choices;
  } else if (moves.extra_turn()) {
    if (pick(2) == 0) {
      c->mutable_use_extra_turn();
    } else {
      c->mutable_end_turn();
    }
    ++result.castle_extra_turn_decisions;
  } else {
    const int i = pick(moves.follower_regions_size() + 1);
    if (i == moves.follower_regions_size()) {
      c->mutable_skip_follower();
    } else {
      c->mutable_place_follower()->set_region(moves.follower_regions(i));
    }
  }
  pending_.emplace(seq_, c->SerializeAsString());
  SendCommand(m);
  ++result.commands;
}

}  // namespace carc::client
