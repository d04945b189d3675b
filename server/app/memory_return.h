// Gives freed heap memory back to the system after many connections have gone. glibc keeps what
// a crowd of connections freed in its arenas: 10,000 load clients left 38 MB of the 82 MB they
// had raised the server to after every one of them had disconnected, which a host reads as a
// leak and which no other process can use.
//
// Contract: Observe() is called now and then (the room sweep) with the number of open
// connections; it calls `trim` once that number has fallen to half of the most it saw since the
// last trim, and by at least kMinDrop, so that a quiet server or a small dip never pays for it.
#pragma once

#include <cstdint>
#include <functional>

namespace carc::server {

class MemoryReturn {
 public:
  static constexpr std::int64_t kMinDrop = 256;

  // `trim` gives the memory back (malloc_trim in the server; a counter in tests).
  explicit MemoryReturn(std::function<void()> trim) : trim_(std::move(trim)) {}

  // Returns whether it trimmed.
  bool Observe(std::int64_t open_connections);

 private:
  std::function<void()> trim_;
  std::int64_t peak_ = 0;
};

// malloc_trim(0) where the C library has it.
void TrimHeap();

}  // namespace carc::server
