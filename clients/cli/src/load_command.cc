// `carcassonne load`: many real clients in one process against a running server.
#include <iostream>
#include <thread>

#include "args.h"
#include "bots/bot_level.h"
#include "client/saved_session.h"
#include "client/server_list.h"
#include "commands.h"
#include "game_options.h"
#include "games/registry.h"
#include "load/load_config.h"

namespace carc::cli {
namespace {

constexpr const char* kLoadHelp =
    "usage: carcassonne load --server URL --rooms R --players P --think-ms T --duration S\n"
    "                        [--game G] [--rules LIST] [--idle] [--source-addrs LIST]\n"
    "                        [--threads N] [--ramp N] [--seed S] [--settle S] [--json]\n"
    "                        [--relay [--relay-bytes N]] [--computers N [--computer-level L]]\n"
    "Opens R x P WebSocket clients in this one process (the project's own client code) that play\n"
    "whole games against the server with random legal moves from their own views, a new room\n"
    "after each game; or with --idle only say Hello and hold their connections. Connections open\n"
    "at --ramp per second; then the window of --duration seconds is measured, every connection\n"
    "is closed, and the report is printed. It always ends: at most the ramp, the window and\n"
    "about 10 s for closing and reading the server's figures, plus --settle.\n"
    "  --server URLS       ws://host:port (default ws://127.0.0.1:8080); its /metrics gives\n"
    "                      (with a session of `carcassonne login` for it, each room's first\n"
    "                      seat plays signed in)\n"
    "                      the server's RSS and CPU (process_resident_memory_bytes, ...).\n"
    "                      Several, comma-separated (the nodes of a cluster, at most 16):\n"
    "                      room r starts at the r-th (round robin), the figures are summed,\n"
    "                      and a seat that loses its connection fails over to the next one,\n"
    "                      resumes with its token and follows the Redirect to its room\n"
    "  --rooms R           rooms, 1..100000 (default 1)\n"
    "  --players P         this process's clients per room, 1..6 (default 2); with\n"
    "                      --computers the room's seats are both together, as the game allows\n"
    "  --computers N       computer players the host of each room seats before the start,\n"
    "                      0..5 (default 0); they think on the server's computer-player threads\n"
    "  --computer-level L  their level: random, greedy, mcts@MS, easy, medium, hard (default\n"
    "                      hard)\n"
    "  --think-ms T        pause before each command, 0..60000 (default 0: machine speed)\n"
    "  --duration S        measured window in seconds, 1..3600 (default 10)\n"
    "  --game G            a game the server offers (default base)\n"
    "  --rules LIST        the game's options, e.g. farm_scoring=c1,count=true\n"
    "  --idle              only connect, say Hello and hold the connection\n"
    "  --source-addrs LIST local addresses to bind in turn, e.g. 127.0.0.1-127.0.0.20 (on\n"
    "                      loopback this gets past the server's per-address limits)\n"
    "  --threads N         I/O threads, 1..64 (default: one per core)\n"
    "  --ramp N            connections opened per second, 1..100000 (default 2000)\n"
    "  --seed S            the moves' random choices (default 1)\n"
    "  --settle S          seconds to wait after closing before reading the server's RSS\n"
    "                      again, 0..60 (default 11: past two of the server's 5 s sweeps,\n"
    "                      which give memory back once the clients have gone quiet)\n"
    "  --relay             the server is the reference relay (bench/relay), not ours: the\n"
    "                      seats of room N join ws://host:port/r/load-N and take turns\n"
    "                      sending a frame that the relay sends to every seat, with the same\n"
    "                      think time and timing as a game (--game and --rules are unused)\n"
    "  --relay-bytes N     the relay frame's size, 8..65536 (default 64; to carry what our\n"
    "                      server sends, take bytes_per_seat_per_command of a game run)\n"
    "  --json              one JSON object: connections_held, commands_per_s, events_per_s,\n"
    "                      latency_ms {p50, p99, max} (command sent -> its events at every\n"
    "                      seat), errors (by code), server_rss_kib, client_cpu_s, ...\n"
    "Exit status: 0 when every connection opened and was held (or, lost, was regained) and\n"
    "(playing) commands were acknowledged, 1 otherwise, 2 for bad options.\n";

}  // namespace

int LoadCommand(int argc, char** argv) {
  Args args(argc, argv, 2,
            {"server", "rooms", "players", "think-ms", "duration", "game", "rules", "source-addrs",
             "threads", "ramp", "seed", "settle", "relay-bytes", "computers", "computer-level"},
            {"idle", "json", "help", "relay"});
  if (args.Has("help")) {
    std::cout << kLoadHelp;
    return 0;
  }
  LoadConfig config;
  const auto cores = static_cast<std::int64_t>(std::max(1U, std::thread::hardware_concurrency()));
  config.rooms = static_cast<int>(args.Int("rooms", 1, 1, 100000));
  config.players = static_cast<int>(args.Int("players", 2, 1, 6));
  config.computers = static_cast<int>(args.Int("computers", 0, 0, 5));
  config.computer_level = args.Get("computer-level", "hard");
  config.think_ms = static_cast<int>(args.Int("think-ms", 0, 0, 60000));
  config.duration_s = static_cast<double>(args.Int("duration", 10, 1, 3600));
  config.threads = static_cast<int>(args.Int("threads", cores, 1, 64));
  config.ramp_per_s = static_cast<int>(args.Int("ramp", 2000, 1, 100000));
  config.seed = static_cast<std::uint64_t>(args.Int("seed", 1, 0, INT64_MAX));
  config.settle_s = static_cast<int>(args.Int("settle", 11, 0, 60));
  config.idle = args.Has("idle");
  config.relay = args.Has("relay");
  config.relay_bytes = static_cast<int>(args.Int("relay-bytes", 64, 8, 65536));
  std::string error = args.error();
  if (error.empty() && config.players + config.computers < 2) {
    error = "a room needs 2 seats at least: --players 1 takes --computers 1 or more";
  }
  if (error.empty() && config.players + config.computers > 6) {
    error = "--players and --computers together take 2..6 seats";
  }
  if (error.empty() && !bots::ParseBotLevel(config.computer_level)) {
    error =
        "--computer-level takes random, greedy, mcts, mcts@MS (MS from 10 to 60000), easy, "
        "medium or hard, not '" +
        config.computer_level + "'";
  }
  if (error.empty() && config.computers > 0 && (config.idle || args.Has("relay"))) {
    error = "--computers plays games: not with --idle or --relay";
  }
  const std::string game_name = args.Get("game", "base");
  const server::GameAdapter* game = server::FindGameNamed(game_name);
  if (error.empty() && (game == nullptr || game_name.empty())) {
    error = "--game takes " + server::GameNames(" or ") + ", not '" + game_name + "'";
  }
  if (error.empty()) {
    std::vector<std::pair<std::string, std::string>> named;
    error = ParseRules(args.Get("rules", ""), named);
    if (error.empty()) {
      auto made = game->RoomOptionsFrom(config.players + config.computers, named);
      if (auto* why = std::get_if<std::string>(&made)) {
        error = "--game " + game_name + ": " + *why;
      } else {
        config.room = std::get<v1::RoomOptions>(std::move(made));
      }
    }
  }
  if (error.empty() && args.Has("source-addrs")) {
    std::string why;
    if (auto addrs = ParseSourceAddrs(args.Get("source-addrs", ""), why)) {
      config.source_addrs = std::move(*addrs);
    } else {
      error = "--source-addrs: " + why;
    }
  }
  const auto servers = client::ParseServerList(args.Get("server", "ws://127.0.0.1:8080"));
  if (error.empty() && !servers) {
    error = "--server takes ws://host:port, or up to 16 of them separated by commas";
  }
  if (!error.empty()) {
    std::cerr << "carcassonne load: " << error << "\n" << kLoadHelp;
    return 2;
  }
  config.servers = *servers;
  if (!config.relay) {
    if (const std::string account = client::AttachSession(config.servers); !account.empty()) {
      std::cerr << "signed in as " << account << " (each room's first seat)" << std::endl;
    }
  }

  if (!args.Has("json")) {
    std::string to;
    for (const auto& s : config.servers) to += (to.empty() ? "" : ", ") + s.host + ":" + s.port;
    std::cerr << "carcassonne load: " << config.rooms * config.players << " connections to " << to
              << ", window " << config.duration_s << " s ..." << std::endl;
  }
  const LoadReport report = RunLoad(config);
  std::cout << (args.Has("json") ? ReportJson(report) + "\n" : ReportText(report));
  const LoadCounts& c = report.counts;
  const auto wanted = static_cast<std::uint64_t>(config.rooms * config.players);
  // Every seat connected at the end: a connection lost on the way was regained (failover).
  const bool held = c.held_at_end == wanted && c.connect_failures == 0;
  return held && (config.idle || c.commands > 0) ? 0 : 1;
}

}  // namespace carc::cli
