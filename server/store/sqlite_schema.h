// The SQLite store's schema (store/sqlite_store.h): its version and its tables, made or brought
// up to date when the file is opened. The upgrades from older versions are the store's.
#pragma once

namespace carc::server::store {

// 1: the first schema. 2: games.game, the game's name written with the archive entry, whose
// record may then be empty (made from the room's log when asked for). 3: accounts, their
// sessions and passkeys (store/sqlite_accounts.h). 4: game_players.account_id and token_hash,
// the account that held each archived seat and its resume token's hash (for claims). 5: ratings
// and rating_changes (store/rating_rows.h), written with the archive. 6: push_subscriptions
// (store/push_store.h), each with the session that made it, and server_keys (the VAPID key).
// 7: follows, blocks, invitations and account_preferences (store/social_store.h). 8:
// account_mail (store/mail_store.h), an account's e-mail address and its digest. 9:
// notice_preferences (store/social_store.h), which notices and the hours without them. 10:
// account_roles, sanctions and audit_log (store/moderation_store.h). 11: address_bans. 12:
// server_settings. 13: reports. 14: room_actions.
inline constexpr int kSchemaVersion = 15;

// Tables: rooms (state open/disposed/quarantined), room_log (one row per entry, with its
// CRC-32), games and game_players (the archive), accounts, sessions, passkeys and passkey
// challenges (players who last), ratings and rating_changes (each rated game's update),
// push_subscriptions and server_keys (notices that reach a closed browser), follows, blocks,
// invitations, account_preferences and notice_preferences (players among players),
// account_mail (e-mail), account_roles, sanctions, address_bans, audit_log, server_settings,
// reports and room_actions (moderation).

inline constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS rooms (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'disposed', 'quarantined')),
  reason TEXT,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE TABLE IF NOT EXISTS room_log (
  room_id INTEGER NOT NULL REFERENCES rooms(id),
  idx INTEGER NOT NULL,
  crc INTEGER NOT NULL,
  entry BLOB NOT NULL,
  PRIMARY KEY (room_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
  room_id INTEGER PRIMARY KEY REFERENCES rooms(id),
  code TEXT NOT NULL,
  finished_at INTEGER NOT NULL,
  record TEXT NOT NULL,
  game TEXT,
  private INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_finished ON games(finished_at);
CREATE TABLE IF NOT EXISTS game_players (
  game_id INTEGER NOT NULL REFERENCES games(room_id),
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  score INTEGER NOT NULL,
  account_id INTEGER,
  token_hash TEXT,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS game_players_name ON game_players(name);
CREATE INDEX IF NOT EXISTS game_players_account ON game_players(account_id);
CREATE INDEX IF NOT EXISTS game_players_token ON game_players(token_hash);
CREATE TABLE IF NOT EXISTS accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account_id, last_seen_at);
CREATE TABLE IF NOT EXISTS passkeys (
  credential_id BLOB PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,
  algorithm INTEGER NOT NULL,
  sign_count INTEGER NOT NULL,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys(account_id);
CREATE TABLE IF NOT EXISTS ratings (
  account_id INTEGER NOT NULL,
  pool TEXT NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  conservative REAL NOT NULL,
  games INTEGER NOT NULL,
  last_game_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, pool)
) WITHOUT ROWID;
-- Covering: a deep page is skipped over in the index alone, filters read from it too.
CREATE INDEX IF NOT EXISTS ratings_board
  ON ratings(pool, conservative DESC, account_id, games, last_game_at, mu, sigma);
CREATE TABLE IF NOT EXISTS rating_changes (
  game_id INTEGER NOT NULL REFERENCES games(room_id),
  seat INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  pool TEXT NOT NULL,
  place INTEGER NOT NULL,
  left_game INTEGER NOT NULL,
  mu_before REAL NOT NULL,
  sigma_before REAL NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rating_changes_account ON rating_changes(account_id, pool, at);
-- Gone with their session (signed out) and their account (deleted): ON DELETE CASCADE.
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh BLOB NOT NULL,
  auth BLOB NOT NULL,
  lang TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS push_subscriptions_account ON push_subscriptions(account_id);
CREATE INDEX IF NOT EXISTS push_subscriptions_session ON push_subscriptions(session_id);
CREATE TABLE IF NOT EXISTS server_keys (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
-- Players among players (store/social_store.h): gone with either account.
CREATE TABLE IF NOT EXISTS follows (
  follower_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  followed_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (follower_id, followed_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS follows_followed ON follows(followed_id, created_at);
CREATE TABLE IF NOT EXISTS blocks (
  blocker_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  blocked_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS blocks_blocked ON blocks(blocked_id);
CREATE TABLE IF NOT EXISTS invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  from_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  to_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  room TEXT NOT NULL,
  game TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'declined'))
);
-- "Pending to X" (the list, the invitee's limit) and "sent by X since T" (the hourly limit).
CREATE INDEX IF NOT EXISTS invitations_to ON invitations(to_id, state, expires_at);
CREATE INDEX IF NOT EXISTS invitations_from ON invitations(from_id, created_at);
CREATE TABLE IF NOT EXISTS account_preferences (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  invitations_from TEXT NOT NULL DEFAULT 'anyone'
    CHECK (invitations_from IN ('anyone', 'followed', 'nobody'))
);
CREATE TABLE IF NOT EXISTS notice_preferences (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  push_kinds INTEGER NOT NULL DEFAULT 15 CHECK (push_kinds BETWEEN 0 AND 15),
  quiet_from INTEGER NOT NULL DEFAULT -1 CHECK (quiet_from BETWEEN -1 AND 1439),
  quiet_to INTEGER NOT NULL DEFAULT -1 CHECK (quiet_to BETWEEN -1 AND 1439),
  time_zone TEXT NOT NULL DEFAULT 'UTC'
);
CREATE TABLE IF NOT EXISTS account_mail (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  lang TEXT NOT NULL,
  verified INTEGER NOT NULL DEFAULT 0,
  token_hash TEXT UNIQUE,
  token_expires_at INTEGER,
  token_sent_at INTEGER NOT NULL,
  digest INTEGER NOT NULL DEFAULT 1,
  last_digest_at INTEGER NOT NULL DEFAULT 0
);
-- The sweep's question: verified addresses that want a digest, the longest waiting first.
CREATE INDEX IF NOT EXISTS account_mail_due ON account_mail(last_digest_at)
  WHERE verified = 1 AND digest = 1;
CREATE TABLE IF NOT EXISTS passkey_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  account_id INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS account_roles (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('moderator', 'admin', 'owner')),
  since INTEGER NOT NULL
);
-- ends_at 0: for ever; lifted_at: ended early by a moderator.
CREATE TABLE IF NOT EXISTS sanctions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('mute', 'ban')),
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at >= 0),
  by_name TEXT NOT NULL,
  lifted_at INTEGER
);
CREATE INDEX IF NOT EXISTS sanctions_account ON sanctions(account_id, kind);
-- network: canonical text (moderation/ip_range.h); ends_at 0: for ever.
CREATE TABLE IF NOT EXISTS address_bans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  network TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at >= 0),
  by_name TEXT NOT NULL,
  lifted_at INTEGER
);
CREATE INDEX IF NOT EXISTS address_bans_network ON address_bans(network);
-- Names, not accounts: an entry outlives the accounts it speaks of.
CREATE TABLE IF NOT EXISTS audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  detail TEXT NOT NULL
);
-- moderation/server_settings.h: one row per setting an admin changed.
CREATE TABLE IF NOT EXISTS server_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
-- store/moderation_store.h, ReportRow: names as they were, accounts until deleted.
CREATE TABLE IF NOT EXISTS reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at INTEGER NOT NULL,
  room TEXT NOT NULL,
  reporter_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  reporter TEXT NOT NULL,
  target_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  quote TEXT NOT NULL,
  chat TEXT NOT NULL,
  record TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  closed_by TEXT NOT NULL DEFAULT '',
  closed_at INTEGER NOT NULL DEFAULT 0,
  note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS reports_status ON reports(status, id);
-- store/moderation_store.h, RoomActionRow: kicks and closes; lifted_at: undone.
CREATE TABLE IF NOT EXISTS room_actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  room_id INTEGER NOT NULL REFERENCES rooms(id),
  kind TEXT NOT NULL CHECK (kind IN ('kick', 'close')),
  account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  by_name TEXT NOT NULL,
  lifted_at INTEGER
);
CREATE INDEX IF NOT EXISTS room_actions_in_force ON room_actions(room_id) WHERE lifted_at IS NULL;
)sql";

}  // namespace carc::server::store
