// An account's e-mail address and its daily digest (docs/protocol.md, "E-mail"): at most one
// address per account, unverified until the link sent to it is opened, and the time of the last
// digest sent to it.
//
// The verification token is kept only as its hash (accounts/session_token.h), good until
// `token_expires_at`; verifying clears it. A new address replaces the old one, verified or not,
// and is unverified again. Deleting the account deletes its row (a foreign key): the address is
// a secret of the player, never logged and never shown to anyone but its owner.
//
// Contract: thread-safe and synchronous, a connection of its own (like account_store.h); a
// failure throws StoreError. Times are seconds since the Unix epoch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/account_store.h"

namespace carc::server::store {

struct MailAddressRow {
  std::string address;
  std::string lang;  // the page's language when the address was given: the mails' language
  bool verified = false;
  bool digest = true;  // the player wants the daily digest (when verified)
  std::int64_t token_sent_at = 0;
  std::int64_t last_digest_at = 0;
};

struct MailTokenRow {
  std::string address;
  std::string lang;
  std::string token_hash;
  std::int64_t sent_at = 0;
  std::int64_t expires_at = 0;
};

enum class SetAddressOutcome { kSet, kTooSoon };

// An account whose digest is due, claimed for sending (MailStore::ClaimDigests).
struct DigestDue {
  AccountId account = 0;
  std::string name;
  std::string address;
  std::string lang;
};

class MailStore {
 public:
  virtual ~MailStore() = default;

  // The account's address becomes `token.address`, unverified, waiting for `token`; kTooSoon
  // (nothing changed) when a verification mail went to this account at or after `resend_after`.
  virtual SetAddressOutcome SetAddress(AccountId account, const MailTokenRow& token,
                                       std::int64_t resend_after) = 0;
  virtual std::optional<MailAddressRow> Address(AccountId account) = 0;
  // The account whose unexpired token hashes to `token_hash`, its address now verified and the
  // token gone; nullopt when no such token waits (unknown, used, expired or replaced).
  virtual std::optional<AccountId> Verify(const std::string& token_hash, std::int64_t now) = 0;
  // False when the account had no address.
  virtual bool DeleteAddress(AccountId account) = 0;
  // False when the account has no address.
  virtual bool SetDigest(AccountId account, bool on) = 0;
  // At most `limit` accounts with a verified address and the digest on whose last digest was at
  // or before `due_at_or_before`, each one's last digest set to `now` in the same transaction:
  // of several nodes sweeping at once, one sends each digest.
  virtual std::vector<DigestDue> ClaimDigests(std::int64_t due_at_or_before, std::int64_t now,
                                              int limit) = 0;
  // Sets the account's last digest to `last_digest_at`: a claimed digest put off (quiet hours)
  // is due again once `last_digest_at` is far enough behind.
  virtual void PostponeDigest(AccountId account, std::int64_t last_digest_at) = 0;
};

}  // namespace carc::server::store
