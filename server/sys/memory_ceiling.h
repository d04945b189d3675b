// A ceiling on the process's memory that the process sets on itself (`--memory-max-mib`).
//
// Why: a systemd unit (MemoryMax=) and a compose file (mem_limit:) cap the server from outside,
// but a plain `docker run` of the image, or a start by hand, has no cap, and one bug that
// allocates in proportion to what a client declares would then take the whole machine down.
// RLIMIT_DATA (Linux 4.7 and later: the heap and every private writable mapping) makes such an
// allocation fail inside the server instead; the supervisor restarts it, and the store loses
// nothing acknowledged.
#pragma once

#include <cstdint>
#include <string>

namespace carc::server {

// Sets RLIMIT_DATA (soft and hard) to `mib` MiB; 0 leaves the limit as it is. Returns "" or why
// it could not be set.
std::string SetMemoryCeiling(std::uint64_t mib);
// The data limit in force, in bytes; -1 when there is none.
std::int64_t MemoryCeilingBytes();

}  // namespace carc::server
