#include "game_options.h"

#include <sstream>

#include "carc/codec/castle_data.h"

namespace carc::cli {
namespace {

std::uint64_t Mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

}  // namespace

std::string ParseRules(const std::string& list, engine::Options& options) {
  std::istringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos) return "--rules takes NAME=VALUE items, not '" + item + "'";
    if (std::string e = engine::SetOption(options, item.substr(0, eq), item.substr(eq + 1));
        !e.empty()) {
      return e;
    }
  }
  return {};
}

std::string ParseRandomGames(Args& args, std::int64_t default_games, std::int64_t max_games,
                             RandomGames& out) {
  out.games = args.Int("games", default_games, 1, max_games);
  out.players = static_cast<int>(args.Int("players", 2, 2, 6));
  out.seed = static_cast<std::uint64_t>(args.Int("seed", 1, 0, INT64_MAX));
  if (!args.error().empty()) return args.error();
  const std::string game = args.Get("game", "base");
  if (game == "castle") {
    // K-1: The Castle is for exactly two and has no expansions.
    if (out.players != 2) return "--game castle is for exactly 2 players (K-1)";
    if (args.Has("expansion") && args.Get("expansion", "") != "none") {
      return "--game castle takes no --expansion";
    }
    out.castle = true;
    std::istringstream in(args.Get("rules", ""));
    for (std::string item; std::getline(in, item, ',');) {
      if (item.empty()) continue;
      const auto eq = item.find('=');
      if (eq == std::string::npos) return "--rules takes NAME=VALUE items, not '" + item + "'";
      if (std::string e = engine::castle::SetCastleOption(out.castle_options, item.substr(0, eq),
                                                          item.substr(eq + 1));
          !e.empty()) {
        return e;
      }
    }
    return {};
  }
  if (game != "base") return "--game takes base or castle, not '" + game + "'";
  const std::string expansion = args.Get("expansion", "none");
  if (expansion == "count") {
    out.options.count = true;  // C-1..C-6
  } else if (expansion != "none") {
    return "--expansion takes none or count, not '" + expansion + "'";
  }
  return ParseRules(args.Get("rules", ""), out.options);
}

engine::GameConfig GameConfigFor(int players, std::uint64_t seed, std::int64_t index,
                                 const engine::Options& options) {
  engine::GameConfig c;
  c.players = players;
  c.seed = Mix(seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(index));
  c.options = options;
  return c;
}

engine::castle::CastleConfig CastleConfigFor(std::uint64_t seed, std::int64_t index,
                                             const engine::castle::CastleOptions& options) {
  engine::castle::CastleConfig c;
  c.set = codec::DefaultCastleSet();
  c.seed = Mix(seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(index));
  c.options = options;
  return c;
}

std::uint64_t PlayerSeed(std::uint64_t seed, std::int64_t index) {
  return Mix(~seed + static_cast<std::uint64_t>(index) * 0x2545f4914f6cdd1dULL);
}

}  // namespace carc::cli
