#include "bots/computer_player.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "carc/engine/agents/greedy_agent.h"
#include "carc/engine/random_agent.h"

namespace carc::bots {

Choice ComputerPlayer::Choose(const engine::State& state, const std::function<bool()>& cancelled,
                              int threads) {
  const engine::Seat seat = state.ToMove();
  const std::unique_ptr<engine::State> view = state.Clone();
  view->KeepEvents(false);
  view->Determinize(seat, rng_);
  switch (level_.kind) {
    case BotKind::kRandom:
      return {engine::RandomAgent(rng_.Next()).Choose(*view), 0, {}};
    case BotKind::kGreedy:
      return {engine::GreedyAgent(rng_.Next()).Choose(*view), 0, {}};
    case BotKind::kMcts:
      break;
  }
  const std::vector<engine::Move> legal = view->LegalMoves(seat);
  if (legal.size() == 1) return {legal.front(), 0, {}};

  const auto deadline = std::chrono::steady_clock::now() + level_.budget;
  const bool by_count = iterations_per_ms_ > 0;
  const auto stop = [&] {
    return (!by_count && std::chrono::steady_clock::now() >= deadline) ||
           (cancelled && cancelled());
  };
  const int count = threads < 1 ? 1 : threads;
  // By count, the threads share the iterations: the same work on any number of threads.
  const std::uint64_t limit =
      by_count
          ? std::max<std::uint64_t>(1, static_cast<std::uint64_t>(level_.budget.count()) *
                                           iterations_per_ms_ / static_cast<std::uint64_t>(count))
          : ~std::uint64_t{0};
  std::vector<std::unique_ptr<engine::MctsSearch>> searches;
  for (int i = 0; i < count; ++i) {
    searches.push_back(std::make_unique<engine::MctsSearch>(*view, rng_.Next()));
  }
  {
    std::vector<std::jthread> helpers;
    for (int i = 1; i < count; ++i) {
      helpers.emplace_back([&, i] { searches[static_cast<std::size_t>(i)]->Run(limit, stop); });
    }
    searches.front()->Run(limit, stop);
  }
  std::vector<std::vector<engine::MoveStats>> roots;
  Choice choice;
  for (const auto& s : searches) {
    roots.push_back(s->RootStats());
    choice.iterations += s->iterations();
  }
  choice.stats = engine::MergeStats(roots);
  choice.move = engine::MostVisited(choice.stats);
  return choice;
}

}  // namespace carc::bots
