// What the rooms need from a connection: send bytes, close with a code, and a little state
// about who is on the other end. The WebSocket transport implements it; tests can too.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace carc::server {

// What a connection is a member of: opaque to the network layer, which only asks whether a
// membership is live. The layer above derives its rooms from it and casts back.
class MembershipHost {
 public:
  virtual ~MembershipHost() = default;
};

// WebSocket close codes used by the server (docs/protocol.md).
namespace close_code {
inline constexpr std::uint16_t kNormal = 1000;
inline constexpr std::uint16_t kPolicy = 1008;    // flood, slow reader (write queue over its bound)
inline constexpr std::uint16_t kTooBig = 1009;    // sent by the transport itself
inline constexpr std::uint16_t kRestart = 1012;   // server restarting: reconnect with the token
inline constexpr std::uint16_t kReplaced = 4000;  // a newer connection took the seat
inline constexpr std::uint16_t kKicked = 4001;    // removed by the host
inline constexpr std::uint16_t kHandshake = 4002;  // no Hello in time
inline constexpr std::uint16_t kLobbyIdle = 4003;  // in no room, silent for --lobby-idle-timeout
inline constexpr std::uint16_t kBanned = 4004;     // the account was banned
}  // namespace close_code

// The account a connection is signed in as: set by the transport from the upgrade's session
// cookie or Bearer token, checked against the store before the socket opened. Fixed for the
// connection's life (signing out elsewhere does not change an open socket's account).
struct SocketAccount {
  std::int64_t id = 0;  // 0: a guest
  std::string name;
  // Until when the fair-play limit keeps the account from new seats in rated rooms (seconds
  // since the Unix epoch; 0: it does not), as read when the connection was made.
  std::int64_t rated_barred_until = 0;
  bool signed_in() const { return id != 0; }
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  virtual ~Session() = default;

  // Thread-safe. Queues one serialized ServerMessage; the buffer is shared, never copied.
  virtual void Send(std::shared_ptr<const std::string> bytes) = 0;
  // Thread-safe. Sends what is queued, then closes with `code`.
  virtual void Close(std::uint16_t code, std::string reason) = 0;
  virtual const std::string& id() const = 0;
  // The client's IP address as text ("" when unknown): the key of per-address limits. Behind a
  // trusted reverse proxy it is the address the proxy reports, not the proxy's own.
  const std::string& peer_address() const { return peer_address_; }
  const SocketAccount& account() const { return account_; }

  // Membership (any thread). One connection holds at most one seat or spectator place in at
  // most one room. The lobby claims the connection before it hands a join, create or resume to
  // a room; the room then either makes it a member or releases the claim:
  //   free --ClaimMembership--> claimed --set_membership--> member --Leave--> free
  //   claimed --ReleaseClaim--> free;  member --Supersede--> superseded (final, closing)
  //   any --Disconnect--> gone (final)
  struct Membership {
    // Weak: a room holds its members' sessions, and a session must not keep its room alive
    // (no ownership cycle). A room that is gone leaves its members free.
    std::weak_ptr<MembershipHost> host;
    int seat = -1;  // -1 = spectator (when host is set)
    bool in_room() const { return !host.expired(); }
  };
  Membership membership() const {
    std::lock_guard lock(mu_);
    return membership_;
  }
  // False (nothing claimed) while the connection is in a room, claimed, or gone.
  bool ClaimMembership() {
    std::lock_guard lock(mu_);
    if (gone_ || superseded_ || claimed_ || membership_.in_room()) return false;
    claimed_ = true;
    return true;
  }
  // The room refused the claimed join: the connection is free again.
  void ReleaseClaim() {
    std::lock_guard lock(mu_);
    claimed_ = false;
  }
  // Makes the claim a membership. False once the connection is gone: it never becomes a member
  // after its disconnect was handled, so no room keeps a seat for a dead connection.
  bool set_membership(Membership m) {
    std::lock_guard lock(mu_);
    if (gone_) return false;
    membership_ = std::move(m);
    claimed_ = false;
    return true;
  }
  // A member's seat changed within `host` (seat moves, the start's compaction).
  void set_seat(const MembershipHost* host, int seat) {
    std::lock_guard lock(mu_);
    if (membership_.host.lock().get() == host) membership_.seat = seat;
  }
  // Clears the membership only if it still points at `host` (a newer join wins).
  void Leave(const MembershipHost* host) {
    std::lock_guard lock(mu_);
    if (membership_.host.lock().get() == host) membership_ = {};
  }
  // A newer connection took this one's seat in `host`: it leaves, and is closing (code 4000).
  // Whatever it sent before its close reached it is dropped unanswered: a "join a room first"
  // error racing ahead of the close would tell the client the wrong reason.
  void Supersede(const MembershipHost* host) {
    std::lock_guard lock(mu_);
    if (membership_.host.lock().get() == host) membership_ = {};
    superseded_ = true;
  }
  bool superseded() const {
    std::lock_guard lock(mu_);
    return superseded_;
  }
  // The connection is gone: returns the membership it had (to tell its room) and drops it.
  Membership Disconnect() {
    std::lock_guard lock(mu_);
    gone_ = true;
    claimed_ = false;
    return std::exchange(membership_, {});
  }
  std::string name() const {
    std::lock_guard lock(mu_);
    return name_;
  }
  void set_name(std::string n) {
    std::lock_guard lock(mu_);
    name_ = std::move(n);
  }

 protected:
  // Set once by the transport before the session is shared with any other thread.
  void set_peer_address(std::string address) { peer_address_ = std::move(address); }
  void set_account(SocketAccount account) { account_ = std::move(account); }

 private:
  std::string peer_address_;
  SocketAccount account_;
  mutable std::mutex mu_;
  Membership membership_;
  bool claimed_ = false;
  bool gone_ = false;
  bool superseded_ = false;
  std::string name_;
};

}  // namespace carc::server
