#include "game_options.h"

#include <algorithm>
#include <sstream>

#include "games/registry.h"

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

std::string ParseRules(const std::string& list,
                       std::vector<std::pair<std::string, std::string>>& out) {
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos) return "--rules takes NAME=VALUE items, not '" + item + "'";
    out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return {};
}

std::string ParseRandomGames(Args& args, std::int64_t default_games, std::int64_t max_games,
                             RandomGames& out) {
  out.games = args.Int("games", default_games, 1, max_games);
  out.players = static_cast<int>(args.Int("players", 2, 2, 6));
  out.seed = static_cast<std::uint64_t>(args.Int("seed", 1, 0, INT64_MAX));
  if (!args.error().empty()) return args.error();
  const std::string name = args.Get("game", "base");
  out.game = server::FindGameNamed(name);
  if (out.game == nullptr || name.empty()) {
    return "--game takes " + server::GameNames(" or ") + ", not '" + name + "'";
  }
  const std::string expansion = args.Get("expansion", "none");
  if (expansion != "none") {
    // An expansion is an on/off option of the game (the Count: count, C-1..C-6).
    const auto specs = out.game->game().Options();
    const bool known = std::any_of(specs.begin(), specs.end(), [&](const engine::OptionSpec& o) {
      return o.name == expansion && o.type == engine::OptionType::kBool;
    });
    if (!known) {
      return "--expansion takes none or an on/off option of --game " + name + ", not '" +
             expansion + "'";
    }
    out.options.emplace_back(expansion, "true");
  }
  if (std::string e = ParseRules(args.Get("rules", ""), out.options); !e.empty()) return e;
  // The game itself says what its setups may be (players, option names and values).
  auto first = out.game->game().NewState(SetupFor(out, 0));
  if (const auto* why = std::get_if<std::string>(&first)) return *why;
  return {};
}

engine::GameSetup SetupFor(const RandomGames& run, std::int64_t index) {
  engine::GameSetup setup;
  setup.players = run.players;
  setup.seed = Mix(run.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(index));
  setup.options = run.options;
  return setup;
}

std::unique_ptr<engine::State> NewGame(const RandomGames& run, std::int64_t index) {
  return std::get<std::unique_ptr<engine::State>>(run.game->game().NewState(SetupFor(run, index)));
}

std::uint64_t PlayerSeed(std::uint64_t seed, std::int64_t index) {
  return Mix(~seed + static_cast<std::uint64_t>(index) * 0x2545f4914f6cdd1dULL);
}

}  // namespace carc::cli
