// What the network layer is told by whoever starts it (server/app builds it from the flags):
// where to listen, and the limits each connection lives under.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace carc::server {

struct NetConfig {
  std::string bind = "0.0.0.0";
  std::uint16_t port = 8080;
  // Open TCP connections in total (0 = derived from the descriptor limit, descriptor_limit.h)
  // and from one client address (an IPv6 /64 counts as one; 0 = no cap).
  std::size_t max_connections = 0;
  std::size_t max_connections_per_address = 64;
  // The web client's folder (its files are found once at start: static_files.h); empty = none.
  std::string web_root;
  // Reverse proxies whose X-Forwarded-For names the client (proxy_trust.h).
  std::string trusted_proxies;
  std::chrono::seconds handshake_timeout{10};
  std::chrono::seconds idle_timeout{60};
  // A WebSocket connection in no room that sends nothing for this long is closed (4003).
  std::chrono::seconds lobby_idle_timeout{300};
  std::size_t max_message_bytes = 64 * 1024;
  // Token bucket per connection: `burst` messages at once, refilled at `rate` per second.
  int rate_burst = 60;
  int rate_per_second = 30;
  // What waits for a slow reader before it is disconnected (1008), in messages and in bytes.
  std::size_t max_write_queue = 1024;
  std::size_t max_write_queue_bytes = 128 * 1024;
  // SO_SNDBUF of each WebSocket connection; 0 = the kernel's own autotuned size.
  std::size_t socket_send_buffer = 64 * 1024;
  // Reads one WebSocket message may take beyond one per 128 bytes: each frame costs a read of its
  // own, so a message of 1-byte frames would cost a hundred times one frame's CPU. Past it the
  // connection is closed (1009). In frames: a message of N frames of any size is let through when
  // N is at most this.
  int max_message_fragments = 16;
  // Requests to /api/ from one client address: `api_burst` at once, `api_rate` a second on
  // average (0: no limit); past it, 429 with Retry-After.
  int api_burst = 40;
  double api_rate = 20;
  // Origins besides the server's own whose pages may open /ws or POST (origin_policy.h).
  std::string allowed_origins;
  // GET /metrics needs "Authorization: Bearer <token>" when set; without it, /metrics answers
  // only clients on a loopback address.
  std::string metrics_token;
};

}  // namespace carc::server
