// A banned account's sign-in (docs/moderation.md): refused with 403, the ban's reason and its
// end, by password or by passkey (both open their session through AccountApi::NewSession).
//
// Contract: reads the store (call it on a worker). nullopt when the account may sign in: no
// moderation store, or no ban in force at `now`. With several bans in force the one that lasts
// longest is named.
#pragma once

#include <cstdint>
#include <optional>

#include "moderation/address_ban_list.h"
#include "net/http_api.h"
#include "store/moderation_store.h"

namespace carc::server::accounts {

std::optional<ApiResponse> BanRefusal(store::ModerationStore* moderation, store::AccountId account,
                                      std::int64_t now);

// A client whose address is banned (moderation/address_ban_list.h): 403 with the ban's reason
// and end, in the same shape as an account's ban, so that one page says both. The network
// itself is not named: the client needs the why and the until, not the host's list.
ApiResponse AddressBanRefusal(const moderation::AddressBanList::Ban& ban);

}  // namespace carc::server::accounts
