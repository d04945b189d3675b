// RunLoad: the rooms on a pool of I/O threads, opened at the ramp's pace, measured over the
// window, closed, and the server's figures read from its /metrics around them.
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/beast/http.hpp>
#include <sstream>
#include <thread>

#include "load/load_config.h"
#include "load/load_room.h"
#include "sys/process_usage.h"

namespace carc::cli {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using namespace std::chrono_literals;

namespace {

// The server's /metrics as text, or "" when it cannot be read within a few seconds.
std::string FetchMetrics(const client::ServerAddress& server) {
  net::io_context io;
  beast::tcp_stream stream(io);
  http::request<http::empty_body> request{http::verb::get, "/metrics", 11};
  request.set(http::field::host, server.host + ":" + server.port);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  bool ok = false;
  net::ip::tcp::resolver resolver(io);
  beast::error_code ec;
  const auto endpoints = resolver.resolve(server.host, server.port, ec);
  if (ec) return {};
  stream.expires_after(5s);
  stream.async_connect(endpoints, [&](beast::error_code e, const auto&) {
    if (e) return;
    http::async_write(stream, request, [&](beast::error_code we, std::size_t) {
      if (we) return;
      http::async_read(stream, buffer, response, [&](beast::error_code re, std::size_t) {
        ok = !re && response.result() == http::status::ok;
      });
    });
  });
  io.run_for(6s);
  return ok ? response.body() : std::string();
}

// The value of an unlabelled sample in Prometheus text, or -1.
double Sample(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name + " ", 0) == 0) return std::stod(line.substr(name.size() + 1));
  }
  return -1;
}

// The sum of a sample over every server's /metrics text, or -1 when any lacks it (a server
// that did not answer: a sum of some would pass for the whole).
double SampleSum(const std::vector<std::string>& texts, const std::string& name) {
  double sum = 0;
  for (const std::string& t : texts) {
    const double v = Sample(t, name);
    if (v < 0) return -1;
    sum += v;
  }
  return sum;
}

std::vector<std::string> FetchAll(const std::vector<client::ServerAddress>& servers) {
  std::vector<std::string> out;
  for (const auto& s : servers) out.push_back(FetchMetrics(s));
  return out;
}

// Enough descriptors for every connection, as far as the hard limit allows.
void RaiseDescriptorLimit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
  }
}

}  // namespace

std::optional<std::vector<std::string>> ParseSourceAddrs(const std::string& text,
                                                         std::string& error) {
  std::vector<std::string> out;
  std::stringstream list(text);
  std::string item;
  while (std::getline(list, item, ',')) {
    const auto dash = item.find('-');
    beast::error_code ec;
    if (dash == std::string::npos) {
      net::ip::make_address_v4(item, ec);
      if (ec) return error = "not an IPv4 address: '" + item + "'", std::nullopt;
      out.push_back(item);
      continue;
    }
    const auto first = net::ip::make_address_v4(item.substr(0, dash), ec);
    if (ec) return error = "not an IPv4 address: '" + item.substr(0, dash) + "'", std::nullopt;
    const auto last = net::ip::make_address_v4(item.substr(dash + 1), ec);
    if (ec) return error = "not an IPv4 address: '" + item.substr(dash + 1) + "'", std::nullopt;
    const auto a = first.to_uint();
    const auto b = last.to_uint();
    if (b < a || (a >> 8) != (b >> 8)) {
      return error = "a range must go upwards within one /24: '" + item + "'", std::nullopt;
    }
    for (auto v = a; v <= b; ++v) out.push_back(net::ip::make_address_v4(v).to_string());
  }
  if (out.empty()) return error = "no source address given", std::nullopt;
  return out;
}

void LoadCounts::Merge(LoadCounts&& o) {
  connections_opened += o.connections_opened;
  connect_failures += o.connect_failures;
  welcomed += o.welcomed;
  connections_lost += o.connections_lost;
  connections_regained += o.connections_regained;
  redirects += o.redirects;
  held_at_end += o.held_at_end;
  commands += o.commands;
  events += o.events;
  bytes_in += o.bytes_in;
  games_finished += o.games_finished;
  for (const auto& [k, v] : o.errors) errors[k] += v;
  latency_us.insert(latency_us.end(), o.latency_us.begin(), o.latency_us.end());
}

LoadReport RunLoad(const LoadConfig& config) {
  LoadReport report;
  report.config = config;
  RaiseDescriptorLimit();
  const double cpu_start = server::ProcessCpuSeconds();

  net::io_context io(config.threads);
  net::ip::tcp::resolver resolver(io);
  std::vector<net::ip::tcp::endpoint> servers;
  for (const client::ServerAddress& a : config.servers) {
    beast::error_code ec;
    const auto resolved = resolver.resolve(a.host, a.port, ec);
    if (ec || resolved.empty()) {
      report.counts.errors["cannot_resolve_server"] = 1;
      return report;
    }
    servers.push_back(resolved.begin()->endpoint());
  }
  report.server_rss_kib_start =
      SampleSum(FetchAll(config.servers), "process_resident_memory_bytes");
  if (report.server_rss_kib_start > 0) report.server_rss_kib_start /= 1024;

  // The window opens once every connection has had its turn to open, plus a second to finish.
  const int connections = config.rooms * config.players;
  const auto ramp = std::chrono::duration<double>(static_cast<double>(connections) /
                                                  std::max(1, config.ramp_per_s));
  const auto start = std::chrono::steady_clock::now();
  const auto window_start =
      start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(ramp) + 1s;
  const auto window_end =
      window_start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(config.duration_s));

  std::vector<std::shared_ptr<LoadRoom>> rooms;
  for (int r = 0; r < config.rooms; ++r) {
    rooms.push_back(std::make_shared<LoadRoom>(io, config, servers, r, window_start));
  }
  auto work = net::make_work_guard(io);
  std::vector<std::thread> threads;
  for (int t = 0; t < config.threads; ++t) threads.emplace_back([&io] { io.run(); });

  for (int r = 0; r < config.rooms; ++r) {
    // Room r opens when the ramp reaches its first connection.
    std::this_thread::sleep_until(
        start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(static_cast<double>(r * config.players) /
                                                  std::max(1, config.ramp_per_s))));
    rooms[static_cast<std::size_t>(r)]->Start();
  }
  std::this_thread::sleep_until(window_start);
  const std::vector<std::string> at_start = FetchAll(config.servers);
  const auto window_opened = std::chrono::steady_clock::now();
  std::this_thread::sleep_until(window_end);
  const std::vector<std::string> at_end = FetchAll(config.servers);
  report.window_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - window_opened).count();
  // Only servers that answered at both ends of the window (a node killed in it has no figure).
  for (std::size_t k = 0; k < at_end.size(); ++k) {
    const double a = Sample(at_start[k], "process_cpu_seconds_total");
    const double b = Sample(at_end[k], "process_cpu_seconds_total");
    if (a >= 0 && b >= a) report.server_cpu_s = std::max(0.0, report.server_cpu_s) + (b - a);
    const double ca = Sample(at_start[k], "carc_commands_total");
    const double cb = Sample(at_end[k], "carc_commands_total");
    if (ca >= 0 && cb >= ca) {
      report.server_commands = std::max(0.0, report.server_commands) + (cb - ca);
    }
  }
  report.server_rss_kib = SampleSum(at_end, "process_resident_memory_bytes");
  if (report.server_rss_kib > 0) report.server_rss_kib /= 1024;

  // Close everything, bounded: rooms whose connections do not close in time are left to the
  // io_context's stop.
  std::atomic<int> open_rooms{config.rooms};
  for (auto& room : rooms) room->Stop([&open_rooms] { --open_rooms; });
  const auto close_deadline = std::chrono::steady_clock::now() + 5s;
  while (open_rooms.load() > 0 && std::chrono::steady_clock::now() < close_deadline) {
    std::this_thread::sleep_for(10ms);
  }
  work.reset();
  io.stop();
  for (auto& t : threads) t.join();
  for (auto& room : rooms) report.counts.Merge(std::move(room->counts()));
  if (open_rooms.load() > 0) report.counts.errors["close_timed_out"] += open_rooms.load();
  report.client_cpu_s = server::ProcessCpuSeconds() - cpu_start;

  // What the server keeps once the clients are gone, after it has had a moment to let go.
  std::this_thread::sleep_for(std::chrono::seconds(config.settle_s));
  report.server_rss_kib_after =
      SampleSum(FetchAll(config.servers), "process_resident_memory_bytes");
  if (report.server_rss_kib_after > 0) report.server_rss_kib_after /= 1024;
  return report;
}

}  // namespace carc::cli
