#include "ratings/weng_lin.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace carc::ratings {

namespace {

// A pair's outcome for player i against q: 1 a win (a smaller place), 0 a loss, 0.5 a tie.
double Outcome(int place_i, int place_q) {
  if (place_i < place_q) return 1.0;
  if (place_i > place_q) return 0.0;
  return 0.5;
}

}  // namespace

std::vector<Rating> RateGame(std::span<const Standing> standings, const Params& params) {
  return RateGame(standings, Damping{}, params);
}

std::vector<Rating> RateGame(std::span<const Standing> standings, const Damping& damping,
                             const Params& params) {
  const std::size_t n = standings.size();
  const bool weighted = damping.weights.size() == n * n;
  // The margin of mu that gives the reach's chance: p = 1 / (1 + e^(-margin / c)).
  const double reach_logit = damping.reach > 0.0 && damping.reach < 1.0
                                 ? std::log(damping.reach / (1.0 - damping.reach))
                                 : 0.0;
  std::vector<Rating> prior;
  prior.reserve(standings.size());
  for (const Standing& s : standings) {
    Rating r = s.before;
    if (!s.fixed) r.sigma = std::sqrt(r.sigma * r.sigma + params.tau * params.tau);
    prior.push_back(r);
  }
  if (n < 2) return prior;
  const double two_beta_sq = 2.0 * params.beta * params.beta;
  std::vector<Rating> after = prior;
  for (std::size_t i = 0; i < n; ++i) {
    if (standings[i].fixed) {
      after[i] = standings[i].before;
      continue;
    }
    const double sigma_sq = prior[i].sigma * prior[i].sigma;
    double omega = 0.0;
    double delta = 0.0;
    double reach = -std::numeric_limits<double>::infinity();
    for (std::size_t q = 0; q < n; ++q) {
      if (q == i) continue;
      const double c = std::sqrt(sigma_sq + prior[q].sigma * prior[q].sigma + two_beta_sq);
      // The model's chance that i outscores q.
      const double p = 1.0 / (1.0 + std::exp((prior[q].mu - prior[i].mu) / c));
      const double eta = sigma_sq / c;
      const double gamma = prior[i].sigma / c;
      const double w = weighted ? damping.weights[i * n + q] : 1.0;
      const double s = Outcome(standings[i].place, standings[q].place);
      omega += w * eta * (s - p);
      delta += w * gamma * eta / c * p * (1.0 - p);
      if (reach_logit > 0.0 && s >= 0.5) {
        reach = std::max(reach, Conservative(prior[q]) + c * reach_logit);
      }
    }
    after[i].mu = prior[i].mu + omega;
    // A win is evidence of being at least so strong, not of how much stronger (the logistic
    // saturates): past the reach it lifts nothing.
    if (reach_logit > 0.0 && omega > 0.0) {
      after[i].mu = std::min(after[i].mu, std::max(prior[i].mu, reach));
    }
    after[i].sigma = prior[i].sigma * std::sqrt(std::max(1.0 - delta, params.kappa));
  }
  return after;
}

Rating AfterIdle(Rating rating, double days, const Params& params) {
  if (!(days > 0.0) || rating.sigma >= params.sigma) return rating;
  const double grown = std::sqrt(rating.sigma * rating.sigma + params.idle_per_day * days);
  rating.sigma = std::min(grown, params.sigma);
  return rating;
}

std::vector<int> PlacesFromScores(std::span<const FinalScore> finals) {
  int stayed = 0;
  for (const FinalScore& f : finals) stayed += f.left ? 0 : 1;
  std::vector<int> places;
  places.reserve(finals.size());
  for (const FinalScore& f : finals) {
    int better = 0;
    for (const FinalScore& other : finals) better += !other.left && other.score > f.score ? 1 : 0;
    places.push_back(f.left ? stayed : better);  // those who left: after everyone who stayed
  }
  return places;
}

double Conservative(const Rating& rating) {
  return rating.mu - 3.0 * rating.sigma;
}

int Displayed(const Rating& rating) {
  return static_cast<int>(std::lround(1000.0 + 30.0 * Conservative(rating)));
}

}  // namespace carc::ratings
