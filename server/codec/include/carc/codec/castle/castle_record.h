// Records of Castle games: the `carcassonne-record/1` format with `"game": "castle"`
// (docs/record-castle.md), written from a command log and replayed through the engine.
//
// Contract: a record written by WriteCastleRecord() replays to the same game; ReplayCastleRecord()
// refuses anything else than the documented format and names the first turn that breaks a rule.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "carc/codec/record.h"
#include "carc/engine/castle/castle_play.h"

namespace carc::codec {

// Whether the JSON text is a record of The Castle (its "game" is "castle").
bool IsCastleRecord(std::string_view json_text);
bool IsCastleRecordValue(const nlohmann::ordered_json& record);

// The game as a record, with the engine's scores after every turn and at the end. Timeouts are
// written as the moves they stood for.
std::string WriteCastleRecord(const engine::castle::CastleConfig& config,
                              std::span<const engine::castle::LoggedCommand> log);

struct CastleReplay {
  std::optional<RecordError> error;
  engine::castle::CastleConfig config;
  std::vector<engine::castle::LoggedCommand> commands;
  std::vector<std::array<int, engine::castle::kPlayers>> after_turn;
  std::array<int, engine::castle::kPlayers> final_scores{};
  // What the record itself says, when it does.
  std::optional<std::vector<std::array<int, engine::castle::kPlayers>>> expected_after_turn;
  std::optional<std::array<int, engine::castle::kPlayers>> expected_final;
};

// Replays a Castle record on `set` (the board and tiles it was played with).
CastleReplay ReplayCastleRecord(std::string_view json_text,
                                std::shared_ptr<const engine::castle::CastleSet> set);
// The same for a value parsed already with ParseLimitedJson (depth and size checked).
CastleReplay ReplayCastleRecordValue(const nlohmann::ordered_json& record,
                                     std::shared_ptr<const engine::castle::CastleSet> set);

// The first difference between the record's scores and the replay's, if any.
std::optional<std::string> CompareCastleScores(const CastleReplay& replay);

}  // namespace carc::codec
