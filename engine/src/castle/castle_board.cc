// The Castle's board: placement (K-4), the regions joined into features across half edges and
// path points, and what a feature adds up to (K-2, K-6).
#include <algorithm>
#include <array>
#include <bit>

#include "carc/engine/castle/castle_state.h"

namespace carc::engine::castle {

int CastleState::TileAt(Pos p) const {
  if (!set().IsSpace(p)) return -1;
  return space_tile_[static_cast<std::size_t>(p.y * set().width() + p.x)];
}

void CastleState::Union(int a, int b) {
  a = Find(a);
  b = Find(b);
  if (a == b) return;
  auto& sa = size_[static_cast<std::size_t>(a)];
  auto& sb = size_[static_cast<std::size_t>(b)];
  if (sa < sb || (sa == sb && b < a)) std::swap(a, b);
  parent_[static_cast<std::size_t>(b)] = a;
  // Swapping one successor of each ring joins the two rings into one.
  std::swap(next_[static_cast<std::size_t>(a)], next_[static_cast<std::size_t>(b)]);
  size_[static_cast<std::size_t>(a)] += size_[static_cast<std::size_t>(b)];
  open_[static_cast<std::size_t>(a)] += open_[static_cast<std::size_t>(b)];
}

int CastleState::AddNodes(int count) {
  const int base = static_cast<int>(parent_.size());
  const int instance = static_cast<int>(node_base_.size());
  node_base_.push_back(base);
  for (int i = 0; i < count; ++i) {
    parent_.push_back(base + i);
    next_.push_back(base + i);
    size_.push_back(1);
    open_.push_back(0);
    node_instance_.push_back(instance);
  }
  return base;
}

// The start space lying on side `side` of space p, or -1.
static int StartSpaceAt(const CastleSet& set, Pos p, int side) {
  const auto& starts = set.board.start_spaces;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (starts[i].space == p && starts[i].side == side) return static_cast<int>(i);
  }
  return -1;
}

RejectReason CastleState::CheckPlacement(Pos pos, int rotation) const {
  if (rotation < 0 || rotation >= kSides) return RejectReason::kBadRotation;
  if (!set().IsSpace(pos)) return RejectReason::kOutsideBoard;
  if (TileAt(pos) >= 0) return RejectReason::kOccupiedSquare;
  // sides_: which sides must match a placed tile or a start space (the wall takes anything;
  // CASTLE-NOTES §1.1), and whether each shows a path (K-4).
  const unsigned mask = sides_[static_cast<std::size_t>(pos.y * set().width() + pos.x)];
  const unsigned care = mask & 0xFU;
  if (care == 0) return RejectReason::kNotAdjacent;
  const unsigned paths = PathSides(
      set().tiles[static_cast<std::size_t>(current_tile_)])[static_cast<std::size_t>(rotation)];
  return ((paths ^ (mask >> 4)) & care) == 0 ? RejectReason::kNone : RejectReason::kEdgeMismatch;
}

std::vector<Placement> CastleState::LegalPlacements() const {
  std::vector<Placement> out;
  WriteLegalPlacements(out, [](const Placement& p) { return p; });
  return out;
}

bool CastleState::HasLegalPlacement() const {
  if (phase_ != Phase::kPlaceTile || current_tile_ < 0) return false;
  const auto paths = PathSides(set().tiles[static_cast<std::size_t>(current_tile_)]);
  return std::any_of(frontier_.begin(), frontier_.end(),
                     [&](const FrontierSpace& f) { return FittingRotations(paths, f.cell) != 0; });
}

Placement CastleState::PickLegalPlacement(Rng& rng, std::size_t& offered) const {
  offered = 0;
  if (phase_ != Phase::kPlaceTile || current_tile_ < 0) return {};
  const auto paths = PathSides(set().tiles[static_cast<std::size_t>(current_tile_)]);
  for (const FrontierSpace& f : frontier_) {
    offered += static_cast<std::size_t>(BitsIn4(FittingRotations(paths, f.cell)));
  }
  if (offered == 0) return {};
  // The order of LegalPlacements(): frontier spaces, then rotations.
  std::size_t i = rng.Below(static_cast<std::uint32_t>(offered));
  for (const FrontierSpace& f : frontier_) {
    const unsigned fits = FittingRotations(paths, f.cell);
    const auto here = static_cast<std::size_t>(BitsIn4(fits));
    if (i >= here) {
      i -= here;
      continue;
    }
    return {{f.x, f.y}, NthSetBit(fits, i)};
  }
  return {};
}

void CastleState::GrowFrontier(Pos pos) {
  const int w = set().width();
  const int cell = pos.y * w + pos.x;
  const auto by_cell = [](const FrontierSpace& f, int c) { return f.cell < c; };
  const auto erase = std::lower_bound(frontier_.begin(), frontier_.end(), cell, by_cell);
  if (erase != frontier_.end() && erase->cell == cell) frontier_.erase(erase);
  const PlacedTile& t =
      placed_[static_cast<std::size_t>(space_tile_[static_cast<std::size_t>(cell)])];
  const TileDef& def = set().tiles[static_cast<std::size_t>(t.tile)];
  for (int side = 0; side < kSides; ++side) {
    const Pos q{pos.x + kDx[side], pos.y + kDy[side]};
    if (!set().IsSpace(q)) continue;
    const int c = q.y * w + q.x;
    if (space_tile_[static_cast<std::size_t>(c)] >= 0) continue;
    // The neighbour's side facing this tile must now match it.
    const int back = Opposite(side);
    std::uint8_t& mask = sides_[static_cast<std::size_t>(c)];
    // An empty space has sides to match exactly while it is on the frontier.
    const bool on_frontier = mask != 0;
    mask = static_cast<std::uint8_t>(mask | (1U << back));
    if (SideOf(def, t.rotation, side).path != kNoRegion) {
      mask = static_cast<std::uint8_t>(mask | (1U << (back + 4)));
    }
    if (!on_frontier) {
      const auto at = std::lower_bound(frontier_.begin(), frontier_.end(), c, by_cell);
      frontier_.insert(at, {static_cast<std::int16_t>(c), static_cast<std::int8_t>(q.x),
                            static_cast<std::int8_t>(q.y)});
    }
  }
}

void CastleState::PlaceUnchecked(Pos pos, int rotation, std::vector<int>* touched) {
  const TileDef& def = set().tiles[static_cast<std::size_t>(current_tile_)];
  const int index = static_cast<int>(placed_.size());
  placed_.push_back({current_tile_, pos, rotation, current_});
  space_tile_[static_cast<std::size_t>(pos.y * set().width() + pos.x)] = index;
  GrowFrontier(pos);
  const int base = AddNodes(static_cast<int>(def.regions.size()));
  for (std::size_t r = 0; r < def.regions.size(); ++r)
    touched->push_back(base + static_cast<int>(r));
  const auto open = [&](int node, int delta) {
    open_[static_cast<std::size_t>(Find(node))] += delta;
  };
  for (int s = 0; s < kSides; ++s) {
    const SideDef& mine = SideOf(def, rotation, s);
    const Pos q{pos.x + kDx[s], pos.y + kDy[s]};
    const int other = TileAt(q);
    if (other >= 0) {
      // Sides meet mirrored: my first half faces its second half.
      const PlacedTile& t = placed_[static_cast<std::size_t>(other)];
      const TileDef& odef = set().tiles[static_cast<std::size_t>(t.tile)];
      const SideDef& theirs = SideOf(odef, t.rotation, Opposite(s));
      for (int i = 0; i < 2; ++i) {
        const int a = base + mine.half[static_cast<std::size_t>(i)];
        const int b = NodeOf(other, theirs.half[static_cast<std::size_t>(1 - i)]);
        open(b, -1);
        touched->push_back(b);
        if (RegionOf(a).type == RegionOf(b).type) Union(a, b);
      }
      if (theirs.path != kNoRegion) {
        const int b = NodeOf(other, theirs.path);
        open(b, -1);
        touched->push_back(b);
        if (mine.path != kNoRegion) Union(base + mine.path, b);
      }
      continue;
    }
    if (set().IsSpace(q)) {
      for (std::int8_t h : mine.half) open(base + h, 1);
      if (mine.path != kNoRegion) open(base + mine.path, 1);
      continue;
    }
    const int start = StartSpaceAt(set(), pos, s);
    if (start < 0) continue;  // the wall closes everything (K-6)
    const SideDef& edge = set().board.start_spaces[static_cast<std::size_t>(start)].edge;
    for (int i = 0; i < 2; ++i) {
      const int a = base + mine.half[static_cast<std::size_t>(i)];
      const int b = NodeOf(start, edge.half[static_cast<std::size_t>(i)], true);
      open(b, -1);
      touched->push_back(b);
      if (RegionOf(a).type == RegionOf(b).type) Union(a, b);
    }
    if (edge.path != kNoRegion) {
      const int b = NodeOf(start, edge.path, true);
      open(b, -1);
      touched->push_back(b);
      if (mine.path != kNoRegion) Union(base + mine.path, b);
    }
  }
}

std::uint32_t CastleState::LegalFollowerRegionMask() const {
  if (phase_ != Phase::kPlaceFollower || supply(current_) == 0) return 0;
  const int index = static_cast<int>(placed_.size()) - 1;
  const TileDef& def = set().tiles[static_cast<std::size_t>(placed_.back().tile)];
  const FollowerRoots occupied = RootsOfFollowers();  // found once, not once per region
  std::uint32_t mask = 0;
  for (std::size_t r = 0; r < def.regions.size(); ++r) {
    if (!occupied.Has(Find(NodeOf(index, static_cast<int>(r))))) mask |= 1U << r;
  }
  return mask;
}

CastleState::FollowerRoots CastleState::RootsOfFollowers() const {
  FollowerRoots out;
  for (const Follower& f : followers_) out.roots[out.size++] = Find(f.node);
  return out;
}

std::vector<std::uint8_t> CastleState::LegalFollowerRegions() const {
  std::vector<std::uint8_t> out;
  for (std::uint32_t m = LegalFollowerRegionMask(); m != 0; m &= m - 1) {
    out.push_back(static_cast<std::uint8_t>(std::countr_zero(m)));
  }
  return out;
}

FeatureInfo CastleState::FeatureOf(int node, bool lists) const {
  FeatureInfo info;
  const int root = Find(node);
  info.feature = RegionOf(node).type;
  info.complete = open_[static_cast<std::size_t>(root)] == 0;
  // Nodes of one instance are consecutive, so a member counts a new tile unless a node before
  // it of the same instance is of this feature too (K-7 counts tiles, not segments).
  std::vector<int> members;  // for the lists only
  int m = root;
  do {
    const auto n = static_cast<std::size_t>(m);
    const Region& r = RegionOf(m);
    info.fountain = info.fountain || r.fountain;
    info.markets += r.markets;
    bool seen = false;
    for (std::size_t k = n; !seen && k > 0 && node_instance_[k - 1] == node_instance_[n]; --k) {
      seen = Find(static_cast<int>(k - 1)) == root;
    }
    info.size += seen ? 0 : 1;
    if (lists && !seen) members.push_back(m);
    m = next_[n];
  } while (m != root);
  if (lists) {
    // One node per tile; node order is the order its tiles are listed in.
    std::sort(members.begin(), members.end());
    const int starts = static_cast<int>(set().board.start_spaces.size());
    for (const int member : members) {
      const int instance = node_instance_[static_cast<std::size_t>(member)];
      if (instance < starts) {
        info.start_spaces.push_back(instance);
      } else {
        info.tiles.push_back(placed_[static_cast<std::size_t>(instance - starts)].pos);
      }
    }
  }
  for (const Follower& f : followers_) {
    if (Find(f.node) == root) ++info.followers[static_cast<std::size_t>(f.player)];
  }
  return info;
}

std::pair<Pos, std::uint8_t> CastleState::AnchorOf(const PendingFeature& p) const {
  // Pending features hold followers, and followers stand only on placed tiles.
  for (const Pos pos : FeatureOf(p.node).tiles) {
    const int index = TileAt(pos);
    const TileDef& def =
        set().tiles[static_cast<std::size_t>(placed_[static_cast<std::size_t>(index)].tile)];
    for (std::size_t r = 0; r < def.regions.size(); ++r) {
      if (SameFeature(NodeOf(index, static_cast<int>(r)), p.node)) {
        return {pos, static_cast<std::uint8_t>(r)};
      }
    }
  }
  return {{}, 0};
}

CastleState::EmptyArea CastleState::LargestEmptyArea() const {
  const int w = set().width();
  std::vector<char> seen(space_tile_.size(), 0);
  // Start spaces against each space, when they count (K-11, castle_start_spaces_empty).
  std::vector<int> starts(space_tile_.size(), 0);
  if (config_.options.start_spaces_empty == StartSpacesEmpty::kUnbuilt) {
    for (const StartSpace& s : set().board.start_spaces) {
      ++starts[static_cast<std::size_t>(s.space.y * w + s.space.x)];
    }
  }
  EmptyArea best;
  for (int y = 0; y < set().height(); ++y) {
    for (int x = 0; x < w; ++x) {
      const auto cell = static_cast<std::size_t>(y * w + x);
      if (!set().IsSpace({x, y}) || space_tile_[cell] >= 0 || seen[cell]) continue;
      EmptyArea found{{{x, y}}, 0};
      std::vector<Pos>& area = found.spaces;
      seen[cell] = 1;
      for (std::size_t i = 0; i < area.size(); ++i) {
        found.start_spaces += starts[static_cast<std::size_t>(area[i].y * w + area[i].x)];
        for (int s = 0; s < kSides; ++s) {
          const Pos q{area[i].x + kDx[s], area[i].y + kDy[s]};
          if (!set().IsSpace(q)) continue;
          const auto c = static_cast<std::size_t>(q.y * w + q.x);
          if (space_tile_[c] >= 0 || seen[c]) continue;
          seen[c] = 1;
          area.push_back(q);
        }
      }
      if (found.size() > best.size()) best = std::move(found);
    }
  }
  return best;
}

}  // namespace carc::engine::castle
