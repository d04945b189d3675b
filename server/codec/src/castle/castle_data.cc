#include "carc/codec/castle/castle_data.h"

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "carc/codec/json_limits.h"

namespace carc::codec {
namespace embedded {
extern const std::string_view kCastleBoardJson;
extern const std::string_view kCastleTilesJson;
}  // namespace embedded

namespace {

using engine::castle::CastleSet;
using engine::castle::Feature;
using engine::castle::PathEnd;
using engine::castle::Region;
using engine::castle::SideDef;
using json = nlohmann::ordered_json;

struct ParseError {
  std::string message;
};

[[noreturn]] void Fail(const std::string& where, const std::string& what) {
  throw ParseError{where + ": " + what};
}

// Data files come from the command line too: the same limits as records.
json Limited(std::string_view text, const std::string& where) {
  auto parsed = ParseLimitedJson(text, where);
  if (const auto* why = std::get_if<std::string>(&parsed)) throw ParseError{*why};
  return std::move(std::get<json>(parsed));
}

const json& Need(const json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) Fail(where, std::string("missing \"") + key + "\"");
  return j.at(key);
}

std::string String(const json& j, const char* key, const std::string& where) {
  const json& v = Need(j, key, where);
  if (!v.is_string()) Fail(where, std::string("\"") + key + "\" must be a string");
  return v.get<std::string>();
}

int Int(const json& j, const std::string& where) {
  if (!j.is_number_integer()) Fail(where, "expected an integer");
  return j.get<int>();
}

engine::Pos PosOf(const json& j, const std::string& where) {
  if (!j.is_array() || j.size() != 2) Fail(where, "expected [x, y]");
  return {Int(j[0], where), Int(j[1], where)};
}

int SideOf(const std::string& s, const std::string& where) {
  for (int i = 0; i < engine::kSides; ++i) {
    if (engine::castle::SideName(i) == s) return i;
  }
  Fail(where, "side must be N, E, S or W, not '" + s + "'");
}

// `regions` as an object of id -> {type, ...}; region indices follow the file's order.
std::vector<Region> RegionsOf(const json& j, const std::string& where) {
  if (!j.is_object() || j.empty()) Fail(where, "\"regions\" must be a non-empty object");
  std::vector<Region> out;
  for (const auto& [id, r] : j.items()) {
    const std::string w = where + " region '" + id + "'";
    Region region;
    region.id = id;
    const std::string type = String(r, "type", w);
    if (type == "path") {
      region.type = Feature::kPath;
    } else if (type == "tower") {
      region.type = Feature::kTower;
    } else if (type == "house") {
      region.type = Feature::kHouse;
    } else if (type == "court") {
      region.type = Feature::kCourt;
    } else {
      Fail(w, "type must be path, tower, house or court, not '" + type + "'");
    }
    for (const auto& [key, value] : r.items()) {
      if (key == "type") continue;
      if (key == "fountain") {
        if (!value.is_boolean()) Fail(w, "\"fountain\" must be true or false");
        region.fountain = value.get<bool>();
      } else if (key == "markets") {
        region.markets = Int(value, w + " markets");
      } else if (key == "end") {
        const std::string end = value.is_string() ? value.get<std::string>() : "";
        if (end == "square") {
          region.end = PathEnd::kSquare;
        } else if (end == "building") {
          region.end = PathEnd::kBuilding;
        } else {
          Fail(w, "\"end\" must be \"square\" or \"building\"");
        }
      } else {
        Fail(w, "unknown key \"" + key + "\"");
      }
    }
    out.push_back(std::move(region));
  }
  return out;
}

// "A P B": half, path point ("-": none), half, by region id.
SideDef SideDefOf(const json& j, const std::vector<Region>& regions, const std::string& where) {
  if (!j.is_string()) Fail(where, "a side is a string \"A P B\"");
  std::vector<std::string> words;
  std::string word;
  for (char c : j.get<std::string>() + " ") {
    if (c != ' ') {
      word += c;
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  if (words.size() != 3) Fail(where, "a side is three words \"A P B\"");
  const auto index = [&](const std::string& id) -> std::int8_t {
    for (std::size_t i = 0; i < regions.size(); ++i) {
      if (regions[i].id == id) return static_cast<std::int8_t>(i);
    }
    Fail(where, "no region '" + id + "'");
  };
  SideDef side;
  side.half[0] = index(words[0]);
  side.path = words[1] == "-" ? engine::castle::kNoRegion : index(words[1]);
  side.half[1] = index(words[2]);
  return side;
}

void CheckFormat(const json& j, const char* format, const std::string& where) {
  if (String(j, "format", where) != format) {
    Fail(where, std::string("format must be \"") + format + "\"");
  }
}

}  // namespace

std::variant<CastleSet, std::string> ParseCastleSet(std::string_view board_json,
                                                    std::string_view tiles_json) {
  CastleSet set;
  try {
    const json board = Limited(board_json, "board");
    CheckFormat(board, "carcassonne-castle-board/1", "board");
    set.board.provenance = String(board, "provenance", "board");
    set.board.note = board.value("note", "");
    for (const json& row : Need(board, "rows", "board")) {
      if (!row.is_string()) Fail("board", "rows are strings");
      set.board.rows.push_back(row.get<std::string>());
    }
    for (const json& s : Need(board, "start_spaces", "board")) {
      engine::castle::StartSpace start;
      start.id = String(s, "id", "board start space");
      const std::string w = "board start space " + start.id;
      start.space = PosOf(Need(s, "space", w), w + " space");
      start.side = SideOf(String(s, "side", w), w);
      start.regions = RegionsOf(Need(s, "regions", w), w);
      start.edge = SideDefOf(Need(s, "edge", w), start.regions, w + " edge");
      set.board.start_spaces.push_back(std::move(start));
    }
    const json& track = Need(board, "track", "board");
    set.board.track_length = Int(Need(track, "length", "board track"), "board track length");
    for (const json& t : Need(track, "corner_towers", "board track")) {
      engine::castle::CornerTower tower;
      const json& fields = Need(t, "fields", "board corner tower");
      if (!fields.is_array() || fields.size() != 2) Fail("board corner tower", "two fields");
      tower.fields = {Int(fields[0], "board corner tower"), Int(fields[1], "board corner tower")};
      const std::string w = "board corner tower " + std::to_string(tower.fields[0]) + "/" +
                            std::to_string(tower.fields[1]);
      tower.wall_tile = t.value("wall_tile", true);
      if (t.contains("corner")) tower.corner = PosOf(t.at("corner"), w + " corner");
      set.board.corner_towers.push_back(tower);
    }
    const json tiles = Limited(tiles_json, "tiles");
    CheckFormat(tiles, "carcassonne-castle-tiles/1", "tiles");
    set.tiles_provenance = String(tiles, "provenance", "tiles");
    set.tiles_note = tiles.value("note", "");
    for (const json& t : Need(tiles, "tiles", "tiles")) {
      engine::castle::TileDef def;
      def.id = String(t, "id", "tile");
      const std::string w = "tile " + def.id;
      def.count = t.contains("count") ? Int(t.at("count"), w + " count") : 1;
      def.regions = RegionsOf(Need(t, "regions", w), w);
      const json& sides = Need(t, "sides", w);
      for (int s = 0; s < engine::kSides; ++s) {
        const std::string name(engine::castle::SideName(s));
        def.sides[static_cast<std::size_t>(s)] =
            SideDefOf(Need(sides, name.c_str(), w), def.regions, w + " side " + name);
      }
      set.tiles.push_back(std::move(def));
    }
  } catch (const ParseError& e) {
    return e.message;
  } catch (const nlohmann::json::exception& e) {
    return std::string("not valid JSON: ") + e.what();
  }
  if (std::string e = engine::castle::Validate(set); !e.empty()) return e;
  return set;
}

namespace {

json RegionsJson(const std::vector<Region>& regions) {
  json out = json::object();
  for (const Region& r : regions) {
    json j = {{"type", std::string(engine::castle::FeatureName(r.type))}};
    if (r.markets > 0) j["markets"] = r.markets;
    if (r.fountain) j["fountain"] = true;
    if (r.end == PathEnd::kSquare) j["end"] = "square";
    if (r.end == PathEnd::kBuilding) j["end"] = "building";
    out[r.id] = j;
  }
  return out;
}

std::string SideJson(const SideDef& side, const std::vector<Region>& regions) {
  const auto id = [&](std::int8_t r) {
    return r == engine::castle::kNoRegion ? std::string("-")
                                          : regions[static_cast<std::size_t>(r)].id;
  };
  return id(side.half[0]) + " " + id(side.path) + " " + id(side.half[1]);
}

}  // namespace

std::string WriteCastleBoardJson(const CastleSet& set) {
  json board = {{"format", "carcassonne-castle-board/1"},
                {"provenance", set.board.provenance},
                {"note", set.board.note},
                {"rows", set.board.rows}};
  json starts = json::array();
  for (const auto& s : set.board.start_spaces) {
    starts.push_back({{"id", s.id},
                      {"space", {s.space.x, s.space.y}},
                      {"side", std::string(engine::castle::SideName(s.side))},
                      {"regions", RegionsJson(s.regions)},
                      {"edge", SideJson(s.edge, s.regions)}});
  }
  board["start_spaces"] = starts;
  json towers = json::array();
  for (const auto& t : set.board.corner_towers) {
    json j = {{"fields", t.fields}};
    if (!t.wall_tile) j["wall_tile"] = false;
    j["corner"] = {t.corner.x, t.corner.y};
    towers.push_back(j);
  }
  board["track"] = {{"length", set.board.track_length}, {"corner_towers", towers}};
  return board.dump();
}

std::string WriteCastleTilesJson(const CastleSet& set) {
  json tiles = json::array();
  for (const auto& t : set.tiles) {
    json sides = json::object();
    for (int s = 0; s < engine::kSides; ++s) {
      sides[std::string(engine::castle::SideName(s))] =
          SideJson(t.sides[static_cast<std::size_t>(s)], t.regions);
    }
    tiles.push_back(
        {{"id", t.id}, {"count", t.count}, {"regions", RegionsJson(t.regions)}, {"sides", sides}});
  }
  return json({{"format", "carcassonne-castle-tiles/1"},
               {"provenance", set.tiles_provenance},
               {"note", set.tiles_note},
               {"tiles", tiles}})
      .dump();
}

std::shared_ptr<const CastleSet> DefaultCastleSet() {
  static const std::shared_ptr<const CastleSet> kSet = [] {
    auto parsed = ParseCastleSet(embedded::kCastleBoardJson, embedded::kCastleTilesJson);
    // The embedded files are checked by tests; a broken build must not start games.
    if (auto* set = std::get_if<CastleSet>(&parsed)) {
      return std::make_shared<const CastleSet>(std::move(*set));
    }
    std::abort();
  }();
  return kSet;
}

std::string_view DefaultCastleBoardJson() {
  return embedded::kCastleBoardJson;
}
std::string_view DefaultCastleTilesJson() {
  return embedded::kCastleTilesJson;
}

}  // namespace carc::codec
