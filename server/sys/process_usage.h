// This process's CPU time and memory as the operating system counts them: what the server's
// /metrics reports, and what `carcassonne load` and `bench` measure themselves by.
#pragma once

#include <cstdint>

namespace carc::server {

// User plus system CPU time since the process started, in seconds.
double ProcessCpuSeconds();
// The resident set now, in bytes (/proc/self/statm; 0 where it cannot be read).
std::int64_t ResidentBytes();
// The largest resident set so far, in KiB (getrusage).
std::int64_t PeakResidentKiB();

}  // namespace carc::server
