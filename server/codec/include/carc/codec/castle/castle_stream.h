// What a connection receives of a Castle game, and Castle commands from the wire: the Castle's
// counterpart of game_stream.h and proto_codec.h.
//
// Contract: everything sent is built from engine::castle::ViewFor and the engine's events, which
// hide nothing (castle_view.h), so the stack order, the seed and the face-down wall tiles cannot
// reach a message. Decoding never trusts the wire: an unusable message gives an error text.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "carc/engine/castle/castle_state.h"
#include "carc/engine/castle/castle_view.h"
#include "carc/v1/game.pb.h"

namespace carc::codec {

v1::CastleOptions CastleOptionsToProto(const engine::castle::CastleOptions& options);
// The options a message names (the defaults for those it leaves out), or why a value is refused.
std::variant<engine::castle::CastleOptions, std::string> CastleOptionsFromProto(
    const v1::CastleOptions& proto);

// `with_definitions` adds the board and tile files (the first snapshot of a connection).
v1::CastleView CastleViewToProto(const engine::castle::CastleView& view,
                                 const engine::castle::CastleSet& set, bool with_definitions);
v1::CastleEvent CastleEventToProto(const engine::castle::Event& event,
                                   const engine::castle::CastleSet& set);

// A command from the wire for the state it is meant for, or why it cannot be one.
std::variant<engine::castle::Command, std::string> CastleCommandFromProto(
    const v1::CastleCommand& proto, const engine::castle::CastleState& state);
v1::CastleCommand CastleCommandToProto(const engine::castle::Command& command,
                                       const engine::castle::CastleState& state);

// A hash of the public state (the spectator's view without its definitions), equal for every
// viewer at one seq: FNV-1a 64 over the deterministic serialization of that CastleView.
std::uint64_t CastlePublicHashOf(const engine::castle::CastleState& state);

v1::GameSnapshot CastleSnapshotFor(const engine::castle::CastleState& state, engine::Seat seat);
v1::EventBatch CastleBatchFor(const engine::castle::CastleState& state, std::uint64_t prev_seq,
                              const std::vector<engine::castle::Event>& events, engine::Seat seat,
                              std::uint64_t public_hash);
// Into `out` (empty), as codec::BatchFor.
void CastleBatchFor(const engine::castle::CastleState& state, std::uint64_t prev_seq,
                    const std::vector<engine::castle::Event>& events, engine::Seat seat,
                    std::uint64_t public_hash, v1::EventBatch* out);

}  // namespace carc::codec
