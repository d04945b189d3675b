#include "store/write_health.h"

#include <cstdio>

namespace carc::server::store {

std::uint64_t WriteHealth::Begin() {
  const std::lock_guard lock(mu_);
  const std::uint64_t ticket = ++next_;
  in_progress_.emplace(ticket, Clock::now());
  return ticket;
}

void WriteHealth::End(std::uint64_t ticket, const std::string& error) {
  const std::lock_guard lock(mu_);
  in_progress_.erase(ticket);
  failing_ = error;
}

std::string WriteHealth::Trouble(Clock::time_point now) const {
  const std::lock_guard lock(mu_);
  if (!in_progress_.empty() && now - in_progress_.begin()->second >= kStuckAfter) {
    char waited[32];
    std::snprintf(waited, sizeof waited, "%.1f",
                  std::chrono::duration<double>(now - in_progress_.begin()->second).count());
    return std::string("busy: a write has waited ") + waited + " s for the database";
  }
  if (!failing_.empty()) return "writes fail: " + failing_;
  return "";
}

}  // namespace carc::server::store
