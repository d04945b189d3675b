// @vitest-environment happy-dom

// The server's move texts of a base game in words (the computer's review of a replay), checked
// against what a real Count game of the server says happened: each follower placed, each follower
// sent into the city and each one moved out of it is worded as the move text the engine gives
// that move would be, position for position, and each follower on the board at the end as a
// move out of the city onto its square would be.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { BasePhase, FeatureKind, Quarter, type BaseEvent } from "../../../src/gen/carc/v1/base_game_pb";
import { ReplaySchema } from "../../../src/gen/carc/v1/replay_pb";
import { BaseReplay, framesOf } from "../../../src/games/base/base_replay";
import { COUNT_GAME_BATCHES, COUNT_GAME_SNAPSHOT } from "./count_tile_set_fixture";

const frames = framesOf(create(ReplaySchema, { start: COUNT_GAME_SNAPSHOT, steps: [...COUNT_GAME_BATCHES], players: ["Ann", "Bob", "Cleo"] }));
const replay = new BaseReplay(document, frames);

const KIND: Record<number, string> = { [FeatureKind.ROAD]: "road", [FeatureKind.CITY]: "city", [FeatureKind.CLOISTER]: "cloister", [FeatureKind.FIELD]: "farm" };
const QUARTER: Record<number, string> = { [Quarter.CASTLE]: "Castle", [Quarter.MARKET]: "Market", [Quarter.BLACKSMITH]: "Blacksmith", [Quarter.CATHEDRAL]: "Cathedral" };

type EventOf<C extends BaseEvent["event"]["case"]> = Extract<BaseEvent["event"], { case: C }>["value"];

/** Each step's events of one case, with the step. */
function stepsWith<C extends NonNullable<BaseEvent["event"]["case"]>>(c: C): { step: number; value: EventOf<C> }[] {
  const out: { step: number; value: EventOf<C> }[] = [];
  frames.events.forEach((events, step) => {
    for (const e of events) if (e.event.case === c) out.push({ step, value: e.event.value as EventOf<C> });
  });
  return out;
}

describe("a base game's move texts in words", () => {
  it("words a placement by where it lies on the board and its turn, never in coordinates", () => {
    // The Count's block spans columns -2..1 and rows -1..1 at the start.
    expect(replay.describeMove(0, "place_tile 3 -2 r3")).toBe("The tile at the top right of the board, turned 270°");
    expect(replay.describeMove(0, "place_tile -3 0 r0 tile 5")).toMatch(/^The tile on the left of the board, (next to the (city|road) to the right, )?turned 0°$/);
    expect(replay.describeMove(0, "place_tile 0 2 r1")).toMatch(/^The tile at the bottom of the board, (next to the (city|road) above, )?turned 90°$/);
  });

  it("names the feature of each follower placed, from the segment of the tile just placed", () => {
    const placed = stepsWith("followerPlaced").filter(({ step }) => frames.views[step]!.phase === BasePhase.PLACE_FOLLOWER);
    expect(placed.length).toBeGreaterThan(5);
    expect(new Set(placed.map(({ value }) => value.follower?.kind)).size).toBeGreaterThan(1);
    for (const { step, value } of placed) {
      expect(replay.describeMove(step, `place_follower ${value.follower!.segment}`), `step ${step}`).toBe(`Put a follower on the ${KIND[value.follower!.kind]}`);
    }
  });

  it("names the quarters of a follower sent into the city, the engine counting them from 0", () => {
    const entered = stepsWith("followerEnteredCity");
    expect(entered.length).toBeGreaterThan(0);
    for (const { step, value } of entered) {
      const moved = frames.events[step]!.find((e) => e.event.case === "countMoved")?.event.value as { to: Quarter } | undefined;
      const to = moved?.to ?? frames.views[step]!.count!.count;
      expect(replay.describeMove(step, `enter_city ${value.quarter - 1} ${to - 1}`)).toBe(
        `A follower into the city (${QUARTER[value.quarter]}); the Count goes to: ${QUARTER[to]}.`,
      );
    }
  });

  it("names what followers moved out of the city go onto", () => {
    const redeployed = stepsWith("followersRedeployed");
    expect(redeployed.length).toBeGreaterThan(0);
    for (const { step, value } of redeployed) {
      const first = value.followers[0]!;
      const kind = KIND[first.kind];
      const text =
        frames.views[step]!.phase === BasePhase.REDEPLOY
          ? `redeploy ${value.followers.length}`
          : `leave_city ${value.quarter - 1} ${first.position?.x ?? 0} ${first.position?.y ?? 0} ${first.segment}`;
      expect(replay.describeMove(step, text), `${text} at step ${step}`).toContain(`onto the ${kind}`);
    }
  });

  it("names the feature a follower would leave the city for by the tile at its square", () => {
    // The game has no such move; the followers on the board at its end say what lies where.
    const end = frames.views.length - 1;
    const followers = frames.views[end]!.followers;
    expect(followers.length).toBeGreaterThan(3);
    for (const f of followers) {
      const x = f.position?.x ?? 0;
      const y = f.position?.y ?? 0;
      const text = replay.describeMove(end, `leave_city 3 ${x} ${y} ${f.segment}`) ?? "";
      expect(text).toMatch(new RegExp(`^A follower out of the city \\(Cathedral\\) onto the ${KIND[f.kind]} (at|on|in) (the )?[a-z ]+ of the board\\.$`));
      expect(text).not.toMatch(/\d/);
    }
  });

  it("words a pass as the decision's button, and leaves a text it does not know to the caller", () => {
    const entering = frames.views.findIndex((v) => v.phase === BasePhase.ENTER_CITY);
    expect(entering).toBeGreaterThan(0);
    expect(replay.describeMove(entering, "pass")).toBe("Don't enter");
    expect(replay.describeMove(0, "skip_follower")).toBe("No follower this turn.");
    expect(replay.describeMove(0, "move 42")).toBeUndefined();
    expect(replay.describeMove(0, "place_tile 3")).toBeUndefined();
    expect(replay.describeMove(frames.views.length, "pass")).toBeUndefined();
  });
});
