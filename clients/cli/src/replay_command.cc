// `carcassonne replay [--check] FILE...`
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "args.h"
#include "carc/codec/json_limits.h"
#include "commands.h"
#include "games/registry.h"

namespace carc::cli {
namespace {

constexpr int kExitMismatch = 1;
constexpr int kExitIllegal = 2;

constexpr const char* kReplayHelp =
    "usage: carcassonne replay [--check] [--game G] FILE...\n"
    "Replays each carcassonne-record/1 file and prints one JSON line per file with the scores\n"
    "after every turn, the final scores and what the game adds to them (the end-game\n"
    "breakdown, for example). A record names its game in \"game\" (docs/record-*.md); one\n"
    "that names none is a base-game record.\n"
    "  --check   compare with the record's own scores: exit 1 on the first difference\n"
    "  --game G  only accept records of game G; others are errors\n"
    "Exit codes: 0 all good, 1 a score mismatch, 2 an illegal or unreadable record.\n";

}  // namespace

int ReplayCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {"game"}, {"check", "help"});
  if (args.Has("help")) {
    std::cout << kReplayHelp << "Games: " << server::GameNames(" or ") << "\n";
    return 0;
  }
  if (!args.error().empty() || args.positional().empty()) {
    std::cerr << "carcassonne replay: " << (args.error().empty() ? "no FILE given" : args.error())
              << "\n"
              << kReplayHelp;
    return kExitIllegal;
  }
  const bool check = args.Has("check");
  const std::string only = args.Get("game", "");
  if (!only.empty() && server::FindGameNamed(only) == nullptr) {
    std::cerr << "carcassonne replay: --game takes " << server::GameNames(" or ") << ", not '"
              << only << "'\n";
    return kExitIllegal;
  }
  int exit_code = 0;
  for (const std::string& path : args.positional()) {
    nlohmann::ordered_json line;
    line["file"] = path;
    std::ifstream in(path, std::ios::binary);
    // One byte over the limit is enough for the parser to refuse the record by its size.
    std::string text(codec::kMaxRecordBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (in.bad() || !in.is_open()) {
      std::cerr << path << ": cannot read the file\n";
      line["error"] = "cannot read the file";
      std::cout << line.dump() << "\n";
      exit_code = kExitIllegal;
      continue;
    }
    // The game the record names picks its reader; what is no JSON object is the base game's
    // reader's to refuse (base-game records name no game).
    const auto json = codec::ParseLimitedJson(text, "record");
    const auto* value = std::get_if<nlohmann::ordered_json>(&json);
    const server::GameAdapter* game =
        value != nullptr ? server::FindGameOfRecord(*value) : server::FindGameNamed("");
    std::string error;
    if (game == nullptr) {
      error = "game must be " + server::GameNames(" or ");
    } else if (!only.empty() && game != server::FindGameNamed(only)) {
      error = "not a record of " + std::string(server::FindGameNamed(only)->title());
    }
    if (!error.empty()) {
      std::cerr << path << ": " << error << "\n";
      line["error"] = error;
      std::cout << line.dump() << "\n";
      exit_code = kExitIllegal;
      continue;
    }
    const server::RecordReport report = game->ReportRecord(text, check, line);
    if (report.exit_code != 0) std::cerr << path << ": " << report.message << "\n";
    std::cout << line.dump() << "\n";
    if (report.exit_code == kExitIllegal || (report.exit_code == kExitMismatch && exit_code == 0)) {
      exit_code = report.exit_code;
    }
  }
  return exit_code;
}

}  // namespace carc::cli
