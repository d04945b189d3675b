// What the network layer counts, and where it reports refusals: a small interface the
// application implements (app/metrics.h), so that net/ depends on nothing above it.
//
// Contract: thread-safe; the counters are atomics, Reject() and Render() are the
// implementation's to make safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace carc::server {

class NetMetrics {
 public:
  // Open WebSocket connections, and open TCP connections of any kind.
  std::atomic<std::int64_t> connections{0};
  std::atomic<std::int64_t> tcp_connections{0};
  std::atomic<std::uint64_t> messages_in{0};
  // WebSocket reads: one per frame, or per 256 bytes of a longer one.
  std::atomic<std::uint64_t> ws_reads{0};
  std::atomic<std::uint64_t> bytes_out{0};
  std::atomic<std::uint64_t> slow_readers_dropped{0};
  // Connections refused at accept by the total and the per-address cap.
  std::atomic<std::uint64_t> refused_total{0};
  std::atomic<std::uint64_t> refused_per_address{0};
  // accept() failures; those for lack of descriptors or memory pause accepting.
  std::atomic<std::uint64_t> accept_failures{0};
  // Bytes queued to WebSocket clients and not yet written to their sockets, and the most one
  // connection ever had queued.
  std::atomic<std::int64_t> write_queue_bytes{0};
  std::atomic<std::int64_t> write_queue_peak_bytes{0};
  std::atomic<std::uint64_t> lobby_idle_closed{0};

  // A refused message or request, by why ("malformed_message", "rate_limited", ...).
  virtual void Reject(const std::string& reason) = 0;
  // GET /metrics: every counter of the process, in Prometheus text format.
  virtual std::string Render() const = 0;

 protected:
  NetMetrics() = default;
  ~NetMetrics() = default;
};

}  // namespace carc::server
