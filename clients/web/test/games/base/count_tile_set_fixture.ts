// A Count game as the server sends it (golden/count_game.json): a spectator's GameSnapshot and
// EventBatches of a three-player game with option `count`, played by bots on carcassonne-server.
// The tile set and the block come from its snapshot, so the renderer is tested on the server's
// own data: the Count's block tiles CO1..CO12 (engine/src/tile_catalog_count.inc) with their
// inner edges as fields and the city of Carcassonne owned by no segment.

import { fromBinary } from "@bufbuild/protobuf";
import type { BaseView, PlacedTile, TileDefinition } from "../../../src/gen/carc/v1/base_game_pb";
import type { EventBatch, GameSnapshot } from "../../../src/gen/carc/v1/game_pb";
import { ServerMessageSchema } from "../../../src/gen/carc/v1/messages_pb";
import golden from "./golden/count_game.json";

const messages = golden.frames.map((b64) => fromBinary(ServerMessageSchema, Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));

export const COUNT_GAME_SNAPSHOT: GameSnapshot = (() => {
  const first = messages[0]?.body;
  if (first?.case !== "snapshot") throw new Error("count_game.json does not start with a snapshot");
  return first.value;
})();

export const COUNT_GAME_BATCHES: readonly EventBatch[] = messages.flatMap((m) => (m.body.case === "eventBatch" ? [m.body.value] : []));

const startView = (): BaseView => {
  const view = COUNT_GAME_SNAPSHOT.view;
  if (view.case !== "base") throw new Error("count_game.json has no base view");
  return view.value;
};

/** Every tile kind of a Count game: the 24 base letters and the block tiles. */
export const COUNT_TILE_SET: readonly TileDefinition[] = startView().tileSet;

export const COUNT_BLOCK_TILES: readonly TileDefinition[] = COUNT_TILE_SET.filter((d) => d.cityBlock);

/** The block as the snapshot's `tiles` list it, before any tile is placed. */
export function countBlockPlaced(): PlacedTile[] {
  return startView().tiles.filter((t) => t.tile.startsWith("CO"));
}
