// Server settings from command-line flags and CARC_* environment variables (flags win).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <variant>

#include "net/net_config.h"
#include "rooms/room_config.h"

namespace carc::server {

struct ServerConfig {
  std::string bind = "0.0.0.0";
  std::uint16_t port = 8080;
  int threads = 2;
  std::string data_dir = "data";
  // sqlite:PATH or postgres://... (store/open_store.h); empty: data_dir/carcassonne.sqlite.
  std::string store;
  // With a PostgreSQL store the server is a node of a cluster (cluster/cluster_node.h): its
  // id (empty: HOSTNAME-PORT), the WebSocket URL clients reach it at (empty:
  // ws://BIND-OR-127.0.0.1:PORT/ws) and how long a room's lease lasts without renewal.
  std::string node_id;
  std::string advertise;
  std::chrono::milliseconds lease{3000};
  // full: each command is on stable storage (fsync) before it is acknowledged. normal: safe
  // from a crash of the server, maybe not from a power cut; several times faster.
  bool durability_full = true;
  std::string web_root;  // static files of the web client; empty = none
  std::size_t max_message_bytes = 64 * 1024;
  // Token bucket per connection: `burst` messages at once, refilled at `rate` per second.
  int rate_burst = 60;
  int rate_per_second = 30;
  std::size_t max_write_queue = 1024;  // messages waiting for a slow reader before it is cut off
  std::chrono::seconds handshake_timeout{10};
  std::chrono::seconds idle_timeout{60};
  std::chrono::seconds grace_period{300};    // a seat stays reserved this long after a drop
  std::chrono::seconds empty_room_ttl{600};  // a room nobody is connected to is disposed of
  // Every game started uses this seed (its tile order) instead of a fresh random one: for
  // demonstrations and reproducible tests only, since whoever knows it knows every tile to come.
  // 0 = a fresh random seed per game.
  std::uint64_t game_seed = 0;
  // Turn-based rooms' wall clock (seconds since the Unix epoch); empty: the system's. Tests
  // hand in a clock of their own to pass days in a second. Not a flag.
  std::function<std::int64_t()> wall_now;
  // Room limits: every room in memory, and the rooms created by one client address that
  // still exist (rematches included; rooms restored after a restart count for nobody).
  int max_rooms = 2000;
  int max_rooms_per_address = 10;
  int max_turn_based_games = 50;   // per account (rooms/room_config.h)
  int max_turn_based_lobbies = 5;  // per account (rooms/room_config.h)
  std::chrono::seconds turn_based_lobby_ttl{72 * 3600};
  int max_turn_based_rooms = 1000;
  // Clients' messages a room holds while one of its commands is being written; past it they
  // are refused as RATE_LIMITED (rooms/write_gate.h).
  std::size_t room_queue = 1024;
  // A lobby with no seat taken (spectators do not count) is disposed of after this long.
  std::chrono::seconds empty_lobby_ttl{60};
  // How often the sweeper looks for rooms to dispose of (a field for tests, not a flag).
  std::chrono::milliseconds sweep_interval{5000};
  std::string log_level = "info";
  std::string log_format = "text";  // text or json
  // Open TCP connections (HTTP and WebSocket) in total; 0 = derived from the descriptor limit
  // (net/descriptor_limit.h).
  std::size_t max_connections = 0;
  // RLIMIT_DATA in MiB set at start (sys/memory_ceiling.h); 0 = none.
  int memory_max_mib = 0;
  // Open TCP connections from one client address (an IPv6 /64 counts as one); 0 = no cap.
  std::size_t max_connections_per_address = 64;
  // Bytes waiting for a slow reader before it is disconnected (1008).
  std::size_t max_write_queue_bytes = 128 * 1024;
  // A WebSocket connection in no room that sends nothing for this long is closed (4003).
  std::chrono::seconds lobby_idle_timeout{300};
  // SO_SNDBUF of each WebSocket connection; 0 = the kernel's own autotuned size.
  std::size_t socket_send_buffer = 64 * 1024;
  // Reverse proxies whose X-Forwarded-For names the client (net/proxy_trust.h): addresses and
  // CIDR ranges, comma-separated; empty = none.
  std::string trusted_proxies;
  // Computer players: the threads they think on (0 = no computer players), the jobs that may
  // wait for one, the longest time a move a room may ask for, and the level that stands in for
  // an absent person under ABANDON_POLICY_COMPUTER.
  int bot_threads = 1;
  std::size_t bot_queue = 256;
  std::chrono::milliseconds max_computer_ms{2000};
  std::string absent_level = "medium";
  // Analyses of archived games (GET /api/games/{id}/analysis) that may run at once (0: none),
  // and the search time of each decision.
  int max_analyses = 1;
  std::chrono::milliseconds analysis_ms{100};
  // Computer players' fair share: jobs one room's creator address may have waiting or
  // running (their rooms' moves and hints together; past it the fallback move is played), and
  // the level a room's computers play at while no person is connected to it.
  std::size_t bot_jobs_per_address = 8;
  std::string unattended_level = "mcts@10";
  // The HTTP API's costly work (records, replays, the archive): its threads, the requests that
  // may wait for one, and those one client address may have waiting or running; past either,
  // 503 with Retry-After (net/api_workers.h).
  int api_threads = 1;
  std::size_t api_queue = 64;
  std::size_t api_per_address = 4;
  // The account API's store reads (sessions of WebSocket upgrades, /api/me, profiles,
  // leaderboards, passkeys, ...): threads of their own, so that a signed-in player never waits
  // behind a record being replayed on the API threads; their queue and per-address share.
  int read_threads = 1;
  std::size_t read_queue = 256;
  std::size_t read_per_address = 8;
  // Requests to /api/ from one address: a burst, then a rate a second (0: no limit).
  int api_burst = 40;
  double api_rate = 20;
  // Archived games' replays kept once built, in bytes.
  std::size_t replay_cache_bytes = 32 << 20;
  // Room codes a client address may look up and miss (joins, records) a minute, after a burst
  // of kCodeGuessBurst; past it lookups are refused (docs/security.md: why codes are not found).
  int code_guesses_per_minute = 12;
  // Origins besides the server's own whose pages may open /ws or POST (net/origin_policy.h).
  std::string allowed_origins;
  // Bearer token for /metrics; empty: /metrics answers loopback clients only.
  std::string metrics_token;
  // Frames one WebSocket message may come in.
  int max_message_fragments = 16;
  // The address players reach the server at (https://play.example.org); an https one makes
  // every session cookie Secure. Empty: cookies are Secure only behind a trusted proxy that
  // says X-Forwarded-Proto: https.
  std::string public_url;
  // Accounts (accounts/account_api.h): the threads that hash passwords (never the network
  // threads), the sign-ins that may wait for one and those one address may have waiting or
  // running; Argon2id's memory and passes; sessions' idle and absolute life and how many one
  // account keeps; sign-ups an address may make an hour; failed sign-ins before the delays.
  int hash_threads = 1;
  std::size_t hash_queue = 32;
  std::size_t hash_per_address = 2;
  int password_hash_mib = 19;
  int password_hash_passes = 2;
  int session_idle_days = 30;
  int session_max_days = 365;
  int max_sessions_per_account = 20;
  int max_passkeys_per_account = 10;
  int signups_per_hour = 5;
  int password_resets_per_hour = 5;  // per address (accounts/password_reset_api.h)
  int sign_in_failures_per_account = 5;
  int sign_in_failures_per_address = 20;
  int sign_ins_per_hour = 60;
  // Web Push (push/push_service.h): on unless --push off; notices and retries the sender holds;
  // browsers one account may subscribe; the VAPID contact ("" : --public-url when it is https,
  // else mailto:admin@localhost); endpoints on this machine over http (tests' push services).
  bool push = true;
  std::size_t push_queue = 1000;
  int push_threads = 4;
  int push_per_account = 2;
  int push_per_service = 3;
  int push_subscriptions_per_account = 10;
  std::string vapid_subject;
  bool push_allow_loopback = false;
  // Friends and invitations (accounts/social_api.h): invitations one account may send an hour,
  // pending for one player, and players one account may follow.
  int invitations_per_hour = 20;
  int max_pending_invitations = 20;
  int max_following = 1000;
  // E-mail (mail/mail_sender.h, mail/digest_sweep.h): off unless --smtp-url names a relay; then
  // --mail-from and --public-url (the links) are needed. The password is a secret: from the
  // environment rather than a flag (which `ps` shows), and never logged or shown.
  std::string smtp_url;
  std::string smtp_user;
  std::string smtp_password;
  bool smtp_starttls = true;
  std::string mail_from;
  std::size_t mail_queue = 1000;
  int digest_hours = 24;
  int digest_sweep_seconds = 300;
  // Moderation (moderation/moderation_watch.h): how often sanctions made elsewhere are looked for.
  int moderation_poll_ms = 1000;
  // Reports of players an account may make an hour, after a burst of 3.
  int reports_per_hour = 10;
  // The fair-play limit (accounts/fair_play.h): rated games left within so many days.
  int abandon_limit = 3;
  int abandon_days = 30;

  static std::string Usage();
};

// What the network layer and the rooms need of it.
NetConfig NetConfigOf(const ServerConfig& config);
RoomConfig RoomConfigOf(const ServerConfig& config);

// The config, or an error message naming the bad flag or variable.
std::variant<ServerConfig, std::string> ParseServerConfig(int argc, char** argv);

}  // namespace carc::server
