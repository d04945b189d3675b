// The base tile set exactly as the server sends it in snapshots: tests/golden/base_tile_set.json
// holds a BaseView whose only field is tile_set, in hex; the C++ codec tests check the same file
// against the engine, so the renderer is tested on the server's data, not a copy of it.

import { fromBinary } from "@bufbuild/protobuf";
import { BaseViewSchema, type TileDefinition } from "../../../src/gen/carc/v1/base_game_pb";
import golden from "../../../../../tests/golden/base_tile_set.json";

const unhex = (hex: string): Uint8Array => {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
};

export const BASE_TILE_SET: readonly TileDefinition[] = fromBinary(BaseViewSchema, unhex(golden.view_hex)).tileSet;
