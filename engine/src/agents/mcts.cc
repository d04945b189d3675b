#include "carc/engine/agents/mcts.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "carc/engine/agents/lead.h"

namespace carc::engine {

struct MctsSearch::Node {
  Move move;
  std::uint64_t observation = 0;
  Seat mover = 0;
  std::uint32_t visits = 0;
  std::uint32_t available = 0;
  double reward = 0;
  double lead = 0;
  std::vector<std::int32_t> children;
};

namespace {

// A tree that outgrows this stops adding nodes and only walks and plays out (about 100 MB).
constexpr std::size_t kMaxNodes = 1'000'000;
constexpr std::uint64_t kStopEvery = 16;

}  // namespace

MctsSearch::MctsSearch(const State& root, std::uint64_t seed, MctsConfig config)
    : root_(root.Clone()), seat_(root.ToMove()), rng_(seed), config_(config) {
  nodes_.emplace_back();
  root_->LegalMoves(seat_, root_moves_);
}

MctsSearch::~MctsSearch() = default;

void MctsSearch::Run(std::uint64_t iterations, const std::function<bool()>& stop) {
  for (std::uint64_t i = 0; i < iterations; ++i) {
    if (stop && i != 0 && i % kStopEvery == 0 && stop()) return;
    Iterate();
  }
}

void MctsSearch::Iterate() {
  const std::unique_ptr<State> s = root_->Clone();
  s->KeepEvents(false);
  s->Determinize(seat_, rng_);
  path_.assign(1, 0);
  std::int32_t node = 0;
  while (!s->IsOver()) {
    const Seat mover = s->ToMove();
    const std::uint64_t observation = s->Observation();
    s->LegalMoves(mover, legal_);
    if (legal_.empty()) break;
    std::sort(legal_.begin(), legal_.end());
    tried_.assign(legal_.size(), false);
    // Every child legal in this draw was available to choose: count it (SO-ISMCTS).
    std::int32_t best = -1;
    double best_value = -std::numeric_limits<double>::infinity();
    std::size_t untried = legal_.size();
    for (const std::int32_t c : nodes_[static_cast<std::size_t>(node)].children) {
      Node& child = nodes_[static_cast<std::size_t>(c)];
      if (child.observation != observation || child.mover != mover) continue;
      const auto it = std::lower_bound(legal_.begin(), legal_.end(), child.move);
      if (it == legal_.end() || *it != child.move) continue;
      tried_[static_cast<std::size_t>(it - legal_.begin())] = true;
      --untried;
      ++child.available;
      const double value =
          child.reward / child.visits +
          config_.exploration *
              std::sqrt(std::log(static_cast<double>(child.available)) / child.visits);
      if (value > best_value) best_value = value, best = c;
    }
    if (untried > 0 && nodes_.size() < kMaxNodes) {
      // Expand one move not tried yet, drawn uniformly, then play out from there.
      std::size_t pick = rng_.Below(static_cast<std::uint32_t>(untried));
      std::size_t index = 0;
      while (tried_[index] || pick > 0) {
        if (!tried_[index]) --pick;
        ++index;
      }
      const Move move = legal_[index];
      if (s->Apply(mover, move) != RejectReason::kNone) break;
      const auto child = static_cast<std::int32_t>(nodes_.size());
      nodes_.push_back(Node{move, observation, mover, 0, 1, 0, 0, {}});
      nodes_[static_cast<std::size_t>(node)].children.push_back(child);
      path_.push_back(child);
      break;
    }
    if (best < 0) break;
    if (s->Apply(mover, nodes_[static_cast<std::size_t>(best)].move) != RejectReason::kNone) break;
    node = best;
    path_.push_back(node);
  }
  s->PlayOut(rng_);

  // Each seat's reward and lead from the final scores.
  const int players = s->players();
  const std::vector<int> scores = s->Scores();
  const std::vector<Seat> winners = s->Winners();
  reward_.assign(static_cast<std::size_t>(players), 0.0);
  lead_.assign(static_cast<std::size_t>(players), 0.0);
  for (Seat p = 0; p < players; ++p) {
    const double lead = LeadOf(scores, *s, p);
    const bool won = std::find(winners.begin(), winners.end(), p) != winners.end();
    const double win = won ? 1.0 / static_cast<double>(winners.size()) : 0.0;
    lead_[static_cast<std::size_t>(p)] = lead;
    reward_[static_cast<std::size_t>(p)] =
        (1 - config_.margin_weight) * win +
        config_.margin_weight * (1 + std::tanh(lead / config_.margin_scale)) / 2;
  }
  for (const std::int32_t n : path_) {
    Node& visited = nodes_[static_cast<std::size_t>(n)];
    ++visited.visits;
    if (n == 0) continue;
    visited.reward += reward_[static_cast<std::size_t>(visited.mover)];
    visited.lead += lead_[static_cast<std::size_t>(visited.mover)];
  }
  ++iterations_;
}

std::vector<MoveStats> MctsSearch::RootStats() const {
  std::vector<MoveStats> out;
  out.reserve(root_moves_.size());
  for (const Move& m : root_moves_) {
    MoveStats stats{m, 0, 0, 0};
    for (const std::int32_t c : nodes_.front().children) {
      const Node& child = nodes_[static_cast<std::size_t>(c)];
      if (child.move != m) continue;
      stats.visits += child.visits;
      stats.reward += child.reward;
      stats.lead += child.lead;
    }
    out.push_back(stats);
  }
  return out;
}

std::vector<MoveStats> MergeStats(std::span<const std::vector<MoveStats>> searches) {
  if (searches.empty()) return {};
  std::vector<MoveStats> out = searches.front();
  for (std::size_t i = 1; i < searches.size(); ++i) {
    for (std::size_t m = 0; m < out.size() && m < searches[i].size(); ++m) {
      out[m].visits += searches[i][m].visits;
      out[m].reward += searches[i][m].reward;
      out[m].lead += searches[i][m].lead;
    }
  }
  return out;
}

Move MostVisited(std::span<const MoveStats> stats) {
  const MoveStats* best = nullptr;
  for (const MoveStats& s : stats) {
    if (best == nullptr || s.visits > best->visits ||
        (s.visits == best->visits && s.reward > best->reward)) {
      best = &s;
    }
  }
  return best == nullptr ? Move{} : best->move;
}

}  // namespace carc::engine
