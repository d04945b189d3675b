// What a connection receives of a game: one snapshot, then one EventBatch per accepted command.
// Rooms build their live messages here and replays (replay.h) build theirs here too, so a
// replay is exactly what a live viewer received.
//
// Contract: everything is built from engine::ViewFor and engine::FilterEvents for the given seat
// (kSpectator: the public stream), so nothing hidden reaches the message. Clocks are the
// caller's: these leave them empty.
#pragma once

#include <cstdint>
#include <vector>

#include "carc/engine/event.h"
#include "carc/engine/game_state.h"
#include "carc/v1/game.pb.h"

namespace carc::codec {

// PublicHash of the state: the same for every viewer at one seq.
std::uint64_t PublicHashOf(const engine::GameState& state);

// `seat`'s snapshot of the state: its view with the tile set (and legal moves if it is to
// move), the seq and the public hash.
v1::GameSnapshot SnapshotFor(const engine::GameState& state, engine::Seat seat);

// The batch `seat` receives for the command that took the game from `prev_seq` to the state,
// given the events Apply appended (unfiltered). Legal moves go only to the seat to move.
// `public_hash` must be PublicHashOf(state): a broadcast computes it once for every audience.
// Written into `out` (empty), so that a broadcast can build it on its arena.
void BatchFor(const engine::GameState& state, std::uint64_t prev_seq,
              const std::vector<engine::Event>& events, engine::Seat seat,
              std::uint64_t public_hash, v1::EventBatch* out);
v1::EventBatch BatchFor(const engine::GameState& state, std::uint64_t prev_seq,
                        const std::vector<engine::Event>& events, engine::Seat seat,
                        std::uint64_t public_hash);

}  // namespace carc::codec
