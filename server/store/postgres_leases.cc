#include "store/postgres_leases.h"

#include <algorithm>

namespace carc::server::store {
namespace {

// clock_timestamp(), not now(): now() is when the transaction began, and a batch's transaction
// may have begun before the lease ran out.
constexpr const char* kAcquire =
    "INSERT INTO room_leases (room_id, node_id, token, expires_at) "
    "SELECT id, $2, 1, clock_timestamp() + $3::INTERVAL FROM rooms "
    "WHERE id = $1::BIGINT AND state = 'open' "
    "ON CONFLICT (room_id) DO UPDATE SET node_id = EXCLUDED.node_id, "
    "token = room_leases.token + 1, expires_at = EXCLUDED.expires_at "
    "WHERE room_leases.expires_at <= clock_timestamp() OR room_leases.node_id = EXCLUDED.node_id "
    "RETURNING token";

// SKIP LOCKED: nodes claiming at once each lock different rooms; the upsert's WHERE takes a
// lease only if it is still expired once its row is locked.
constexpr const char* kClaimOrphans =
    "WITH orphans AS ("
    " SELECT r.id FROM rooms r LEFT JOIN room_leases l ON l.room_id = r.id"
    " WHERE r.state = 'open' AND (l.room_id IS NULL OR l.expires_at <= clock_timestamp())"
    " ORDER BY r.id LIMIT $2 FOR UPDATE OF r SKIP LOCKED) "
    "INSERT INTO room_leases (room_id, node_id, token, expires_at) "
    "SELECT id, $1, 1, clock_timestamp() + $3::INTERVAL FROM orphans "
    "ON CONFLICT (room_id) DO UPDATE SET node_id = EXCLUDED.node_id, "
    "token = room_leases.token + 1, expires_at = EXCLUDED.expires_at "
    "WHERE room_leases.expires_at <= clock_timestamp() "
    "RETURNING room_id, token";

// Only leases still live: one that ran out stays lost even if nobody has taken it yet, since
// this node cannot know that (it may have been paused).
constexpr const char* kRenew =
    "UPDATE room_leases AS l SET expires_at = clock_timestamp() + $2::INTERVAL "
    "FROM unnest($3::BIGINT[], $4::BIGINT[]) AS h(room_id, token) "
    "WHERE l.room_id = h.room_id AND l.token = h.token AND l.node_id = $1 "
    "AND l.expires_at > clock_timestamp() RETURNING l.room_id";

constexpr const char* kHome =
    "SELECT r.id, r.code, COALESCE(n.id, ''), COALESCE(n.advertise, '') FROM rooms r "
    "LEFT JOIN room_leases l ON l.room_id = r.id AND l.expires_at > clock_timestamp() "
    "LEFT JOIN nodes n ON n.id = l.node_id ";

std::optional<RoomHome> HomeOf(const PgResult& r) {
  if (r.rows() == 0) return std::nullopt;
  return RoomHome{r.Int(0, 0), r.Text(0, 1), r.Text(0, 2), r.Text(0, 3)};
}

}  // namespace

std::optional<std::int64_t> PgLeases::TokenOf(RoomId room) const {
  const auto it = held_.find(room);
  if (it == held_.end()) return std::nullopt;
  return it->second;
}

std::string PgLeases::Interval() const {
  return std::to_string(lease_.count()) + " milliseconds";
}

void PgLeases::Join(PgConnection& db, const std::string& node_id, const std::string& advertise,
                    std::chrono::milliseconds lease) {
  node_ = node_id;
  lease_ = lease;
  held_.clear();
  db.Exec(
      "INSERT INTO nodes (id, advertise, lease_ms) VALUES ($1, $2, $3) "
      "ON CONFLICT (id) DO UPDATE SET advertise = EXCLUDED.advertise, "
      "lease_ms = EXCLUDED.lease_ms, started_at = now(), seen_at = now(), leaving = false",
      {node_id, advertise, PgParam::Int(lease.count())});
  // A node that joins under its own id again is a new process: the old one is gone (or must be
  // fenced), so its rooms are free for the taking at once instead of when their leases run out.
  db.Exec("UPDATE room_leases SET expires_at = clock_timestamp() WHERE node_id = $1", {node_id});
}

void PgLeases::TakeNew(PgConnection& db, RoomId room) {
  db.Exec(
      "INSERT INTO room_leases (room_id, node_id, token, expires_at) "
      "VALUES ($1, $2, 1, clock_timestamp() + $3::INTERVAL)",
      {PgParam::Int(room), node_, Interval()});
  held_[room] = 1;
}

std::optional<Lease> PgLeases::Acquire(PgConnection& db, RoomId room) {
  const PgResult r = db.Exec(kAcquire, {PgParam::Int(room), node_, Interval()});
  if (r.rows() == 0) return std::nullopt;
  const Lease lease{room, r.Int(0, 0)};
  held_[room] = lease.token;
  return lease;
}

std::vector<Lease> PgLeases::ClaimOrphans(PgConnection& db, int max) {
  const PgResult r = db.Exec(kClaimOrphans, {node_, PgParam::Int(max), Interval()});
  std::vector<Lease> out;
  for (int i = 0; i < r.rows(); ++i) {
    out.push_back({r.Int(i, 0), r.Int(i, 1)});
    held_[out.back().room] = out.back().token;
  }
  std::sort(out.begin(), out.end(), [](const Lease& a, const Lease& b) { return a.room < b.room; });
  return out;
}

std::vector<RoomId> PgLeases::Renew(PgConnection& db) {
  db.Exec("UPDATE nodes SET seen_at = clock_timestamp() WHERE id = $1", {node_});
  if (held_.empty()) return {};
  std::string rooms = "{";
  std::string tokens = "{";
  for (const auto& [room, token] : held_) {
    if (rooms.size() > 1) {
      rooms += ',';
      tokens += ',';
    }
    rooms += std::to_string(room);
    tokens += std::to_string(token);
  }
  rooms += '}';
  tokens += '}';
  const PgResult r = db.Exec(kRenew, {node_, Interval(), rooms, tokens});
  std::map<RoomId, std::int64_t> kept;
  for (int i = 0; i < r.rows(); ++i) kept[r.Int(i, 0)] = held_.at(r.Int(i, 0));
  std::vector<RoomId> lost;
  for (const auto& [room, token] : held_) {
    if (kept.count(room) == 0) lost.push_back(room);
  }
  held_ = std::move(kept);
  return lost;
}

void PgLeases::Release(PgConnection& db, RoomId room) {
  const auto token = TokenOf(room);
  if (!token) return;
  held_.erase(room);
  db.Exec(
      "UPDATE room_leases SET expires_at = clock_timestamp() "
      "WHERE room_id = $1 AND node_id = $2 AND token = $3",
      {PgParam::Int(room), node_, PgParam::Int(*token)});
}

void PgLeases::Leave(PgConnection& db) {
  held_.clear();
  db.Exec("UPDATE room_leases SET expires_at = clock_timestamp() WHERE node_id = $1", {node_});
  db.Exec("UPDATE nodes SET leaving = true WHERE id = $1", {node_});
}

std::vector<Lease> PgLeases::Held() const {
  std::vector<Lease> out;
  for (const auto& [room, token] : held_) out.push_back({room, token});
  return out;
}

std::optional<RoomHome> PgLeases::Locate(PgConnection& db, const std::string& code) {
  return HomeOf(
      db.Exec(std::string(kHome) + "WHERE r.code = $1 AND r.state = 'open' LIMIT 1", {code}));
}

std::optional<RoomHome> PgLeases::LocateToken(PgConnection& db, const std::string& token_hash) {
  return HomeOf(db.Exec(std::string(kHome) + "JOIN room_tokens t ON t.room_id = r.id "
                                             "WHERE t.token_hash = $1 AND r.state = 'open' LIMIT 1",
                        {token_hash}));
}

std::vector<NodeInfo> PgLeases::Nodes(PgConnection& db) {
  const PgResult r = db.Exec(
      "SELECT n.id, n.advertise, n.leaving, "
      "n.seen_at + n.lease_ms * INTERVAL '1 millisecond' > clock_timestamp(), "
      "(SELECT count(*) FROM room_leases l "
      " WHERE l.node_id = n.id AND l.expires_at > clock_timestamp()) "
      "FROM nodes n ORDER BY n.id");
  std::vector<NodeInfo> out;
  for (int i = 0; i < r.rows(); ++i) {
    NodeInfo n;
    n.id = r.Text(i, 0);
    n.advertise = r.Text(i, 1);
    n.leaving = r.Text(i, 2) == "t";
    n.live = !n.leaving && r.Text(i, 3) == "t";
    n.rooms = static_cast<int>(r.Int(i, 4));
    out.push_back(std::move(n));
  }
  return out;
}

void PgLeases::PublishListing(PgConnection& db, const std::string& listing) {
  db.Exec("UPDATE nodes SET listing = $2 WHERE id = $1", {node_, PgParam::Bytes(listing)});
}

std::vector<std::string> PgLeases::OtherListings(PgConnection& db) {
  const PgResult r = db.Exec(
      "SELECT listing FROM nodes WHERE id <> $1 AND NOT leaving AND listing IS NOT NULL "
      "AND seen_at + lease_ms * INTERVAL '1 millisecond' > clock_timestamp() ORDER BY id",
      {node_});
  std::vector<std::string> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(r.Bytes(i, 0));
  return out;
}

std::string PgLeases::Refusal(RoomId room) const {
  if (held_.count(room) > 0) return {};
  return std::string(kLeaseLost) + "node " + node_ + " holds no lease of room " +
         std::to_string(room);
}

std::string PgLeases::Explain(PgConnection& db, RoomId room) {
  const auto token = TokenOf(room);
  const PgResult r = db.Exec(
      "SELECT node_id, token, expires_at > clock_timestamp() FROM room_leases WHERE room_id = $1",
      {PgParam::Int(room)});
  if (!token || r.rows() == 0) return Refusal(room);
  const std::string holder = r.Text(0, 0);
  const std::int64_t current = r.Int(0, 1);
  if (holder == node_ && current == *token && r.Text(0, 2) == "t") return {};  // not the lease
  held_.erase(room);
  if (holder != node_ || current != *token) {
    return std::string(kLeaseLost) + "room " + std::to_string(room) + " is now node " + holder +
           "'s (token " + std::to_string(current) + "; this node's was " + std::to_string(*token) +
           ")";
  }
  return std::string(kLeaseLost) + "this node's lease of room " + std::to_string(room) +
         " (token " + std::to_string(*token) + ") ran out";
}

}  // namespace carc::server::store
