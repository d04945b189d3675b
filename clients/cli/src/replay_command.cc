// `carcassonne replay [--check] FILE...`
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "args.h"
#include "carc/codec/castle_data.h"
#include "carc/codec/castle_record.h"
#include "carc/codec/json_limits.h"
#include "carc/codec/record.h"
#include "commands.h"

namespace carc::cli {
namespace {

constexpr int kExitMismatch = 1;
constexpr int kExitIllegal = 2;

constexpr const char* kHelp =
    "usage: carcassonne replay [--check] [--game base|castle] FILE...\n"
    "Replays each carcassonne-record/1 file and prints one JSON line per file with the scores\n"
    "after every turn, the final scores and (base game) the end-game breakdown. Records of The\n"
    "Castle (\"game\": \"castle\", docs/record-castle.md) replay on the built-in board and tiles.\n"
    "  --check   compare with the record's own scores: exit 1 on the first difference\n"
    "  --game G  only accept records of game G (base or castle); others are errors\n"
    "Exit codes: 0 all good, 1 a score mismatch, 2 an illegal or unreadable record.\n";

std::string Where(const codec::RecordError& e) {
  std::string s = e.turn >= 0 ? "turn " + std::to_string(e.turn) : "record";
  if (!e.rule.empty()) s += " (rule " + e.rule + ")";
  return s + ": " + e.message;
}

// Replays a Castle record into `line`; returns 0, kExitMismatch or kExitIllegal.
int ReplayCastle(const std::string& text, bool check, nlohmann::ordered_json& line) {
  const codec::CastleReplay replayed = codec::ReplayCastleRecord(text, codec::DefaultCastleSet());
  line["game"] = "castle";
  if (replayed.error) {
    std::cerr << line["file"].get<std::string>() << ": illegal record: " << Where(*replayed.error)
              << "\n";
    line["error"] = Where(*replayed.error);
    if (replayed.error->turn >= 0) line["turn"] = replayed.error->turn;
    if (!replayed.error->rule.empty()) line["rule"] = replayed.error->rule;
    return kExitIllegal;
  }
  line["after_turn"] = replayed.after_turn;
  line["final"] = replayed.final_scores;
  if (!check) return 0;
  const auto diff = codec::CompareCastleScores(replayed);
  line["match"] = !diff.has_value();
  if (!diff) return 0;
  std::cerr << line["file"].get<std::string>() << ": score mismatch: " << *diff << "\n";
  line["mismatch"] = *diff;
  return kExitMismatch;
}

}  // namespace

int ReplayCommand(int argc, char** argv) {
  Args args(argc, argv, 2, {"game"}, {"check", "help"});
  if (args.Has("help")) {
    std::cout << kHelp;
    return 0;
  }
  if (!args.error().empty() || args.positional().empty()) {
    std::cerr << "carcassonne replay: " << (args.error().empty() ? "no FILE given" : args.error())
              << "\n"
              << kHelp;
    return kExitIllegal;
  }
  const bool check = args.Has("check");
  const std::string only = args.Get("game", "");
  if (!only.empty() && only != "base" && only != "castle") {
    std::cerr << "carcassonne replay: --game takes base or castle, not '" << only << "'\n";
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
    const bool castle = codec::IsCastleRecord(text);
    if (!only.empty() && castle != (only == "castle")) {
      const std::string error =
          std::string("not a record of ") + (only == "castle" ? "The Castle" : "the base game");
      std::cerr << path << ": " << error << "\n";
      line["error"] = error;
      std::cout << line.dump() << "\n";
      exit_code = kExitIllegal;
      continue;
    }
    if (castle) {
      const int code = ReplayCastle(text, check, line);
      std::cout << line.dump() << "\n";
      if (code == kExitIllegal || (code == kExitMismatch && exit_code == 0)) exit_code = code;
      continue;
    }
    const codec::ParsedRecord parsed = codec::ParseRecord(text);
    if (!parsed.record) {
      std::cerr << path << ": " << Where(parsed.error) << "\n";
      line["error"] = Where(parsed.error);
      std::cout << line.dump() << "\n";
      exit_code = kExitIllegal;
      continue;
    }
    const codec::ReplayedRecord replayed = codec::ReplayRecord(*parsed.record);
    if (replayed.error) {
      std::cerr << path << ": illegal record: " << Where(*replayed.error) << "\n";
      line["error"] = Where(*replayed.error);
      if (replayed.error->turn >= 0) line["turn"] = replayed.error->turn;
      if (!replayed.error->rule.empty()) line["rule"] = replayed.error->rule;
      std::cout << line.dump() << "\n";
      exit_code = kExitIllegal;
      continue;
    }
    line["after_turn"] = replayed.after_turn;
    line["final"] = replayed.final_scores;
    nlohmann::ordered_json breakdown = nlohmann::ordered_json::array();
    for (int p = 0; p < parsed.record->players; ++p) {
      const auto& b = replayed.final_breakdown.points[static_cast<std::size_t>(p)];
      breakdown.push_back({{"road", b[0]}, {"city", b[1]}, {"cloister", b[2]}, {"field", b[3]}});
    }
    line["final_breakdown"] = breakdown;
    if (check) {
      const auto diff = codec::CompareScores(*parsed.record, replayed);
      line["match"] = !diff.has_value();
      if (diff) {
        std::cerr << path << ": score mismatch: " << diff->message << "\n";
        line["mismatch"] = diff->message;
        if (exit_code == 0) exit_code = kExitMismatch;
      }
    }
    std::cout << line.dump() << "\n";
  }
  return exit_code;
}

}  // namespace carc::cli
