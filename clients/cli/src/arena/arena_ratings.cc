#include "arena/arena_ratings.h"

#include <nlohmann/json.hpp>
#include <sstream>

namespace carc::cli {
namespace {

struct Log {
  std::string a, b;
  std::vector<std::pair<double, double>> games;  // the sides' mean scores
};

// The pool a run's options play, or "" when they are not a pool's.
std::string PoolOf(const nlohmann::json& header) {
  const std::string game = header.value("arena", "");
  const auto& options = header.contains("options") ? header["options"] : nlohmann::json::array();
  if (!options.is_array()) return "";
  if (game == "castle") return options.empty() ? "castle" : "";
  if (game != "base") return "";
  if (options.empty()) return "base";
  if (options.size() == 1 && options[0] == "count=true") return "count";
  return "";
}

}  // namespace

std::variant<ArenaRatings, std::string> RateArenaLogs(const std::vector<std::string>& logs) {
  ArenaRatings out;
  std::vector<Log> read;
  for (std::size_t i = 0; i < logs.size(); ++i) {
    const std::string where = "log " + std::to_string(i + 1) + ": ";
    std::istringstream in(logs[i]);
    std::string line;
    if (!std::getline(in, line)) return where + "empty";
    const auto header = nlohmann::json::parse(line, nullptr, false);
    if (header.is_discarded() || !header.is_object()) return where + "the first line is not JSON";
    const std::string pool = PoolOf(header);
    if (pool.empty()) return where + "not a rating pool's game (house rules or an unknown game)";
    if (header.value("players", 0) != 2)
      return where + "the yardstick is measured in 2-player games";
    if (!out.pool.empty() && out.pool != pool) {
      return where + "pool " + pool + ", but the others are " + out.pool;
    }
    out.pool = pool;
    Log log{header.value("a", ""), header.value("b", ""), {}};
    if (log.a.empty() || log.b.empty()) return where + "no levels a and b";
    if (log.a == log.b) return where + "a level against itself says nothing of its strength";
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      const auto game = nlohmann::json::parse(line, nullptr, false);
      if (game.is_discarded() || !game.contains("mean_a") || !game.contains("mean_b") ||
          !game["mean_a"].is_number() || !game["mean_b"].is_number()) {
        return where + "a line that is not a game";
      }
      log.games.emplace_back(game["mean_a"].get<double>(), game["mean_b"].get<double>());
    }
    read.push_back(std::move(log));
  }
  if (read.empty()) return std::string("no logs");
  std::size_t longest = 0;
  for (const Log& log : read) longest = std::max(longest, log.games.size());
  for (std::size_t g = 0; g < longest; ++g) {
    for (const Log& log : read) {
      if (g >= log.games.size()) continue;
      LevelRating& a = out.levels[log.a];
      LevelRating& b = out.levels[log.b];
      const auto [score_a, score_b] = log.games[g];
      const std::vector<ratings::Standing> standings = {{a.rating, score_a >= score_b ? 0 : 1},
                                                        {b.rating, score_b >= score_a ? 0 : 1}};
      const auto after = ratings::RateGame(standings);
      a.rating = after[0];
      b.rating = after[1];
      ++a.games;
      ++b.games;
      ++out.games;
    }
  }
  return out;
}

}  // namespace carc::cli
