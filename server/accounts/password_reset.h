// A password reset link's token (docs/protocol.md, "Passwords"): 256 random bits, kept in the
// store only as its hash (a "password-reset" challenge, store/account_store.h), good once and for
// kResetMinutes. Issued by `POST /api/password-reset` (mailed to the account's confirmed
// address) and by `carcassonne-server admin reset-password NAME` (printed for the host to pass
// on); spent by `POST /api/password-reset/complete`.
//
// Contract: synchronous store calls (call them on a worker, or from the command line); the
// token itself is returned once and never stored or logged.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "store/account_store.h"

namespace carc::server::accounts {

inline constexpr int kResetMinutes = 60;
inline constexpr std::string_view kResetPurpose = "password-reset";

// A new token for `account`, replacing any it had: only the newest link works.
std::string IssueResetToken(store::AccountStore& store, store::AccountId account, std::int64_t now);

// The account the token was issued for, the token spent with every other of that account;
// nullopt for a token that is malformed, unknown, used, replaced or out of date.
std::optional<store::AccountId> SpendResetToken(store::AccountStore& store, std::string_view token,
                                                std::int64_t now);

// Where a token leads: the web client's account screen, which asks for the new password and
// posts it with the token (a mail scanner that opens the link changes nothing).
std::string ResetLink(std::string_view base_url, std::string_view token);

}  // namespace carc::server::accounts
