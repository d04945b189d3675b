#include "app/memory_return.h"

#include <malloc.h>

#include <algorithm>

namespace carc::server {

bool MemoryReturn::Observe(const Figures& now) {
  peak_ = std::max(peak_, now.open_connections);
  const bool quiet = now.commands == last_commands_;
  last_commands_ = now.commands;
  const bool connections_left =
      peak_ - now.open_connections >= kMinDrop && now.open_connections * 2 <= peak_;
  const bool rooms_left = quiet && now.rooms_disposed - rooms_at_trim_ >= kMinRoomsGone;
  if (!connections_left && !rooms_left) return false;
  trim_();
  peak_ = now.open_connections;
  rooms_at_trim_ = now.rooms_disposed;
  return true;
}

void TrimHeap() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace carc::server
