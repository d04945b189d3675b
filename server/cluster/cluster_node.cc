#include "cluster/cluster_node.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>

#include "net/session.h"

namespace carc::server {
namespace {

// Rooms claimed per round: a node that comes up beside a dead one takes its rooms in a few
// rounds instead of all at once, so the other live nodes get a share.
constexpr int kClaimPerRound = 64;

}  // namespace

ClusterNode::ClusterNode(store::RoomLeases& leases, RoomRegistry& registry, ClusterMetrics& metrics,
                         Settings settings)
    : leases_(leases), registry_(registry), metrics_(metrics), settings_(std::move(settings)) {}

ClusterNode::~ClusterNode() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

RoomRegistry::RestoreReport ClusterNode::Start() {
  leases_.Join(settings_.node_id, settings_.advertise, settings_.lease);
  renewed_ = std::chrono::steady_clock::now();
  RoomRegistry::RestoreReport report;
  while (ClaimRound(report) > 0) {
  }
  metrics_.cluster_leases = static_cast<std::int64_t>(leases_.Held().size());
  spdlog::info("cluster: node {} ({}) joined with a {} ms lease", settings_.node_id,
               settings_.advertise, settings_.lease.count());
  return report;
}

void ClusterNode::Run() {
  thread_ = std::thread([this] { Loop(); });
}

void ClusterNode::Leave() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  try {
    leases_.Leave();
    spdlog::info("cluster: node {} left; its rooms are free for the other nodes",
                 settings_.node_id);
  } catch (const store::StoreError& e) {
    spdlog::error("cluster: cannot hand the rooms over ({}); they move when the leases run out",
                  e.what());
  }
  metrics_.cluster_leases = 0;
}

void ClusterNode::Loop() {
  const auto period = std::max(settings_.lease / 3, std::chrono::milliseconds(50));
  std::unique_lock lock(mu_);
  while (!stopping_) {
    wake_.wait_for(lock, period, [this] { return stopping_; });
    if (stopping_) break;
    lock.unlock();
    Tick();
    lock.lock();
  }
}

void ClusterNode::Tick() {
  const auto now = std::chrono::steady_clock::now();
  try {
    const auto lost = leases_.Renew();
    renewed_ = now;
    if (!lost.empty()) {
      spdlog::warn("cluster: {} room lease(s) lost (ran out or taken over)", lost.size());
    }
  } catch (const store::StoreError& e) {
    ++metrics_.cluster_renew_errors;
    spdlog::error("cluster: cannot renew the leases: {}", e.what());
  }
  // What is served here and not leased (lost at renewal, or refused a write) goes; all of it
  // when the leases cannot have been renewed for a whole lease.
  // The rooms in memory first, their leases second: a room is created (or claimed) with its
  // lease before it enters the registry, so one made between the two looks is in both or in
  // neither. (The other order evicted rooms made in between, under load.)
  const auto in_memory = registry_.Held();
  std::set<store::RoomId> held;
  if (now - renewed_ < settings_.lease) {
    for (const auto& l : leases_.Held()) held.insert(l.room);
  }
  for (const auto& [id, code] : in_memory) {
    if (held.count(id) > 0) continue;
    ++metrics_.cluster_rooms_lost;
    spdlog::warn("cluster: room {} is no longer this node's; its players reconnect", code);
    registry_.Evict(code, close_code::kRestart, "the room moved to another server, reconnect");
  }
  if (now - renewed_ < settings_.lease) Claim();
  metrics_.cluster_leases = static_cast<std::int64_t>(held.size());
  ShareListings();
}

void ClusterNode::ShareListings() {
  try {
    v1::RoomList mine;
    for (auto& summary : registry_.ListPublic()) *mine.add_rooms() = std::move(summary);
    std::string bytes;
    mine.SerializeToString(&bytes);
    if (!published_ || bytes != *published_) {
      leases_.PublishListing(bytes);
      published_ = std::move(bytes);
      ++metrics_.cluster_listings_published;
    }
    std::vector<v1::RoomSummary> others;
    for (const std::string& listing : leases_.OtherListings()) {
      v1::RoomList list;
      // Written by a node of this cluster; one that does not parse (a newer node's, say) is
      // left out rather than shown half.
      if (!list.ParseFromString(listing)) continue;
      for (auto& summary : *list.mutable_rooms()) others.push_back(std::move(summary));
    }
    metrics_.cluster_rooms_listed_elsewhere = static_cast<std::int64_t>(others.size());
    std::lock_guard lock(listed_mu_);
    listed_elsewhere_ = std::move(others);
  } catch (const store::StoreError& e) {
    ++metrics_.cluster_renew_errors;
    spdlog::error("cluster: cannot share the room lists: {}", e.what());
  }
}

std::vector<v1::RoomSummary> ClusterNode::ListedElsewhere() const {
  std::lock_guard lock(listed_mu_);
  return listed_elsewhere_;
}

int ClusterNode::ClaimRound(RoomRegistry::RestoreReport& report) {
  const int room = settings_.max_rooms - static_cast<int>(registry_.size());
  if (room <= 0) return 0;
  std::lock_guard restoring(restore_mu_);
  const auto claimed = leases_.ClaimOrphans(std::min(room, kClaimPerRound));
  if (claimed.empty()) return 0;
  std::vector<store::RoomId> ids;
  for (const auto& l : claimed) ids.push_back(l.room);
  const auto part = registry_.Restore(ids);
  report.restored += part.restored;
  report.quarantined.insert(report.quarantined.end(), part.quarantined.begin(),
                            part.quarantined.end());
  metrics_.cluster_rooms_claimed += claimed.size();
  return static_cast<int>(claimed.size());
}

void ClusterNode::Claim() {
  try {
    RoomRegistry::RestoreReport report;
    if (const int n = ClaimRound(report); n > 0) {
      spdlog::info("cluster: took over {} room(s) ({} rebuilt, {} quarantined)", n, report.restored,
                   report.quarantined.size());
    }
  } catch (const store::StoreError& e) {
    ++metrics_.cluster_renew_errors;
    spdlog::error("cluster: cannot claim rooms: {}", e.what());
  }
}

ClusterNode::Route ClusterNode::Take(const std::optional<store::RoomHome>& home) {
  if (!home) return {};
  if (!home->node.empty() && home->node != settings_.node_id) {
    ++metrics_.cluster_redirects;
    return {nullptr, home->advertise, ""};
  }
  // Nobody serves it (its node died or left, and no node has claimed it yet), or the store
  // says it is this node's though it is not in memory (evicted a moment ago): take it now.
  if (static_cast<int>(registry_.size()) >= settings_.max_rooms) return {};
  std::lock_guard restoring(restore_mu_);
  if (auto room = registry_.Find(home->code); room && room->room_id() == home->room) {
    return {room, "", ""};  // the loop claimed and rebuilt it meanwhile
  }
  const auto lease = leases_.Acquire(home->room);
  if (!lease) {
    // Another node was quicker: ask again where it is.
    const auto again = leases_.Locate(home->code);
    if (again && !again->node.empty() && again->node != settings_.node_id) {
      ++metrics_.cluster_redirects;
      return {nullptr, again->advertise, ""};
    }
    return {};
  }
  if (auto room = registry_.Find(home->code)) return {room, "", ""};
  registry_.Restore({home->room});
  ++metrics_.cluster_rooms_claimed;
  return {registry_.Find(home->code), "", ""};
}

ClusterNode::Route ClusterNode::ByCode(const std::string& code) {
  try {
    return Take(leases_.Locate(code));
  } catch (const store::StoreError& e) {
    ++metrics_.store_errors;
    spdlog::error("cluster: cannot find room {}: {}", code, e.what());
    return {nullptr, "", "the server cannot reach its store right now; try again"};
  }
}

ClusterNode::Route ClusterNode::ByToken(const std::string& token_hash) {
  try {
    return Take(leases_.LocateToken(token_hash));
  } catch (const store::StoreError& e) {
    ++metrics_.store_errors;
    spdlog::error("cluster: cannot find a resume token's room: {}", e.what());
    return {nullptr, "", "the server cannot reach its store right now; try again"};
  }
}

}  // namespace carc::server
