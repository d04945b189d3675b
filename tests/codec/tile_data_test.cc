// The tile catalogs compiled into the engine against the verified tile data they were transcribed
// from: ../shared/tiles/base.json (B-1) and count.json (C-1), field by field.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "carc/engine/count.h"
#include "carc/engine/game_state.h"
#include "carc/engine/tile_catalog.h"
#include "read_file.h"

namespace fs = std::filesystem;
using namespace carc::engine;
using nlohmann::json;

namespace {

json Load(const char* name) {
  const std::string text = carc::test::ReadFile(fs::path(CARC_SHARED_DIR) / "tiles" / name);
  REQUIRE_FALSE(text.empty());
  return json::parse(text);
}

int SideIndex(const std::string& side) {
  return static_cast<int>(std::string("NESW").find(side));
}

int HalfIndex(const json& order, const std::string& half) {
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] == half) return static_cast<int>(i);
  }
  FAIL("unknown half-edge " << half);
  return -1;
}

EdgeType EdgeOf(const std::string& type) {
  if (type == "city") return EdgeType::kCity;
  if (type == "road") return EdgeType::kRoad;
  return EdgeType::kField;  // "field", and "internal" (see tile_catalog_count.inc)
}

std::uint8_t SidesOf(const json& edges) {
  unsigned bits = 0;
  for (const auto& e : edges) bits |= 1u << SideIndex(e.get<std::string>());
  return static_cast<std::uint8_t>(bits);
}

// Checks one tile's cities, roads and farms (and cloister) against the catalog's segments.
void CheckSegments(const TileCatalog& cat, TileKind k, const json& t, const json& half_order,
                   bool block) {
  const TileDef& d = cat.Def(k);
  std::map<std::string, int> city_index;  // data id -> catalog index
  int expected = 0;
  for (const auto& c : t["cities"]) {
    const std::string id = c["id"];
    const std::uint8_t i = cat.SegmentIndex(k, id);
    REQUIRE(i != kNoSegment);
    city_index[id] = i;
    CHECK(d.segments[i].kind == FeatureKind::kCity);
    CHECK(d.segments[i].sides == SidesOf(c["edges"]));
    CHECK(d.segments[i].pennant == c["pennant"].get<bool>());
    ++expected;
  }
  for (const auto& r : t["roads"]) {
    const std::uint8_t i = cat.SegmentIndex(k, r["id"].get<std::string>());
    REQUIRE(i != kNoSegment);
    CHECK(d.segments[i].kind == FeatureKind::kRoad);
    CHECK(d.segments[i].sides == SidesOf(r["edges"]));
    ++expected;
  }
  for (const auto& f : t["farms"]) {
    const std::uint8_t i = cat.SegmentIndex(k, f["id"].get<std::string>());
    REQUIRE(i != kNoSegment);
    const SegmentDef& seg = d.segments[i];
    CHECK(seg.kind == FeatureKind::kField);
    unsigned halves = 0;
    for (const auto& h : f["half_edges"]) halves |= 1u << HalfIndex(half_order, h);
    CHECK(seg.halves == halves);
    unsigned touches = 0;
    for (const auto& c : f["cities"]) touches |= 1u << city_index.at(c.get<std::string>());
    CHECK(seg.touches == touches);
    CHECK(seg.carcassonne == (block && f["touches_carcassonne"].get<bool>()));
    ++expected;
  }
  const bool cloister = t.value("cloister", false);
  CHECK((d.cloister_segment != kNoSegment) == cloister);
  if (cloister) ++expected;
  CHECK(d.num_segments == expected);
}

}  // namespace

TEST_CASE("B-1 the base catalog is base.json, tile by tile") {
  const json data = Load("base.json");
  const TileCatalog& cat = BaseCatalog();
  REQUIRE(data["tiles"].size() == static_cast<std::size_t>(cat.num_kinds));
  CHECK(data["total_tiles"].get<int>() == cat.total_tiles);
  for (const auto& t : data["tiles"]) {
    const std::string letter = t["letter"];
    INFO("tile " << letter);
    const TileKind k = cat.KindOf(letter[0]);
    REQUIRE(k != kNoTile);
    const TileDef& d = cat.Def(k);
    CHECK(d.id == letter);
    CHECK(d.count == t["count"].get<int>());
    CHECK(d.start_copies == t.value("start_tile_included", 0));
    CHECK(d.c1_number == t["c1_number"].get<int>());
    for (const char* side : {"N", "E", "S", "W"}) {
      CHECK(d.edges[static_cast<std::size_t>(SideIndex(side))] == EdgeOf(t["edges"][side]));
    }
    CheckSegments(cat, k, t, data["half_edge_order"], false);
  }
}

TEST_CASE("C-1 the Count's block tiles are count.json, tile by tile, laid out as its grid") {
  const json data = Load("count.json");
  const TileCatalog& cat = CountCatalog();
  // The base kinds keep their indices.
  for (int k = 0; k < BaseCatalog().num_kinds; ++k) {
    CHECK(cat.Def(static_cast<TileKind>(k)).id == BaseCatalog().Def(static_cast<TileKind>(k)).id);
  }
  REQUIRE(cat.block_first == BaseCatalog().num_kinds);
  REQUIRE(cat.num_kinds == BaseCatalog().num_kinds + kBlockTiles);
  CHECK(cat.total_tiles == 72);  // block tiles are never in the stack
  const json& grid = data["layout"]["grid"];
  REQUIRE(grid.size() == static_cast<std::size_t>(kBlockRows));
  for (const auto& t : data["tiles"]) {
    const std::string id = t["id"];
    INFO("tile " << id);
    const TileKind k = cat.KindOfId(id);
    REQUIRE(k != kNoTile);
    const int x = t["x"];
    const int y = t["y"];
    CHECK(grid[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == id);
    CHECK(k == cat.block_first + y * kBlockColumns + x);
    const TileDef& d = cat.Def(k);
    CHECK(d.count == 0);
    for (const char* side : {"N", "E", "S", "W"}) {
      CHECK(d.edges[static_cast<std::size_t>(SideIndex(side))] == EdgeOf(t["edges"][side]));
    }
    CheckSegments(cat, k, t, data["half_edge_order"], true);
  }
}

TEST_CASE("C-1 laid out, the block's features are count.json's block features") {
  // Built by the engine: three farms (north, east, south-west), three roads that end at the city
  // gate, two small cities, every outer edge as the perimeter list says.
  GameConfig config;
  config.options.count = true;
  const GameState state(config);
  const TileCatalog& cat = state.catalog();
  const json data = Load("count.json");
  std::map<std::string, SegmentId> roots;  // block feature name -> root
  for (const auto& t : data["tiles"]) {
    const TileKind k = cat.KindOfId(t["id"].get<std::string>());
    const int index = k - cat.block_first;
    for (const char* kind : {"cities", "roads", "farms"}) {
      for (const auto& seg : t[kind]) {
        const std::string feature = seg["block_feature"];
        const SegmentId root = state.graph().Find(
            MakeSegmentId(index, cat.SegmentIndex(k, seg["id"].get<std::string>())));
        const auto [it, inserted] = roots.emplace(feature, root);
        INFO(t["id"] << " " << seg["id"] << " belongs to " << feature);
        CHECK(it->second == root);
      }
    }
  }
  CHECK(roots.size() == data["block_features"].size() - 1);  // all but "carcassonne" itself
  // Different block features are different features.
  std::set<SegmentId> distinct;
  for (const auto& [name, root] : roots) distinct.insert(root);
  CHECK(distinct.size() == roots.size());
  // Each road and city leaves the block by one open edge.
  for (const auto& [name, root] : roots) {
    const std::string type = data["block_features"][name]["type"];
    if (type == "road" || type == "city") CHECK(state.graph().Open(root) == 1);
  }
  // The perimeter: each outer edge's type faces outwards.
  for (const auto& e : data["perimeter_clockwise_from_northwest"]) {
    const Pos pos{kBlockOrigin.x + e["x"].get<int>(), kBlockOrigin.y + e["y"].get<int>()};
    const int side = SideIndex(e["edge"]);
    const PlacedTile& t = state.placed(state.board().At(pos));
    CHECK(cat.Rotated(t.kind, t.rotation).edges[static_cast<std::size_t>(side)] ==
          EdgeOf(e["type"]));
    // The square beyond it is on the frontier.
    CHECK(state.board().FrontierAt({pos.x + kDx[side], pos.y + kDy[side]}) != nullptr);
  }
}
