#include "store/postgres_schema.h"

#include <string>

#include "store/event_store.h"

namespace carc::server::store {
namespace {

// The same tables as the SQLite store's, in PostgreSQL's types: rooms (open, disposed or
// quarantined), room_log (one row per entry with its CRC-32), games and game_players (the
// archive). carc_record_game names a record's game as the SQLite store does: its "game",
// "base" when it names none or is not JSON, so that a damaged record never fails a listing.
constexpr const char* kRooms = R"sql(
CREATE TABLE rooms (
  id BIGSERIAL PRIMARY KEY,
  code TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'disposed', 'quarantined')),
  reason TEXT,
  created_at BIGINT NOT NULL DEFAULT extract(epoch FROM now())::BIGINT
);
CREATE INDEX rooms_open ON rooms (id) WHERE state = 'open';
CREATE TABLE room_log (
  room_id BIGINT NOT NULL REFERENCES rooms (id),
  idx INTEGER NOT NULL CHECK (idx >= 0),
  crc BIGINT NOT NULL,
  entry BYTEA NOT NULL,
  PRIMARY KEY (room_id, idx)
);
CREATE TABLE games (
  room_id BIGINT PRIMARY KEY REFERENCES rooms (id),
  code TEXT NOT NULL,
  finished_at BIGINT NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX games_finished ON games (finished_at);
CREATE TABLE game_players (
  game_id BIGINT NOT NULL REFERENCES games (room_id),
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  score INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_name ON game_players (name);
CREATE FUNCTION carc_record_game(record TEXT) RETURNS TEXT
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN COALESCE(record::jsonb ->> 'game', 'base');
EXCEPTION WHEN others THEN
  RETURN 'base';
END
$$;
)sql";

// The cluster: nodes, room leases with their fencing tokens, resume tokens by hash, and invite
// codes unique among open rooms (two nodes could draw the same one).
constexpr const char* kCluster = R"sql(
CREATE TABLE nodes (
  id TEXT PRIMARY KEY,
  advertise TEXT NOT NULL,
  started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  lease_ms INTEGER NOT NULL,
  leaving BOOLEAN NOT NULL DEFAULT false
);
CREATE TABLE room_leases (
  room_id BIGINT PRIMARY KEY REFERENCES rooms (id),
  node_id TEXT NOT NULL,
  token BIGINT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX room_leases_node ON room_leases (node_id);
CREATE TABLE room_tokens (
  token_hash TEXT PRIMARY KEY,
  room_id BIGINT NOT NULL REFERENCES rooms (id)
);
CREATE UNIQUE INDEX rooms_open_code ON rooms (code) WHERE state = 'open';
)sql";

// Each node's public rooms (a serialized carc.v1.RoomList), which it writes when they change
// and the other nodes read, so that any node lists the rooms of the whole cluster.
constexpr const char* kListings = R"sql(
ALTER TABLE nodes ADD COLUMN listing BYTEA;
)sql";

// The game's name written with its archive entry, whose record may then be empty (made from the
// room's log when asked for); games archived before keep their record and no name.
constexpr const char* kArchivedGameName = R"sql(
ALTER TABLE games ADD COLUMN game TEXT;
)sql";

// Players who last: accounts (unique by their name's comparison key), their sessions, kept as
// token hashes, their passkeys and the challenges of passkey ceremonies (store/account_store.h).
constexpr const char* kAccounts = R"sql(
CREATE TABLE accounts (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE sessions (
  id BIGSERIAL PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id, last_seen_at);
CREATE TABLE passkeys (
  credential_id BYTEA PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  public_key BYTEA NOT NULL,
  algorithm INTEGER NOT NULL,
  sign_count BIGINT NOT NULL,
  label TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX passkeys_account ON passkeys (account_id);
CREATE TABLE passkey_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  account_id BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
)sql";

// Which account held each seat of an archived game (none for guests and computer players):
// the players' profiles and histories read it; and the hash of the seat's resume token, with
// which a guest who signs up later claims the game.
constexpr const char* kSeatAccounts = R"sql(
ALTER TABLE game_players ADD COLUMN account_id BIGINT;
ALTER TABLE game_players ADD COLUMN token_hash TEXT;
CREATE INDEX game_players_account ON game_players (account_id);
CREATE INDEX game_players_token ON game_players (token_hash);
)sql";

// Each account's rating per pool and each rated game's update (store/rating_rows.h), written
// in the archive's transaction. No foreign keys to accounts: the archive locks the account's
// row instead (a deleted account's seat is not rated), and deletion erases both tables' rows.
constexpr const char* kRatings = R"sql(
CREATE TABLE ratings (
  account_id BIGINT NOT NULL,
  pool TEXT NOT NULL,
  mu DOUBLE PRECISION NOT NULL,
  sigma DOUBLE PRECISION NOT NULL,
  conservative DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL,
  last_game_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, pool)
);
-- Covering: a deep page is skipped over in the index alone (an index-only scan), filters read
-- from it too.
CREATE INDEX ratings_board
  ON ratings (pool, conservative DESC, account_id, games, last_game_at, mu, sigma);
CREATE TABLE rating_changes (
  game_id BIGINT NOT NULL REFERENCES games(room_id),
  seat INTEGER NOT NULL,
  account_id BIGINT NOT NULL,
  pool TEXT NOT NULL,
  place INTEGER NOT NULL,
  left_game BOOLEAN NOT NULL,
  mu_before DOUBLE PRECISION NOT NULL,
  sigma_before DOUBLE PRECISION NOT NULL,
  mu DOUBLE PRECISION NOT NULL,
  sigma DOUBLE PRECISION NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_account ON rating_changes (account_id, pool, at);
)sql";

// Push subscriptions, each gone with the session that made it (signing out) and with its account;
// the server's own keys (the VAPID key pair every node signs with).
constexpr const char* kPush = R"sql(
CREATE TABLE push_subscriptions (
  id BIGSERIAL PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh BYTEA NOT NULL,
  auth BYTEA NOT NULL,
  lang TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id);
CREATE TABLE server_keys (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
)sql";

// Players among players (store/social_store.h), each row gone with either account.
constexpr const char* kSocial = R"sql(
CREATE TABLE follows (
  follower_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  followed_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (follower_id, followed_id)
);
CREATE INDEX follows_followed ON follows (followed_id, created_at);
CREATE TABLE blocks (
  blocker_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  blocked_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
CREATE TABLE invitations (
  id BIGSERIAL PRIMARY KEY,
  from_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  to_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  room TEXT NOT NULL,
  game TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'declined'))
);
CREATE INDEX invitations_to ON invitations (to_id, state, expires_at);
CREATE INDEX invitations_from ON invitations (from_id, created_at);
CREATE TABLE account_preferences (
  account_id BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  invitations_from TEXT NOT NULL DEFAULT 'anyone'
    CHECK (invitations_from IN ('anyone', 'followed', 'nobody'))
);
)sql";

constexpr const char* kMail = R"sql(
CREATE TABLE account_mail (
  account_id BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  lang TEXT NOT NULL,
  verified BOOLEAN NOT NULL DEFAULT FALSE,
  token_hash TEXT UNIQUE,
  token_expires_at BIGINT,
  token_sent_at BIGINT NOT NULL,
  digest BOOLEAN NOT NULL DEFAULT TRUE,
  last_digest_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX account_mail_due ON account_mail (last_digest_at) WHERE verified AND digest;
)sql";

constexpr const char* kNoticePreferences = R"sql(
CREATE TABLE notice_preferences (
  account_id BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  push_kinds INTEGER NOT NULL DEFAULT 15 CHECK (push_kinds BETWEEN 0 AND 15),
  quiet_from INTEGER NOT NULL DEFAULT -1 CHECK (quiet_from BETWEEN -1 AND 1439),
  quiet_to INTEGER NOT NULL DEFAULT -1 CHECK (quiet_to BETWEEN -1 AND 1439),
  time_zone TEXT NOT NULL DEFAULT 'UTC'
);
)sql";

constexpr const char* kModeration = R"sql(
CREATE TABLE account_roles (
  account_id BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('moderator', 'admin', 'owner')),
  since BIGINT NOT NULL
);
CREATE TABLE sanctions (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('mute', 'ban')),
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL CHECK (ends_at >= 0),
  by_name TEXT NOT NULL,
  lifted_at BIGINT
);
CREATE INDEX sanctions_account ON sanctions (account_id, kind);
CREATE TABLE audit_log (
  id BIGSERIAL PRIMARY KEY,
  at BIGINT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  detail TEXT NOT NULL
);
)sql";

constexpr const char* kAddressBans = R"sql(
CREATE TABLE address_bans (
  id BIGSERIAL PRIMARY KEY,
  network TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL CHECK (ends_at >= 0),
  by_name TEXT NOT NULL,
  lifted_at BIGINT
);
CREATE INDEX address_bans_network ON address_bans (network);
)sql";

constexpr const char* kServerSettings = R"sql(
CREATE TABLE server_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
)sql";

constexpr const char* kReports = R"sql(
CREATE TABLE reports (
  id BIGSERIAL PRIMARY KEY,
  created_at BIGINT NOT NULL,
  room TEXT NOT NULL,
  reporter_id BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
  reporter TEXT NOT NULL,
  target_id BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  quote TEXT NOT NULL,
  chat TEXT NOT NULL,
  record TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  closed_by TEXT NOT NULL DEFAULT '',
  closed_at BIGINT NOT NULL DEFAULT 0,
  note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reports_status ON reports (status, id);
)sql";

constexpr const char* kRoomActions = R"sql(
CREATE TABLE room_actions (
  id BIGSERIAL PRIMARY KEY,
  room_id BIGINT NOT NULL REFERENCES rooms(id),
  kind TEXT NOT NULL CHECK (kind IN ('kick', 'close')),
  account_id BIGINT REFERENCES accounts(id) ON DELETE CASCADE,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  by_name TEXT NOT NULL,
  lifted_at BIGINT
);
CREATE INDEX room_actions_in_force ON room_actions (room_id) WHERE lifted_at IS NULL;
)sql";

// Whether a game was played in a private room (left out of public lists); games archived
// before are taken as public.
constexpr const char* kPrivateGames = R"sql(
ALTER TABLE games ADD COLUMN private BOOLEAN NOT NULL DEFAULT FALSE;
)sql";

constexpr PgMigration kMigrations[] = {
    {1, "rooms, their logs and the archive", kRooms},
    {2, "nodes, room leases and resume tokens", kCluster},
    {3, "each node's list of public rooms", kListings},
    {4, "the archived game's name beside its record", kArchivedGameName},
    {5, "accounts, their sessions and passkeys", kAccounts},
    {6, "the account and token hash of each archived seat", kSeatAccounts},
    {7, "players' ratings and each rated game's update", kRatings},
    {8, "push subscriptions and the server's keys", kPush},
    {9, "follows, blocks, invitations and account preferences", kSocial},
    {10, "e-mail addresses and their digests", kMail},
    {11, "which notices and the hours without them", kNoticePreferences},
    {12, "roles, sanctions and the audit log", kModeration},
    {13, "bans of addresses and networks", kAddressBans},
    {14, "the server's settings", kServerSettings},
    {15, "players' reports with their context", kReports},
    {16, "moderators' kicks and closed rooms", kRoomActions},
    {17, "which archived games were played in private rooms", kPrivateGames},
};

// Any fixed number: the advisory lock that serialises migrations between nodes.
constexpr const char* kMigrationLock = "7305431966150623101";

}  // namespace

std::span<const PgMigration> PgMigrations() {
  return kMigrations;
}

int Migrate(PgConnection& db) {
  int applied = 0;
  try {
    db.Begin();
    // The lock first: two nodes creating the table at once would collide.
    db.Exec(std::string("SELECT pg_advisory_xact_lock(") + kMigrationLock + ")");
    db.Run(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
        "name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
    const PgResult have = db.Exec("SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
    const std::int64_t current = have.Int(0, 0);
    const int known = kMigrations[std::size(kMigrations) - 1].version;
    if (current > known) {
      throw StoreError("the database was written by a newer server (schema " +
                       std::to_string(current) + ", this server knows " + std::to_string(known) +
                       ")");
    }
    // All in the one transaction: a failed migration leaves the schema as it was.
    for (const PgMigration& m : kMigrations) {
      if (m.version <= current) continue;
      db.Run(m.sql);
      db.Exec("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
              {PgParam::Int(m.version), m.name});
      ++applied;
    }
    db.Commit();
  } catch (...) {
    db.RollbackQuietly();
    throw;
  }
  return applied;
}

}  // namespace carc::server::store
