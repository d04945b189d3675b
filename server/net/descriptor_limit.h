// The process's file-descriptor limit (RLIMIT_NOFILE) and the connection cap it allows.
//
// Every connection is one descriptor; the server also needs some of its own (the store and its
// journal, the listening socket, epoll and timers, a static file being served, the overflow
// lane of refused connections). A cap above what the limit leaves would let accept() fail with
// EMFILE before the cap is reached.
#pragma once

#include <cstddef>
#include <cstdint>

namespace carc::server {

// Descriptors kept for the server's own use out of `limit`: max(64, limit / 10), but never
// more than half the limit.
std::uint64_t DescriptorReserve(std::uint64_t limit);

// The default of --max-connections: the limit minus the reserve, at most kMaxDefaultConnections.
inline constexpr std::size_t kMaxDefaultConnections = 10000;
std::size_t DefaultMaxConnections(std::uint64_t limit);

// Raises the soft RLIMIT_NOFILE towards min(`wanted`, hard limit) if it is lower, and returns
// the soft limit in force afterwards. Never lowers it.
std::uint64_t RaiseDescriptorLimit(std::uint64_t wanted);

}  // namespace carc::server
