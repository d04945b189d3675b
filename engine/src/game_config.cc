#include "carc/engine/game_config.h"

#include <array>
#include <charconv>

#include "carc/engine/tile_catalog.h"

namespace carc::engine {
namespace {

constexpr std::array<OptionSpec, 15> kSpecs{{
    {"farmers", OptionType::kBool, "B-20", "true|false",
     "Farmers may be placed on fields and score at the end", "true"},
    {"farm_scoring", OptionType::kChoice, "B-17", "c3|c1",
     "c3: 3 per completed city per farm; c1: 4 per city to the most farmers around it", "c3"},
    {"small_city", OptionType::kBool, "B-19", "true|false",
     "A completed two-tile city scores 1 per tile and pennant (obsolete rule)", "false"},
    {"incomplete_features_score", OptionType::kBool, "V-1", "true|false",
     "Incomplete roads, cities and cloisters score at the end", "true"},
    {"hand_size", OptionType::kInt, "V-2", "0..3",
     "Tiles kept in hand between turns (0: draw at the start of the turn)", "0", 0, 3},
    {"hand_visibility", OptionType::kChoice, "V-2", "public|private",
     "Whether the other players see the tiles in a hand", "public"},
    {"extra_turn_on_hole", OptionType::kBool, "V-4", "true|false",
     "Filling a hole surrounded on four sides gives one extra turn", "false"},
    {"board_limit", OptionType::kSize, "V-5", "off|WxH (1..145)",
     "Tiles must stay inside a W x H table centred on the start tile", "off", 1, 145},
    {"unplaceable_tile", OptionType::kChoice, "B-6", "discard|reshuffle",
     "What happens to a drawn tile that fits nowhere", "discard"},
    {"start_player", OptionType::kChoice, "V-6", "random|host|seat_order",
     "Who takes the first turn", "random"},
    {"edge_closes_features", OptionType::kBool, "V-7", "true|false",
     "With board_limit, the table edge closes roads, cities and cloisters", "false"},
    {"followers", OptionType::kInt, "B-2", "1..7", "Followers in each player's supply", "7", 1, 7},
    {"count", OptionType::kBool, "C-1", "true|false",
     "The Count of Carcassonne: start from the city block; followers wait in its quarters",
     "false"},
    {"count_move", OptionType::kChoice, "C-3", "free|clockwise|follow",
     "With the Count: where he moves when a follower enters the city", "free"},
    {"count_redeploy", OptionType::kChoice, "C-4", "any|seed",
     "With the Count: how many followers one redeployment moves (seed: all, one or none)", "any"},
}};

bool ParseBool(std::string_view v, bool& out) {
  if (v == "true") return out = true, true;
  if (v == "false") return out = false, true;
  return false;
}

bool ParseInt(std::string_view v, int lo, int hi, int& out) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < lo || n > hi) return false;
  out = n;
  return true;
}

const OptionSpec* Find(std::string_view name) {
  for (const auto& s : kSpecs) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace

std::span<const OptionSpec> OptionSpecs() {
  return kSpecs;
}

std::string SetOption(Options& o, std::string_view name, std::string_view v) {
  const OptionSpec* spec = Find(name);
  if (spec == nullptr) return "unknown option '" + std::string(name) + "'";
  bool ok = false;
  if (name == "farmers") {
    ok = ParseBool(v, o.farmers);
  } else if (name == "farm_scoring") {
    ok = v == "c3" || v == "c1";
    if (ok) o.farm_scoring = v == "c3" ? FarmScoring::kC3 : FarmScoring::kC1;
  } else if (name == "small_city") {
    ok = ParseBool(v, o.small_city);
  } else if (name == "incomplete_features_score") {
    ok = ParseBool(v, o.incomplete_features_score);
  } else if (name == "hand_size") {
    ok = ParseInt(v, 0, 3, o.hand_size);
  } else if (name == "hand_visibility") {
    ok = v == "public" || v == "private";
    if (ok) o.hand_visibility = v == "public" ? HandVisibility::kPublic : HandVisibility::kPrivate;
  } else if (name == "extra_turn_on_hole") {
    ok = ParseBool(v, o.extra_turn_on_hole);
  } else if (name == "board_limit") {
    if (v == "off") {
      o.board_width = o.board_height = 0;
      ok = true;
    } else if (auto x = v.find('x'); x != std::string_view::npos) {
      int w = 0;
      int h = 0;
      ok = ParseInt(v.substr(0, x), 1, 145, w) && ParseInt(v.substr(x + 1), 1, 145, h);
      if (ok) o.board_width = w, o.board_height = h;
    }
  } else if (name == "unplaceable_tile") {
    ok = v == "discard" || v == "reshuffle";
    if (ok)
      o.unplaceable_tile = v == "discard" ? UnplaceableTile::kDiscard : UnplaceableTile::kReshuffle;
  } else if (name == "start_player") {
    ok = v == "random" || v == "host" || v == "seat_order";
    if (ok) {
      o.start_player = v == "random" ? StartPlayer::kRandom
                       : v == "host" ? StartPlayer::kHost
                                     : StartPlayer::kSeatOrder;
    }
  } else if (name == "edge_closes_features") {
    ok = ParseBool(v, o.edge_closes_features);
  } else if (name == "followers") {
    ok = ParseInt(v, 1, 7, o.followers);
  } else if (name == "count") {
    ok = ParseBool(v, o.count);
  } else if (name == "count_move") {
    ok = v == "free" || v == "clockwise" || v == "follow";
    if (ok) {
      o.count_move = v == "free"        ? CountMove::kFree
                     : v == "clockwise" ? CountMove::kClockwise
                                        : CountMove::kFollow;
    }
  } else if (name == "count_redeploy") {
    ok = v == "any" || v == "seed";
    if (ok) o.count_redeploy = v == "any" ? CountRedeploy::kAny : CountRedeploy::kSeed;
  }
  if (ok) return {};
  return "option '" + std::string(name) + "' takes " + std::string(spec->values) + ", not '" +
         std::string(v) + "'";
}

std::string GetOption(const Options& o, std::string_view name) {
  auto b = [](bool x) { return std::string(x ? "true" : "false"); };
  if (name == "farmers") return b(o.farmers);
  if (name == "farm_scoring") return o.farm_scoring == FarmScoring::kC3 ? "c3" : "c1";
  if (name == "small_city") return b(o.small_city);
  if (name == "incomplete_features_score") return b(o.incomplete_features_score);
  if (name == "hand_size") return std::to_string(o.hand_size);
  if (name == "hand_visibility") {
    return o.hand_visibility == HandVisibility::kPublic ? "public" : "private";
  }
  if (name == "extra_turn_on_hole") return b(o.extra_turn_on_hole);
  if (name == "board_limit") {
    if (!o.HasBoardLimit()) return "off";
    return std::to_string(o.board_width) + "x" + std::to_string(o.board_height);
  }
  if (name == "unplaceable_tile") {
    return o.unplaceable_tile == UnplaceableTile::kDiscard ? "discard" : "reshuffle";
  }
  if (name == "start_player") {
    switch (o.start_player) {
      case StartPlayer::kRandom:
        return "random";
      case StartPlayer::kHost:
        return "host";
      case StartPlayer::kSeatOrder:
        return "seat_order";
    }
  }
  if (name == "edge_closes_features") return b(o.edge_closes_features);
  if (name == "followers") return std::to_string(o.followers);
  if (name == "count") return b(o.count);
  if (name == "count_move") {
    switch (o.count_move) {
      case CountMove::kFree:
        return "free";
      case CountMove::kClockwise:
        return "clockwise";
      case CountMove::kFollow:
        return "follow";
    }
  }
  if (name == "count_redeploy") return o.count_redeploy == CountRedeploy::kAny ? "any" : "seed";
  return {};
}

const TileCatalog& CatalogFor(const Options& options) {
  return options.count ? CountCatalog() : BaseCatalog();
}

std::string Validate(const GameConfig& c) {
  if (c.players < kMinPlayers || c.players > kMaxPlayers) {
    return "players must be 2..6, not " + std::to_string(c.players);
  }
  const Options& o = c.options;
  if (o.hand_size < 0 || o.hand_size > 3) return "hand_size must be 0..3";
  if (o.followers < 1 || o.followers > 7) return "followers must be 1..7";
  if ((o.board_width > 0) != (o.board_height > 0)) return "board_limit needs both W and H";
  if (o.edge_closes_features && !o.HasBoardLimit()) {
    return "edge_closes_features needs board_limit (V-7)";
  }
  // C-1: the block spans columns -2..1 and rows -1..1 of a limit centred on (0,0).
  if (o.count && o.HasBoardLimit() && (o.board_width < 5 || o.board_height < 3)) {
    return "board_limit must be at least 5x3 to hold the Count's city block";
  }
  if (c.host_first_player < 0 || c.host_first_player >= c.players) {
    return "the host's first player must be a seat of the game";
  }
  if (c.draw_order) {
    const TileCatalog& cat = BaseCatalog();
    std::array<int, kMaxTileKinds> used{};
    for (TileKind k : *c.draw_order) {
      if (k >= cat.num_kinds) return "draw order names an unknown tile kind";
      ++used[k];
    }
    // With `reshuffle` a tile may legitimately be drawn again, so only `discard` is checked here.
    if (o.unplaceable_tile == UnplaceableTile::kDiscard) {
      for (int k = 0; k < cat.num_kinds; ++k) {
        const TileDef& d = cat.Def(static_cast<TileKind>(k));
        if (used[static_cast<std::size_t>(k)] > d.count - d.start_copies) {
          return std::string("draw order has more tiles ") + d.letter + " than the set's " +
                 std::to_string(d.count - d.start_copies);
        }
      }
    }
  }
  return {};
}

}  // namespace carc::engine
