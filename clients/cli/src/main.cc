// `carcassonne`: replay and check game records, generate self-play games, benchmark the engine.
#include <cstring>
#include <iostream>

#include "castle/castle_commands.h"
#include "commands.h"

namespace {

constexpr const char* kUsage =
    "usage: carcassonne <command> [options]\n"
    "\n"
    "commands:\n"
    "  replay [--check] [--game G] FILE...\n"
    "                             replay carcassonne-record/1 files; one JSON line each\n"
    "                             exit 0 all match, 1 a score mismatch, 2 illegal/unreadable\n"
    "  selfplay --games N --players P --seed S --out DIR [--game castle] [--expansion count]\n"
    "                             write N random complete games as records\n"
    "  bench --games N --players P --seed S [--game castle] [--expansion count]\n"
    "                             time N random games on one thread\n"
    "  castle-data --check [--board FILE] [--tiles FILE]\n"
    "                             validate The Castle's board and tile files\n"
    "  bot --server URL (--room CODE | --create) [--seats N]\n"
    "                             play random legal moves on a server; prints final scores\n"
    "  watch --server URL --room CODE\n"
    "                             print a room's events as text\n"
    "\n"
    "Run 'carcassonne <command> --help' for a command's options.\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) {
    std::cout << kUsage;
    return argc < 2 ? 2 : 0;
  }
  const std::string command = argv[1];
  if (command == "replay") return carc::cli::ReplayCommand(argc, argv);
  if (command == "selfplay") return carc::cli::SelfplayCommand(argc, argv);
  if (command == "bench") return carc::cli::BenchCommand(argc, argv);
  if (command == "castle-data") return carc::cli::CastleDataCommand(argc, argv);
  if (command == "bot") return carc::cli::BotCommand(argc, argv);
  if (command == "watch") return carc::cli::WatchCommand(argc, argv);
  std::cerr << "carcassonne: unknown command '" << command << "'\n\n" << kUsage;
  return 2;
}
