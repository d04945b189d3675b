// Small Castle boards and tiles for scenario tests, written in the data format of
// docs/castle-data.md, and a driver that plays named moves on them.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "carc/codec/castle/castle_data.h"
#include "carc/engine/castle/castle_state.h"

namespace carc::test {

namespace castle = engine::castle;

// Tiles every scenario may use (ids are what the scenarios draw):
//   TW tower all round; HO house all round; CO court; CM court with a market;
//   PS path W-E between two courts; PF the same with a fountain; PE a path from W ending at a
//   square; PB a path from W ending at a building; TN a tower on the north halves with a house
//   on the south halves (so it meets a neighbour's house along half an edge); PC a curve E-S;
//   PT a path W-E
//   with a tower north and a house south; HH a house W half, court E half.
inline const char* kScenarioTiles = R"({
 "format": "carcassonne-castle-tiles/1", "provenance": "test",
 "tiles": [
  {"id": "TW", "count": 9, "regions": {"t": {"type": "tower"}},
   "sides": {"N": "t - t", "E": "t - t", "S": "t - t", "W": "t - t"}},
  {"id": "HO", "count": 9, "regions": {"h": {"type": "house"}},
   "sides": {"N": "h - h", "E": "h - h", "S": "h - h", "W": "h - h"}},
  {"id": "CO", "count": 9, "regions": {"c": {"type": "court"}},
   "sides": {"N": "c - c", "E": "c - c", "S": "c - c", "W": "c - c"}},
  {"id": "CM", "count": 9, "regions": {"c": {"type": "court", "markets": 1}},
   "sides": {"N": "c - c", "E": "c - c", "S": "c - c", "W": "c - c"}},
  {"id": "PS", "count": 9, "regions": {"n": {"type": "court"}, "p": {"type": "path"}, "s": {"type": "court"}},
   "sides": {"N": "n - n", "E": "n p s", "S": "s - s", "W": "s p n"}},
  {"id": "PF", "count": 9, "regions": {"n": {"type": "court"}, "p": {"type": "path", "fountain": true}, "s": {"type": "court"}},
   "sides": {"N": "n - n", "E": "n p s", "S": "s - s", "W": "s p n"}},
  {"id": "PE", "count": 9, "regions": {"c": {"type": "court"}, "p": {"type": "path", "end": "square"}},
   "sides": {"N": "c - c", "E": "c - c", "S": "c - c", "W": "c p c"}},
  {"id": "PB", "count": 9, "regions": {"h": {"type": "house"}, "p": {"type": "path", "end": "building"}},
   "sides": {"N": "h - h", "E": "h - h", "S": "h - h", "W": "h p h"}},
  {"id": "TN", "count": 9, "regions": {"t": {"type": "tower"}, "h": {"type": "house"}},
   "sides": {"N": "t - t", "E": "t - h", "S": "h - h", "W": "h - t"}},
  {"id": "PT", "count": 9, "regions": {"t": {"type": "tower"}, "p": {"type": "path"}, "h": {"type": "house"}},
   "sides": {"N": "t - t", "E": "t p h", "S": "h - h", "W": "h p t"}},
  {"id": "PC", "count": 9, "regions": {"o": {"type": "court"}, "p": {"type": "path"}, "i": {"type": "court"}},
   "sides": {"N": "o - o", "E": "o p i", "S": "i p o", "W": "o - o"}},
  {"id": "HH", "count": 9, "regions": {"h": {"type": "house"}, "c": {"type": "court"}},
   "sides": {"N": "h - c", "E": "c - c", "S": "c - h", "W": "h - h"}}
 ]})";

// A board of `rows`, with start spaces (JSON array text) and corner towers on a track of
// `track_length` (JSON array text; default: 0/1 without a wall tile and 3/4 with one).
inline std::shared_ptr<const castle::CastleSet> ScenarioSet(
    const std::vector<std::string>& rows, const std::string& starts,
    const std::string& towers = R"([{"fields": [0, 1], "wall_tile": false}, {"fields": [3, 4]}])",
    int track_length = 100) {
  std::string board = R"({"format": "carcassonne-castle-board/1", "provenance": "test", "rows": [)";
  for (std::size_t i = 0; i < rows.size(); ++i) board += (i ? ",\"" : "\"") + rows[i] + "\"";
  board += "], \"start_spaces\": " + starts +
           ", \"track\": {\"length\": " + std::to_string(track_length) +
           ", \"corner_towers\": " + towers + "}}";
  auto parsed = codec::ParseCastleSet(board, kScenarioTiles);
  if (auto* error = std::get_if<std::string>(&parsed)) FAIL(*error);
  return std::make_shared<const castle::CastleSet>(std::get<castle::CastleSet>(std::move(parsed)));
}

// A start space against side `side` of (x, y) showing a path (ending at a building) between two
// court halves.
inline std::string PathStart(const std::string& id, int x, int y, const std::string& side) {
  return R"({"id": ")" + id + R"(", "space": [)" + std::to_string(x) + "," + std::to_string(y) +
         R"(], "side": ")" + side +
         R"(", "regions": {"c": {"type": "court"}, "p": {"type": "path", "end": "building"}}, "edge": "c p c"})";
}
// A start space showing one feature on both halves.
inline std::string PlainStart(const std::string& id, int x, int y, const std::string& side,
                              const std::string& type) {
  return R"({"id": ")" + id + R"(", "space": [)" + std::to_string(x) + "," + std::to_string(y) +
         R"(], "side": ")" + side + R"(", "regions": {"a": {"type": ")" + type +
         R"("}}, "edge": "a - a"})";
}

// Plays a scenario: tiles drawn in the given order, seat 0 first, the wall tiles given per
// tower (default: kind 9 on every tower that takes one).
class CastleScenario {
 public:
  CastleScenario(std::shared_ptr<const castle::CastleSet> set,
                 const std::vector<std::string>& draws,
                 std::vector<castle::WallTile> wall_tiles = {},
                 castle::CastleOptions options = {}) {
    config_.set = std::move(set);
    config_.first_player = 0;
    config_.options = options;
    std::vector<int> order;
    for (const std::string& id : draws) order.push_back(TileIndex(id));
    config_.draw_order = order;
    if (wall_tiles.empty()) {
      for (const auto& t : config_.set->board.corner_towers)
        wall_tiles.push_back(t.wall_tile ? 9 : 0);
    }
    config_.wall_tiles = wall_tiles;
    REQUIRE(castle::Validate(config_).empty());
    state_ = std::make_unique<castle::CastleState>(config_, &events_);
  }

  int TileIndex(const std::string& id) const {
    for (std::size_t i = 0; i < config_.set->tiles.size(); ++i) {
      if (config_.set->tiles[i].id == id) return static_cast<int>(i);
    }
    FAIL("no tile " << id);
    return -1;
  }

  engine::RejectReason Try(const castle::Command& c) {
    events_.clear();
    return state_->Apply(state_->ToMove(), c, &events_);
  }
  void Do(const castle::Command& c) {
    const engine::RejectReason r = Try(c);
    INFO("rejected: " << engine::Name(r));
    REQUIRE(r == engine::RejectReason::kNone);
  }
  // Places the drawn tile; then a follower on region `region` of it (by id), or none.
  void Place(int x, int y, int rotation, const std::string& region = "") {
    Do(castle::PlaceTile{{x, y}, rotation});
    if (state_->phase() != castle::Phase::kPlaceFollower) {
      REQUIRE(region.empty());
      return;
    }
    if (region.empty()) {
      Do(engine::SkipFollower{});
      return;
    }
    const auto& def = config_.set->tiles[static_cast<std::size_t>(state_->placed().back().tile)];
    for (std::size_t r = 0; r < def.regions.size(); ++r) {
      if (def.regions[r].id == region) {
        Do(castle::PlaceFollower{static_cast<std::uint8_t>(r)});
        return;
      }
    }
    FAIL("no region " << region);
  }
  // The scorings among the last command's events.
  std::vector<castle::FeatureScored> Scored() const {
    std::vector<castle::FeatureScored> out;
    for (const auto& e : events_) {
      if (const auto* s = std::get_if<castle::FeatureScored>(&e)) out.push_back(*s);
    }
    return out;
  }
  template <typename T>
  int Count() const {
    int n = 0;
    for (const auto& e : events_) n += std::holds_alternative<T>(e) ? 1 : 0;
    return n;
  }

  castle::CastleState& state() { return *state_; }
  const std::vector<castle::Event>& events() const { return events_; }

 private:
  castle::CastleConfig config_;
  std::vector<castle::Event> events_;
  std::unique_ptr<castle::CastleState> state_;
};

}  // namespace carc::test
