// What a cluster node counts beside its rooms' figures: an interface the application implements
// (app/metrics.h), so that cluster/ depends on nothing above it.
//
// Contract: thread-safe, as RoomMetrics.
#pragma once

#include <atomic>
#include <cstdint>

#include "rooms/room_metrics.h"

namespace carc::server {

class ClusterMetrics : public RoomMetrics {
 public:
  // Rooms taken over from other nodes, rooms lost to them, clients sent to another node,
  // renewals that failed, and the leases held now.
  std::atomic<std::uint64_t> cluster_rooms_claimed{0};
  std::atomic<std::uint64_t> cluster_rooms_lost{0};
  std::atomic<std::uint64_t> cluster_redirects{0};
  std::atomic<std::uint64_t> cluster_renew_errors{0};
  std::atomic<std::int64_t> cluster_leases{0};
  // The room list shared between nodes: this node's published (when it changed), and the
  // other nodes' public rooms it lists now.
  std::atomic<std::uint64_t> cluster_listings_published{0};
  std::atomic<std::int64_t> cluster_rooms_listed_elsewhere{0};

 protected:
  ClusterMetrics() = default;
  ~ClusterMetrics() = default;
};

}  // namespace carc::server
