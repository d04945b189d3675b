// Room ownership in a cluster: each open room is served by one node at a time, the holder of
// its lease in the shared store. A lease carries a fencing token; every append of the room's
// log checks, in the same statement, that this node still holds the lease with that token and
// that it has not expired, so a node that lost its lease (paused past it, cut off, or replaced)
// can never write to the room again.
//
// Contract:
// - Every method is thread-safe and throws StoreError when the store cannot be reached.
// - All times are the store's clock, so that the nodes' clocks never have to agree.
// - Join comes first. From then on CreateRoom gives the new room's lease to this node in the
//   same transaction, and appends to a room this node holds no lease of fail with a message
//   that starts with kLeaseLost.
// - A lease lasts `lease` from its last renewal. Renew extends every lease this node holds and
//   returns the rooms it no longer holds (expired before the renewal, or taken by a node that
//   found them expired); the node must stop serving those at once.
// - Acquiring (Acquire, ClaimOrphans) always issues a new token, higher than every earlier one
//   of the room.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/event_store.h"

namespace carc::server::store {

// How every refused append's message starts.
inline constexpr const char* kLeaseLost = "lease lost: ";
// How an append's message starts when the store lost its connection while committing it and
// could not ask afterwards whether the commit took place: the entry may be in the log or not.
// The node gives the room's lease up at once (it writes to the room no more), so the room is
// rebuilt from the log, which is the truth either way.
inline constexpr const char* kInDoubt = "in doubt: ";

struct Lease {
  RoomId room = 0;
  std::int64_t token = 0;
};

// Where a room is served.
struct RoomHome {
  RoomId room = 0;
  std::string code;
  std::string node;       // "" when no live node holds its lease
  std::string advertise;  // that node's WebSocket URL
};

struct NodeInfo {
  std::string id;
  std::string advertise;
  bool live = false;  // renewed within its lease and not leaving
  bool leaving = false;
  int rooms = 0;  // live leases
};

class RoomLeases {
 public:
  virtual ~RoomLeases() = default;

  // Registers this node (again, after a restart) with the URL clients reach it at.
  virtual void Join(const std::string& node_id, const std::string& advertise,
                    std::chrono::milliseconds lease) = 0;
  // Takes the room's lease when no other node holds a live one. nullopt: another node does.
  virtual std::optional<Lease> Acquire(RoomId room) = 0;
  // Takes the leases of up to `max` open rooms that no node holds a live lease of (a node died
  // or left), oldest room first; nodes claiming at once never take the same room.
  virtual std::vector<Lease> ClaimOrphans(int max) = 0;
  // Extends this node's leases; returns the rooms it has lost.
  virtual std::vector<RoomId> Renew() = 0;
  // Gives the room's lease up at once (another node may take it).
  virtual void Release(RoomId room) = 0;
  // Gives every lease up and marks this node as leaving (a planned shutdown).
  virtual void Leave() = 0;
  // The rooms this node holds.
  virtual std::vector<Lease> Held() const = 0;

  // The open room with this invite code, and who serves it; nullopt when there is none.
  virtual std::optional<RoomHome> Locate(const std::string& code) = 0;
  // Resume tokens are found by their hash on any node: the room that issued it.
  virtual void IndexToken(const std::string& token_hash, RoomId room) = 0;
  virtual std::optional<RoomHome> LocateToken(const std::string& token_hash) = 0;
  virtual std::vector<NodeInfo> Nodes() = 0;

  // The public rooms this node serves, as opaque bytes (a serialized carc.v1.RoomList) that
  // replace what it published before.
  virtual void PublishListing(const std::string& listing) = 0;
  // What every other live node published last (a node that died or left lists nothing).
  virtual std::vector<std::string> OtherListings() = 0;
};

}  // namespace carc::server::store
