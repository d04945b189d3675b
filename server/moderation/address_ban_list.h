// The address bans in force, in memory (docs/moderation.md): what the HTTP session asks before
// it serves an API request or opens a WebSocket, without a store read on a network thread. The
// moderation watch (app/moderation_watch.h) replaces the whole list each time the bans change
// anywhere.
//
// Contract: thread-safe; Find is one lock and a scan of the bans (a host keeps tens, not
// millions: the watch reads at most kMaxSanctionsInForce). A ban whose end has passed counts
// for nothing even before the next replacement. Of several bans over one address, the one that
// ends last is named (for ever beats any end).
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "moderation/ip_range.h"

namespace carc::server::moderation {

class AddressBanList {
 public:
  struct Ban {
    IpRange range;
    std::int64_t ends_at = 0;  // 0: for ever
    std::string reason;
  };

  void Replace(std::vector<Ban> bans);
  // The ban over `address` (as ParseIpAddress reads it) in force at `now`, if any; an address
  // that does not parse is under none.
  std::optional<Ban> Find(std::string_view address, std::int64_t now) const;
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::vector<Ban> bans_;
};

}  // namespace carc::server::moderation
