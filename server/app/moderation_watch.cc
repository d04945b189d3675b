#include "app/moderation_watch.h"

#include <spdlog/spdlog.h>

#include <ctime>
#include <map>

namespace carc::server {

ModerationWatch::ModerationWatch(store::ModerationStore& store, std::chrono::milliseconds period,
                                 CloseBanned close_banned, moderation::MuteList& mutes,
                                 ModerationWatchMetrics& metrics, Now now)
    : store_(store),
      period_(period),
      close_banned_(std::move(close_banned)),
      mutes_(mutes),
      metrics_(metrics),
      now_(now ? std::move(now)
               : Now([] { return static_cast<std::int64_t>(std::time(nullptr)); })) {}

ModerationWatch::~ModerationWatch() {
  Stop();
}

void ModerationWatch::Start() {
  thread_.Start(
      period_, [this] { PollOnce(); }, true);
}

void ModerationWatch::Stop() {
  thread_.Stop();
}

void ModerationWatch::PollOnce() {
  ++metrics_.polls;
  try {
    const std::int64_t last = store_.LastAuditId();
    if (last == seen_audit_) return;
    const bool first = seen_audit_ < 0;
    ++metrics_.reloads;
    const auto in_force = store_.InForce(now_(), kMaxSanctionsInForce);
    seen_audit_ = last;
    if (in_force.size() == static_cast<std::size_t>(kMaxSanctionsInForce)) {
      spdlog::warn("moderation: over {} sanctions in force; only the newest are watched",
                   kMaxSanctionsInForce);
    }
    std::set<store::AccountId> banned;
    std::map<std::int64_t, moderation::MuteList::Mute> mutes;
    for (const store::SanctionRow& s : in_force) {
      if (s.kind == store::SanctionKind::kMute) {
        // Of several mutes the one that ends last (for ever beats any end).
        auto [it, added] =
            mutes.try_emplace(s.account, moderation::MuteList::Mute{s.ends_at, s.reason});
        if (!added && it->second.ends_at != 0 &&
            (s.ends_at == 0 || s.ends_at > it->second.ends_at)) {
          it->second = {s.ends_at, s.reason};
        }
        continue;
      }
      if (!banned.insert(s.account).second) continue;
      if (!first && banned_.count(s.account) == 0) {
        ++metrics_.closed;
        close_banned_(s.account, s.ends_at);
      }
    }
    banned_ = std::move(banned);
    mutes_.Replace(std::move(mutes));
  } catch (const store::StoreError& e) {
    ++metrics_.store_errors;
    spdlog::warn("moderation: cannot read the sanctions: {}", e.what());
  }
}

}  // namespace carc::server
