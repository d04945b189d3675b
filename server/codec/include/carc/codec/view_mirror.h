// The client side of the event stream: a copy of the view that events keep up to date, so a
// client (bot, web client) needs one snapshot and then only EventBatches.
//
// Contract: starting from ViewToProto(ViewFor(state, seat)) and applying, in order, every event
// of FilterEvents(events, seat) gives a view equal to ViewToProto(ViewFor(state', seat)) for the
// state after those events, except `legal_moves` (carried by the EventBatch, not by events) and
// `tile_set` (sent in snapshots only). docs/protocol.md ("View mirror") states the rules, so a
// client in another language can implement them; tests/codec/view_mirror_test.cc checks them
// against the engine.
//
// The mirror runs no game rules: it trusts the server's events and never fails. An event that
// does not fit the view (a seat out of range, a follower that is not there) changes what it can
// and leaves the rest; the next public_hash comparison then asks for a snapshot.
#pragma once

#include <cstdint>

#include "carc/v1/base_game.pb.h"
#include "carc/v1/game.pb.h"

namespace carc::codec {

// Applies one base-game event, as filtered for the view's owner, to the view.
void ApplyEvent(v1::BaseView& view, const v1::BaseEvent& event);

enum class BatchResult {
  kApplied,     // seq advanced to batch.seq
  kOutOfOrder,  // batch.prev_seq != seq: nothing applied; send RequestSnapshot
  kDiverged,    // applied, but PublicHash differs from batch.public_hash: send RequestSnapshot
};

// Applies an EventBatch: its events in order, then its legal moves (cleared when the batch has
// none, because they only ever belong to the seat that must decide next).
BatchResult ApplyBatch(v1::BaseView& view, std::uint64_t& seq, const v1::EventBatch& batch);

}  // namespace carc::codec
