#include "accounts/password_reset.h"

#include "accounts/session_token.h"

namespace carc::server::accounts {

std::string IssueResetToken(store::AccountStore& store, store::AccountId account,
                            std::int64_t now) {
  const std::string purpose(kResetPurpose);
  store.DropChallenges(account, purpose);
  const std::string token = NewSessionToken();
  store.PutChallenge(HashSessionToken(token), purpose, account,
                     now + std::int64_t{kResetMinutes} * 60, now);
  return token;
}

std::optional<store::AccountId> SpendResetToken(store::AccountStore& store, std::string_view token,
                                                std::int64_t now) {
  if (!LooksLikeSessionToken(token)) return std::nullopt;
  const std::string purpose(kResetPurpose);
  const auto account = store.TakeChallenge(HashSessionToken(token), purpose, now);
  if (account) store.DropChallenges(*account, purpose);
  return account;
}

std::string ResetLink(std::string_view base_url, std::string_view token) {
  return std::string(base_url) + "/account?reset-token=" + std::string(token);
}

}  // namespace carc::server::accounts
