#include "carc/codec/castle/castle_replay.h"

#include <utility>

#include "carc/codec/castle/castle_record.h"
#include "carc/codec/castle/castle_stream.h"
#include "carc/codec/replay.h"
#include "carc/engine/castle/castle_state.h"

namespace carc::codec {

std::variant<v1::Replay, RecordError> BuildCastleReplay(
    std::string_view record_json, std::shared_ptr<const engine::castle::CastleSet> set,
    const std::vector<std::string>& players) {
  return BuildCastleReplay(ReplayCastleRecord(record_json, std::move(set)), players);
}

std::variant<v1::Replay, RecordError> BuildCastleReplay(const CastleReplay& replayed,
                                                        const std::vector<std::string>& players) {
  if (replayed.error) return *replayed.error;
  std::vector<engine::castle::Event> events;
  // The setup's events (first player, first draw) are in the start snapshot, as for a room.
  engine::castle::CastleState state(replayed.config, &events);
  v1::Replay out;
  *out.mutable_start() = CastleSnapshotFor(state, engine::kSpectator);
  for (const engine::castle::LoggedCommand& c : replayed.commands) {
    events.clear();
    const std::uint64_t prev = state.seq();
    if (const auto r = state.Apply(c.seat, c.command, &events); r != engine::RejectReason::kNone) {
      return RefusedOnReplay(prev, state.Explain(r));
    }
    *out.add_steps() =
        CastleBatchFor(state, prev, events, engine::kSpectator, CastlePublicHashOf(state));
  }
  for (int s = 0; s < engine::castle::kPlayers; ++s) {
    const auto i = static_cast<std::size_t>(s);
    out.add_players(i < players.size() && !players[i].empty() ? players[i]
                                                              : "Player " + std::to_string(s + 1));
  }
  return out;
}

}  // namespace carc::codec
