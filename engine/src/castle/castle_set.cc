#include "carc/engine/castle/castle_set.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace carc::engine::castle {

int CastleSet::SpaceCount() const {
  int n = 0;
  for (const std::string& row : board.rows) {
    for (char c : row) n += c == '#' ? 1 : 0;
  }
  return n;
}

int CastleSet::TileCount() const {
  int n = 0;
  for (const TileDef& t : tiles) n += t.count;
  return n;
}

std::string_view FeatureName(Feature f) {
  switch (f) {
    case Feature::kPath:
      return "path";
    case Feature::kTower:
      return "tower";
    case Feature::kHouse:
      return "house";
    case Feature::kCourt:
      return "court";
  }
  return "?";
}

std::string_view FollowerName(Feature f) {
  switch (f) {
    case Feature::kPath:
      return "herald";
    case Feature::kTower:
      return "knight";
    case Feature::kHouse:
      return "squire";
    case Feature::kCourt:
      return "merchant";
  }
  return "?";
}

std::string_view SideName(int side) {
  static constexpr std::string_view kNames[kSides] = {"N", "E", "S", "W"};
  return side >= 0 && side < kSides ? kNames[side] : "?";
}

namespace {

// Checks one feature carrier (a tile or a start space): its regions and its sides.
void CheckRegions(std::ostream& out, const std::string& what, const std::vector<Region>& regions,
                  const std::vector<const SideDef*>& sides) {
  if (regions.empty()) out << what << ": no regions\n";
  if (regions.size() > 16) out << what << ": more than 16 regions\n";
  std::set<std::string> ids;
  for (const Region& r : regions) {
    if (!ids.insert(r.id).second) out << what << ": region '" << r.id << "' twice\n";
    if (r.markets < 0) out << what << ": region '" << r.id << "' has negative markets\n";
    if (r.markets > 0 && r.type != Feature::kCourt) {
      out << what << ": region '" << r.id << "' has markets but is no court\n";
    }
    if (r.fountain && r.type != Feature::kPath) {
      out << what << ": region '" << r.id << "' has a fountain but is no path\n";
    }
  }
  std::vector<int> points(regions.size(), 0);
  std::vector<int> halves(regions.size(), 0);
  const auto valid = [&](std::int8_t r) {
    return r >= 0 && static_cast<std::size_t>(r) < regions.size();
  };
  for (const SideDef* side : sides) {
    for (std::int8_t h : side->half) {
      if (!valid(h)) {
        out << what << ": a half names no region\n";
        continue;
      }
      if (regions[static_cast<std::size_t>(h)].type == Feature::kPath) {
        out << what << ": path region '" << regions[static_cast<std::size_t>(h)].id
            << "' on a half (paths cross sides at the path point)\n";
      }
      ++halves[static_cast<std::size_t>(h)];
    }
    if (side->path == kNoRegion) continue;
    if (!valid(side->path)) {
      out << what << ": a path point names no region\n";
      continue;
    }
    if (regions[static_cast<std::size_t>(side->path)].type != Feature::kPath) {
      out << what << ": region '" << regions[static_cast<std::size_t>(side->path)].id
          << "' at a path point is no path\n";
    }
    ++points[static_cast<std::size_t>(side->path)];
  }
  for (std::size_t i = 0; i < regions.size(); ++i) {
    if (points[i] + halves[i] == 0) {
      out << what << ": region '" << regions[i].id << "' is on no side\n";
    }
    if (regions[i].type == Feature::kPath && points[i] == 1 && regions[i].end == PathEnd::kNone) {
      out << what << ": path '" << regions[i].id << "' has one side point and no end\n";
    }
  }
}

}  // namespace

std::string Validate(const CastleSet& set) {
  std::ostringstream out;
  const BoardDef& b = set.board;
  const int w = set.width();
  const int h = set.height();
  if (w == 0 || h == 0) out << "board: no rows\n";
  // The state keeps cell indices in 16 bits (CastleState::frontier_).
  if (w > CastleSet::kMaxBoardSide || h > CastleSet::kMaxBoardSide) {
    out << "board: at most " << CastleSet::kMaxBoardSide << " columns and "
        << CastleSet::kMaxBoardSide << " rows\n";
  }
  for (const std::string& row : b.rows) {
    if (static_cast<int>(row.size()) != w) out << "board: rows of different lengths\n";
    for (char c : row) {
      if (c != '#' && c != '.') out << "board: rows may only hold '#' and '.'\n";
    }
  }
  // One orthogonally connected area.
  const int spaces = set.SpaceCount();
  if (spaces == 0) {
    out << "board: no spaces\n";
  } else if (out.tellp() == 0) {
    std::vector<char> seen(static_cast<std::size_t>(w * h), 0);
    std::vector<Pos> todo;
    for (int y = 0; y < h && todo.empty(); ++y) {
      for (int x = 0; x < w && todo.empty(); ++x) {
        if (set.IsSpace({x, y})) todo.push_back({x, y});
      }
    }
    seen[static_cast<std::size_t>(todo[0].y * w + todo[0].x)] = 1;
    int reached = 0;
    while (!todo.empty()) {
      const Pos p = todo.back();
      todo.pop_back();
      ++reached;
      for (int s = 0; s < kSides; ++s) {
        const Pos q{p.x + kDx[s], p.y + kDy[s]};
        if (!set.IsSpace(q) || seen[static_cast<std::size_t>(q.y * w + q.x)]) continue;
        seen[static_cast<std::size_t>(q.y * w + q.x)] = 1;
        todo.push_back(q);
      }
    }
    if (reached != spaces) out << "board: the spaces are not one connected area\n";
  }
  std::set<std::pair<int, int>> used_sides;
  std::set<std::string> start_ids;
  for (const StartSpace& s : b.start_spaces) {
    const std::string what = "start space " + s.id;
    if (!start_ids.insert(s.id).second) out << what << ": id used twice\n";
    if (!set.IsSpace(s.space)) out << what << ": not against a space\n";
    if (s.side < 0 || s.side >= kSides) {
      out << what << ": bad side\n";
      continue;
    }
    if (set.IsSpace({s.space.x + kDx[s.side], s.space.y + kDy[s.side]})) {
      out << what << ": side " << SideName(s.side) << " is not a wall side\n";
    }
    if (!used_sides.insert({s.space.y * w + s.space.x, s.side}).second) {
      out << what << ": another start space lies on the same side\n";
    }
    CheckRegions(out, what, s.regions, {&s.edge});
  }
  std::set<std::string> tile_ids;
  for (const TileDef& t : set.tiles) {
    const std::string what = "tile " + t.id;
    if (!tile_ids.insert(t.id).second) out << what << ": id used twice\n";
    if (t.count < 1) out << what << ": count below 1\n";
    CheckRegions(out, what, t.regions, {&t.sides[0], &t.sides[1], &t.sides[2], &t.sides[3]});
  }
  if (set.TileCount() == 0) out << "tiles: none\n";
  if (b.track_length < 2) out << "track: too short\n";
  std::set<int> fields;
  int without = 0;
  int with = 0;
  for (std::size_t i = 0; i < b.corner_towers.size(); ++i) {
    const CornerTower& t = b.corner_towers[i];
    const std::string what = "corner tower " + std::to_string(i);
    for (int f : t.fields) {
      if (f < 0 || f >= b.track_length) out << what << ": field " << f << " off the track\n";
      if (!fields.insert(f).second) out << what << ": field " << f << " shared\n";
    }
    if ((t.fields[0] + 1) % std::max(1, b.track_length) != t.fields[1]) {
      out << what << ": fields not consecutive\n";
    }
    (t.wall_tile ? with : without) += 1;
  }
  if (without != 1) out << "track: exactly one corner tower must start without a wall tile\n";
  if (with > 18) out << "track: more than 18 corner towers with a wall tile (K-3)\n";
  return out.str();
}

}  // namespace carc::engine::castle
