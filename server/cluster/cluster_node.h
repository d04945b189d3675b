// This server's part in a cluster of servers sharing one PostgreSQL store: it holds the leases
// of the rooms it serves (store/room_leases.h), renews them, takes over the rooms of nodes that
// died or left, gives up the rooms it lost, and tells clients where a room it does not serve is.
//
// Contract:
// - Start (before the port opens) joins the cluster and rebuilds the orphaned rooms it claims.
// - Run starts one thread that, every lease/3: renews the leases; evicts every room in memory
//   whose lease this node no longer holds (its connections close with 1012, "reconnect": the
//   reconnection is sent where the room is now), and all of them when no renewal has succeeded
//   for a whole lease; claims orphaned rooms up to --max-rooms and rebuilds them; publishes
//   this node's public rooms when they changed and reads the other live nodes' (polling:
//   docs/benchmarks.md measures how stale that leaves the room list, and what it costs).
// - ListedElsewhere gives the other nodes' public rooms as last read: at most about two
//   periods old (theirs published, ours read), empty until the first read.
// - ByCode and ByToken are for the lobby when a room is not in memory: a room no live node
//   serves is taken here and rebuilt from its log; one another node serves gives that node's
//   URL to redirect to. Thread-safe; they call the store (a few milliseconds on a LAN).
// - Leave (planned shutdown, after the store is flushed) stops the thread and hands every room
//   over at once. The destructor stops the thread without leaving (the leases then run out).
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "cluster/cluster_metrics.h"
#include "rooms/room_locator.h"
#include "rooms/room_registry.h"
#include "store/room_leases.h"

namespace carc::server {

class ClusterNode final : public RoomLocator {
 public:
  struct Settings {
    std::string node_id;
    std::string advertise;
    std::chrono::milliseconds lease{3000};
    int max_rooms = 2000;
  };
  ClusterNode(store::RoomLeases& leases, RoomRegistry& registry, ClusterMetrics& metrics,
              Settings settings);
  ~ClusterNode() override;
  ClusterNode(const ClusterNode&) = delete;
  ClusterNode& operator=(const ClusterNode&) = delete;

  RoomRegistry::RestoreReport Start();
  void Run();
  void Leave();

  Route ByCode(const std::string& code) override;
  Route ByToken(const std::string& token_hash) override;
  std::vector<v1::RoomSummary> ListedElsewhere() const override;

  const Settings& settings() const { return settings_; }

 private:
  void Loop();
  void Tick();
  void Claim();
  // Claims up to one round of orphaned rooms (within --max-rooms) and rebuilds them; returns
  // how many it claimed. Throws StoreError.
  int ClaimRound(RoomRegistry::RestoreReport& report);
  Route Take(const std::optional<store::RoomHome>& home);
  // Publishes this node's public rooms when they changed; reads the others'.
  void ShareListings();

  store::RoomLeases& leases_;
  RoomRegistry& registry_;
  ClusterMetrics& metrics_;
  const Settings settings_;
  std::chrono::steady_clock::time_point renewed_;
  // One rebuild at a time: the loop's claims and the lobby's takeovers may meet on one room.
  std::mutex restore_mu_;
  // The listing last published (the loop's thread only); none at first, so that a restarted
  // node replaces what its previous process left in the store even when it lists nothing.
  std::optional<std::string> published_;
  mutable std::mutex listed_mu_;
  std::vector<v1::RoomSummary> listed_elsewhere_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace carc::server
