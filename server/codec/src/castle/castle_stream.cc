#include "carc/codec/castle/castle_stream.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "carc/codec/castle/castle_data.h"
#include "carc/codec/option_fields.h"

namespace carc::codec {
namespace {

namespace castle = engine::castle;

v1::CastleFeature FeatureToProto(castle::Feature f) {
  return static_cast<v1::CastleFeature>(static_cast<int>(f) + 1);
}

void SetPos(v1::Position* out, engine::Pos p) {
  out->set_x(p.x);
  out->set_y(p.y);
}

const std::string& TileId(const castle::CastleSet& set, int tile) {
  return set.tiles[static_cast<std::size_t>(tile)].id;
}

const std::string& RegionId(const castle::CastleSet& set, int tile, int region) {
  return set.tiles[static_cast<std::size_t>(tile)].regions[static_cast<std::size_t>(region)].id;
}

// The tile kind lying on `pos` in `tiles` (placement order), for naming regions.
int TileOn(const std::vector<castle::PlacedTile>& tiles, engine::Pos pos) {
  for (const auto& t : tiles) {
    if (t.pos == pos) return t.tile;
  }
  return 0;
}

void FollowerToProto(const castle::FollowerRef& f, const castle::CastleSet& set,
                     v1::CastleFollower* out) {
  out->set_player(static_cast<std::uint32_t>(f.player));
  SetPos(out->mutable_position(), f.pos);
  out->set_region(RegionId(set, f.tile, f.region));
  out->set_feature(FeatureToProto(f.feature));
}

}  // namespace

v1::CastleOptions CastleOptionsToProto(const castle::CastleOptions& options) {
  v1::CastleOptions p;
  SetOptionFields(
      castle::CastleOptionSpecs(),
      [&options](std::string_view name) { return castle::GetCastleOption(options, name); }, p);
  return p;
}

std::variant<castle::CastleOptions, std::string> CastleOptionsFromProto(
    const v1::CastleOptions& proto) {
  castle::CastleOptions o;  // the defaults, for every option the message leaves out
  // The engine's own parser is the one definition of the accepted values and of the message.
  for (const auto& [name, value] : OptionFieldsOf(proto, castle::CastleOptionSpecs())) {
    if (std::string e = castle::SetCastleOption(o, name, value); !e.empty()) return e;
  }
  return o;
}

v1::CastleView CastleViewToProto(const castle::CastleView& view, const castle::CastleSet& set,
                                 bool with_definitions) {
  v1::CastleView p;
  if (with_definitions) {
    p.mutable_definitions()->set_board_json(WriteCastleBoardJson(set));
    p.mutable_definitions()->set_tiles_json(WriteCastleTilesJson(set));
  }
  *p.mutable_options() = CastleOptionsToProto(view.options);
  p.set_phase(static_cast<v1::CastlePhase>(static_cast<int>(view.phase) + 1));
  p.set_to_move(view.to_move);
  p.set_extra_turn(view.extra_turn);
  if (view.current_tile >= 0) p.set_current_tile(TileId(set, view.current_tile));
  for (const auto& t : view.tiles) {
    auto* out = p.add_tiles();
    out->set_tile(TileId(set, t.tile));
    SetPos(out->mutable_position(), t.pos);
    out->set_rotation(static_cast<std::uint32_t>(t.rotation));
    out->set_player(static_cast<std::uint32_t>(t.player));
  }
  for (const auto& f : view.followers) FollowerToProto(f, set, p.add_followers());
  for (std::size_t s = 0; s < castle::kPlayers; ++s) {
    auto* seat = p.add_seats();
    seat->set_score(view.scores[s]);
    seat->set_supply(static_cast<std::uint32_t>(view.supply[s]));
    seat->set_resigned(view.resigned[s]);
    const castle::Keep& keep = view.keeps[s];
    if (keep.size > 0) {
      SetPos(seat->mutable_keep()->mutable_position(), keep.pos);
      seat->mutable_keep()->set_region(RegionId(set, keep.tile, keep.region));
      seat->mutable_keep()->set_size(static_cast<std::uint32_t>(keep.size));
    }
    for (castle::WallTile k : view.wall_tiles[s]) seat->add_wall_tiles(k);
  }
  for (bool b : view.tower_has_wall_tile) p.add_tower_has_wall_tile(b);
  p.set_stack_size(static_cast<std::uint32_t>(view.stack_size));
  p.set_discarded(static_cast<std::uint32_t>(view.discarded));
  for (const auto& pending : view.pending) {
    auto* out = p.add_pending();
    out->set_feature(FeatureToProto(pending.feature));
    out->set_winner(static_cast<std::uint32_t>(pending.winner));
    SetPos(out->mutable_position(), pending.pos);
    out->set_region(RegionId(set, TileOn(view.tiles, pending.pos), pending.region));
    out->set_size(static_cast<std::uint32_t>(pending.size));
  }
  auto* legal = p.mutable_legal_moves();
  for (const auto& pl : view.legal_placements) {
    auto* out = legal->add_placements();
    SetPos(out->mutable_position(), pl.pos);
    out->set_rotation(static_cast<std::uint32_t>(pl.rotation));
  }
  for (std::uint8_t r : view.legal_follower_regions) {
    legal->add_follower_regions(RegionId(set, view.tiles.back().tile, r));
  }
  for (const auto& sc : view.legal_scoring) {
    auto* out = legal->add_scoring();
    out->set_feature(sc.feature);
    out->set_double_it(sc.double_it);
  }
  legal->set_extra_turn(view.may_use_extra_turn);
  for (engine::Seat w : view.winners) p.add_winners(static_cast<std::uint32_t>(w));
  return p;
}

v1::CastleEvent CastleEventToProto(const castle::Event& event, const castle::CastleSet& set) {
  v1::CastleEvent p;
  std::visit(
      [&](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, engine::TurnStarted>) {
          p.mutable_turn_started()->set_player(static_cast<std::uint32_t>(e.player));
          p.mutable_turn_started()->set_extra(e.extra);
        } else if constexpr (std::is_same_v<T, castle::TileDrawn>) {
          p.mutable_tile_drawn()->set_tile(TileId(set, e.tile));
        } else if constexpr (std::is_same_v<T, castle::TileDiscarded>) {
          p.mutable_tile_discarded()->set_player(static_cast<std::uint32_t>(e.player));
          p.mutable_tile_discarded()->set_tile(TileId(set, e.tile));
        } else if constexpr (std::is_same_v<T, castle::TilePlaced>) {
          auto* out = p.mutable_tile_placed();
          out->set_player(static_cast<std::uint32_t>(e.player));
          out->set_tile(TileId(set, e.tile));
          SetPos(out->mutable_position(), e.pos);
          out->set_rotation(static_cast<std::uint32_t>(e.rotation));
        } else if constexpr (std::is_same_v<T, castle::FollowerPlaced>) {
          FollowerToProto(e.follower, set, p.mutable_follower_placed());
        } else if constexpr (std::is_same_v<T, castle::FeatureScored>) {
          auto* out = p.mutable_feature_scored();
          out->set_reason(static_cast<v1::CastleScoreReason>(static_cast<int>(e.reason) + 1));
          out->set_feature(FeatureToProto(e.feature));
          for (const auto& t : e.tiles) SetPos(out->add_tiles(), t);
          for (int s : e.start_spaces) {
            out->add_start_spaces(set.board.start_spaces[static_cast<std::size_t>(s)].id);
          }
          for (auto n : e.followers) out->add_followers(n);
          out->set_winner(e.winner);
          out->set_points(e.points);
          out->set_wall_tile(e.wall_tile);
          for (const auto& f : e.returned) FollowerToProto(f, set, out->add_returned());
        } else if constexpr (std::is_same_v<T, castle::WallTileTaken>) {
          auto* out = p.mutable_wall_tile_taken();
          out->set_player(static_cast<std::uint32_t>(e.player));
          out->set_tower(static_cast<std::uint32_t>(e.tower));
          out->set_kind(e.kind);
        } else if constexpr (std::is_same_v<T, castle::KeepMoved>) {
          auto* out = p.mutable_keep_moved();
          out->set_player(static_cast<std::uint32_t>(e.player));
          SetPos(out->mutable_keep()->mutable_position(), e.pos);
          out->mutable_keep()->set_region(RegionId(set, e.tile, e.region));
          out->mutable_keep()->set_size(static_cast<std::uint32_t>(e.size));
        } else if constexpr (std::is_same_v<T, castle::WallTileUsed>) {
          p.mutable_wall_tile_used()->set_player(static_cast<std::uint32_t>(e.player));
          p.mutable_wall_tile_used()->set_kind(e.kind);
        } else if constexpr (std::is_same_v<T, castle::WallTilesRemoved>) {
          p.mutable_wall_tiles_removed()->set_count(static_cast<std::uint32_t>(e.count));
        } else if constexpr (std::is_same_v<T, engine::TurnTimedOut>) {
          p.mutable_turn_timed_out()->set_seat(e.player);
        } else if constexpr (std::is_same_v<T, engine::PlayerResigned>) {
          p.mutable_player_resigned()->set_seat(e.player);
        } else if constexpr (std::is_same_v<T, castle::GameEnded>) {
          for (int s : e.scores) p.mutable_game_ended()->add_scores(s);
          for (engine::Seat w : e.winners) {
            p.mutable_game_ended()->add_winners(static_cast<std::uint32_t>(w));
          }
        }
      },
      event);
  return p;
}

std::variant<castle::Command, std::string> CastleCommandFromProto(
    const v1::CastleCommand& proto, const castle::CastleState& state) {
  switch (proto.command_case()) {
    case v1::CastleCommand::kPlaceTile: {
      const auto& c = proto.place_tile();
      if (!c.has_position()) return std::string("place_tile needs a position");
      if (c.rotation() > 3) return std::string("rotation must be 0..3");
      return castle::PlaceTile{{c.position().x(), c.position().y()},
                               static_cast<int>(c.rotation())};
    }
    case v1::CastleCommand::kPlaceFollower: {
      if (state.placed().empty()) return std::string("no tile has been placed");
      const auto& def = state.set().tiles[static_cast<std::size_t>(state.placed().back().tile)];
      for (std::size_t r = 0; r < def.regions.size(); ++r) {
        if (def.regions[r].id == proto.place_follower().region()) {
          return castle::PlaceFollower{static_cast<std::uint8_t>(r)};
        }
      }
      return "the tile just placed (" + def.id + ") has no region '" +
             proto.place_follower().region() + "'";
    }
    case v1::CastleCommand::kSkipFollower:
      return engine::SkipFollower{};
    case v1::CastleCommand::kScoreFeature:
      if (proto.score_feature().feature() > 255) return std::string("no such pending feature");
      return castle::ScoreFeature{static_cast<std::uint8_t>(proto.score_feature().feature()),
                                  proto.score_feature().double_it()};
    case v1::CastleCommand::kUseExtraTurn:
      return castle::UseExtraTurn{};
    case v1::CastleCommand::kEndTurn:
      return castle::EndTurn{};
    case v1::CastleCommand::COMMAND_NOT_SET:
      break;
  }
  return std::string("a Castle command is required");
}

v1::CastleCommand CastleCommandToProto(const castle::Command& command,
                                       const castle::CastleState& state) {
  v1::CastleCommand p;
  if (const auto* c = std::get_if<castle::PlaceTile>(&command)) {
    SetPos(p.mutable_place_tile()->mutable_position(), c->pos);
    p.mutable_place_tile()->set_rotation(static_cast<std::uint32_t>(c->rotation));
  } else if (const auto* f = std::get_if<castle::PlaceFollower>(&command)) {
    p.mutable_place_follower()->set_region(
        RegionId(state.set(), state.placed().back().tile, f->region));
  } else if (std::holds_alternative<engine::SkipFollower>(command)) {
    p.mutable_skip_follower();
  } else if (const auto* s = std::get_if<castle::ScoreFeature>(&command)) {
    p.mutable_score_feature()->set_feature(s->feature);
    p.mutable_score_feature()->set_double_it(s->double_it);
  } else if (std::holds_alternative<castle::UseExtraTurn>(command)) {
    p.mutable_use_extra_turn();
  } else if (std::holds_alternative<castle::EndTurn>(command)) {
    p.mutable_end_turn();
  }
  return p;
}

std::uint64_t CastlePublicHashOf(const castle::CastleState& state) {
  const v1::CastleView view =
      CastleViewToProto(castle::ViewFor(state, engine::kSpectator), state.set(), false);
  std::string bytes;
  google::protobuf::io::StringOutputStream stream(&bytes);
  google::protobuf::io::CodedOutputStream out(&stream);
  out.SetSerializationDeterministic(true);
  view.SerializeToCodedStream(&out);
  out.Trim();
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

v1::GameSnapshot CastleSnapshotFor(const castle::CastleState& state, engine::Seat seat) {
  v1::GameSnapshot snap;
  snap.set_seq(state.seq());
  *snap.mutable_castle() = CastleViewToProto(castle::ViewFor(state, seat), state.set(), true);
  snap.set_public_hash(CastlePublicHashOf(state));
  return snap;
}

v1::EventBatch CastleBatchFor(const castle::CastleState& state, std::uint64_t prev_seq,
                              const std::vector<castle::Event>& events, engine::Seat seat,
                              std::uint64_t public_hash) {
  v1::EventBatch batch;
  CastleBatchFor(state, prev_seq, events, seat, public_hash, &batch);
  return batch;
}

void CastleBatchFor(const castle::CastleState& state, std::uint64_t prev_seq,
                    const std::vector<castle::Event>& events, engine::Seat seat,
                    std::uint64_t public_hash, v1::EventBatch* out) {
  v1::EventBatch& batch = *out;
  batch.set_prev_seq(prev_seq);
  batch.set_seq(state.seq());
  batch.set_public_hash(public_hash);
  for (const castle::Event& e : events) {
    *batch.add_events()->mutable_castle() = CastleEventToProto(e, state.set());
  }
  if (seat >= 0 && seat == state.ToMove()) {
    *batch.mutable_castle_legal_moves() =
        CastleViewToProto(castle::ViewFor(state, seat), state.set(), false).legal_moves();
  }
}

}  // namespace carc::codec
