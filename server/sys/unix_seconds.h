// The wall-clock time as the store and the wire keep it: whole seconds since the Unix epoch.
#pragma once

#include <chrono>
#include <cstdint>

namespace carc::server {

inline std::int64_t UnixSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace carc::server
