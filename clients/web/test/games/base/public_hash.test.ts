// PublicHash, recomputed from the recipe of docs/protocol.md ("PublicHash").
//
// The byte strings below were written out by hand from the recipe, field by field, and their
// FNV-1a 64 values were computed from those bytes with a separate implementation, not with the
// code under test. The cross-check against the server's own hash (carc::codec::PublicHash) is
// public_hash_golden.test.ts, over views of real games that the C++ tests wrote.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  BaseLegalMovesSchema,
  BaseOptionsSchema,
  BasePhase,
  FeatureKind,
  Quarter,
  HandSchema,
  TileCountSchema,
  TileDefinitionSchema,
} from "../../../src/gen/carc/v1/base_game_pb";
import { fnv1a64, formatHash, publicHash, publicHashBytes } from "../../../src/games/base/base_mirror";
import { evolve, follower, placed, toHex, view } from "./helpers";

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("fnv1a64", () => {
  it("gives the published FNV-1a 64 test vectors", () => {
    expect(fnv1a64(new Uint8Array())).toBe(0xcbf29ce484222325n);
    expect(fnv1a64(ascii("a"))).toBe(0xaf63dc4c8601ec8cn);
    expect(fnv1a64(ascii("foobar"))).toBe(0x85944171f73967e8n);
  });
});

// The start of a two-player game without hands: only the start tile D is on the board and seat
// 0 has drawn a D.
const startView = () =>
  view({
    options: { followers: 7 },
    phase: BasePhase.PLACE_TILE,
    toMove: 0,
    extraTurn: false,
    currentTile: "D",
    tiles: [placed("D", 0, 0, 0)],
    scores: [0, 0],
    supply: [7, 7],
    resigned: [false, false],
    stackSize: 70,
    unseen: [
      { tile: "A", count: 2 },
      { tile: "B", count: 4 },
    ],
  });

const START_BYTES = [
  "01000000", // I(1): recipe version
  "01000000", // I(phase): BASE_PHASE_PLACE_TILE = 1
  "00000000", // I(to_move): 0
  "00000000", // I(extra_turn): false
  "01000000" + "44", // S(current_tile): length 1, "D"
  "46000000", // I(stack_size): 70
  "02000000" + "00000000" + "00000000", // I(#scores) 2, then 0, 0
  "02000000" + "07000000" + "07000000", // I(#supply) 2, then 7, 7
  "02000000" + "00000000" + "00000000", // I(#resigned) 2, then false, false
  "00000000", // I(#hands): no hands
  "01000000", // I(#tiles): 1
  "01000000" + "44" + "00000000" + "00000000" + "00000000", // S("D") I(x 0) I(y 0) I(rotation 0)
  "00000000", // I(#followers): 0
  "00000000", // I(#final_breakdown): 0
  "00000000", // I(#winners): 0
].join("");
const START_HASH = 0xc61374eedce25a50n;

// A finished three-player game with private hands: negative coordinates, followers, a resigned
// seat, a final breakdown and a winner. The hand contents ("?" or letters) are not hashed, only
// their lengths.
const endView = () =>
  view({
    options: { handSize: 2, handVisibility: "private", followers: 7 },
    phase: BasePhase.GAME_OVER,
    toMove: -1,
    extraTurn: false,
    currentTile: "",
    tiles: [placed("D", 0, 0, 0), placed("V", -1, 0, 3), placed("E", 0, -2, 1)],
    followers: [follower(0, -1, 0, 2, FeatureKind.ROAD), follower(2, 0, -2, 0, FeatureKind.CITY)],
    scores: [25, 7, 31],
    supply: [6, 7, 5],
    resigned: [false, true, false],
    hands: [{ tiles: ["A", "B"] }, { tiles: [] }, { tiles: ["?"] }],
    stackSize: 0,
    finalBreakdown: [
      { road: 4, city: 0, cloister: 0, field: 3 },
      { road: 0, city: 2, cloister: 0, field: 0 },
      { road: 1, city: 0, cloister: 9, field: 0 },
    ],
    winners: [2],
  });

const END_BYTES = [
  "01000000", // I(1): recipe version
  "03000000", // I(phase): BASE_PHASE_GAME_OVER = 3
  "ffffffff", // I(to_move): -1
  "00000000", // I(extra_turn): false
  "00000000", // S(current_tile): "" (length 0, no bytes)
  "00000000", // I(stack_size): 0
  "03000000" + "19000000" + "07000000" + "1f000000", // scores: 3 seats, 25, 7, 31
  "03000000" + "06000000" + "07000000" + "05000000", // supply: 6, 7, 5
  "03000000" + "00000000" + "01000000" + "00000000", // resigned: false, true, false
  "03000000" + "02000000" + "00000000" + "01000000", // hands: 3, of 2, 0 and 1 tiles
  "03000000", // I(#tiles): 3
  "01000000" + "44" + "00000000" + "00000000" + "00000000", // "D" (0, 0) r0
  "01000000" + "56" + "ffffffff" + "00000000" + "03000000", // "V" (-1, 0) r3
  "01000000" + "45" + "00000000" + "feffffff" + "01000000", // "E" (0, -2) r1
  "02000000", // I(#followers): 2
  "00000000" + "ffffffff" + "00000000" + "02000000" + "01000000", // seat 0 (-1,0) seg 2 ROAD
  "02000000" + "00000000" + "feffffff" + "00000000" + "02000000", // seat 2 (0,-2) seg 0 CITY
  "03000000", // I(#final_breakdown): 3
  "04000000" + "00000000" + "00000000" + "03000000", // road 4, city 0, cloister 0, field 3
  "00000000" + "02000000" + "00000000" + "00000000", // road 0, city 2, cloister 0, field 0
  "01000000" + "00000000" + "09000000" + "00000000", // road 1, city 0, cloister 9, field 0
  "01000000" + "02000000", // winners: [2]
].join("");
const END_HASH = 0x85267cfeebc97111n;

describe("publicHash", () => {
  it("builds the documented byte string for the start of a game", () => {
    expect(toHex(publicHashBytes(startView()))).toBe(START_BYTES);
    expect(publicHash(startView())).toBe(START_HASH);
    expect(formatHash(START_HASH)).toBe("c61374eedce25a50");
  });

  it("builds the documented byte string for a finished game with hands", () => {
    expect(toHex(publicHashBytes(endView()))).toBe(END_BYTES);
    expect(publicHash(endView())).toBe(END_HASH);
  });

  it("is equal for equal views and for viewers who see different private parts", () => {
    expect(publicHash(startView())).toBe(publicHash(startView()));
    // What differs between viewers or never changes is not hashed: options, unseen, hand
    // contents, legal moves and the tile set.
    const other = evolve(endView(), (v) => {
      v.options = create(BaseOptionsSchema, { farmers: true, boardWidth: 10, boardHeight: 10 });
      v.unseen = [create(TileCountSchema, { tile: "X", count: 1 })];
      v.hands = [["?", "?"], [], ["W"]].map((tiles) => create(HandSchema, { tiles }));
      v.legalMoves = create(BaseLegalMovesSchema, { followerSpots: [{ segment: 1 }] });
      v.tileSet = [create(TileDefinitionSchema, { letter: "A", count: 2 })];
    });
    expect(publicHash(other)).toBe(END_HASH);
  });

  it("changes when any public field changes", () => {
    const base = endView();
    const h = publicHash(base);
    const changes: Array<[string, (v: typeof base) => void]> = [
      ["phase", (v) => (v.phase = BasePhase.PLACE_FOLLOWER)],
      ["to_move", (v) => (v.toMove = 1)],
      ["extra_turn", (v) => (v.extraTurn = true)],
      ["current_tile", (v) => (v.currentTile = "U")],
      ["stack_size", (v) => (v.stackSize = 1)],
      ["a score", (v) => (v.scores[1] = 8)],
      ["the number of seats", (v) => v.scores.push(0)],
      ["a supply", (v) => (v.supply[0] = 7)],
      ["resigned", (v) => (v.resigned[0] = true)],
      ["a hand size", (v) => v.hands[1]!.tiles.push("?")],
      ["a tile letter", (v) => (v.tiles[1]!.tile = "W")],
      ["a tile position", (v) => (v.tiles[1]!.position!.y = 1)],
      ["a tile rotation", (v) => (v.tiles[1]!.rotation = 2)],
      ["the tile order", (v) => v.tiles.reverse()],
      ["a follower seat", (v) => (v.followers[0]!.seat = 1)],
      ["a follower segment", (v) => (v.followers[0]!.segment = 3)],
      ["a follower kind", (v) => (v.followers[0]!.kind = FeatureKind.FIELD)],
      ["a follower position", (v) => (v.followers[1]!.position!.x = 5)],
      ["a removed follower", (v) => v.followers.pop()],
      ["a breakdown", (v) => (v.finalBreakdown[2]!.field = 1)],
      ["the winners", (v) => v.winners.push(0)],
    ];
    const seen = new Set<bigint>([h]);
    for (const [name, change] of changes) {
      const changed = publicHash(evolve(base, change));
      expect(changed, name).not.toBe(h);
      seen.add(changed);
    }
    expect(seen.size).toBe(changes.length + 1);
  });

  it("encodes strings as UTF-8 with their byte length and an unset position as (0, 0)", () => {
    const v = view({ currentTile: "é", tiles: [{ tile: "D", rotation: 0 }] });
    expect(toHex(publicHashBytes(v))).toBe(
      [
        "01000000", // version
        "00000000", // phase UNSPECIFIED
        "00000000", // to_move 0
        "00000000", // extra_turn
        "02000000" + "c3a9", // "é": 2 bytes of UTF-8
        "00000000", // stack_size
        "00000000", // scores
        "00000000", // supply
        "00000000", // resigned
        "00000000", // hands
        "01000000" + "01000000" + "44" + "00000000" + "00000000" + "00000000", // D, no position
        "00000000", // followers
        "00000000", // final breakdown
        "00000000", // winners
      ].join(""),
    );
  });

  it("writes uint32 values above 2^31 - 1 with their low 32 bits, like the C++ cast", () => {
    const v = view({ stackSize: 0xfffffffe });
    expect(toHex(publicHashBytes(v)).slice(40, 48)).toBe("feffffff");
  });
});

// A Count game (C-1) in a redeployment round (C-4): seat 1 decides whether to move followers from
// the blacksmith quarter onto the road of (-2,-1) and (-3,-1); the Count stands in the market.
const countView = () =>
  view({
    options: { followers: 7, count: true, countMove: "free" },
    phase: BasePhase.REDEPLOY,
    toMove: 1,
    stackSize: 60,
    tiles: [placed("CO1", -2, -1, 0)],
    scores: [3, 0],
    supply: [5, 6],
    resigned: [false, false],
    count: {
      count: Quarter.MARKET,
      quarters: [
        { quarter: Quarter.CASTLE, followers: [1, 0] },
        { quarter: Quarter.MARKET, followers: [0, 0] },
        { quarter: Quarter.BLACKSMITH, followers: [0, 2] },
        { quarter: Quarter.CATHEDRAL, followers: [0, 0] },
      ],
      redeployKind: FeatureKind.ROAD,
      redeployTiles: [
        { x: -2, y: -1 },
        { x: -3, y: -1 },
      ],
    },
  });

const COUNT_BASE_BYTES = [
  "01000000", // I(1): recipe version
  "05000000", // I(phase): BASE_PHASE_REDEPLOY = 5
  "01000000", // I(to_move): 1
  "00000000", // I(extra_turn): false
  "00000000", // S(current_tile): ""
  "3c000000", // I(stack_size): 60
  "02000000" + "03000000" + "00000000", // scores: 3, 0
  "02000000" + "05000000" + "06000000", // supply: 5, 6
  "02000000" + "00000000" + "00000000", // resigned
  "00000000", // I(#hands): no hands
  "01000000" + "03000000" + "434f31" + "feffffff" + "ffffffff" + "00000000", // "CO1" (-2, -1) r0
  "00000000", // I(#followers): 0
  "00000000", // I(#final_breakdown): 0
  "00000000", // I(#winners): 0
].join("");
const COUNT_PART_BYTES = [
  "02000000", // I(count.count): QUARTER_MARKET = 2
  "04000000", // I(#quarters): 4
  "01000000" + "02000000" + "01000000" + "00000000", // castle: 2 seats, 1 and 0 followers
  "02000000" + "02000000" + "00000000" + "00000000", // market: 0, 0
  "03000000" + "02000000" + "00000000" + "02000000", // blacksmith: 0, 2
  "04000000" + "02000000" + "00000000" + "00000000", // cathedral: 0, 0
  "01000000", // I(redeploy_kind): FEATURE_KIND_ROAD = 1
  "02000000" + "feffffff" + "ffffffff" + "fdffffff" + "ffffffff", // tiles (-2,-1), (-3,-1)
].join("");
const COUNT_HASH = 0xd4715868b92d3fadn;
// The same view without the Count's state: the base recipe alone.
const COUNT_BASE_HASH = 0x523dd541e4d5f2dcn;

describe("publicHash of a game with the Count", () => {
  it("appends the Count's state after the winners", () => {
    expect(toHex(publicHashBytes(countView()))).toBe(COUNT_BASE_BYTES + COUNT_PART_BYTES);
    expect(publicHash(countView())).toBe(COUNT_HASH);
  });

  it("appends nothing when the view has no Count's state", () => {
    const v = evolve(countView(), (c) => (c.count = undefined));
    expect(toHex(publicHashBytes(v))).toBe(COUNT_BASE_BYTES);
    expect(publicHash(v)).toBe(COUNT_BASE_HASH);
  });

  it("changes when any part of the Count's state changes", () => {
    const base = countView();
    const changes: Array<[string, (v: typeof base) => void]> = [
      ["the Count's quarter", (v) => (v.count!.count = Quarter.CASTLE)],
      ["followers in a quarter", (v) => (v.count!.quarters[2]!.followers[1] = 1)],
      ["a quarter's name", (v) => (v.count!.quarters[3]!.quarter = Quarter.UNSPECIFIED)],
      ["the redeploy kind", (v) => (v.count!.redeployKind = FeatureKind.CITY)],
      ["a redeploy tile", (v) => (v.count!.redeployTiles[1]!.y = 0)],
      ["the redeploy tiles", (v) => v.count!.redeployTiles.pop()],
    ];
    const seen = new Set<bigint>([publicHash(base)]);
    for (const [name, change] of changes) seen.add(publicHash(evolve(base, change)));
    expect(seen.size).toBe(changes.length + 1);
  });
});
