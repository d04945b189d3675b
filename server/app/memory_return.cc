#include "app/memory_return.h"

#include <malloc.h>

#include <algorithm>

namespace carc::server {

bool MemoryReturn::Observe(std::int64_t open_connections) {
  peak_ = std::max(peak_, open_connections);
  if (peak_ - open_connections < kMinDrop || open_connections * 2 > peak_) return false;
  trim_();
  peak_ = open_connections;
  return true;
}

void TrimHeap() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace carc::server
