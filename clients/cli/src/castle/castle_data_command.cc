// `carcassonne castle-data --check [--board FILE] [--tiles FILE]`
#include <fstream>
#include <iostream>
#include <sstream>

#include "args.h"
#include "carc/codec/castle/castle_data.h"
#include "castle/castle_commands.h"

namespace carc::cli {
namespace {

constexpr const char* kCastleDataHelp =
    "usage: carcassonne castle-data --check [--board FILE] [--tiles FILE]\n"
    "Validates The Castle's board and tile files (docs/castle-data.md) and prints a summary:\n"
    "spaces, start spaces, corner towers, tiles by feature. Without --board/--tiles it checks\n"
    "the files built into this binary. Exit 0 valid, 2 invalid or unreadable.\n";

bool Read(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return static_cast<bool>(in);
}

}  // namespace

int CastleDataCommand(int argc, char** argv) {
  namespace castle = engine::castle;
  Args args(argc, argv, 2, {"board", "tiles"}, {"check", "help"});
  if (args.Has("help")) {
    std::cout << kCastleDataHelp;
    return 0;
  }
  if (!args.error().empty() || !args.positional().empty()) {
    std::cerr << "carcassonne castle-data: "
              << (args.error().empty() ? "unexpected argument" : args.error()) << "\n"
              << kCastleDataHelp;
    return 2;
  }
  std::string board(codec::DefaultCastleBoardJson());
  std::string tiles(codec::DefaultCastleTilesJson());
  for (const char* which : {"board", "tiles"}) {
    if (!args.Has(which)) continue;
    const std::string path = args.Get(which, "");
    if (!Read(path, which[0] == 'b' ? board : tiles)) {
      std::cerr << "carcassonne castle-data: cannot read " << path << "\n";
      return 2;
    }
  }
  auto parsed = codec::ParseCastleSet(board, tiles);
  if (const auto* error = std::get_if<std::string>(&parsed)) {
    std::cerr << "carcassonne castle-data: invalid:\n" << *error;
    if (!error->empty() && error->back() != '\n') std::cerr << "\n";
    return 2;
  }
  const castle::CastleSet& set = std::get<castle::CastleSet>(parsed);
  int with_tile = 0;
  for (const auto& t : set.board.corner_towers) with_tile += t.wall_tile ? 1 : 0;
  std::cout << "board: " << set.board.provenance << ", " << set.width() << "x" << set.height()
            << ", " << set.SpaceCount() << " spaces, " << set.board.start_spaces.size()
            << " start spaces, track " << set.board.track_length << " fields, "
            << set.board.corner_towers.size() << " corner towers (" << with_tile
            << " with a wall tile)\n";
  std::cout << "start spaces:";
  for (const auto& s : set.board.start_spaces) {
    std::cout << " " << s.id << "(";
    for (std::size_t i = 0; i < s.regions.size(); ++i) {
      std::cout << (i ? "+" : "") << castle::FeatureName(s.regions[i].type);
      if (s.regions[i].markets > 0) std::cout << "*market";
    }
    std::cout << ")";
  }
  std::cout << "\n";
  int with[castle::kFeatures] = {0, 0, 0, 0};
  int markets = 0;
  int fountains = 0;
  int squares = 0;
  int mixed = 0;
  for (const auto& t : set.tiles) {
    bool has[castle::kFeatures] = {false, false, false, false};
    bool square = false;
    for (const auto& r : t.regions) {
      has[static_cast<int>(r.type)] = true;
      markets += t.count * r.markets;
      fountains += r.fountain ? t.count : 0;
      square = square || r.end == castle::PathEnd::kSquare;
    }
    squares += square ? t.count : 0;
    int kinds = 0;
    for (int f = 1; f < castle::kFeatures; ++f) kinds += has[f] ? 1 : 0;
    mixed += kinds >= 2 ? t.count : 0;
    for (int f = 0; f < castle::kFeatures; ++f) with[f] += has[f] ? t.count : 0;
  }
  std::cout << "tiles: " << set.tiles_provenance << ", " << set.TileCount() << " tiles of "
            << set.tiles.size() << " kinds; with a path " << with[0] << ", tower " << with[1]
            << ", house " << with[2] << ", court " << with[3] << "; " << markets << " markets, "
            << fountains << " fountains, " << squares << " squares, " << mixed
            << " mixed (two or more of tower, house, court)\n";
  std::cout << "valid\n";
  return 0;
}

}  // namespace carc::cli
