// The PostgreSQL statements of the room leases (room_leases.h) and what this node holds.
//
// Contract: not thread-safe; the PostgreSQL store calls it with its connection's mutex held.
// Before Join, joined() is false and the store writes without fencing (a single server).
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "store/pg_connection.h"
#include "store/room_leases.h"

namespace carc::server::store {

class PgLeases {
 public:
  bool joined() const { return !node_.empty(); }
  const std::string& node() const { return node_; }
  // This node's token for `room`, or nullopt when it holds no lease of it.
  std::optional<std::int64_t> TokenOf(RoomId room) const;

  void Join(PgConnection& db, const std::string& node_id, const std::string& advertise,
            std::chrono::milliseconds lease);
  // Inside CreateRoom's transaction: the new room's lease, token 1.
  void TakeNew(PgConnection& db, RoomId room);
  std::optional<Lease> Acquire(PgConnection& db, RoomId room);
  // Stops holding the room here without telling the store (it cannot be reached): no append
  // of this node passes Refusal again, the lease runs out, and the room is rebuilt from its
  // log by whichever node takes it, this one included.
  void Forget(RoomId room) { held_.erase(room); }
  std::vector<Lease> ClaimOrphans(PgConnection& db, int max);
  std::vector<RoomId> Renew(PgConnection& db);
  void Release(PgConnection& db, RoomId room);
  void Leave(PgConnection& db);
  std::vector<Lease> Held() const;

  std::optional<RoomHome> Locate(PgConnection& db, const std::string& code);
  std::optional<RoomHome> LocateToken(PgConnection& db, const std::string& token_hash);
  std::vector<NodeInfo> Nodes(PgConnection& db);
  void PublishListing(PgConnection& db, const std::string& listing);
  std::vector<std::string> OtherListings(PgConnection& db);

  // Why this node may not write to `room` now ("" when it may), from what it holds; the
  // statement that writes checks the store's lease again.
  std::string Refusal(RoomId room) const;
  // Why a fenced write touched no row: the room's lease as the store has it.
  std::string Explain(PgConnection& db, RoomId room);

 private:
  std::string Interval() const;

  std::string node_;
  std::chrono::milliseconds lease_{0};
  std::map<RoomId, std::int64_t> held_;
};

}  // namespace carc::server::store
