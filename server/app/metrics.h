// Counters for GET /metrics (Prometheus text format): the network layer's (net/net_metrics.h),
// the rooms' and the cluster's. Thread-safe: atomics and one mutex for the labelled counts.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "accounts/account_metrics.h"
#include "app/replay_cache.h"
#include "bots/bot_pool.h"
#include "cluster/cluster_metrics.h"
#include "net/api_workers.h"
#include "net/net_metrics.h"
#include "store/event_store.h"

namespace carc::server {

// The network layer's, the rooms' and the cluster's counters (their own headers say what each
// is), and the application's.
class Metrics final : public NetMetrics, public ClusterMetrics {
 public:
  // Analyses of archived games (app/game_analysis.h): started, finished, refused for
  // --max-analyses, and running now.
  std::atomic<std::uint64_t> analyses_started{0};
  std::atomic<std::uint64_t> analyses_done{0};
  std::atomic<std::uint64_t> analyses_refused{0};
  std::atomic<std::int64_t> analyses_running{0};
  // Heap memory given back to the system after many connections left (app/memory_return.h).
  std::atomic<std::uint64_t> memory_trims{0};

  // A refused request, by its error code or rule reason.
  void Reject(const std::string& reason) override;
  // Time from a command's arrival to its broadcast being ready to send (observed before it is).
  void ObserveCommandLatency(double seconds) override;

  std::string Render() const override;
  // The store whose group-commit figures /metrics shows (set once, before serving).
  void WatchStore(const store::EventStore* store) { store_ = store; }
  // The computer players' pool whose figures /metrics shows (none: no carc_bot_* lines).
  void WatchBots(const bots::BotMetrics* bots) { bots_ = bots; }
  // The HTTP API's threads and its replay cache.
  void WatchApi(const ApiWorkerMetrics* api, const ReplayCache* replays) {
    api_ = api;
    replays_ = replays;
  }
  // The accounts and the threads that hash their passwords.
  void WatchAccounts(const accounts::AccountMetrics* accounts, const ApiWorkerMetrics* hashing) {
    accounts_ = accounts;
    hashing_ = hashing;
  }
  // A part's own lines (the push notices: app/push_metrics.h), written after the others. Added
  // before serving.
  void AddSection(std::function<void(std::ostream&)> section) {
    sections_.push_back(std::move(section));
  }

 private:
  static constexpr std::array<double, 10> kBuckets = {0.0001, 0.00025, 0.0005, 0.001, 0.0025,
                                                      0.005,  0.01,    0.025,  0.05,  0.1};
  const store::EventStore* store_ = nullptr;
  const bots::BotMetrics* bots_ = nullptr;
  const ApiWorkerMetrics* api_ = nullptr;
  const ReplayCache* replays_ = nullptr;
  const accounts::AccountMetrics* accounts_ = nullptr;
  const ApiWorkerMetrics* hashing_ = nullptr;
  std::vector<std::function<void(std::ostream&)>> sections_;
  mutable std::mutex mu_;
  std::map<std::string, std::uint64_t> rejections_;
  std::array<std::uint64_t, kBuckets.size() + 1> latency_counts_{};
  double latency_sum_ = 0;
  std::uint64_t latency_count_ = 0;
};

}  // namespace carc::server
