#include "sys/memory_ceiling.h"

#include <sys/resource.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace carc::server {

namespace {

// VmData of /proc/self/status in KiB: what RLIMIT_DATA is compared with; -1 if unreadable.
std::int64_t DataKib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmData:", 0) == 0) return std::stoll(line.substr(7));
  }
  return -1;
}

}  // namespace

std::string SetMemoryCeiling(std::uint64_t mib) {
  if (mib == 0) return {};
  // A ceiling below what is mapped already would make every later allocation fail: refused with
  // the figure (sanitizer builds map terabytes of shadow memory at start).
  if (const std::int64_t kib = DataKib();
      kib >= 0 && static_cast<std::uint64_t>(kib) >= (mib << 10) / 2) {
    return "cannot set a memory ceiling of " + std::to_string(mib) + " MiB: the process maps " +
           std::to_string(kib >> 10) +
           " MiB of data already (a sanitizer build?); raise --memory-max-mib or set 0";
  }
  rlimit limit{};
  limit.rlim_cur = static_cast<rlim_t>(mib) << 20;
  limit.rlim_max = limit.rlim_cur;
  if (setrlimit(RLIMIT_DATA, &limit) != 0) {
    return std::string("cannot set the memory ceiling (RLIMIT_DATA): ") + std::strerror(errno);
  }
  return {};
}

std::int64_t MemoryCeilingBytes() {
  rlimit limit{};
  if (getrlimit(RLIMIT_DATA, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return -1;
  return static_cast<std::int64_t>(limit.rlim_cur);
}

}  // namespace carc::server
