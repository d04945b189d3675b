// Engine -> wire: views, events, legal moves, and the public hash. Everything here is built
// from a PlayerView or from already filtered events, never from a GameState.
#include "carc/codec/proto_codec.h"

#include <string_view>

#include "wire_names.h"

namespace carc::codec {
namespace {

using detail::KindToProto;
using detail::Letter;
using detail::QuarterToProto;

void SetPosition(v1::Position* out, engine::Pos p) {
  out->set_x(p.x);
  out->set_y(p.y);
}

void SetFollower(v1::FollowerOnBoard* out, const engine::FollowerRef& f) {
  out->set_seat(f.player);
  SetPosition(out->mutable_position(), f.pos);
  out->set_segment(f.segment);
  out->set_kind(KindToProto(f.kind));
}

void SetBreakdown(google::protobuf::RepeatedPtrField<v1::CategoryPoints>* out,
                  const engine::Breakdown& b, std::size_t players) {
  for (std::size_t s = 0; s < players; ++s) {
    v1::CategoryPoints* p = out->Add();
    const auto& row = b.points[s];
    p->set_road(row[static_cast<std::size_t>(engine::FeatureKind::kRoad)]);
    p->set_city(row[static_cast<std::size_t>(engine::FeatureKind::kCity)]);
    p->set_cloister(row[static_cast<std::size_t>(engine::FeatureKind::kCloister)]);
    p->set_field(row[static_cast<std::size_t>(engine::FeatureKind::kField)]);
  }
}

v1::BasePhase PhaseToProto(engine::Phase p) {
  switch (p) {
    case engine::Phase::kPlaceTile:
      return v1::BASE_PHASE_PLACE_TILE;
    case engine::Phase::kPlaceFollower:
      return v1::BASE_PHASE_PLACE_FOLLOWER;
    case engine::Phase::kGameOver:
      return v1::BASE_PHASE_GAME_OVER;
    case engine::Phase::kEnterCity:
      return v1::BASE_PHASE_ENTER_CITY;
    case engine::Phase::kRedeploy:
      return v1::BASE_PHASE_REDEPLOY;
    case engine::Phase::kFinalMove:
      return v1::BASE_PHASE_FINAL_MOVE;
  }
  return v1::BASE_PHASE_UNSPECIFIED;
}

v1::CountChoice ChoiceToProto(engine::CountChoice c) {
  switch (c) {
    case engine::CountChoice::kEnterCity:
      return v1::COUNT_CHOICE_ENTER_CITY;
    case engine::CountChoice::kRedeploy:
      return v1::COUNT_CHOICE_REDEPLOY;
    case engine::CountChoice::kFinalMove:
      return v1::COUNT_CHOICE_FINAL_MOVE;
  }
  return v1::COUNT_CHOICE_UNSPECIFIED;
}

v1::ScoreReason ReasonToProto(engine::ScoreReason r) {
  switch (r) {
    case engine::ScoreReason::kCompleted:
      return v1::SCORE_REASON_COMPLETED;
    case engine::ScoreReason::kIncomplete:
      return v1::SCORE_REASON_INCOMPLETE;
    case engine::ScoreReason::kFarm:
      return v1::SCORE_REASON_FARM;
  }
  return v1::SCORE_REASON_UNSPECIFIED;
}

void AddTileSet(google::protobuf::RepeatedPtrField<v1::TileDefinition>* out,
                const engine::TileCatalog& catalog) {
  for (int k = 0; k < catalog.num_kinds; ++k) {
    const engine::TileDef& d = catalog.Def(static_cast<engine::TileKind>(k));
    v1::TileDefinition* t = out->Add();
    t->set_letter(std::string(d.id));
    t->set_city_block(d.letter == '#');
    t->set_count(static_cast<std::uint32_t>(d.count));
    for (engine::EdgeType e : d.edges) {
      t->add_edges(e == engine::EdgeType::kRoad   ? v1::FEATURE_KIND_ROAD
                   : e == engine::EdgeType::kCity ? v1::FEATURE_KIND_CITY
                                                  : v1::FEATURE_KIND_FIELD);
    }
    for (int i = 0; i < d.num_segments; ++i) {
      const engine::SegmentDef& sd = d.segments[static_cast<std::size_t>(i)];
      v1::Segment* s = t->add_segments();
      s->set_name(std::string(sd.name));
      s->set_kind(KindToProto(sd.kind));
      for (std::uint32_t b = 0; b < engine::kSides; ++b) {
        if ((sd.sides >> b) & 1u) s->add_sides(b);
      }
      for (std::uint32_t b = 0; b < engine::kHalfEdges; ++b) {
        if ((sd.halves >> b) & 1u) s->add_half_edges(b);
      }
      s->set_pennant(sd.pennant);
      for (std::uint32_t b = 0; b < engine::kMaxSegmentsPerTile; ++b) {
        if ((sd.touches >> b) & 1u) s->add_touches_cities(b);
      }
      s->set_carcassonne(sd.carcassonne);
    }
  }
}

}  // namespace

v1::BaseLegalMoves LegalMovesToProto(const engine::PlayerView& view,
                                     const engine::TileCatalog& catalog) {
  v1::BaseLegalMoves out;
  LegalMovesToProto(view, catalog, &out);
  return out;
}

void LegalMovesToProto(const engine::PlayerView& view, const engine::TileCatalog& catalog,
                       v1::BaseLegalMoves* into) {
  v1::BaseLegalMoves& out = *into;
  out.mutable_placements()->Reserve(static_cast<int>(view.legal_placements.size()));
  for (const engine::Placement& p : view.legal_placements) {
    v1::Placement* m = out.add_placements();
    m->set_tile(Letter(p.tile, catalog));
    SetPosition(m->mutable_position(), p.pos);
    m->set_rotation(static_cast<std::uint32_t>(p.rotation));
  }
  for (const engine::FollowerSpot& f : view.legal_follower_spots) {
    v1::FollowerSpot* m = out.add_follower_spots();
    m->set_segment(f.segment);
    m->set_kind(KindToProto(f.kind));
  }
  for (const engine::CityEntry& e : view.legal_city_entries) {
    v1::CityEntry* m = out.add_city_entries();
    m->set_quarter(QuarterToProto(e.quarter));
    m->set_count_to(QuarterToProto(e.count_to));
  }
  out.set_redeploy_limit(static_cast<std::uint32_t>(view.redeploy_limit));
  for (const int n : view.redeploy_counts) out.add_redeploy_counts(static_cast<std::uint32_t>(n));
  for (const engine::CityExit& e : view.legal_city_exits) {
    v1::CityExit* m = out.add_city_exits();
    m->set_quarter(QuarterToProto(e.quarter));
    SetPosition(m->mutable_position(), e.pos);
    m->set_segment(e.segment);
    m->set_kind(KindToProto(e.kind));
  }
}

v1::BaseView ViewToProto(const engine::PlayerView& view, bool with_tile_set) {
  const engine::TileCatalog& catalog = engine::CatalogFor(view.options);
  const bool over = view.phase == engine::Phase::kGameOver;
  v1::BaseView out;
  *out.mutable_options() = OptionsToProto(view.options);
  out.set_phase(PhaseToProto(view.phase));
  out.set_to_move(view.to_move);
  // The engine keeps the flag of a turn that never started when the game ends on it; a
  // finished game has no current turn, and events could not rebuild that stale flag.
  out.set_extra_turn(view.extra_turn && !over);
  if (view.current_tile != engine::kNoTile)
    out.set_current_tile(Letter(view.current_tile, catalog));
  for (const engine::PlacedTile& t : view.tiles) {
    v1::PlacedTile* p = out.add_tiles();
    p->set_tile(Letter(t.kind, catalog));
    SetPosition(p->mutable_position(), t.pos);
    p->set_rotation(t.rotation);
  }
  for (const engine::FollowerRef& f : view.followers) SetFollower(out.add_followers(), f);
  for (int s : view.scores) out.add_scores(s);
  for (int s : view.supply) out.add_supply(static_cast<std::uint32_t>(s));
  for (bool r : view.resigned) out.add_resigned(r);
  for (const auto& hand : view.hands) {
    v1::Hand* h = out.add_hands();
    for (engine::TileKind k : hand) h->add_tiles(Letter(k, catalog));
  }
  out.set_stack_size(static_cast<std::uint32_t>(view.stack_size));
  for (int k = 0; k < catalog.num_kinds; ++k) {
    const int n = view.unseen[static_cast<std::size_t>(k)];
    if (n == 0) continue;
    v1::TileCount* c = out.add_unseen();
    c->set_tile(Letter(static_cast<engine::TileKind>(k), catalog));
    c->set_count(static_cast<std::uint32_t>(n));
  }
  if (over) SetBreakdown(out.mutable_final_breakdown(), view.final_breakdown, view.scores.size());
  for (engine::Seat w : view.winners) out.add_winners(w);
  if (view.seat >= 0 && view.seat == view.to_move) {
    *out.mutable_legal_moves() = LegalMovesToProto(view, catalog);
  }
  if (with_tile_set) AddTileSet(out.mutable_tile_set(), catalog);
  if (view.options.count) {
    v1::CountState* c = out.mutable_count();
    c->set_count(QuarterToProto(view.count_quarter));
    for (int q = 0; q < engine::kQuarters; ++q) {
      v1::QuarterFollowers* qf = c->add_quarters();
      qf->set_quarter(QuarterToProto(static_cast<engine::Quarter>(q)));
      for (std::size_t s = 0; s < view.scores.size(); ++s) {
        qf->add_followers(static_cast<std::uint32_t>(view.city[static_cast<std::size_t>(q)][s]));
      }
    }
    if (view.phase == engine::Phase::kRedeploy) {
      c->set_redeploy_kind(KindToProto(view.redeploy_kind));
      for (engine::Pos p : view.redeploy_tiles) SetPosition(c->add_redeploy_tiles(), p);
    }
  }
  return out;
}

namespace {

// One overload per engine event; std::visit makes a new event type a compile error here.
struct EventWriter {
  v1::BaseEvent& out;
  const engine::TileCatalog& catalog;

  void operator()(const engine::TurnStarted& e) const {
    v1::TurnStarted* m = out.mutable_turn_started();
    m->set_seat(e.player);
    m->set_extra(e.extra);
  }
  void operator()(const engine::TileDrawn& e) const {
    v1::TileDrawn* m = out.mutable_tile_drawn();
    m->set_seat(e.player);
    m->set_tile(Letter(e.tile, catalog));
  }
  void operator()(const engine::TileDiscarded& e) const {
    v1::TileDiscarded* m = out.mutable_tile_discarded();
    m->set_seat(e.player);
    m->set_tile(Letter(e.tile, catalog));
    m->set_reshuffled(e.reshuffled);
  }
  void operator()(const engine::TilePlaced& e) const {
    v1::TilePlaced* m = out.mutable_tile_placed();
    m->set_seat(e.player);
    m->set_tile(Letter(e.tile, catalog));
    SetPosition(m->mutable_position(), e.pos);
    m->set_rotation(static_cast<std::uint32_t>(e.rotation));
  }
  void operator()(const engine::FollowerPlaced& e) const {
    SetFollower(out.mutable_follower_placed()->mutable_follower(), e.follower);
  }
  void operator()(const engine::FeatureScored& e) const {
    v1::FeatureScored* m = out.mutable_feature_scored();
    m->set_kind(KindToProto(e.kind));
    m->set_reason(ReasonToProto(e.reason));
    for (engine::Pos p : e.tiles) SetPosition(m->add_tiles(), p);
    m->set_pennants(static_cast<std::uint32_t>(e.pennants));
    m->set_cities(static_cast<std::uint32_t>(e.cities));
    m->set_points(e.points);
    // The event does not know the number of seats: trailing zeros are left out.
    std::size_t used = e.followers.size();
    while (used > 0 && e.followers[used - 1] == 0) --used;
    for (std::size_t s = 0; s < used; ++s) m->add_followers(e.followers[s]);
    for (engine::Seat w : e.winners) m->add_winners(w);
  }
  void operator()(const engine::FollowersReturned& e) const {
    v1::FollowersReturned* m = out.mutable_followers_returned();
    for (const engine::FollowerRef& f : e.followers) SetFollower(m->add_followers(), f);
  }
  void operator()(const engine::TurnTimedOut& e) const {
    out.mutable_turn_timed_out()->set_seat(e.player);
  }
  void operator()(const engine::PlayerResigned& e) const {
    out.mutable_player_resigned()->set_seat(e.player);
  }
  void operator()(const engine::CountDecision& e) const {
    v1::CountDecision* m = out.mutable_count_decision();
    m->set_seat(e.player);
    m->set_choice(ChoiceToProto(e.choice));
    if (e.choice == engine::CountChoice::kRedeploy) {
      m->set_quarter(QuarterToProto(e.quarter));
      m->set_kind(KindToProto(e.kind));
      for (engine::Pos p : e.tiles) SetPosition(m->add_tiles(), p);
    }
  }
  void operator()(const engine::FollowerEnteredCity& e) const {
    v1::FollowerEnteredCity* m = out.mutable_follower_entered_city();
    m->set_seat(e.player);
    m->set_quarter(QuarterToProto(e.quarter));
  }
  void operator()(const engine::CountMoved& e) const {
    v1::CountMoved* m = out.mutable_count_moved();
    m->set_from(QuarterToProto(e.from));
    m->set_to(QuarterToProto(e.to));
  }
  void operator()(const engine::FollowersRedeployed& e) const {
    v1::FollowersRedeployed* m = out.mutable_followers_redeployed();
    m->set_seat(e.player);
    m->set_quarter(QuarterToProto(e.quarter));
    for (const engine::FollowerRef& f : e.followers) SetFollower(m->add_followers(), f);
  }
  void operator()(const engine::CountPassed& e) const {
    v1::CountPassed* m = out.mutable_count_passed();
    m->set_seat(e.player);
    m->set_choice(ChoiceToProto(e.choice));
  }
  void operator()(const engine::GameEnded& e) const {
    v1::GameEnded* m = out.mutable_game_ended();
    for (int s : e.scores) m->add_scores(s);
    SetBreakdown(m->mutable_final_breakdown(), e.final_scoring, e.scores.size());
    for (engine::Seat w : e.winners) m->add_winners(w);
  }
};

}  // namespace

v1::BaseEvent EventToProto(const engine::Event& event, const engine::TileCatalog& catalog) {
  v1::BaseEvent out;
  EventToProto(event, catalog, &out);
  return out;
}

void EventToProto(const engine::Event& event, const engine::TileCatalog& catalog,
                  v1::BaseEvent* out) {
  std::visit(EventWriter{*out, catalog}, event);
}

namespace {

// FNV-1a 64 over the canonical byte string of docs/protocol.md ("PublicHash").
class PublicHasher {
 public:
  void Int(std::int64_t value) {
    const auto v = static_cast<std::uint32_t>(static_cast<std::int32_t>(value));
    for (int i = 0; i < 4; ++i) Byte(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void Str(std::string_view s) {
    Int(static_cast<std::int64_t>(s.size()));
    for (char c : s) Byte(static_cast<std::uint8_t>(c));
  }
  std::uint64_t value() const { return h_; }

 private:
  void Byte(std::uint8_t b) {
    h_ ^= b;
    h_ *= 0x100000001b3ULL;
  }
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace

std::uint64_t PublicHash(const v1::BaseView& view) {
  PublicHasher h;
  h.Int(1);  // recipe version
  h.Int(view.phase());
  h.Int(view.to_move());
  h.Int(view.extra_turn() ? 1 : 0);
  h.Str(view.current_tile());
  h.Int(view.stack_size());
  h.Int(view.scores_size());
  for (int s : view.scores()) h.Int(s);
  h.Int(view.supply_size());
  for (std::uint32_t s : view.supply()) h.Int(s);
  h.Int(view.resigned_size());
  for (bool r : view.resigned()) h.Int(r ? 1 : 0);
  h.Int(view.hands_size());
  for (const v1::Hand& hand : view.hands()) h.Int(hand.tiles_size());
  h.Int(view.tiles_size());
  for (const v1::PlacedTile& t : view.tiles()) {
    h.Str(t.tile());
    h.Int(t.position().x());
    h.Int(t.position().y());
    h.Int(t.rotation());
  }
  h.Int(view.followers_size());
  for (const v1::FollowerOnBoard& f : view.followers()) {
    h.Int(f.seat());
    h.Int(f.position().x());
    h.Int(f.position().y());
    h.Int(f.segment());
    h.Int(f.kind());
  }
  h.Int(view.final_breakdown_size());
  for (const v1::CategoryPoints& p : view.final_breakdown()) {
    h.Int(p.road());
    h.Int(p.city());
    h.Int(p.cloister());
    h.Int(p.field());
  }
  h.Int(view.winners_size());
  for (int w : view.winners()) h.Int(w);
  // The Count's state, only in games with it, so that base-game hashes stay as they were.
  if (view.has_count()) {
    const v1::CountState& c = view.count();
    h.Int(c.count());
    h.Int(c.quarters_size());
    for (const v1::QuarterFollowers& q : c.quarters()) {
      h.Int(q.quarter());
      h.Int(q.followers_size());
      for (std::uint32_t n : q.followers()) h.Int(n);
    }
    h.Int(c.redeploy_kind());
    h.Int(c.redeploy_tiles_size());
    for (const v1::Position& p : c.redeploy_tiles()) {
      h.Int(p.x());
      h.Int(p.y());
    }
  }
  return h.value();
}

std::uint64_t PublicHash(const engine::PlayerView& view) {
  // The recipe above, read from the engine's view as ViewToProto would fill the message.
  const engine::TileCatalog& catalog = engine::CatalogFor(view.options);
  auto letter = [&](engine::TileKind k) -> std::string_view {
    return k == engine::kNoTile || k >= catalog.num_kinds ? "?" : catalog.Def(k).id;
  };
  const bool over = view.phase == engine::Phase::kGameOver;
  PublicHasher h;
  h.Int(1);
  h.Int(PhaseToProto(view.phase));
  h.Int(view.to_move);
  h.Int(view.extra_turn && !over ? 1 : 0);
  h.Str(view.current_tile != engine::kNoTile ? letter(view.current_tile) : "");
  h.Int(static_cast<std::uint32_t>(view.stack_size));
  h.Int(static_cast<std::int64_t>(view.scores.size()));
  for (int s : view.scores) h.Int(s);
  h.Int(static_cast<std::int64_t>(view.supply.size()));
  for (int s : view.supply) h.Int(static_cast<std::uint32_t>(s));
  h.Int(static_cast<std::int64_t>(view.resigned.size()));
  for (bool r : view.resigned) h.Int(r ? 1 : 0);
  h.Int(static_cast<std::int64_t>(view.hands.size()));
  for (const auto& hand : view.hands) h.Int(static_cast<std::int64_t>(hand.size()));
  h.Int(static_cast<std::int64_t>(view.tiles.size()));
  for (const engine::PlacedTile& t : view.tiles) {
    h.Str(letter(t.kind));
    h.Int(t.pos.x);
    h.Int(t.pos.y);
    h.Int(t.rotation);
  }
  h.Int(static_cast<std::int64_t>(view.followers.size()));
  for (const engine::FollowerRef& f : view.followers) {
    h.Int(f.player);
    h.Int(f.pos.x);
    h.Int(f.pos.y);
    h.Int(f.segment);
    h.Int(KindToProto(f.kind));
  }
  const std::size_t breakdown_rows = over ? view.scores.size() : 0;
  h.Int(static_cast<std::int64_t>(breakdown_rows));
  for (std::size_t s = 0; s < breakdown_rows; ++s) {
    for (engine::FeatureKind k : {engine::FeatureKind::kRoad, engine::FeatureKind::kCity,
                                  engine::FeatureKind::kCloister, engine::FeatureKind::kField}) {
      h.Int(view.final_breakdown.points[s][static_cast<std::size_t>(k)]);
    }
  }
  h.Int(static_cast<std::int64_t>(view.winners.size()));
  for (engine::Seat w : view.winners) h.Int(w);
  if (view.options.count) {
    h.Int(QuarterToProto(view.count_quarter));
    h.Int(engine::kQuarters);
    for (int q = 0; q < engine::kQuarters; ++q) {
      h.Int(QuarterToProto(static_cast<engine::Quarter>(q)));
      h.Int(static_cast<std::int64_t>(view.scores.size()));
      for (std::size_t s = 0; s < view.scores.size(); ++s) {
        h.Int(static_cast<std::uint32_t>(view.city[static_cast<std::size_t>(q)][s]));
      }
    }
    const bool redeploy = view.phase == engine::Phase::kRedeploy;
    h.Int(redeploy ? KindToProto(view.redeploy_kind) : 0);
    h.Int(redeploy ? static_cast<std::int64_t>(view.redeploy_tiles.size()) : 0);
    if (redeploy) {
      for (engine::Pos p : view.redeploy_tiles) {
        h.Int(p.x);
        h.Int(p.y);
      }
    }
  }
  return h.value();
}

}  // namespace carc::codec
