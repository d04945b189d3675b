// @vitest-environment happy-dom

// The base game's event log explains every score: the feature, its size, pennants, who scored
// and the followers behind the majority (B-9, B-17).

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import { BaseEventSchema, CountChoice, FeatureKind, Quarter, ScoreReason, type BaseEvent } from "../../../src/gen/carc/v1/base_game_pb";
import { describeEvent, describeLine } from "../../../src/games/base/base_log";
import { tileWords } from "../../../src/games/base/tile_words";
import { BASE_TILE_SET } from "./tile_set_fixture";
import { setLanguage } from "../../../src/i18n";

const names = ["Ann", "Bob", "Cy"];
const defs = new Map(BASE_TILE_SET.map((d) => [d.letter, d]));
const name = (s: number): string => names[s] ?? "?";
const ev = (init: Parameters<typeof create<typeof BaseEventSchema>>[1]): BaseEvent => create(BaseEventSchema, init);

beforeEach(() => setLanguage("en", undefined));

describe("event log", () => {
  it("explains a completed city with its majority", () => {
    const e = ev({
      event: {
        case: "featureScored",
        value: {
          kind: FeatureKind.CITY,
          reason: ScoreReason.COMPLETED,
          tiles: [{ x: 0, y: 0 }, { x: 0, y: -1 }, { x: 1, y: -1 }],
          pennants: 1,
          points: 8,
          followers: [2, 1, 0],
          winners: [0],
        },
      },
    });
    expect(describeEvent(e, name)).toBe("Completed city of 3 tiles with 1 pennant: Ann scores 8 (followers: Ann 2, Bob 1).");
  });

  it("explains a shared farm and an unscored feature", () => {
    const farm = ev({
      event: { case: "featureScored", value: { kind: FeatureKind.FIELD, reason: ScoreReason.FARM, cities: 2, points: 6, followers: [1, 1], winners: [0, 1] } },
    });
    expect(describeEvent(farm, name)).toBe("Farm supplying 2 completed cities: Ann, Bob each score 6 (followers: Ann 1, Bob 1).");
    const road = ev({
      event: { case: "featureScored", value: { kind: FeatureKind.ROAD, reason: ScoreReason.INCOMPLETE, tiles: [{ x: 1, y: 1 }], points: 1, followers: [], winners: [] } },
    });
    expect(describeEvent(road, name)).toBe("Unfinished road of 1 tile at the end: nobody scores.");
  });

  it("follows the language", () => {
    setLanguage("de", undefined);
    const e = ev({ event: { case: "tilePlaced", value: { seat: 1, tile: "E", position: { x: 0, y: -1 }, rotation: 2 } } });
    expect(describeEvent(e, name, defs)).toBe("Bob legte eine Karte mit einer Stadt.");
  });

  it("names tiles by what is on them, never by their letters or squares' numbers", () => {
    const words = (letter: string) => tileWords(defs.get(letter));
    expect(words("A")).toBe("a tile with a cloister and a road");
    expect(words("C")).toBe("a tile with a city and a pennant");
    expect(words("L")).toBe("a tile with a city and 3 roads");
    expect(words("X")).toBe("a tile with 4 roads");
    const placed = ev({ event: { case: "tilePlaced", value: { seat: 0, tile: "D", position: { x: -2, y: 3 }, rotation: 1 } } });
    const line = describeLine(placed, name, defs)!;
    expect(line.text).toBe("Ann placed a tile with a city and a road.");
    expect(line.text).not.toMatch(/\bD\b|-2|\(/);
    // The picture is the placed tile, turned as placed; the words say it for a screen reader.
    expect(line.picture?.getAttribute("aria-hidden")).toBe("true");
    expect(line.picture?.querySelector("g.tile")).not.toBeNull();
    expect(line.cells).toEqual([{ x: -2, y: 3 }]);
    const discarded = ev({ event: { case: "tileDiscarded", value: { tile: "X" } } });
    expect(describeLine(discarded, name, defs)?.text).toBe("No place fits a tile with 4 roads: it is put aside.");
    const scored = ev({ event: { case: "featureScored", value: { kind: FeatureKind.ROAD, reason: ScoreReason.COMPLETED, tiles: [{ x: 0, y: 0 }, { x: 1, y: 0 }], points: 2, followers: [1], winners: [0] } } });
    expect(describeLine(scored, name, defs)?.cells).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }]);
  });

  it("says nothing for events that only move the game along", () => {
    expect(describeEvent(ev({ event: { case: "turnStarted", value: { seat: 0 } } }), name)).toBeUndefined();
  });

  it("explains the Count's events: entering the city, his moves, redeployments, passes", () => {
    const f = (seat: number, kind: FeatureKind) => ({ seat, position: { x: 1, y: 2 }, segment: 0, kind });
    const lines = [
      ev({ event: { case: "followerEnteredCity", value: { seat: 1, quarter: Quarter.MARKET } } }),
      ev({ event: { case: "countMoved", value: { from: Quarter.CASTLE, to: Quarter.CATHEDRAL } } }),
      ev({ event: { case: "followersRedeployed", value: { seat: 0, quarter: Quarter.BLACKSMITH, followers: [f(0, FeatureKind.ROAD), f(0, FeatureKind.ROAD)] } } }),
      ev({ event: { case: "followersRedeployed", value: { seat: 2, quarter: Quarter.MARKET, followers: [f(2, FeatureKind.FIELD)] } } }),
      ev({ event: { case: "countPassed", value: { seat: 0, choice: CountChoice.ENTER_CITY } } }),
      ev({ event: { case: "countPassed", value: { seat: 1, choice: CountChoice.REDEPLOY } } }),
      ev({ event: { case: "countPassed", value: { seat: 2, choice: CountChoice.FINAL_MOVE } } }),
    ].map((e) => describeEvent(e, name));
    expect(lines).toEqual([
      "Bob sent a follower into the city (Market).",
      "The Count moved: Castle → Cathedral.",
      "Ann moved 2 followers out of the city (Blacksmith) onto the road.",
      "Cy moved 1 follower out of the city (Market) onto the farm.",
      "Ann did not enter the city.",
      "Bob moved no followers out of the city.",
      "Cy is done moving followers out of the city.",
    ]);
    // The prompt says whom the game waits for; the log need not.
    expect(describeEvent(ev({ event: { case: "countDecision", value: { seat: 0, choice: CountChoice.REDEPLOY } } }), name)).toBeUndefined();
    setLanguage("de", undefined);
    expect(describeEvent(ev({ event: { case: "countMoved", value: { from: Quarter.MARKET, to: Quarter.BLACKSMITH } } }), name)).toBe("Der Graf zog: Markt → Schmiede.");
  });
});
