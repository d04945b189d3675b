// A game record as a client replays it (carc.v1.Replay): the spectator's stream of the game,
// rebuilt by the engine, so a client with no rules engine can step through any game.
//
// Contract: the start is the spectator's snapshot at seq 0 (with the tile set); step i is the
// EventBatch a spectator received for command i (prev_seq i, seq i + 1, the public hash after
// it, no legal moves, no clocks), built by game_stream.h as the rooms build theirs. Applying the
// start and then every step with ApplyBatch (view_mirror.h) never reports kOutOfOrder or
// kDiverged. A record the engine refuses gives ReplayRecord's error (its turn and rule) instead.
// The scores are the engine's: the record's own scores are not compared.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "carc/codec/record.h"
#include "carc/engine/reject_reason.h"
#include "carc/v1/replay.pb.h"

namespace carc::codec {

// `players` names the seats in order; a seat without a (non-empty) name is "Player N"
// (N = seat + 1).
std::variant<v1::Replay, RecordError> BuildReplay(const Record& record,
                                                  const std::vector<std::string>& players);

// A replay whose engine refuses command `seq` (for `reason`) after the record's check accepted
// it: only an engine that is not deterministic gets there, and then no replay is better than a
// wrong one.
RecordError RefusedOnReplay(std::uint64_t seq, const engine::Refusal& refusal);

// "turn T: message (rule)" (or "message (rule)" for the record as a whole): how replay errors
// are shown to people.
std::string Describe(const RecordError& error);

}  // namespace carc::codec
