// Engine <-> protobuf (proto/carc/v1). The only code that sees both the engine's types and the
// wire types; the engine never includes protobuf, the server never reads engine internals
// beyond this.
//
// Contract:
// - Everything sent is built from a PlayerView or from events passed through FilterEvents(),
//   so nothing hidden (stack order, seed, another player's private hand) can reach the wire.
// - Decoding never trusts the wire: every field is range-checked and an unusable message gives
//   an error text instead of a command.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "carc/engine/event.h"
#include "carc/engine/game_config.h"
#include "carc/engine/game_state.h"
#include "carc/engine/player_view.h"
#include "carc/v1/base_game.pb.h"

namespace carc::codec {

// Room options for the base game. Unset fields mean the default: `farmers` and
// `incomplete_features_score` have explicit presence (absent = true); elsewhere the zero value
// is the default (strings: empty = default; `followers` 0 = default 7).
v1::BaseOptions OptionsToProto(const engine::Options& options);
// Returns the options, or an error naming the option and the values it takes.
std::variant<engine::Options, std::string> OptionsFromProto(const v1::BaseOptions& proto);
// Options a server stored before those fields had presence were written whole, a false one as
// nothing: reads such an absent field as false, as it was meant. For the store only.
void UpgradeStoredOptions(v1::BaseOptions& stored);

// A seat's (or a spectator's, seat = kSpectator) view. `with_tile_set` adds the tile
// definitions (sent in the first snapshot of a connection).
v1::BaseView ViewToProto(const engine::PlayerView& view, bool with_tile_set);

// One event as `seat` may see it: the caller filters with engine::FilterEvents first.
v1::BaseEvent EventToProto(const engine::Event& event, const engine::TileCatalog& catalog);
void EventToProto(const engine::Event& event, const engine::TileCatalog& catalog,
                  v1::BaseEvent* out);

v1::BaseLegalMoves LegalMovesToProto(const engine::PlayerView& view,
                                     const engine::TileCatalog& catalog);
// Into `out` (empty): a batch built on an arena allocates its many placements there.
void LegalMovesToProto(const engine::PlayerView& view, const engine::TileCatalog& catalog,
                       v1::BaseLegalMoves* out);

// A command from the wire, or why it cannot be one.
std::variant<engine::Command, std::string> CommandFromProto(const v1::BaseCommand& proto,
                                                            const engine::TileCatalog& catalog);
v1::BaseCommand CommandToProto(const engine::Command& command, const engine::TileCatalog& catalog);

// A hash of the public state in a view (what a spectator sees: tiles, followers, scores,
// supply, phase, seat to move, stack size), equal for every viewer of one game at one seq.
// docs/protocol.md gives the exact recipe so that any client can recompute it.
std::uint64_t PublicHash(const v1::BaseView& view);
// The same hash straight from the engine's view: equal to PublicHash(ViewToProto(view, ...)),
// without building the message (a broadcast computes it for every command).
std::uint64_t PublicHash(const engine::PlayerView& view);

}  // namespace carc::codec
