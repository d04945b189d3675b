// `carcassonne`: replay and check game records, generate self-play games, benchmark the engine,
// play and watch on a server.
#include <cstring>
#include <iostream>
#include <string>

#include "commands.h"
#include "game_commands.h"
#include "games/registry.h"

namespace {

std::string Usage() {
  std::string usage =
      "usage: carcassonne <command> [options]\n"
      "\n"
      "commands:\n"
      "  replay [--check] [--game G] FILE...\n"
      "                             replay carcassonne-record/1 files; one JSON line each\n"
      "                             exit 0 all match, 1 a score mismatch, 2 illegal/unreadable\n"
      "  selfplay --games N --players P --seed S --out DIR [--game G] [--expansion E]\n"
      "                             write N random complete games as records\n"
      "  bench --games N --players P --seed S [--game G] [--expansion E]\n"
      "                             time N random games on one thread\n"
      "  arena --a LEVEL --b LEVEL [--games K] [--game G] [--players N] [--json]\n"
      "                             computer players against each other: wins, scores, time\n"
      "  arena-ratings LOG... [--json]\n"
      "                             the computer levels' yardstick ratings from arena logs\n"
      "  games [--json]             the games and their options (names, values, defaults)\n";
  for (const auto& c : carc::cli::GameSubcommands()) {
    usage += "  " + std::string(c.name) + " " + std::string(c.synopsis) + "\n" +
             "                             " + std::string(c.summary) + "\n";
  }
  usage +=
      "  bot --server URL (--room CODE | --create) [--seats N] [--game G]\n"
      "                             play random legal moves on a server; prints final scores\n"
      "  watch --server URL --room CODE\n"
      "                             print a room's events as text\n"
      "  load --server URL --rooms R --players P --think-ms T --duration S [--idle] [--json]\n"
      "                             many clients in one process: capacity and latency\n"
      "  rooms --server URL [--json]\n"
      "                             the public rooms a server (or cluster) lists\n"
      "  login --server URL NAME    sign in; bot and watch then play and watch signed in\n"
      "  logout --server URL        end that session and forget it\n"
      "\n"
      "games (G): " +
      carc::server::GameNames(", ") +
      "; expansions (E) are a game's on/off options, e.g. count ('carcassonne games')\n"
      "\n"
      "Run 'carcassonne <command> --help' for a command's options.\n";
  return usage;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) {
    std::cout << Usage();
    return argc < 2 ? 2 : 0;
  }
  const std::string command = argv[1];
  if (command == "replay") return carc::cli::ReplayCommand(argc, argv);
  if (command == "selfplay") return carc::cli::SelfplayCommand(argc, argv);
  if (command == "bench") return carc::cli::BenchCommand(argc, argv);
  if (command == "arena") return carc::cli::ArenaCommand(argc, argv);
  if (command == "arena-ratings") return carc::cli::ArenaRatingsCommand(argc, argv);
  if (command == "bot") return carc::cli::BotCommand(argc, argv);
  if (command == "watch") return carc::cli::WatchCommand(argc, argv);
  if (command == "load") return carc::cli::LoadCommand(argc, argv);
  if (command == "games") return carc::cli::GamesCommand(argc, argv);
  if (command == "rooms") return carc::cli::RoomsCommand(argc, argv);
  if (command == "login") return carc::cli::LoginCommand(argc, argv);
  if (command == "logout") return carc::cli::LogoutCommand(argc, argv);
  for (const auto& c : carc::cli::GameSubcommands()) {
    if (command == c.name) return c.run(argc, argv);
  }
  std::cerr << "carcassonne: unknown command '" << command << "'\n\n" << Usage();
  return 2;
}
