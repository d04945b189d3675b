// The room a replay is watched in: by a spectator, with the replay's names and the colours in
// seat order, so that every game's replay draws its seats as a live game does.

import { create } from "@bufbuild/protobuf";
import { RoomStateSchema, type RoomState } from "../gen/carc/v1/lobby_pb";
import { COLOURS } from "./colours";

export function replayRoom(players: readonly string[]): RoomState {
  return create(RoomStateSchema, {
    yourSeat: -1,
    seats: players.map((name, seat) => ({ seat, name, colour: COLOURS[seat % COLOURS.length]!.name, occupied: true, connected: true })),
  });
}
