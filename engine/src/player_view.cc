#include "carc/engine/player_view.h"

namespace carc::engine {
namespace {

bool SeesHandOf(const Options& o, Seat viewer, Seat holder) {
  return o.hand_visibility == HandVisibility::kPublic || viewer == holder;
}

}  // namespace

PlayerView ViewFor(const GameState& state, Seat seat) {
  const Options& o = state.config().options;
  PlayerView v;
  v.seat = seat;
  v.players = state.players();
  v.options = o;
  v.seq = state.seq();
  v.phase = state.phase();
  v.to_move = state.ToMove();
  v.extra_turn = state.in_extra_turn();
  v.current_tile = state.current_tile();
  v.tiles.reserve(static_cast<std::size_t>(state.num_placed()));
  for (int i = 0; i < state.num_placed(); ++i) v.tiles.push_back(state.placed(i));
  v.followers.reserve(state.followers().size());
  for (const Follower& f : state.followers()) {
    const PlacedTile& t = state.placed(TileOfSegment(f.segment));
    const auto local = static_cast<std::uint8_t>(LocalOfSegment(f.segment));
    v.followers.push_back(
        {f.player, t.pos, local, state.catalog().Def(t.kind).segments[local].kind});
  }
  for (Seat s = 0; s < state.players(); ++s) {
    v.scores.push_back(state.score(s));
    v.supply.push_back(state.supply(s));
    v.resigned.push_back(state.resigned(s));
    std::vector<TileKind> hand = state.Hand(s);
    if (!SeesHandOf(o, seat, s)) {
      for (TileKind& k : hand) {
        ++v.unseen[k];
        k = kNoTile;
      }
    }
    v.hands.push_back(std::move(hand));
  }
  v.stack_size = state.StackSize();
  state.AddStackCounts(v.unseen);
  if (seat >= 0 && seat == state.ToMove()) {
    v.legal_placements = state.LegalPlacements();
    v.legal_follower_spots = state.LegalFollowerSpots();
    v.legal_city_entries = state.LegalCityEntries();
    v.redeploy_limit = state.RedeployLimit();
    v.redeploy_counts = state.RedeployCounts();
    v.legal_city_exits = state.LegalCityExits();
  }
  if (o.count) {
    v.count_quarter = state.count_quarter();
    for (int q = 0; q < kQuarters; ++q) {
      for (Seat s = 0; s < state.players(); ++s) {
        v.city[static_cast<std::size_t>(q)][static_cast<std::size_t>(s)] =
            state.InCity(static_cast<Quarter>(q), s);
      }
    }
    v.redeploy_kind = state.redeploy_kind();
    v.redeploy_tiles = state.RedeployTiles();
  }
  v.final_breakdown = state.final_breakdown();
  if (state.IsOver()) v.winners = state.Leaders();
  return v;
}

std::vector<Event> FilterEvents(const std::vector<Event>& events, Seat seat,
                                const Options& options) {
  std::vector<Event> out;
  out.reserve(events.size());
  for (const Event& e : events) {
    if (const auto* drawn = std::get_if<TileDrawn>(&e)) {
      // With hands the draw goes into a hand; a private hand hides it from everybody else.
      if (options.hand_size > 0 && !SeesHandOf(options, seat, drawn->player)) {
        out.push_back(TileDrawn{drawn->player, kNoTile});
        continue;
      }
    }
    out.push_back(e);
  }
  return out;
}

}  // namespace carc::engine
