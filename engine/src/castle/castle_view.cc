#include "carc/engine/castle/castle_view.h"

namespace carc::engine::castle {

CastleView ViewFor(const CastleState& state, Seat seat) {
  CastleView v;
  v.seat = seat;
  v.options = state.config().options;
  v.seq = state.seq();
  v.phase = state.phase();
  v.to_move = state.ToMove();
  v.extra_turn = state.in_extra_turn();
  v.current_tile = state.IsOver() ? -1 : state.current_tile();
  v.tiles = state.placed();
  for (const auto& f : state.followers()) v.followers.push_back(state.FollowerRefOf(f));
  for (Seat s = 0; s < kPlayers; ++s) {
    const auto i = static_cast<std::size_t>(s);
    v.scores[i] = state.score(s);
    v.supply[i] = state.supply(s);
    v.resigned[i] = state.resigned(s);
    v.keeps[i] = state.keep(s);
    for (const HeldWallTile& h : state.wall_tiles(s)) v.wall_tiles[i].push_back(h.kind);
  }
  for (std::size_t t = 0; t < state.set().board.corner_towers.size(); ++t) {
    v.tower_has_wall_tile.push_back(state.TowerHasWallTile(static_cast<int>(t)));
  }
  v.stack_size = state.StackSize();
  v.discarded = state.discarded();
  for (const PendingFeature& p : state.pending()) {
    const auto [pos, region] = state.AnchorOf(p);
    v.pending.push_back({p.feature, p.winner, pos, region, state.FeatureOf(p.node).size});
  }
  if (seat >= 0 && seat == state.ToMove()) {
    v.legal_placements = state.LegalPlacements();
    v.legal_follower_regions = state.LegalFollowerRegions();
    v.legal_scoring = state.LegalScoringChoices();
    v.may_use_extra_turn = state.phase() == Phase::kExtraTurn;
  }
  v.winners = state.Winners();
  return v;
}

}  // namespace carc::engine::castle
