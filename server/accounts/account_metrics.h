// What the accounts count, for /metrics (app/metrics.cc renders them).
#pragma once

#include <atomic>
#include <cstdint>

namespace carc::server::accounts {

struct AccountMetrics {
  std::atomic<std::uint64_t> signups{0};
  std::atomic<std::uint64_t> signups_refused{0};  // name taken, rate, bad input
  std::atomic<std::uint64_t> sign_ins{0};
  std::atomic<std::uint64_t> sign_in_failures{0};
  std::atomic<std::uint64_t> sign_ins_delayed{0};  // refused with 429 by the failure delays
  std::atomic<std::uint64_t> sign_ins_metered{0};  // refused with 429: --sign-ins-per-hour
  std::atomic<std::uint64_t> passwords_changed{0};
  std::atomic<std::uint64_t> hashing_refused{0};  // refused with 503: the hashing workers full
  std::atomic<std::uint64_t> sessions_ended{0};
  std::atomic<std::uint64_t> rehashed{0};
  std::atomic<std::uint64_t> passkeys_added{0};
  std::atomic<std::uint64_t> passkey_sign_ins{0};
  std::atomic<std::uint64_t> passkeys_refused{0};
  std::atomic<std::uint64_t> passkey_challenges_metered{
      0};  // 429: options past the address's   // a registration or sign-in failed a check
  std::atomic<std::uint64_t> sockets_signed_in{0};  // WebSocket upgrades bound to an account
  std::atomic<std::uint64_t> sockets_refused{0};    // upgrades whose session had ended (401)
  std::atomic<std::uint64_t> accounts_deleted{0};
};

}  // namespace carc::server::accounts
