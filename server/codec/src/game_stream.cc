#include "carc/codec/game_stream.h"

#include "carc/codec/proto_codec.h"
#include "carc/engine/player_view.h"

namespace carc::codec {

std::uint64_t PublicHashOf(const engine::GameState& state) {
  return PublicHash(engine::ViewFor(state, engine::kSpectator));
}

v1::GameSnapshot SnapshotFor(const engine::GameState& state, engine::Seat seat) {
  v1::GameSnapshot snap;
  snap.set_seq(state.seq());
  *snap.mutable_base() = ViewToProto(engine::ViewFor(state, seat), true);
  snap.set_public_hash(PublicHashOf(state));
  return snap;
}

void BatchFor(const engine::GameState& state, std::uint64_t prev_seq,
              const std::vector<engine::Event>& events, engine::Seat seat,
              std::uint64_t public_hash, v1::EventBatch* out) {
  const engine::TileCatalog& catalog = state.catalog();
  out->set_prev_seq(prev_seq);
  out->set_seq(state.seq());
  out->set_public_hash(public_hash);
  for (const engine::Event& e : engine::FilterEvents(events, seat, state.config().options)) {
    EventToProto(e, catalog, out->add_events()->mutable_base());
  }
  if (seat >= 0 && seat == state.ToMove()) {
    LegalMovesToProto(engine::ViewFor(state, seat), catalog, out->mutable_base_legal_moves());
  }
}

v1::EventBatch BatchFor(const engine::GameState& state, std::uint64_t prev_seq,
                        const std::vector<engine::Event>& events, engine::Seat seat,
                        std::uint64_t public_hash) {
  v1::EventBatch batch;
  BatchFor(state, prev_seq, events, seat, public_hash, &batch);
  return batch;
}

}  // namespace carc::codec
