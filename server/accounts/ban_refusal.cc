#include "accounts/ban_refusal.h"

#include <nlohmann/json.hpp>

#include "accounts/api_json.h"
#include "moderation/utc_minute.h"

namespace carc::server::accounts {

std::optional<ApiResponse> BanRefusal(store::ModerationStore* moderation, store::AccountId account,
                                      std::int64_t now) {
  if (moderation == nullptr) return std::nullopt;
  for (const store::SanctionRow& s : moderation->ActiveSanctions(account, now)) {
    if (s.kind != store::SanctionKind::kBan) continue;
    // ends_at null: for ever. The client shows the end in the player's own time zone.
    nlohmann::json body = {
        {"error", "this account is banned " + moderation::UntilText(s.ends_at) + ": " + s.reason},
        {"ban",
         {{"reason", s.reason},
          {"ends_at", s.ends_at == 0 ? nlohmann::json(nullptr) : nlohmann::json(s.ends_at)}}}};
    return Json(403, body);
  }
  return std::nullopt;
}

ApiResponse AddressBanRefusal(const moderation::AddressBanList::Ban& ban) {
  nlohmann::json body = {
      {"error", "your address is banned from this server " + moderation::UntilText(ban.ends_at) +
                    ": " + ban.reason},
      {"ban",
       {{"reason", ban.reason},
        {"ends_at", ban.ends_at == 0 ? nlohmann::json(nullptr) : nlohmann::json(ban.ends_at)},
        {"address", true}}}};
  return Json(403, body);
}

}  // namespace carc::server::accounts
