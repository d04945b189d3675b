#include "net/descriptor_limit.h"

#include <sys/resource.h>

#include <algorithm>

namespace carc::server {

std::uint64_t DescriptorReserve(std::uint64_t limit) {
  return std::min<std::uint64_t>(std::max<std::uint64_t>(64, limit / 10), limit / 2);
}

std::size_t DefaultMaxConnections(std::uint64_t limit) {
  const std::uint64_t usable = limit - DescriptorReserve(limit);
  return static_cast<std::size_t>(std::clamp<std::uint64_t>(usable, 1, kMaxDefaultConnections));
}

std::uint64_t RaiseDescriptorLimit(std::uint64_t wanted) {
  rlimit lim{};
  if (::getrlimit(RLIMIT_NOFILE, &lim) != 0) return 1024;
  if (lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur < wanted) {
    rlimit raised = lim;
    raised.rlim_cur =
        lim.rlim_max == RLIM_INFINITY ? wanted : std::min<rlim_t>(wanted, lim.rlim_max);
    if (raised.rlim_cur > lim.rlim_cur && ::setrlimit(RLIMIT_NOFILE, &raised) == 0) lim = raised;
  }
  return lim.rlim_cur == RLIM_INFINITY ? wanted : static_cast<std::uint64_t>(lim.rlim_cur);
}

}  // namespace carc::server
