// Game records in the `carcassonne-record/1` format (../shared/RECORD.md, and docs/record-count.md
// for The Count's extension), and replaying them through the engine.
//
// Contract: ParseRecord() accepts exactly the documented format (unknown rules are refused);
// ReplayRecord() reports the first turn that breaks a rule, naming the rule id; a record
// written by WriteRecord() parses and replays to the same game.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/engine/event.h"
#include "carc/engine/game_config.h"
#include "carc/engine/game_state.h"
#include "carc/engine/replay.h"

namespace carc::codec {

inline constexpr std::string_view kRecordFormat = "carcassonne-record/1";

struct RecordMeeple {
  std::string segment;  // tile-local id, may be empty when feature/at are given
  std::string feature;  // city, road, field, cloister (board frame)
  std::string at;       // N E S W, a half-edge, or C
};

// One Count decision (C-2, C-4, C-5), in the order the engine asks for them.
struct RecordCountMove {
  enum class Kind { kPass, kEnter, kRedeploy, kLeave };
  engine::Seat player = -1;  // -1 when the record does not say
  Kind kind = Kind::kPass;
  std::string quarter;   // kEnter, kLeave: castle, market, blacksmith, cathedral
  std::string count_to;  // kEnter: where the Count goes ("" = as count_move dictates / stays)
  int followers = 0;     // kRedeploy
  engine::Pos pos;       // kLeave: the tile ...
  std::string segment;   // ... and its tile-local segment id
};

struct RecordTurn {
  engine::Seat player = -1;  // -1 when the record does not say
  char tile = '?';
  bool discarded = false;
  engine::Pos pos;
  int rotation = 0;
  std::optional<RecordMeeple> meeple;
  std::vector<RecordCountMove> city;  // the Count's decisions of this turn (C-2, C-4)
};

// A seat that resigned: before turn `turn` is played, between that turn's placement and its
// follower step, before that turn's Count decision number `decision`, or before final-scoring
// move number `decision`. Turns of resigned seats hold the fallback move.
struct RecordResignation {
  enum class Stage { kBeforeTurn, kBeforeFollower, kCountDecision, kFinalMove };
  engine::Seat seat = 0;
  int turn = 0;
  Stage stage = Stage::kBeforeTurn;
  int decision = 0;  // kCountDecision, kFinalMove
};

struct Record {
  int players = 2;
  engine::Seat first_player = 0;
  engine::Options options;
  std::vector<RecordTurn> turns;
  // With hands (V-2) the draws are not the plays: every tile drawn, in order.
  std::optional<std::string> draw_order;
  std::vector<RecordResignation> resignations;
  std::vector<RecordCountMove> final_moves;  // C-5, before end-game scoring
  std::optional<std::vector<std::vector<int>>> after_turn;
  std::optional<std::vector<int>> final_scores;
  std::optional<engine::Breakdown> final_breakdown;  // end-game points per seat and category
};

struct RecordError {
  int turn = -1;     // index into turns, -1 for the file as a whole
  std::string rule;  // the rule id broken, if any
  std::string message;
};

struct ParsedRecord {
  std::optional<Record> record;
  RecordError error;
};

ParsedRecord ParseRecord(std::string_view json_text);
// The same for a value parsed already (with ParseLimitedJson: depth and size checked), so that
// a caller that must look at the value first does not parse the text twice.
ParsedRecord ParseRecordValue(const nlohmann::ordered_json& record);

// The engine's view of a replayed record.
struct ReplayedRecord {
  std::optional<RecordError> error;
  std::vector<std::vector<int>> after_turn;  // scores after each turn, before final scoring
  std::vector<int> final_scores;
  engine::Breakdown final_breakdown;  // end-game points per seat and category
  std::vector<engine::LoggedCommand> commands;
  engine::GameConfig config;
};

ReplayedRecord ReplayRecord(const Record& record);

// The record of a game given by its config and command log (which must all be legal).
Record RecordOf(const engine::GameConfig& config,
                const std::vector<engine::LoggedCommand>& commands);

// JSON text of a record (with its scores when it has them).
std::string WriteRecord(const Record& record);

// Compares a replay with the scores a record states. Returns the first difference, if any:
// "turn T player P: record 12, engine 10" (turn -1 = final scores).
std::optional<RecordError> CompareScores(const Record& record, const ReplayedRecord& replayed);

}  // namespace carc::codec
