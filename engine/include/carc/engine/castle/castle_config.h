// The configuration that, with the command log, defines a whole game of The Castle
// (RULES.md section 4).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "carc/engine/castle/castle_set.h"
#include "carc/engine/option_spec.h"
#include "carc/engine/types.h"

namespace carc::engine::castle {

// K-1: the Castle is for exactly two.
inline constexpr int kPlayers = 2;
// K-1: seven pieces each, one of them the score marker.
inline constexpr int kFollowers = 6;
// K-3, K-10: nine kinds of wall tile, two of each.
inline constexpr int kWallTileKinds = 9;
inline constexpr int kWallTileCopies = 2;
// A wall-tile kind 1..9; 0 = none.
using WallTile = std::uint8_t;

// K-11 (clarified): whether start spaces count in the keep's empty area. `kIgnored`: never (they
// are printed features, not empty spaces); `kUnbuilt`: one with no tile placed against it counts
// as an empty space (the seed's footnote 9).
enum class StartSpacesEmpty : std::uint8_t { kIgnored, kUnbuilt };

struct CastleOptions {
  bool wall4_fountain_bonus = false;  // K-10: wall tile 4 scores 2 per tile with a fountain
  StartSpacesEmpty start_spaces_empty = StartSpacesEmpty::kIgnored;  // K-11
  friend bool operator==(const CastleOptions&, const CastleOptions&) = default;
};

// Sets option `name` from its text form; returns an error naming the accepted values, or "".
std::string SetCastleOption(CastleOptions& options, std::string_view name, std::string_view value);
std::string GetCastleOption(const CastleOptions& options, std::string_view name);
// The option names, in a fixed order.
std::vector<std::string_view> CastleOptionNames();
// The options with their types, rules and values, in the same order.
std::span<const OptionSpec> CastleOptionSpecs();

struct CastleConfig {
  std::shared_ptr<const CastleSet> set;
  std::uint64_t seed = 0;  // never leaves the server
  CastleOptions options;
  // The seat that moves first; -1 draws it from the seed (the players choose, K-1).
  Seat first_player = -1;
  // Replays and scenarios: the tiles in draw order (indices into set->tiles), instead of a
  // seeded shuffle; the game ends when it runs out.
  std::optional<std::vector<int>> draw_order;
  // Replays and scenarios: the wall tile on each corner tower, in set order (0 for none),
  // instead of a seeded draw of 13 from 18.
  std::optional<std::vector<WallTile>> wall_tiles;

  friend bool operator==(const CastleConfig& a, const CastleConfig& b) {
    return (a.set == b.set || (a.set && b.set && *a.set == *b.set)) && a.seed == b.seed &&
           a.options == b.options && a.first_player == b.first_player &&
           a.draw_order == b.draw_order && a.wall_tiles == b.wall_tiles;
  }
};

// Empty when the config is usable; otherwise what is wrong with it. Checks the set as well.
std::string Validate(const CastleConfig& config);
// The same for a config whose set passed Validate(set) already (ParseCastleSet's sets have):
// a new game then costs no second look at the whole board and tile set.
std::string ValidateWithCheckedSet(const CastleConfig& config);

}  // namespace carc::engine::castle
