// A Castle record as a client replays it (carc.v1.Replay): the Castle's counterpart of replay.h.
//
// Contract: the start is the spectator's snapshot at seq 0 (with the board and tile files);
// step i is the EventBatch a spectator received for command i (prev_seq i, seq i + 1, the
// public hash after it, no legal moves, no clocks), built by castle_stream.h as the rooms build
// theirs. Only the spectator's view is used, so the stack order and the wall tiles still face
// down at the end stay as hidden as they were in the game. A record the engine refuses gives
// ReplayCastleRecord's error (its turn and rule) instead.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "carc/codec/castle/castle_record.h"
#include "carc/codec/record.h"
#include "carc/engine/castle/castle_set.h"
#include "carc/v1/replay.pb.h"

namespace carc::codec {

// `set` is the board and tiles the game was played with; `players` names the seats in order
// (a seat without a non-empty name is "Player N", N = seat + 1).
std::variant<v1::Replay, RecordError> BuildCastleReplay(
    std::string_view record_json, std::shared_ptr<const engine::castle::CastleSet> set,
    const std::vector<std::string>& players);
// From a replayed record (ReplayCastleRecord), when the caller replayed it already.
std::variant<v1::Replay, RecordError> BuildCastleReplay(const CastleReplay& replayed,
                                                        const std::vector<std::string>& players);

}  // namespace carc::codec
