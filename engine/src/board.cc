#include "carc/engine/board.h"

namespace carc::engine {

Board::Board(const TileCatalog& catalog, int limit_width, int limit_height)
    : x0_(-kUnlimitedReach - 1), x1_(kUnlimitedReach), y0_(x0_), y1_(x1_), catalog_(&catalog) {
  cells_.fill(kEmptyCell);
  frontier_slot_.fill(kEmptyCell);
  if (limit_width > 0 && limit_height > 0) {
    x0_ = -(limit_width - 1) / 2;
    x1_ = limit_width / 2;
    y0_ = -(limit_height - 1) / 2;
    y1_ = limit_height / 2;
  }
  frontier_.reserve(256);
}

const FrontierCell* Board::FrontierAt(Pos p) const {
  if (!Allowed(p)) return nullptr;
  const std::uint8_t slot = frontier_slot_[static_cast<std::size_t>(Cell(p))];
  if (slot == kEmptyCell || frontier_[slot].pos() != p) return nullptr;
  return &frontier_[slot];
}

void Board::CountFits(int from, int to) {
  // One pass over every kind (a few vector adds): cheaper than reading the frontier per draw.
  const auto& sub = catalog_->fit_counts[static_cast<std::size_t>(from)];
  const auto& add = catalog_->fit_counts[static_cast<std::size_t>(to)];
  for (std::size_t k = 0; k < placements_.size(); ++k) {
    placements_[k] = static_cast<std::uint16_t>(placements_[k] + add[k] - sub[k]);
  }
}

void Board::Place(Pos pos, std::uint8_t index, std::uint8_t sig) {
  const int cell = Cell(pos);
  cells_[static_cast<std::size_t>(cell)] = index;
  pos_[index] = {static_cast<std::int8_t>(pos.x), static_cast<std::int8_t>(pos.y)};
  // Leave the frontier: swap-remove keeps it compact.
  if (const std::uint8_t slot = frontier_slot_[static_cast<std::size_t>(cell)];
      slot != kEmptyCell) {
    frontier_slot_[static_cast<std::size_t>(cell)] = kEmptyCell;
    CountFits(frontier_[slot].constraint, kNoConstraint);
    if (slot + 1u != frontier_.size()) {
      frontier_[slot] = frontier_.back();
      frontier_slot_[frontier_[slot].cell] = slot;
    }
    frontier_.pop_back();
  }
  for (int side = 0; side < kSides; ++side) {
    const Pos np{pos.x + kDx[side], pos.y + kDy[side]};
    const int n = Neighbor(cell, side);
    const auto un = static_cast<std::size_t>(n);
    if (cells_[un] != kEmptyCell || !Allowed(np)) continue;
    if (frontier_slot_[un] == kEmptyCell) {
      frontier_slot_[un] = static_cast<std::uint8_t>(frontier_.size());
      frontier_.push_back({static_cast<std::uint16_t>(n), static_cast<std::int8_t>(np.x),
                           static_cast<std::int8_t>(np.y), 0, 0});
    }
    // The neighbour's side facing us must carry the edge type of our side. Each side of a
    // square is set once, so adding its digit is enough.
    FrontierCell& f = frontier_[frontier_slot_[un]];
    constexpr int kPow4[kSides] = {1, 4, 16, 64};
    const int type = (sig >> (2 * side)) & 3;
    const int before = f.neighbours > 0 ? f.constraint : kNoConstraint;
    f.constraint = static_cast<std::uint8_t>(f.constraint + (type + 1) * kPow4[Opposite(side)]);
    ++f.neighbours;
    CountFits(before, f.constraint);
  }
}

}  // namespace carc::engine
