// Gives freed heap memory back to the system after many connections have gone. glibc keeps what
// a crowd of connections freed in its arenas: 10,000 load clients left 38 MB of the 82 MB they
// had raised the server to after every one of them had disconnected, which a host reads as a
// leak and which no other process can use.
//
// Contract: Observe() is called now and then (the room sweep) with the server's figures; it
// calls `trim` when
// - open connections have fallen to half of the most it saw since the last trim, and by at
//   least kMinDrop; or
// - the server has fallen quiet (no command since the previous call) after at least
//   kMinRoomsGone rooms were disposed of since the last trim: a burst of games leaves the
//   memory of its rooms behind the same way, and trimming only when nobody plays costs no one
//   a delay.
// A quiet server, or a small dip, never pays for it.
#pragma once

#include <cstdint>
#include <functional>

namespace carc::server {

class MemoryReturn {
 public:
  static constexpr std::int64_t kMinDrop = 256;
  static constexpr std::uint64_t kMinRoomsGone = 64;

  struct Figures {
    std::int64_t open_connections = 0;
    std::uint64_t commands = 0;        // applied since the start
    std::uint64_t rooms_disposed = 0;  // since the start
  };

  // `trim` gives the memory back (malloc_trim in the server; a counter in tests).
  explicit MemoryReturn(std::function<void()> trim) : trim_(std::move(trim)) {}

  // Returns whether it trimmed.
  bool Observe(const Figures& now);

 private:
  std::function<void()> trim_;
  std::int64_t peak_ = 0;
  std::uint64_t last_commands_ = 0;
  std::uint64_t rooms_at_trim_ = 0;
};

// malloc_trim(0) where the C library has it.
void TrimHeap();

}  // namespace carc::server
