#include "arena/arena_ratings.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

namespace carc::cli {
namespace {

struct Log {
  std::string a, b;
  std::vector<std::pair<double, double>> games;  // the sides' mean scores
};

// The pool a run's options play, or "" when they are not a pool's. `arena` writes its room
// options as [name, value] pairs: `--expansion count` is [["count","true"]], any other pair a
// house rule.
std::string PoolOf(const nlohmann::json& header) {
  const std::string game = header.value("arena", "");
  const auto& options = header.contains("options") ? header["options"] : nlohmann::json::array();
  if (!options.is_array()) return "";
  if (game == "castle") return options.empty() ? "castle" : "";
  if (game != "base") return "";
  if (options.empty()) return "base";
  if (options.size() == 1 && options[0] == nlohmann::json::array({"count", "true"})) return "count";
  return "";
}

// The solution of a x = b for a symmetric positive definite `a` (Gaussian elimination; the
// systems here are as small as the levels of one pool).
std::vector<double> Solve(std::vector<std::vector<double>> a, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t k = 0; k < n; ++k) {
    for (std::size_t r = k + 1; r < n; ++r) {
      const double f = a[r][k] / a[k][k];
      for (std::size_t c = k; c < n; ++c) a[r][c] -= f * a[k][c];
      b[r] -= f * b[k];
    }
  }
  std::vector<double> x(n);
  for (std::size_t k = n; k-- > 0;) {
    double v = b[k];
    for (std::size_t c = k + 1; c < n; ++c) v -= a[k][c] * x[c];
    x[k] = v / a[k][k];
  }
  return x;
}

// The levels' skills given the games: the mode of the posterior whose prior is a new player's,
// N(mu0, sigma0^2) each, and whose likelihood is the model's Bradley-Terry one for known skills,
// P(a beats b) = 1 / (1 + exp(-(mu_a - mu_b) / c)), c = sqrt(2) beta, a tie counting half; each
// sigma is the spread of that posterior's Laplace approximation (the inverse of its curvature)
// given the levels' mean.
// The log posterior is strictly concave, so Newton's method finds its one maximum.
std::vector<ratings::Rating> FitLevels(
    std::size_t n, const std::vector<std::tuple<std::size_t, std::size_t, double>>& games) {
  const ratings::Params params;
  const double c = std::sqrt(2.0) * params.beta;
  const double prior = 1.0 / (params.sigma * params.sigma);
  std::vector<double> mu(n, params.mu);
  std::vector<std::vector<double>> curvature;  // minus the log posterior's Hessian
  for (int step = 0; step < 200; ++step) {
    std::vector<double> gradient(n);
    curvature.assign(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i) {
      gradient[i] = -(mu[i] - params.mu) * prior;
      curvature[i][i] = prior;
    }
    for (const auto& [a, b, s] : games) {
      const double p = 1.0 / (1.0 + std::exp(-(mu[a] - mu[b]) / c));
      gradient[a] += (s - p) / c;
      gradient[b] -= (s - p) / c;
      const double w = p * (1.0 - p) / (c * c);
      curvature[a][a] += w;
      curvature[b][b] += w;
      curvature[a][b] -= w;
      curvature[b][a] -= w;
    }
    const std::vector<double> move = Solve(curvature, gradient);
    double largest = 0;
    for (std::size_t i = 0; i < n; ++i) {
      mu[i] += move[i];
      largest = std::max(largest, std::abs(move[i]));
    }
    if (largest < 1e-12) break;
  }
  // The covariance, conditioned on the levels' mean: the priors alike, the mode's mean is mu0
  // exactly, and that anchor is the scale's definition, not something the games leave unsure.
  std::vector<std::vector<double>> cov(n);
  std::vector<double> row_sums(n, 0.0);
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> unit(n, 0.0);
    unit[i] = 1.0;
    cov[i] = Solve(curvature, unit);
    for (const double v : cov[i]) row_sums[i] += v;
    total += row_sums[i];
  }
  std::vector<ratings::Rating> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = {mu[i], std::sqrt(std::max(0.0, cov[i][i] - row_sums[i] * row_sums[i] / total))};
  }
  return out;
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
  // Every game once, whatever its order: (level a, level b, a's result: 1, 1/2 or 0).
  std::map<std::string, std::size_t> index;
  std::vector<std::tuple<std::size_t, std::size_t, double>> games;
  for (const Log& log : read) {
    const std::size_t a = index.try_emplace(log.a, index.size()).first->second;
    const std::size_t b = index.try_emplace(log.b, index.size()).first->second;
    for (const auto& [score_a, score_b] : log.games) {
      games.emplace_back(a, b, score_a > score_b ? 1.0 : score_a < score_b ? 0.0 : 0.5);
      ++out.levels[log.a].games;
      ++out.levels[log.b].games;
      ++out.games;
    }
  }
  const std::vector<ratings::Rating> fitted = FitLevels(index.size(), games);
  for (const auto& [level, i] : index) out.levels[level].rating = fitted[i];
  return out;
}

}  // namespace carc::cli
