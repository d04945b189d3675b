// Basic value types shared by the whole rules engine.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace carc::engine {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;

// A seat index 0..players-1. kSpectator asks for the public view only.
using Seat = int;
inline constexpr Seat kSpectator = -1;

// B-2: the follower colours, in seat order.
inline constexpr std::array<std::string_view, kMaxPlayers> kSeatColours = {
    "yellow", "red", "green", "blue", "black", "grey"};

// The set bits of a 4-bit mask (rotations, sides). Portable and fast: std::popcount becomes a
// library call without -mpopcnt, and these masks are counted in the engines' hottest loops.
constexpr int BitsIn4(unsigned mask) {
  constexpr std::array<std::uint8_t, 16> kBits = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  return kBits[mask & 15U];
}

// The index of the n-th set bit of `mask` (n from 0, below the number of bits set): the n-th
// legal rotation or region when a random draw picks among those a mask allows.
constexpr int NthSetBit(unsigned mask, std::size_t n) {
  for (; n > 0; --n) mask &= mask - 1;
  return std::countr_zero(mask);
}

// Board coordinates: the start tile is at (0,0), x grows east, y grows south.
struct Pos {
  int x = 0;
  int y = 0;
  friend constexpr bool operator==(Pos, Pos) = default;
};

// Whether b is one of the 8 squares around a, or a itself (B-12: a cloister's surroundings).
constexpr bool Around(Pos a, Pos b) {
  return a.x - b.x <= 1 && b.x - a.x <= 1 && a.y - b.y <= 1 && b.y - a.y <= 1;
}

// Sides in clockwise order. A tile turned by r quarter turns clockwise moves side s to s+r.
enum class Side : std::uint8_t { kN = 0, kE = 1, kS = 2, kW = 3 };
inline constexpr int kSides = 4;
constexpr int Opposite(int side) {
  return (side + 2) & 3;
}
inline constexpr int kDx[kSides] = {0, 1, 0, -1};
inline constexpr int kDy[kSides] = {-1, 0, 1, 0};

// Half-edges clockwise from the NW corner: Nw Ne En Es Se Sw Ws Wn. Half h lies on side h/2.
inline constexpr int kHalfEdges = 8;
// The half-edge of the neighbour across the shared side that touches half-edge h.
constexpr int FacingHalf(int h) {
  const int side = h >> 1;
  const int opposite = Opposite(side);
  return (h & 1) ? 2 * opposite : 2 * opposite + 1;
}

enum class EdgeType : std::uint8_t { kField = 0, kRoad = 1, kCity = 2 };

// What a tile segment is; also what a follower on it is called (thief, knight, monk, farmer).
enum class FeatureKind : std::uint8_t { kRoad = 0, kCity = 1, kCloister = 2, kField = 3 };
inline constexpr int kFeatureKinds = 4;

// A tile kind: index into the catalog (0 = A ... 23 = X for the base set).
using TileKind = std::uint8_t;
inline constexpr TileKind kNoTile = 0xFF;

}  // namespace carc::engine
