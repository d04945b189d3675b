// How long the listener stops accepting after accept failed for lack of resources (no file
// descriptor, no socket buffer): retrying at once would fail again at 100% CPU, since the
// pending connection stays in the kernel's queue until a descriptor is free.
//
// Contract: Next() returns the pause to take now: `initial`, doubled at each failure in a row,
// never above `max`. Reset() after a successful accept.
#pragma once

#include <algorithm>
#include <chrono>

namespace carc::server {

class AcceptBackoff {
 public:
  using Duration = std::chrono::milliseconds;

  AcceptBackoff(Duration initial = Duration(100), Duration max = Duration(1000))
      : initial_(initial), max_(max), next_(initial) {}

  Duration Next() {
    const Duration pause = next_;
    next_ = std::min(next_ * 2, max_);
    return pause;
  }
  void Reset() { next_ = initial_; }

 private:
  Duration initial_;
  Duration max_;
  Duration next_;
};

}  // namespace carc::server
