#include "server_config.h"

#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdlib>

#include "bots/bot_level.h"
#include "config_setting.h"
#include "net/origin_policy.h"
#include "net/proxy_trust.h"
#include "store/open_store.h"
#include "store/pg_connection.h"

namespace carc::server {
namespace {

// The whole unsigned 64-bit range: from_chars refuses a sign and anything from 2^64 up.
bool ParseU64(const std::string& s, std::uint64_t& out) {
  std::uint64_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return false;
  out = v;
  return true;
}

config::SettingTable MakeSettings() {
  using namespace config;
  SettingTable settings = {
      {"bind", {"CARC_BIND", "address to listen on (0.0.0.0)", Text(&ServerConfig::bind)}},
      {"port",
       {"CARC_PORT", "TCP port for HTTP and WebSocket (8080)", Int(&ServerConfig::port, 0, 65535)}},
      {"threads", {"CARC_THREADS", "I/O threads (2)", Int(&ServerConfig::threads, 1, 64)}},
      {"data-dir",
       {"CARC_DATA_DIR", "directory of the game store, carcassonne.sqlite (data)",
        [](ServerConfig& c, const std::string& v) {
          if (v.empty()) return false;
          c.data_dir = v;
          return true;
        }}},
      {"store",
       {"CARC_STORE",
        "where games are kept: sqlite:PATH, or postgres://USER:PASSWORD@HOST:PORT/DB to share "
        "one PostgreSQL database (default: sqlite:DATA-DIR/carcassonne.sqlite)",
        [](ServerConfig& c, const std::string& v) {
          if (!store::CheckStoreSpec(v).empty()) return false;
          c.store = v;
          return true;
        }}},
      {"node-id",
       {"CARC_NODE_ID",
        "this server's name in a cluster (PostgreSQL store): 1..64 of A-Z a-z 0-9 . _ -, the "
        "same across restarts (default: HOSTNAME-PORT)",
        [](ServerConfig& c, const std::string& v) {
          if (v.empty() || v.size() > 64) return false;
          for (const char ch : v) {
            if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '.' && ch != '_' &&
                ch != '-') {
              return false;
            }
          }
          c.node_id = v;
          return true;
        }}},
      {"advertise",
       {"CARC_ADVERTISE",
        "the WebSocket URL other nodes send this server's clients to, ws://HOST:PORT/ws or "
        "wss://..., at most 200 characters (default: ws://BIND:PORT/ws)",
        [](ServerConfig& c, const std::string& v) {
          if (!(v.starts_with("ws://") || v.starts_with("wss://")) || v.size() > 200) return false;
          for (const char ch : v) {
            if (static_cast<unsigned char>(ch) <= ' ' || ch == 0x7f) return false;
          }
          c.advertise = v;
          return true;
        }}},
      {"lease-ms",
       {"CARC_LEASE_MS",
        "in a cluster, how long a node keeps its rooms without renewing (failover takes about "
        "this long after a node dies), 500..600000 (3000)",
        Duration(&ServerConfig::lease, 500, 600000)}},
      {"durability",
       {"CARC_DURABILITY",
        "full (fsync before each acknowledgement) or normal (survives a server crash, maybe not "
        "a power cut) (full)",
        [](ServerConfig& c, const std::string& v) {
          if (v != "full" && v != "normal") return false;
          c.durability_full = v == "full";
          return true;
        }}},
      {"web-root",
       {"CARC_WEB_ROOT",
        "folder of the web client's static files (default: ../web beside the binary's directory, "
        "where the build puts it)",
        Text(&ServerConfig::web_root)}},
      {"max-message-bytes",
       {"CARC_MAX_MESSAGE_BYTES", "largest WebSocket message (65536)",
        Int(&ServerConfig::max_message_bytes, 256, 16 << 20)}},
      {"rate-burst",
       {"CARC_RATE_BURST", "messages a connection may send at once (60)",
        Int(&ServerConfig::rate_burst, 1, 100000)}},
      {"rate-per-second",
       {"CARC_RATE_PER_SECOND", "sustained messages per second (30)",
        Int(&ServerConfig::rate_per_second, 1, 100000)}},
      {"max-write-queue",
       {"CARC_MAX_WRITE_QUEUE",
        "messages queued for a slow reader before it is disconnected (1024)",
        Int(&ServerConfig::max_write_queue, 8, 1 << 20)}},
      {"handshake-timeout",
       {"CARC_HANDSHAKE_TIMEOUT",
        "seconds to send a request or handshake, and to read an answer (10)",
        Duration(&ServerConfig::handshake_timeout, 1, 3600)}},
      {"idle-timeout",
       {"CARC_IDLE_TIMEOUT", "seconds of silence before a connection is dropped (60)",
        Duration(&ServerConfig::idle_timeout, 1, 86400)}},
      {"grace-period",
       {"CARC_GRACE_PERIOD", "seconds a dropped seat stays reserved (300)",
        Duration(&ServerConfig::grace_period, 0, 86400 * 7)}},
      {"empty-room-ttl",
       {"CARC_EMPTY_ROOM_TTL", "seconds before a room with nobody connected is disposed of (600)",
        Duration(&ServerConfig::empty_room_ttl, 1, 86400 * 30)}},
      {"game-seed",
       {"CARC_GAME_SEED",
        "every game uses this seed, so the same tile order: for demos and reproducible tests, "
        "never on a public server; a whole number 0..18446744073709551615 (0 = random per "
        "game) (0)",
        [](ServerConfig& c, const std::string& v) { return ParseU64(v, c.game_seed); }}},
      {"max-rooms",
       {"CARC_MAX_ROOMS",
        "live rooms in memory at once (turn-based ones count toward --max-turn-based-rooms); more "
        "are refused with TOO_MANY_ROOMS (2000)",
        Int(&ServerConfig::max_rooms, 1, 1000000)}},
      {"max-rooms-per-address",
       {"CARC_MAX_ROOMS_PER_ADDRESS",
        "rooms created by one client address that still exist, rematches included (10)",
        Int(&ServerConfig::max_rooms_per_address, 1, 1000000)}},
      {"max-turn-based-games",
       {"CARC_MAX_TURN_BASED_GAMES",
        "turn-based rooms an account may sit in at once, lobbies and games under way; a room "
        "past it is refused with TOO_MANY_ROOMS (50)",
        Int(&ServerConfig::max_turn_based_games, 1, 10000)}},
      {"max-turn-based-lobbies",
       {"CARC_MAX_TURN_BASED_LOBBIES",
        "turn-based lobbies (games not yet started) an account may sit in when it creates "
        "another; past it TOO_MANY_ROOMS (5)",
        Int(&ServerConfig::max_turn_based_lobbies, 1, 10000)}},
      {"turn-based-lobby-hours",
       {"CARC_TURN_BASED_LOBBY_HOURS",
        "hours a turn-based lobby waits for its host once the host's last connection left, "
        "counted across restarts; then it is disposed of, counted in "
        "carc_rooms_disposed_total{reason=\"away_lobby\"}, 1 to 8760 (72)",
        [](ServerConfig& c, const std::string& v) {
          int hours = 0;
          const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), hours);
          if (ec != std::errc() || p != v.data() + v.size() || hours < 1 || hours > 8760) {
            return false;
          }
          c.turn_based_lobby_ttl = std::chrono::hours(hours);
          return true;
        }}},
      {"max-turn-based-rooms",
       {"CARC_MAX_TURN_BASED_ROOMS",
        "turn-based rooms in memory at once; they count toward this, not --max-rooms (which "
        "counts live rooms), so that neither kind crowds out the other; past it "
        "TOO_MANY_ROOMS (1000)",
        Int(&ServerConfig::max_turn_based_rooms, 1, 1000000)}},
      {"room-queue",
       {"CARC_ROOM_QUEUE",
        "clients' messages a room holds while its last move is being written to the store; "
        "past it they are refused with RATE_LIMITED \"the room is busy\" and counted in "
        "carc_rejections_total{reason=\"room_busy\"} (1024)",
        Int(&ServerConfig::room_queue, 1, 1 << 20)}},
      {"empty-lobby-ttl",
       {"CARC_EMPTY_LOBBY_TTL",
        "seconds before a lobby with no seat taken (spectators alone do not count) is disposed "
        "of (60)",
        Duration(&ServerConfig::empty_lobby_ttl, 1, 86400)}},
      {"log-level",
       {"CARC_LOG_LEVEL", "trace, debug, info, warn, error (info)",
        [](ServerConfig& c, const std::string& v) {
          if (v != "trace" && v != "debug" && v != "info" && v != "warn" && v != "error") {
            return false;
          }
          c.log_level = v;
          return true;
        }}},
      {"log-format",
       {"CARC_LOG_FORMAT", "text or json (text)",
        [](ServerConfig& c, const std::string& v) {
          if (v != "text" && v != "json") return false;
          c.log_format = v;
          return true;
        }}},
      {"max-connections",
       {"CARC_MAX_CONNECTIONS",
        "open TCP connections in total, HTTP and WebSocket alike; 0 = the descriptor limit "
        "(RLIMIT_NOFILE, raised to its hard limit when needed) minus a reserve of max(64, "
        "limit/10), at most 10000. A connection over a cap is counted in "
        "carc_connections_refused_total and goes to a small overflow lane (16 connections, 2 "
        "per address, 2 s) that answers GET /healthz 200 and anything else 503, then closes; "
        "when that lane is full too it is closed at once (0)",
        Int(&ServerConfig::max_connections, 0, 1 << 22)}},
      {"memory-max-mib",
       {"CARC_MEMORY_MAX_MIB",
        "a ceiling on the server's memory in MiB (RLIMIT_DATA: the heap and private mappings), "
        "so that a fault that allocates without bound fails inside the server instead of "
        "exhausting the machine; the supervisor restarts it. 0 = none; the Dockerfile sets "
        "1024, the systemd unit and compose files cap the service from outside as well. "
        "64..4194304 or 0 (0)",
        [](ServerConfig& c, const std::string& v) {
          std::uint64_t mib = 0;
          if (!ParseU64(v, mib) || (mib != 0 && (mib < 64 || mib > (1u << 22)))) return false;
          c.memory_max_mib = static_cast<int>(mib);
          return true;
        }}},
      {"max-connections-per-address",
       {"CARC_MAX_CONNECTIONS_PER_ADDRESS",
        "open TCP connections from one client address (an IPv6 /64 counts as one address); "
        "refused as for --max-connections. Behind a reverse proxy, name it in --trusted-proxies: "
        "its WebSocket connections then count under each client's address (64)",
        Int(&ServerConfig::max_connections_per_address, 0, 1 << 22)}},
      {"max-write-queue-bytes",
       {"CARC_MAX_WRITE_QUEUE_BYTES",
        "bytes queued for a WebSocket reader before it is disconnected as too slow (close 1008); "
        "a single message larger than this is still sent when nothing else is queued; "
        "--max-write-queue bounds the count of messages as well (131072)",
        Int(&ServerConfig::max_write_queue_bytes, 4096, 1LL << 30)}},
      {"lobby-idle-timeout",
       {"CARC_LOBBY_IDLE_TIMEOUT",
        "seconds a WebSocket connection in no room may go without sending a message before it is "
        "closed (4003); connections in a room are not affected (300)",
        Duration(&ServerConfig::lobby_idle_timeout, 1, 86400)}},
      {"socket-send-buffer",
       {"CARC_SOCKET_SEND_BUFFER",
        "SO_SNDBUF of each WebSocket connection in bytes: what the kernel holds for a client "
        "that does not read, beside --max-write-queue-bytes (Linux doubles it); 0 = the "
        "kernel's autotuning, up to net.ipv4.tcp_wmem's maximum (4 MiB by default) (65536)",
        Int(&ServerConfig::socket_send_buffer, 0, 64 << 20)}},
      {"trusted-proxies",
       {"CARC_TRUSTED_PROXIES",
        "reverse proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For "
        "names the client: its last entry is then the client's address for the per-address "
        "limits and the log; nobody else can set it (none)",
        [](ServerConfig& c, const std::string& v) {
          if (std::holds_alternative<std::string>(ProxyTrust::Parse(v))) return false;
          c.trusted_proxies = v;
          return true;
        }}},
      {"bot-threads",
       {"CARC_BOT_THREADS",
        "threads the computer players think on, at a lower priority than the rest; each "
        "thinks for one room at a time, the others wait their turn; 0 = no computer players "
        "(1)",
        Int(&ServerConfig::bot_threads, 0, 64)}},
      {"bot-queue",
       {"CARC_BOT_QUEUE",
        "computer players' moves that may wait for a thread; past it the engine's fallback "
        "move is played at once and counted in carc_bot_jobs_refused_total (256)",
        Int(&ServerConfig::bot_queue, 1, 1 << 20)}},
      {"max-computer-ms",
       {"CARC_MAX_COMPUTER_MS",
        "the longest time a move a room may give a computer player (mcts@MS); levels over it "
        "are refused (2000)",
        Duration(&ServerConfig::max_computer_ms, 10, 60000)}},
      {"max-analyses",
       {"CARC_MAX_ANALYSES",
        "analyses of finished games (GET /api/games/{id}/analysis) that may run at once on the "
        "computer players' threads; more are answered 503; 0 = none (1)",
        Int(&ServerConfig::max_analyses, 0, 16)}},
      {"analysis-ms",
       {"CARC_ANALYSIS_MS",
        "the tree search's time for each decision of an analysed game, 10..1000 (100)",
        Duration(&ServerConfig::analysis_ms, 10, 1000)}},
      {"bot-jobs-per-address",
       {"CARC_BOT_JOBS_PER_ADDRESS",
        "computer players' moves and hints that the rooms created by one client address may "
        "have waiting or running at once; past it their computers play the engine's fallback "
        "move and it is counted in carc_bot_jobs_refused_owner_total (8)",
        Int(&ServerConfig::bot_jobs_per_address, 1, 1 << 20)}},
      {"unattended-level",
       {"CARC_UNATTENDED_LEVEL",
        "the level a room's computer players play at while no person is connected to the room "
        "(nobody watches, so nobody waits for a good move): random, greedy, mcts@MS, easy, "
        "medium or hard (mcts@10)",
        [](ServerConfig& c, const std::string& v) {
          if (!bots::ParseBotLevel(v)) return false;
          c.unattended_level = v;
          return true;
        }}},
      {"api-threads",
       {"CARC_API_THREADS",
        "threads for the HTTP API's costly work (reading and replaying records, the archive, "
        "starting analyses), apart from the network threads (1)",
        Int(&ServerConfig::api_threads, 1, 64)}},
      {"api-queue",
       {"CARC_API_QUEUE",
        "API requests that may wait for an API thread; more are answered 503 with Retry-After "
        "and counted in carc_api_jobs_refused_total{reason=\"busy\"} (64)",
        Int(&ServerConfig::api_queue, 1, 1 << 20)}},
      {"api-per-address",
       {"CARC_API_PER_ADDRESS",
        "API requests one client address may have waiting or running on the API threads; more "
        "are answered 503 with Retry-After, counted in "
        "carc_api_jobs_refused_total{reason=\"address\"} (4)",
        Int(&ServerConfig::api_per_address, 1, 1 << 20)}},
      {"read-threads",
       {"CARC_READ_THREADS",
        "threads for the account API's store reads (the session of a signed-in WebSocket "
        "upgrade, /api/me, profiles, leaderboards, passkeys), apart from the network threads and "
        "from the API threads, so that a signed-in player never waits behind a replay (1)",
        Int(&ServerConfig::read_threads, 1, 64)}},
      {"read-queue",
       {"CARC_READ_QUEUE",
        "account reads that may wait for a read thread; more are answered 503 with Retry-After "
        "and counted in carc_read_jobs_refused_total{reason=\"busy\"} (256)",
        Int(&ServerConfig::read_queue, 1, 1 << 20)}},
      {"read-per-address",
       {"CARC_READ_PER_ADDRESS",
        "account reads one client address may have waiting or running; more are answered 503 "
        "with Retry-After, counted in carc_read_jobs_refused_total{reason=\"address\"} (8)",
        Int(&ServerConfig::read_per_address, 1, 1 << 20)}},
      {"api-burst",
       {"CARC_API_BURST",
        "requests to /api/ one client address may send at once before --api-rate applies (40)",
        Int(&ServerConfig::api_burst, 1, 1 << 20)}},
      {"api-rate",
       {"CARC_API_RATE",
        "requests to /api/ a second from one client address, on average; more are answered 429 "
        "with Retry-After and counted in carc_rejections_total{reason=\"api_rate_limited\"}; "
        "0 = no limit (20)",
        Int(&ServerConfig::api_rate, 0, 1 << 20)}},
      {"replay-cache-bytes",
       {"CARC_REPLAY_CACHE_BYTES",
        "bytes of archived games' replays kept once built (they never change) (33554432)",
        Int(&ServerConfig::replay_cache_bytes, 0, 1LL << 34)}},
      {"code-guesses-per-minute",
       {"CARC_CODE_GUESSES_PER_MINUTE",
        "room codes one client address may look up and miss a minute (joins and "
        "/api/rooms/CODE/record), after a burst of 10; past it its lookups are refused "
        "(RATE_LIMITED, 429) and counted in carc_rejections_total{reason=\"code_guesses\"} "
        "(12)",
        Int(&ServerConfig::code_guesses_per_minute, 1, 1 << 20)}},
      {"public-url",
       {"CARC_PUBLIC_URL",
        "the address players reach the server at (https://play.example.org); an https one "
        "makes session cookies Secure (none)",
        [](ServerConfig& c, const std::string& v) {
          if (!v.starts_with("https://") && !v.starts_with("http://")) return false;
          if (v.size() > 2048) return false;
          c.public_url = v;
          return true;
        }}},
      {"allowed-origins",
       {"CARC_ALLOWED_ORIGINS",
        "web origins besides the server's own whose pages may open /ws or send a request that "
        "changes something (POST, DELETE), "
        "comma-separated (https://play.example.org); needed when the pages come from another "
        "host than the server's, e.g. a cluster's front; other origins get 403 and are counted "
        "in carc_rejections_total{reason=\"foreign_origin\"} (none)",
        [](ServerConfig& c, const std::string& v) {
          if (std::holds_alternative<std::string>(OriginPolicy::Parse(v))) return false;
          c.allowed_origins = v;
          return true;
        }}},
      {"metrics-token",
       {"CARC_METRICS_TOKEN",
        "a secret of 16 to 256 printable characters that GET /metrics must present as "
        "\"Authorization: Bearer TOKEN\"; without it /metrics answers only clients on a loopback "
        "address (prefer the environment variable: flags show in the process list) (none)",
        [](ServerConfig& c, const std::string& v) {
          if (v.size() < 16 || v.size() > 256) return false;
          for (const char ch : v) {
            if (static_cast<unsigned char>(ch) <= ' ' || static_cast<unsigned char>(ch) >= 0x7f) {
              return false;
            }
          }
          c.metrics_token = v;
          return true;
        }}},
      {"max-message-fragments",
       {"CARC_MAX_MESSAGE_FRAGMENTS",
        "WebSocket frames one message may arrive in beyond one per 128 bytes of it (a read each); "
        "more close the connection (1009) and are "
        "counted in carc_rejections_total{reason=\"too_many_fragments\"} (16)",
        Int(&ServerConfig::max_message_fragments, 1, 100000)}},
      {"absent-level",
       {"CARC_ABSENT_LEVEL",
        "the computer player that plays for a person away past the grace period in rooms "
        "with ABANDON_POLICY_COMPUTER: random, greedy, mcts@MS, easy, medium or hard (medium)",
        [](ServerConfig& c, const std::string& v) {
          if (!bots::ParseBotLevel(v)) return false;
          c.absent_level = v;
          return true;
        }}},
  };
  AddAccountSettings(settings);
  AddNoticeSettings(settings);
  return settings;
}

const config::SettingTable& Settings() {
  static const config::SettingTable settings = MakeSettings();
  return settings;
}

// A refused value as an error message may show it: never a secret.
std::string Shown(const std::string& env, const std::string& value) {
  if (env == "CARC_METRICS_TOKEN" || env == "CARC_SMTP_PASSWORD") {
    return "(" + std::to_string(value.size()) + " characters)";
  }
  return store::RedactUrl(value);
}

}  // namespace

std::string ServerConfig::Usage() {
  std::string s =
      "usage: carcassonne-server [--flag value]...\n"
      "       carcassonne-server bench-store --help   (how fast the store is on this disk)\n\n"
      "flags (environment variable):\n";
  for (const auto& [name, setting] : Settings()) {
    s += "  --" + name + " (" + setting.env + ")\n      " + setting.help + "\n";
  }
  return s;
}

std::variant<ServerConfig, std::string> ParseServerConfig(int argc, char** argv) {
  ServerConfig c;
  for (const auto& [name, setting] : Settings()) {
    if (const char* v = std::getenv(setting.env.c_str()); v != nullptr && *v != '\0') {
      if (!setting.set(c, v)) {
        return setting.env + ": bad value '" + Shown(setting.env, v) + "' (" + setting.help + ")";
      }
    }
  }
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0) return "unexpected argument '" + arg + "'";
    arg = arg.substr(2);
    std::string value;
    if (const auto eq = arg.find('='); eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return "--" + arg + " needs a value";
    }
    const auto it = Settings().find(arg);
    if (it == Settings().end()) return "unknown flag --" + arg;
    if (!it->second.set(c, value)) {
      return "--" + arg + ": bad value '" + Shown(it->second.env, value) + "' (" + it->second.help +
             ")";
    }
  }
  if (std::string error = config::CheckNoticeSettings(c); !error.empty()) return error;
  return c;
}

NetConfig NetConfigOf(const ServerConfig& c) {
  NetConfig n;
  n.bind = c.bind;
  n.port = c.port;
  n.max_connections = c.max_connections;
  n.max_connections_per_address = c.max_connections_per_address;
  n.web_root = c.web_root;
  n.trusted_proxies = c.trusted_proxies;
  n.handshake_timeout = c.handshake_timeout;
  n.idle_timeout = c.idle_timeout;
  n.lobby_idle_timeout = c.lobby_idle_timeout;
  n.max_message_bytes = c.max_message_bytes;
  n.rate_burst = c.rate_burst;
  n.rate_per_second = c.rate_per_second;
  n.max_write_queue = c.max_write_queue;
  n.max_write_queue_bytes = c.max_write_queue_bytes;
  n.socket_send_buffer = c.socket_send_buffer;
  n.max_message_fragments = c.max_message_fragments;
  n.api_burst = c.api_burst;
  n.api_rate = c.api_rate;
  n.allowed_origins = c.allowed_origins;
  n.metrics_token = c.metrics_token;
  return n;
}

RoomConfig RoomConfigOf(const ServerConfig& c) {
  RoomConfig r;
  r.grace_period = c.grace_period;
  r.empty_room_ttl = c.empty_room_ttl;
  r.empty_lobby_ttl = c.empty_lobby_ttl;
  r.sweep_interval = c.sweep_interval;
  r.game_seed = c.game_seed;
  r.wall_now = c.wall_now;
  r.max_rooms = c.max_rooms;
  r.max_rooms_per_address = c.max_rooms_per_address;
  r.max_turn_based_games = c.max_turn_based_games;
  r.max_turn_based_lobbies = c.max_turn_based_lobbies;
  r.turn_based_lobby_ttl = c.turn_based_lobby_ttl;
  r.max_turn_based_rooms = c.max_turn_based_rooms;
  r.room_queue = c.room_queue;
  r.code_guesses_per_minute = c.code_guesses_per_minute;
  r.reports_per_hour = c.reports_per_hour;
  r.computers = c.bot_threads > 0;
  r.max_computer_ms = c.max_computer_ms;
  r.absent_level = c.absent_level;
  r.unattended_level = c.unattended_level;
  r.max_message_bytes = c.max_message_bytes;
  r.rate_per_second = c.rate_per_second;
  return r;
}

}  // namespace carc::server
