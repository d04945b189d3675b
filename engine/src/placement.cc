// Tile placement: legality (B-5, V-5), applying a placement to the board and the feature graph,
// and follower spots (B-7).
#include "carc/engine/game_state.h"

namespace carc::engine {

RejectReason GameState::CheckPlacement(TileKind tile, Pos pos, int rotation) const {
  if (!board_.Allowed(pos)) return RejectReason::kOutsideBoard;
  if (board_.At(pos) != kEmptyCell) return RejectReason::kOccupiedSquare;
  const FrontierCell* f = board_.FrontierAt(pos);
  if (f == nullptr) return RejectReason::kNotAdjacent;
  if (((catalog_->FittingRotations(tile, f->constraint) >> rotation) & 1) == 0) {
    return RejectReason::kEdgeMismatch;
  }
  return RejectReason::kNone;
}

bool GameState::HasPlacement(TileKind tile) const {
  return board_.Placements(tile) > 0;
}

template <typename Visit>
void GameState::ForEachTileToPlace(Visit&& visit) const {
  if (config_.options.hand_size == 0) {
    visit(current_tile_);
    return;
  }
  const auto& hand = hands_[static_cast<std::size_t>(current_)];
  for (int i = 0; i < hand_count_[static_cast<std::size_t>(current_)]; ++i) {
    bool repeat = false;
    for (int j = 0; j < i; ++j)
      repeat = repeat || hand[static_cast<std::size_t>(j)] == hand[static_cast<std::size_t>(i)];
    if (!repeat && !visit(hand[static_cast<std::size_t>(i)])) return;
  }
}

void GameState::LegalPlacements(std::vector<Placement>& out) const {
  out.clear();
  if (phase_ != Phase::kPlaceTile) return;
  auto add_tile = [&](TileKind tile) {
    // Branch-free: whether a square or a rotation fits is close to random, and mispredicted
    // branches dominated this loop. Pass 1 counts and compacts the squares where anything fits;
    // pass 2 writes all four rotations of those and keeps the ones that fit.
    const auto& fits = catalog_->fits[tile];
    const std::vector<FrontierCell>& frontier = board_.Frontier();
    std::array<const FrontierCell*, 256> fitting;
    std::size_t num_fitting = 0;
    std::size_t count = 0;
    for (const FrontierCell& f : frontier) {
      const std::uint8_t bits = fits[f.constraint];
      fitting[num_fitting] = &f;
      num_fitting += bits != 0 ? 1 : 0;
      count += static_cast<std::size_t>(BitsIn4(bits));
    }
    std::size_t n = out.size();
    out.resize(n + count + 3);  // 3 slack entries for the discarded writes at the end
    Placement* dst = out.data();
    for (std::size_t i = 0; i < num_fitting; ++i) {
      const unsigned bits = fits[fitting[i]->constraint];
      const Pos pos = fitting[i]->pos();
      for (int r = 0; r < 4; ++r) {
        dst[n] = {tile, pos, r};
        n += (bits >> r) & 1u;
      }
    }
    out.resize(n);
  };
  ForEachTileToPlace([&](TileKind tile) {
    add_tile(tile);
    return true;
  });
}

Placement GameState::PickLegalPlacement(Rng& rng, std::size_t& offered) const {
  offered = 0;
  if (phase_ != Phase::kPlaceTile) return {};
  std::size_t total = 0;
  ForEachTileToPlace([&](TileKind tile) {
    total += static_cast<std::size_t>(board_.Placements(tile));
    return true;
  });
  offered = total;
  if (total == 0) return {};
  // The order of LegalPlacements(): tiles, then frontier squares, then rotations.
  std::size_t i = rng.Below(static_cast<std::uint32_t>(total));
  Placement out;
  ForEachTileToPlace([&](TileKind tile) {
    const auto& fits = catalog_->fits[tile];
    const auto here_total = static_cast<std::size_t>(board_.Placements(tile));
    if (i >= here_total) {  // a tile of the hand before the drawn one: skip its squares
      i -= here_total;
      return true;
    }
    // Blocks of 8 squares first, their counts summed without a branch each (the exit is the one
    // branch that mispredicts), then square by square inside the block that holds the pick.
    const std::vector<FrontierCell>& frontier = board_.Frontier();
    std::size_t c = 0;
    for (; c + 8 <= frontier.size(); c += 8) {
      std::size_t block = 0;
      for (std::size_t k = 0; k < 8; ++k) {
        block += static_cast<std::size_t>(BitsIn4(fits[frontier[c + k].constraint]));
      }
      if (i < block) break;
      i -= block;
    }
    for (; c < frontier.size(); ++c) {
      const unsigned bits = fits[frontier[c].constraint];
      const auto here = static_cast<std::size_t>(BitsIn4(bits));
      if (i >= here) {
        i -= here;
        continue;
      }
      out = {tile, frontier[c].pos(), NthSetBit(bits, i)};
      return false;
    }
    return true;
  });
  return out;
}

std::vector<Placement> GameState::LegalPlacements() const {
  std::vector<Placement> out;
  LegalPlacements(out);
  return out;
}

void GameState::PlaceTileUnchecked(Seat player, TileKind tile, Pos pos, int rotation) {
  const int idx = num_placed_++;
  const TileDef& def = catalog_->Def(tile);
  const RotatedTile& rt = catalog_->Rotated(tile, rotation);
  placed_[static_cast<std::size_t>(idx)] = {tile, static_cast<std::uint8_t>(rotation), pos, player,
                                            0};
  last_placed_ = idx;
  graph_.AddTile(idx, def);

  const int cell = Board::Cell(pos);
  const bool edge_closes = config_.options.edge_closes_features;
  for (int side = 0; side < kSides; ++side) {
    const int ncell = Board::Neighbor(cell, side);
    const std::uint8_t n = board_.At(ncell);
    const std::uint8_t mine = rt.side_segment[static_cast<std::size_t>(side)];
    if (n == kEmptyCell) {
      // V-7: the table edge closes what runs into it.
      if (edge_closes && mine != kNoSegment &&
          !board_.Allowed(Pos{pos.x + kDx[side], pos.y + kDy[side]})) {
        graph_.CloseEdge(MakeSegmentId(idx, mine));
      }
      continue;
    }
    const PlacedTile& other = placed_[n];
    const RotatedTile& ort = catalog_->Rotated(other.kind, other.rotation);
    const int their_side = Opposite(side);
    if (mine != kNoSegment) {
      graph_.JoinAcrossEdge(
          MakeSegmentId(idx, mine),
          MakeSegmentId(n, ort.side_segment[static_cast<std::size_t>(their_side)]));
    }
    // The two half-edges of a side: a field side has the same field on both halves of both
    // tiles, and joining the same pair twice would only walk the trees again.
    std::uint8_t joined_mine = kNoSegment;
    std::uint8_t joined_theirs = kNoSegment;
    for (int h = 2 * side; h < 2 * side + 2; ++h) {
      const std::uint8_t field = rt.half_segment[static_cast<std::size_t>(h)];
      const std::uint8_t theirs = ort.half_segment[static_cast<std::size_t>(FacingHalf(h))];
      if (field == kNoSegment || (field == joined_mine && theirs == joined_theirs)) continue;
      graph_.Join(MakeSegmentId(idx, field), MakeSegmentId(n, theirs));
      joined_mine = field;
      joined_theirs = theirs;
    }
  }
  board_.Place(pos, static_cast<std::uint8_t>(idx), rt.signature);

  // B-12: cloisters count the 8 surrounding squares. A game has a handful of cloisters, so
  // asking each whether the new tile is its neighbour beats looking at the 8 squares.
  for (int i = 0; i < num_cloisters_; ++i) {
    PlacedTile& c = placed_[cloisters_[static_cast<std::size_t>(i)]];
    if (Around(c.pos, pos)) ++c.cloister_filled;
  }
  if (def.cloister_segment != kNoSegment) {
    int filled = 0;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const Pos q{pos.x + dx, pos.y + dy};
        // V-7: with edge_closes a square beyond the board limit counts as filled.
        if (board_.At(q) != kEmptyCell || (edge_closes && !board_.Allowed(q))) ++filled;
      }
    }
    placed_[static_cast<std::size_t>(idx)].cloister_filled = static_cast<std::uint8_t>(filled);
    cloisters_[static_cast<std::size_t>(num_cloisters_++)] = static_cast<std::uint8_t>(idx);
  }
}

template <typename Visit>
void GameState::ForEachFollowerSpot(Visit&& visit) const {
  if (phase_ != Phase::kPlaceFollower || supply_[static_cast<std::size_t>(current_)] == 0) return;
  const TileDef& def = catalog_->Def(placed_[static_cast<std::size_t>(last_placed_)].kind);
  for (int i = 0; i < def.num_segments; ++i) {
    const FeatureKind kind = def.segments[static_cast<std::size_t>(i)].kind;
    if (kind == FeatureKind::kField && !config_.options.farmers) continue;
    if (graph_.Followers(graph_.Find(MakeSegmentId(last_placed_, i))) > 0) continue;
    if (!visit(FollowerSpot{static_cast<std::uint8_t>(i), kind})) return;
  }
}

void GameState::LegalFollowerSpots(std::vector<FollowerSpot>& out) const {
  out.clear();
  ForEachFollowerSpot([&](FollowerSpot s) {
    out.push_back(s);
    return true;
  });
}

bool GameState::HasFollowerSpot() const {
  bool any = false;
  ForEachFollowerSpot([&](FollowerSpot) { return !(any = true); });
  return any;
}

std::vector<FollowerSpot> GameState::LegalFollowerSpots() const {
  std::vector<FollowerSpot> out;
  LegalFollowerSpots(out);
  return out;
}

std::vector<FollowerSpot> GameState::FollowerSpotsFor(const Placement& p) const {
  std::vector<FollowerSpot> out;
  if (phase_ != Phase::kPlaceTile || supply_[static_cast<std::size_t>(current_)] == 0) return out;
  if (CheckPlacement(p.tile, p.pos, p.rotation) != RejectReason::kNone) return out;
  const TileDef& def = catalog_->Def(p.tile);
  const RotatedTile& rt = catalog_->Rotated(p.tile, p.rotation);
  // A segment would join every neighbouring feature across its edges; it is free when none of
  // them holds a follower (segments of the new tile only meet through those features).
  std::array<bool, kMaxSegmentsPerTile> occupied{};
  const int cell = Board::Cell(p.pos);
  for (int side = 0; side < kSides; ++side) {
    const std::uint8_t n = board_.At(Board::Neighbor(cell, side));
    if (n == kEmptyCell) continue;
    const PlacedTile& other = placed_[n];
    const RotatedTile& ort = catalog_->Rotated(other.kind, other.rotation);
    const int their_side = Opposite(side);
    auto mark = [&](std::uint8_t mine, std::uint8_t theirs) {
      if (mine == kNoSegment) return;
      if (graph_.Followers(graph_.Find(MakeSegmentId(n, theirs))) > 0) occupied[mine] = true;
    };
    mark(rt.side_segment[static_cast<std::size_t>(side)],
         ort.side_segment[static_cast<std::size_t>(their_side)]);
    for (int h = 2 * side; h < 2 * side + 2; ++h) {
      mark(rt.half_segment[static_cast<std::size_t>(h)],
           ort.half_segment[static_cast<std::size_t>(FacingHalf(h))]);
    }
  }
  for (int i = 0; i < def.num_segments; ++i) {
    const FeatureKind kind = def.segments[static_cast<std::size_t>(i)].kind;
    if (kind == FeatureKind::kField && !config_.options.farmers) continue;
    if (!occupied[static_cast<std::size_t>(i)]) out.push_back({static_cast<std::uint8_t>(i), kind});
  }
  return out;
}

bool GameState::PlayRandomDecision(Rng& rng, std::size_t& offered) {
  if (phase_ == Phase::kPlaceTile) {
    if (resigned_[static_cast<std::size_t>(current_)]) return false;
    const Placement p = PickLegalPlacement(rng, offered);
    PlaceLegalTile(current_, p.tile, p.pos, p.rotation, nullptr);
  } else if (phase_ == Phase::kPlaceFollower) {
    if (resigned_[static_cast<std::size_t>(current_)]) return false;
    std::array<std::uint8_t, kMaxSegmentsPerTile> spots;
    std::size_t n = 0;
    ForEachFollowerSpot([&](FollowerSpot s) {
      spots[n++] = s.segment;
      return true;
    });
    offered = n + 1;  // and the skip, last
    const std::uint32_t pick = rng.Below(static_cast<std::uint32_t>(offered));
    if (pick < n) PlaceLegalFollower(current_, spots[pick], nullptr);
    AfterFollowerStep(nullptr);
  } else {
    return false;
  }
  ++seq_;
  return true;
}

}  // namespace carc::engine
