// The report of a load run, as JSON for scripts and as a few lines for people.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "load/load_config.h"

namespace carc::cli {
namespace {

struct Latency {
  double p50 = 0;
  double p99 = 0;
  double max = 0;
};

// Nearest-rank percentiles, in milliseconds.
Latency LatencyOf(std::vector<float> us) {
  Latency l;
  if (us.empty()) return l;
  std::sort(us.begin(), us.end());
  auto rank = [&](double q) {
    const auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(us.size())));
    return static_cast<double>(us[std::min(us.size(), std::max<std::size_t>(k, 1)) - 1]) / 1000;
  };
  l.p50 = rank(0.50);
  l.p99 = rank(0.99);
  l.max = static_cast<double>(us.back()) / 1000;
  return l;
}

double Rate(std::uint64_t n, double seconds) {
  return seconds > 0 ? static_cast<double>(n) / seconds : 0;
}

// Rounded for reading; JSON keeps the decimals that mean something.
double Round(double v, int decimals) {
  const double f = std::pow(10.0, decimals);
  return std::round(v * f) / f;
}

}  // namespace

std::string ReportJson(const LoadReport& r) {
  const LoadCounts& c = r.counts;
  const Latency l = LatencyOf(c.latency_us);
  nlohmann::ordered_json j;
  j["mode"] = r.config.idle ? "idle" : "play";
  j["server"] = r.config.relay ? "relay" : "carcassonne";
  j["rooms"] = r.config.rooms;
  j["players"] = r.config.players;
  j["computers"] = r.config.computers;
  if (r.config.computers > 0) j["computer_level"] = r.config.computer_level;
  j["think_ms"] = r.config.think_ms;
  j["window_s"] = Round(r.window_s, 3);
  j["connections_held"] = c.held_at_end;
  j["connections_opened"] = c.connections_opened;
  j["connect_failures"] = c.connect_failures;
  j["connections_lost"] = c.connections_lost;
  j["connections_regained"] = c.connections_regained;
  j["redirects"] = c.redirects;
  j["servers"] = r.config.servers.size();
  j["commands"] = c.commands;
  j["commands_per_s"] = Round(Rate(c.commands, r.window_s), 1);
  j["events_per_s"] = Round(Rate(c.events, r.window_s), 1);
  j["games_finished"] = c.games_finished;
  j["bytes_in_per_s"] = Round(Rate(c.bytes_in, r.window_s), 0);
  // What one seat receives per command: the frame size that makes the relay carry the same.
  j["bytes_per_seat_per_command"] =
      c.commands > 0
          ? Round(
                static_cast<double>(c.bytes_in) /
                    static_cast<double>(c.commands * static_cast<std::uint64_t>(r.config.players)),
                1)
          : 0.0;
  j["latency_ms"] = {{"p50", Round(l.p50, 3)}, {"p99", Round(l.p99, 3)}, {"max", Round(l.max, 3)}};
  j["errors"] = nlohmann::ordered_json::object();
  for (const auto& [k, v] : c.errors) j["errors"][k] = v;
  j["server_rss_kib_start"] = Round(r.server_rss_kib_start, 0);
  j["server_rss_kib"] = Round(r.server_rss_kib, 0);
  j["server_rss_kib_after"] = Round(r.server_rss_kib_after, 0);
  const double per_connection =
      c.held_at_end > 0 && r.server_rss_kib > 0 && r.server_rss_kib_start > 0
          ? (r.server_rss_kib - r.server_rss_kib_start) / static_cast<double>(c.held_at_end)
          : -1;
  j["server_rss_kib_per_connection"] = Round(per_connection, 2);
  j["server_cpu_s"] = Round(r.server_cpu_s, 3);
  j["server_commands"] = Round(r.server_commands, 0);
  j["server_cpu_us_per_command"] =
      c.commands > 0 && r.server_cpu_s >= 0
          ? Round(r.server_cpu_s * 1e6 / static_cast<double>(c.commands), 1)
          : -1.0;
  j["client_cpu_s"] = Round(r.client_cpu_s, 3);
  return j.dump();
}

std::string ReportText(const LoadReport& r) {
  const LoadCounts& c = r.counts;
  const Latency l = LatencyOf(c.latency_us);
  std::ostringstream o;
  o << (r.config.relay ? "relay, " : "") << (r.config.idle ? "idle" : "play") << ": "
    << r.config.rooms << " rooms x " << r.config.players << " players, think " << r.config.think_ms
    << " ms, window " << Round(r.window_s, 1) << " s\n"
    << "connections: " << c.held_at_end << " held at the end, " << c.connections_opened
    << " opened, " << c.connect_failures << " failed, " << c.connections_lost << " lost, "
    << c.connections_regained << " regained, " << c.redirects << " redirects\n";
  if (!r.config.idle) {
    o << "commands: " << c.commands << " (" << Round(Rate(c.commands, r.window_s), 1)
      << "/s), events " << Round(Rate(c.events, r.window_s), 1) << "/s, games finished "
      << c.games_finished << "\n"
      << "latency (command sent -> its events at every seat): p50 " << Round(l.p50, 3)
      << " ms, p99 " << Round(l.p99, 3) << " ms, max " << Round(l.max, 3) << " ms\n";
  }
  if (r.config.servers.size() > 1) o << "servers: " << r.config.servers.size() << ", summed\n";
  o << "server RSS: " << Round(r.server_rss_kib_start, 0) << " KiB before, "
    << Round(r.server_rss_kib, 0) << " KiB at the end of the window, "
    << Round(r.server_rss_kib_after, 0) << " KiB after the clients left\n"
    << "CPU: server " << Round(r.server_cpu_s, 3) << " s in the window, this tool "
    << Round(r.client_cpu_s, 3) << " s\n";
  if (!c.errors.empty()) {
    o << "errors:";
    for (const auto& [k, v] : c.errors) o << " " << k << "=" << v;
    o << "\n";
  }
  return o.str();
}

}  // namespace carc::cli
