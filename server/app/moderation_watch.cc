#include "app/moderation_watch.h"

#include <spdlog/spdlog.h>

#include <ctime>
#include <map>
#include <variant>
#include <vector>

#include "store/event_store.h"

namespace carc::server {

ModerationWatch::ModerationWatch(store::ModerationStore& store, std::chrono::milliseconds period,
                                 CloseBanned close_banned, moderation::MuteList& mutes,
                                 moderation::AddressBanList& address_bans,
                                 moderation::SettingsBox& settings, ModerationWatchMetrics& metrics,
                                 Now now)
    : store_(store),
      period_(period),
      close_banned_(std::move(close_banned)),
      mutes_(mutes),
      address_bans_(address_bans),
      settings_(settings),
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
    const std::int64_t now = now_();
    const auto in_force = store_.InForce(now, kMaxSanctionsInForce);
    const auto address_rows = store_.AddressBansInForce(now, kMaxSanctionsInForce);
    const auto setting_rows = store_.ReadSettings();
    std::vector<store::RoomActionRow> room_rows;
    if (rooms_ != nullptr) room_rows = store_.RoomActionsInForce(kMaxSanctionsInForce);
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
    if (address_rows.size() == static_cast<std::size_t>(kMaxSanctionsInForce)) {
      spdlog::warn("moderation: over {} address bans in force; only the newest are kept",
                   kMaxSanctionsInForce);
    }
    std::vector<moderation::AddressBanList::Ban> address_bans;
    for (const store::AddressBanRow& row : address_rows) {
      // The store keeps only what ParseIpRange accepted; a row that no longer parses (written
      // by hand) is said, not guessed at.
      const auto range = moderation::ParseIpRange(row.network);
      if (const auto* why = std::get_if<std::string>(&range)) {
        spdlog::warn("moderation: address ban {} ignored: {}", row.id, *why);
        continue;
      }
      address_bans.push_back({std::get<moderation::IpRange>(range), row.ends_at, row.reason});
    }
    metrics_.address_bans = address_bans.size();
    address_bans_.Replace(std::move(address_bans));
    settings_.Replace(moderation::SettingsFromRows(setting_rows));
    if (rooms_ != nullptr) {
      if (room_rows.size() == static_cast<std::size_t>(kMaxSanctionsInForce)) {
        spdlog::warn(
            "moderation: over {} kicks and closed rooms in force; only the newest are kept",
            kMaxSanctionsInForce);
      }
      std::map<std::int64_t, moderation::RoomModeration> rooms;
      for (const store::RoomActionRow& row : room_rows) {
        moderation::RoomModeration& room = rooms[row.room_id];
        // Newest first: the newest close's reason, and each account's newest kick's.
        if (row.kind == store::RoomActionKind::kClose) {
          if (!room.closed) room.closed = row.reason;
        } else {
          room.kicked.try_emplace(row.account, row.reason);
        }
      }
      metrics_.room_actions = room_rows.size();
      const auto changed = rooms_->Replace(std::move(rooms));
      if (!changed.empty() && rooms_changed_) rooms_changed_(changed);
    }
  } catch (const store::StoreError& e) {
    ++metrics_.store_errors;
    spdlog::warn("moderation: cannot read the sanctions: {}", e.what());
  }
}

}  // namespace carc::server
