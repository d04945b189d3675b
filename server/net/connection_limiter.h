// Caps on open TCP connections, in total and per client address. A connection holds a
// ConnectionSlot from accept until its socket is closed; the slot moves from the HTTP session
// into the WebSocket session on upgrade, so both kinds count alike.
//
// Contract: thread-safe; TryAcquire never blocks on I/O. A cap of 0 means no cap. Addresses are
// grouped by AddressKey: IPv4 addresses one by one, IPv6 addresses by their /64 prefix (one
// host usually holds a whole /64, so counting single IPv6 addresses would cap nothing).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>

namespace carc::server {

class ConnectionLimiter;

// Releases its place in the limiter when destroyed. Move-only; an empty slot holds nothing.
class ConnectionSlot {
 public:
  ConnectionSlot() = default;
  ConnectionSlot(ConnectionSlot&& other) noexcept;
  ConnectionSlot& operator=(ConnectionSlot&& other) noexcept;
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ~ConnectionSlot();

  bool held() const { return limiter_ != nullptr; }
  // The client's address as given to TryAcquire (or Rebind).
  const std::string& address() const { return address_; }
  // Counts the connection under another client address from now on: a trusted reverse proxy's
  // connection turns out to carry `address`'s WebSocket. False (nothing changed) when that
  // address is at its cap.
  bool Rebind(const std::string& address);

 private:
  friend class ConnectionLimiter;
  ConnectionSlot(std::shared_ptr<ConnectionLimiter> limiter, std::string address, std::string key);
  void Release();

  std::shared_ptr<ConnectionLimiter> limiter_;
  std::string address_;
  std::string key_;
};

class ConnectionLimiter : public std::enable_shared_from_this<ConnectionLimiter> {
 public:
  enum class Refusal { kTotal, kPerAddress };

  // `open_gauge`, if given, follows the number of slots held (it must outlive every slot).
  ConnectionLimiter(std::size_t max_total, std::size_t max_per_address,
                    std::atomic<std::int64_t>* open_gauge = nullptr);

  // A slot for one more connection from `address`, or why not. Without `per_address_cap` the
  // connection counts only in the total (a trusted reverse proxy's, whose clients are only
  // known from their requests: see ConnectionSlot::Rebind).
  std::variant<ConnectionSlot, Refusal> TryAcquire(const std::string& address,
                                                   bool per_address_cap = true);

  std::size_t open() const;
  std::size_t open_from(const std::string& address) const;
  std::size_t max_total() const { return max_total_; }
  std::size_t max_per_address() const { return max_per_address_; }

 private:
  friend class ConnectionSlot;
  void Release(const std::string& key);
  bool Move(const std::string& from_key, const std::string& to_key);

  const std::size_t max_total_;
  const std::size_t max_per_address_;
  std::atomic<std::int64_t>* const open_gauge_;
  mutable std::mutex mu_;
  std::size_t open_ = 0;
  std::unordered_map<std::string, std::size_t> per_key_;
};

// The key under which `address` is counted: the IPv4 address itself (also for an IPv4-mapped
// IPv6 address), the /64 prefix of an IPv6 address, the text unchanged if it is no address.
std::string AddressKey(const std::string& address);

// "total" or "per_address": the label of a refusal in /metrics.
const char* RefusalName(ConnectionLimiter::Refusal refusal);

}  // namespace carc::server
