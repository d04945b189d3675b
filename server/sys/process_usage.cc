#include "sys/process_usage.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>

namespace carc::server {

double ProcessCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::int64_t ResidentBytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  long size = 0;
  long resident_pages = 0;
  const int read = std::fscanf(f, "%ld %ld", &size, &resident_pages);
  std::fclose(f);
  return read == 2 ? static_cast<std::int64_t>(resident_pages) * sysconf(_SC_PAGESIZE) : 0;
}

std::int64_t PeakResidentKiB() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

}  // namespace carc::server
