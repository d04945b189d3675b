#include "carc/engine/castle/castle_config.h"

#include <algorithm>
#include <array>

namespace carc::engine::castle {

namespace {

constexpr std::array<OptionSpec, 2> kCastleSpecs{{
    {"wall4_fountain_bonus", OptionType::kBool, "K-10", "true|false",
     "Wall tile 4: an incomplete path scores 2 per tile with a fountain (English edition)",
     "false"},
    {"castle_start_spaces_empty", OptionType::kChoice, "K-11", "ignored|unbuilt",
     "The keep's empty area: start spaces never count, or count while no tile lies against them",
     "ignored"},
}};

}  // namespace

std::vector<std::string_view> CastleOptionNames() {
  std::vector<std::string_view> out;
  for (const OptionSpec& spec : kCastleSpecs) out.push_back(spec.name);
  return out;
}

std::span<const OptionSpec> CastleOptionSpecs() {
  return kCastleSpecs;
}

std::string SetCastleOption(CastleOptions& options, std::string_view name, std::string_view value) {
  if (name == "wall4_fountain_bonus") {
    if (value == "true" || value == "false") {
      options.wall4_fountain_bonus = value == "true";
      return {};
    }
    return "option wall4_fountain_bonus: expected true or false, got '" + std::string(value) + "'";
  }
  if (name == "castle_start_spaces_empty") {
    if (value == "ignored" || value == "unbuilt") {
      options.start_spaces_empty =
          value == "ignored" ? StartSpacesEmpty::kIgnored : StartSpacesEmpty::kUnbuilt;
      return {};
    }
    return "option castle_start_spaces_empty: expected ignored or unbuilt, got '" +
           std::string(value) + "'";
  }
  std::string known;
  for (const OptionSpec& spec : kCastleSpecs)
    known += (known.empty() ? "" : ", ") + std::string(spec.name);
  return "unknown Castle option '" + std::string(name) + "' (known: " + known + ")";
}

std::string GetCastleOption(const CastleOptions& options, std::string_view name) {
  if (name == "wall4_fountain_bonus") return options.wall4_fountain_bonus ? "true" : "false";
  if (name == "castle_start_spaces_empty") {
    return options.start_spaces_empty == StartSpacesEmpty::kIgnored ? "ignored" : "unbuilt";
  }
  return {};
}

std::string Validate(const CastleConfig& config) {
  if (!config.set) return "no board and tile set";
  if (std::string e = Validate(*config.set); !e.empty()) return e;
  return ValidateWithCheckedSet(config);
}

std::string ValidateWithCheckedSet(const CastleConfig& config) {
  if (!config.set) return "no board and tile set";
  if (config.first_player < -1 || config.first_player >= kPlayers) {
    return "first player must be 0, 1 or -1 (drawn)";
  }
  const CastleSet& set = *config.set;
  if (config.draw_order) {
    std::vector<int> left;
    for (const TileDef& t : set.tiles) left.push_back(t.count);
    for (int t : *config.draw_order) {
      if (t < 0 || static_cast<std::size_t>(t) >= set.tiles.size()) return "unknown tile";
      if (--left[static_cast<std::size_t>(t)] < 0) {
        return "tile " + set.tiles[static_cast<std::size_t>(t)].id +
               " drawn more often than the set has it";
      }
    }
  }
  if (config.wall_tiles) {
    const auto& towers = set.board.corner_towers;
    if (config.wall_tiles->size() != towers.size()) return "one wall tile entry per corner tower";
    std::array<int, kWallTileKinds + 1> used{};
    for (std::size_t i = 0; i < towers.size(); ++i) {
      const WallTile k = (*config.wall_tiles)[i];
      if (k > kWallTileKinds) return "wall tiles are 1..9";
      if ((k == 0) == towers[i].wall_tile) {
        return "corner tower " + std::to_string(i) +
               (k == 0 ? " needs a wall tile" : " starts without a wall tile");
      }
      if (k != 0 && ++used[k] > kWallTileCopies) return "more than two wall tiles of one kind";
    }
  }
  return {};
}

}  // namespace carc::engine::castle
