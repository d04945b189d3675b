// The square grid of placed tiles and the frontier of empty squares next to them.
//
// Contract: the frontier holds exactly the empty squares inside the board limit that share a
// side with a placed tile, each with the edge types its placed neighbours demand, packed so that
// the catalog's FittingRotations() answers "which rotations fit here" with one lookup.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "carc/engine/types.h"

namespace carc::engine {

// Room for 83 tiles in a line in any direction from the start square.
inline constexpr int kGridSize = 176;
inline constexpr int kGridOrigin = 88;
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
  // -(w-1)/2 .. w/2 and rows -(h-1)/2 .. h/2.
  explicit Board(int limit_width = 0, int limit_height = 0);

  static int Cell(Pos p) { return (p.y + kGridOrigin) * kGridSize + (p.x + kGridOrigin); }
  static Pos PosOf(int cell) {
    return {cell % kGridSize - kGridOrigin, cell / kGridSize - kGridOrigin};
  }
  static int Neighbor(int cell, int side) { return cell + kDx[side] + kDy[side] * kGridSize; }

  // Inside both the grid and the board limit.
  bool Allowed(Pos p) const { return p.x >= x0_ && p.x <= x1_ && p.y >= y0_ && p.y <= y1_; }
  bool Allowed(int cell) const { return Allowed(PosOf(cell)); }

  // The placed-tile index at a square, or kEmptyCell.
  std::uint8_t At(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  std::uint8_t At(Pos p) const { return Allowed(p) ? At(Cell(p)) : kEmptyCell; }

  // Puts tile `index` with packed edge signature `sig` on an allowed empty square.
  void Place(Pos pos, std::uint8_t index, std::uint8_t sig);

  const std::vector<FrontierCell>& Frontier() const { return frontier_; }
  // The frontier entry for an empty square, or nullptr if it touches no tile.
  const FrontierCell* FrontierAt(int cell) const;

  friend bool operator==(const Board&, const Board&) = default;

 private:
  std::vector<std::uint8_t> cells_;  // kGridSize^2 placed-tile indices
  // The allowed rectangle: the board limit, or the grid less a one-square margin that lets
  // Neighbor() skip bounds checks.
  int x0_, x1_, y0_, y1_;
  std::vector<std::uint8_t> frontier_slot_;  // index into frontier_, or kEmptyCell
  std::vector<FrontierCell> frontier_;
};

}  // namespace carc::engine
