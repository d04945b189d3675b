// Counters for GET /metrics (Prometheus text format): the network layer's (net/net_metrics.h)
// and the rooms'. Thread-safe: atomics and one mutex for the labelled rejection counts.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "app/api_workers.h"
#include "app/replay_cache.h"
#include "bots/bot_pool.h"
#include "net/net_metrics.h"
#include "store/event_store.h"

namespace carc::server {

class Metrics final : public NetMetrics {
 public:
  std::atomic<std::int64_t> rooms_lobby{0};
  std::atomic<std::int64_t> rooms_playing{0};
  std::atomic<std::int64_t> rooms_finished{0};
  std::atomic<std::uint64_t> commands{0};
  std::atomic<std::uint64_t> games_finished{0};
  // Votes on absent players carried (ABANDON_POLICY_VOTE), by what they decided.
  std::atomic<std::uint64_t> absent_votes_skip{0};
  std::atomic<std::uint64_t> absent_votes_end{0};
  // Analyses of archived games (app/game_analysis.h): started, finished, refused for
  // --max-analyses, and running now.
  std::atomic<std::uint64_t> analyses_started{0};
  std::atomic<std::uint64_t> analyses_done{0};
  std::atomic<std::uint64_t> analyses_refused{0};
  std::atomic<std::int64_t> analyses_running{0};
  // Hints searched and sent (RoomOptions.hints); refusals are in carc_rejections_total.
  std::atomic<std::uint64_t> hints_given{0};
  std::atomic<std::uint64_t> store_errors{0};
  std::atomic<std::uint64_t> rooms_restored{0};
  std::atomic<std::uint64_t> rooms_quarantined{0};
  // Room creations (CreateRoom, Rematch) refused by --max-rooms / --max-rooms-per-address.
  std::atomic<std::uint64_t> rooms_refused_max_rooms{0};
  std::atomic<std::uint64_t> rooms_refused_per_address{0};
  // Rooms disposed of by the sweeper, by why.
  std::atomic<std::uint64_t> rooms_disposed_empty_lobby{0};
  std::atomic<std::uint64_t> rooms_disposed_finished{0};
  std::atomic<std::uint64_t> rooms_disposed_abandoned{0};
  // The cluster (cluster/cluster_node.h): rooms taken over from other nodes, rooms lost to
  // them, clients sent to another node, renewals that failed, and the leases held now.
  std::atomic<std::uint64_t> cluster_rooms_claimed{0};
  std::atomic<std::uint64_t> cluster_rooms_lost{0};
  std::atomic<std::uint64_t> cluster_redirects{0};
  std::atomic<std::uint64_t> cluster_renew_errors{0};
  std::atomic<std::int64_t> cluster_leases{0};
  // The room list shared between nodes: this node's published (when it changed), and the
  // other nodes' public rooms it lists now.
  std::atomic<std::uint64_t> cluster_listings_published{0};
  std::atomic<std::int64_t> cluster_rooms_listed_elsewhere{0};
  // Heap memory given back to the system after many connections left (app/memory_return.h).
  std::atomic<std::uint64_t> memory_trims{0};

  // A refused request, by its error code or rule reason.
  void Reject(const std::string& reason) override;
  // Time from a command's arrival to its broadcast being ready to send (observed before it is).
  void ObserveCommandLatency(double seconds);

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

 private:
  static constexpr std::array<double, 10> kBuckets = {0.0001, 0.00025, 0.0005, 0.001, 0.0025,
                                                      0.005,  0.01,    0.025,  0.05,  0.1};
  const store::EventStore* store_ = nullptr;
  const bots::BotMetrics* bots_ = nullptr;
  const ApiWorkerMetrics* api_ = nullptr;
  const ReplayCache* replays_ = nullptr;
  mutable std::mutex mu_;
  std::map<std::string, std::uint64_t> rejections_;
  std::array<std::uint64_t, kBuckets.size() + 1> latency_counts_{};
  double latency_sum_ = 0;
  std::uint64_t latency_count_ = 0;
};

}  // namespace carc::server
