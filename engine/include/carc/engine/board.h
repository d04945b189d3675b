// The square grid of placed tiles and the frontier of empty squares next to them.
//
// Contract: the frontier holds exactly the empty squares inside the board limit that share a
// side with a placed tile, each with the edge types its placed neighbours demand, packed so that
// the catalog's FittingRotations() answers "which rotations fit here" with one lookup; and
// Placements(k) is at every moment the number of (frontier square, rotation) pairs where tile
// kind k (one that can be drawn) fits, kept up to date as squares join and leave the frontier, so
// that a playout learns whether and how often its tile fits without reading the frontier.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "carc/engine/tile_catalog.h"
#include "carc/engine/types.h"

namespace carc::engine {

// The grid is a torus of 128 x 128 cells: a square's cell is its coordinates modulo 128. The
// squares in play (placed tiles and the frontier) never span more than 86 columns or rows (the
// Count's 83 tiles in a line, a frontier square at each end), so no two of them share a cell;
// a position asked about from outside is checked against the square the cell holds. 128 keeps
// a state copy small (two 16 KiB arrays) and the wrap-around a mask.
inline constexpr int kGridBits = 7;
inline constexpr int kGridSize = 1 << kGridBits;
inline constexpr int kGridMask = kGridSize - 1;
// The unlimited board: columns and rows -kUnlimitedReach - 1 .. kUnlimitedReach, more than any
// game can reach from the start square.
inline constexpr int kUnlimitedReach = 86;
inline constexpr std::uint8_t kEmptyCell = 0xFF;

struct FrontierCell {
  std::uint16_t cell = 0;
  std::int8_t x = 0;  // the square, kept here so listing moves needs no division
  std::int8_t y = 0;
  // Base-4 digit per side s (at 4^s): 0 = no neighbour there, 1 + EdgeType = the edge type the
  // neighbour demands. See TileCatalog::FittingRotations().
  std::uint8_t constraint = 0;
  std::uint8_t neighbours = 0;  // placed tiles sharing a side (4 = a hole, V-4)
  Pos pos() const { return {x, y}; }
  friend bool operator==(const FrontierCell&, const FrontierCell&) = default;
};

class Board {
 public:
  // A limit of 0 x 0 means unlimited. The limit is centred on the start square: columns
  // -(w-1)/2 .. w/2 and rows -(h-1)/2 .. h/2. Placements() counts with `catalog`'s fits, which
  // must outlive the board.
  explicit Board(const TileCatalog& catalog, int limit_width = 0, int limit_height = 0);

  static int Cell(Pos p) { return ((p.y & kGridMask) << kGridBits) | (p.x & kGridMask); }
  static int Neighbor(int cell, int side) {
    return (((cell >> kGridBits) + kDy[side]) & kGridMask) << kGridBits |
           (((cell & kGridMask) + kDx[side]) & kGridMask);
  }

  // Inside the board limit.
  bool Allowed(Pos p) const { return p.x >= x0_ && p.x <= x1_ && p.y >= y0_ && p.y <= y1_; }

  // The placed-tile index at a square, or kEmptyCell.
  std::uint8_t At(Pos p) const {
    if (!Allowed(p)) return kEmptyCell;
    const std::uint8_t i = cells_[static_cast<std::size_t>(Cell(p))];
    return i != kEmptyCell && pos_[i].x == p.x && pos_[i].y == p.y ? i : kEmptyCell;
  }
  // The same for the cell of a square in play or next to one (no check that the cell holds
  // that very square: the engine's own neighbour walks).
  std::uint8_t At(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }

  // Puts tile `index` with packed edge signature `sig` on an allowed empty square.
  void Place(Pos pos, std::uint8_t index, std::uint8_t sig);

  const std::vector<FrontierCell>& Frontier() const { return frontier_; }
  // The frontier entry for an empty square, or nullptr if it touches no tile.
  const FrontierCell* FrontierAt(Pos p) const;
  // The (frontier square, rotation) pairs where tile kind k fits, for a kind that can be drawn
  // (below kMaxDrawnKinds; 0 for the others, which are never asked about).
  int Placements(TileKind k) const { return k < kMaxDrawnKinds ? placements_[k] : 0; }

  friend bool operator==(const Board&, const Board&) = default;

 private:
  std::array<std::uint8_t, kGridSize * kGridSize> cells_;          // placed-tile indices
  std::array<std::uint8_t, kGridSize * kGridSize> frontier_slot_;  // into frontier_, or kEmptyCell
  struct Square {  // every square in play fits a byte per coordinate
    std::int8_t x = 0;
    std::int8_t y = 0;
    friend bool operator==(const Square&, const Square&) = default;
  };
  std::array<Square, 256> pos_{};  // the square of each placed-tile index
  int x0_, x1_, y0_, y1_;          // the allowed rectangle
  std::vector<FrontierCell> frontier_;
  // A frontier square's constraint changed: the placements it offers each kind go from those of
  // `from` to those of `to` (kNoConstraint: a square that offers none, not on the frontier).
  void CountFits(int from, int to);
  const TileCatalog* catalog_;
  std::array<std::uint16_t, kMaxDrawnKinds> placements_{};
};

}  // namespace carc::engine
