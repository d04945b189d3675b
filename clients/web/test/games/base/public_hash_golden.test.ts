// PublicHash against the server's own: tests/golden/public_hash.json holds spectator views of
// golden games (BaseView bytes in hex) with the hash carc::codec::PublicHash gives them; the C++
// codec tests check the same file against the engine. A change of either recipe fails one side.

import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { BaseViewSchema } from "../../../src/gen/carc/v1/base_game_pb";
import golden from "../../../../../tests/golden/public_hash.json";
import { publicHash } from "../../../src/games/base/public_hash";

const unhex = (hex: string): Uint8Array => {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
};

describe("publicHash of the server's golden views", () => {
  it("has views to check", () => {
    expect(golden.length).toBeGreaterThanOrEqual(6);
  });
  it.each(golden)("$record after $commands commands", (g) => {
    const view = fromBinary(BaseViewSchema, unhex(g.view_hex));
    expect(view.tiles.length).toBeGreaterThan(0);
    expect(publicHash(view)).toBe(BigInt(g.public_hash));
  });
});
