#include "config_setting.h"

namespace carc::server::config {

void AddAccountSettings(SettingTable& table) {
  table.insert({
      {"moderation-poll-ms",
       {"CARC_MODERATION_POLL_MS",
        "how often the store is asked whether a ban or a mute was made elsewhere (another node, "
        "`carcassonne-server admin`): a new ban closes the player's sockets within this, 100 to "
        "60000 (1000)",
        Int(&ServerConfig::moderation_poll_ms, 100, 60000)}},
      {"reports-per-hour",
       {"CARC_REPORTS_PER_HOUR",
        "reports of players an account may make an hour, over every room, after a burst of 3; "
        "more are refused with ERROR_CODE_RATE_LIMITED, 1 to 1000 (10)",
        Int(&ServerConfig::reports_per_hour, 1, 1000)}},
      {"abandon-limit",
       {"CARC_ABANDON_LIMIT",
        "rated games a player may leave (absent past the room's policy, resigned, kicked) within "
        "--abandon-days before rated rooms refuse them a new seat with ERROR_CODE_ABANDON_LIMIT, "
        "until the oldest is that old; 0 for no limit, 0 to 100 (3)",
        Int(&ServerConfig::abandon_limit, 0, 100)}},
      {"abandon-days",
       {"CARC_ABANDON_DAYS", "the days --abandon-limit counts over, 1 to 365 (30)",
        Int(&ServerConfig::abandon_days, 1, 365)}},
      {"hash-threads",
       {"CARC_HASH_THREADS",
        "threads that hash passwords for sign-ups and sign-ins (Argon2id), apart from the "
        "network threads (1)",
        Int(&ServerConfig::hash_threads, 1, 64)}},
      {"hash-queue",
       {"CARC_HASH_QUEUE",
        "sign-ups and sign-ins that may wait for a hashing thread; more are answered 503 with "
        "Retry-After and counted in carc_account_hashing_refused_total (32)",
        Int(&ServerConfig::hash_queue, 1, 1 << 16)}},
      {"hash-per-address",
       {"CARC_HASH_PER_ADDRESS",
        "sign-ups and sign-ins one client address may have waiting or running; more are "
        "answered 503 with Retry-After (2)",
        Int(&ServerConfig::hash_per_address, 1, 1 << 16)}},
      {"password-hash-mib",
       {"CARC_PASSWORD_HASH_MIB",
        "memory of one Argon2id password hash in MiB, at least OWASP's 19 (19); a hash uses it "
        "for its few milliseconds, so the hashing threads use at most this times "
        "--hash-threads",
        Int(&ServerConfig::password_hash_mib, 19, 1024)}},
      {"password-hash-passes",
       {"CARC_PASSWORD_HASH_PASSES", "passes of one Argon2id password hash, at least OWASP's 2 (2)",
        Int(&ServerConfig::password_hash_passes, 2, 20)}},
      {"session-idle-days",
       {"CARC_SESSION_IDLE_DAYS", "days a session unused lasts (30)",
        Int(&ServerConfig::session_idle_days, 1, 3650)}},
      {"session-max-days",
       {"CARC_SESSION_MAX_DAYS", "days a session lasts however much it is used (365)",
        Int(&ServerConfig::session_max_days, 1, 3650)}},
      {"max-sessions-per-account",
       {"CARC_MAX_SESSIONS_PER_ACCOUNT",
        "sessions one account keeps; a new one ends the least recently used past it (20)",
        Int(&ServerConfig::max_sessions_per_account, 1, 1000)}},
      {"max-passkeys-per-account",
       {"CARC_MAX_PASSKEYS_PER_ACCOUNT", "passkeys one account may register (10)",
        Int(&ServerConfig::max_passkeys_per_account, 1, 100)}},
      {"signups-per-hour",
       {"CARC_SIGNUPS_PER_HOUR",
        "accounts one client address may make an hour (an IPv6 /64 is one address); more are "
        "answered 429; 0 = no limit (5)",
        Int(&ServerConfig::signups_per_hour, 0, 1 << 20)}},
      {"sign-in-failures-per-account",
       {"CARC_SIGN_IN_FAILURES_PER_ACCOUNT",
        "failed sign-ins to one account from one client address before each further one from "
        "there makes it wait, 1 s, 2 s, 4 s, ... up to 15 min (429 with Retry-After); the "
        "owner elsewhere is not held up (5)",
        Int(&ServerConfig::sign_in_failures_per_account, 1, 1 << 20)}},
      {"sign-in-failures-per-address",
       {"CARC_SIGN_IN_FAILURES_PER_ADDRESS",
        "failed sign-ins from one client address before the same growing waits apply to it "
        "(20)",
        Int(&ServerConfig::sign_in_failures_per_address, 1, 1 << 20)}},
      {"sign-ins-per-hour",
       {"CARC_SIGN_INS_PER_HOUR",
        "password sign-ins, right or wrong, one client address may make an hour, and right ones "
        "one account may make, each after a burst of 10; more are answered 429 with Retry-After "
        "before any hashing, counted in carc_account_sign_ins_metered_total; 0 = no limit (60)",
        Int(&ServerConfig::sign_ins_per_hour, 0, 1 << 20)}},
      {"password-resets-per-hour",
       {"CARC_PASSWORD_RESETS_PER_HOUR",
        "requests for a password reset link one client address may make an hour, after a burst "
        "of as many; more are answered 429 with Retry-After, counted in "
        "carc_password_resets_total{outcome=\"metered\"}; 0 = no limit (5)",
        Int(&ServerConfig::password_resets_per_hour, 0, 1 << 20)}},
      {"invitations-per-hour",
       {"CARC_INVITATIONS_PER_HOUR",
        "invitations to rooms one account may send in any hour; more are answered 429 with "
        "Retry-After (20)",
        Int(&ServerConfig::invitations_per_hour, 1, 10000)}},
      {"max-pending-invitations",
       {"CARC_MAX_PENDING_INVITATIONS",
        "invitations one player may have waiting for an answer; more are answered 409 (20)",
        Int(&ServerConfig::max_pending_invitations, 1, 10000)}},
      {"max-following",
       {"CARC_MAX_FOLLOWING", "players one account may follow; more are answered 409 (1000)",
        Int(&ServerConfig::max_following, 1, 1000000)}},
  });
}

}  // namespace carc::server::config
