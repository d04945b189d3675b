// What `carcassonne load` runs and what it measured: rooms of real clients against a server,
// playing whole games with random legal moves from their own views, or only holding their
// connections open (idle mode).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "carc/v1/messages.pb.h"
#include "client/ws_client.h"

namespace carc::cli {

struct LoadConfig {
  // One server, or the nodes of a cluster: room r starts at servers[r % size], and a seat that
  // loses its connection fails over to the next.
  std::vector<client::ServerAddress> servers{client::ServerAddress{}};
  int rooms = 1;
  int players = 2;
  // The pause before each command a seat sends (a person's thinking, or 0 for machine speed).
  int think_ms = 0;
  // The measured window, after every connection has been opened.
  double duration_s = 10;
  // Connections opened per second while the run ramps up (a burst of thousands at once fills
  // the server's accept queue and measures that instead).
  int ramp_per_s = 2000;
  // Only connect and say Hello, then hold the connection.
  bool idle = false;
  // The server is the reference relay of bench/relay, not ours: each room's seats join
  // /r/load-ROOM and take turns sending a frame of relay_bytes bytes (its first 8 the turn's
  // number), which the relay sends to every seat, the sender included. The same turns, think
  // time and timing as a game, so the two servers compare under the same load.
  bool relay = false;
  int relay_bytes = 64;
  int threads = 1;
  // Local addresses the connections are bound to in turn (e.g. 127.0.0.1 .. 127.0.0.20): on
  // loopback they get a run past the server's per-address limits. Empty: the system's choice.
  std::vector<std::string> source_addrs;
  // Computer players the host of each room seats before the start (AddComputer), at
  // computer_level; the room's seats are players + computers. The load's clients play their own
  // seats, the server's computer players the rest.
  int computers = 0;
  std::string computer_level = "hard";
  // The room every game is played in (game type, seats, options).
  v1::RoomOptions room;
  std::uint64_t seed = 1;
  // Seconds between closing every connection and reading the server's RSS again.
  int settle_s = 11;
};

// "127.0.0.1-127.0.0.20" (a range within one /24), "127.0.0.1,127.0.0.2" or one address; the
// addresses in order, or an error.
std::optional<std::vector<std::string>> ParseSourceAddrs(const std::string& text,
                                                         std::string& error);

// What one room (or, merged, the whole run) counted inside the measured window.
struct LoadCounts {
  std::uint64_t connections_opened = 0;    // WebSocket handshakes completed
  std::uint64_t connect_failures = 0;      // TCP connect or handshake failed
  std::uint64_t welcomed = 0;              // the server answered Hello
  std::uint64_t connections_lost = 0;      // closed by the server or the network before the end
  std::uint64_t connections_regained = 0;  // lost, then welcomed back (resumed or anew)
  std::uint64_t redirects = 0;             // Redirects followed to a room's node
  std::uint64_t held_at_end = 0;           // open and welcomed when the window closed
  std::uint64_t commands = 0;              // game commands acknowledged (their batch came back)
  std::uint64_t events = 0;                // game events (relay: frames) received, all seats
  std::uint64_t bytes_in = 0;              // WebSocket payload bytes received, all seats
  std::uint64_t games_finished = 0;        // seen to the end by every seat
  std::map<std::string, std::uint64_t> errors;  // by ErrorCode name, or a transport failure
  // Command sent -> its events at every seat of the room, in microseconds.
  std::vector<float> latency_us;

  void Merge(LoadCounts&& other);
};

struct LoadReport {
  LoadConfig config;
  LoadCounts counts;
  double window_s = 0;  // the measured window as it ran
  double client_cpu_s = 0;
  // From the server's /metrics (process_resident_memory_bytes, process_cpu_seconds_total),
  // summed over the servers; -1 where one could not be read. The CPU is that of the servers
  // that answered at both ends of the window.
  double server_rss_kib_start = -1;  // before the first connection
  double server_rss_kib = -1;        // at the end of the window, every connection open
  double server_rss_kib_after = -1;  // after the clients left and the server settled
  double server_cpu_s = -1;          // spent by the server during the window
  // Game commands the servers accepted in the window (carc_commands_total), the clients' and
  // the server's own computers': a check on `commands`, which counts the clients' alone.
  double server_commands = -1;
};

// Runs the load and returns what it measured; bounded in time: it ends at the window's end plus
// a few seconds for closing, whatever the server does.
LoadReport RunLoad(const LoadConfig& config);

// One JSON object: connections_held, commands_per_s, events_per_s, latency_ms {p50, p99, max},
// errors, server_rss_kib, client_cpu_s and the rest of the report.
std::string ReportJson(const LoadReport& report);
// The same for people: a few lines.
std::string ReportText(const LoadReport& report);

}  // namespace carc::cli
