// Taking a placement back (issue: the table, round three, point 3; docs/protocol.md,
// PreviewPlacement): "Confirm placement" sends nothing until the follower is chosen; "Take back"
// leaves nothing sent; the follower command follows its placement's batch; without a follower
// step, or without an answer from the server, the placement goes at once. The page's previews
// settle each request with its answer, its refusal or a lost connection.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  BaseCommandSchema,
  BasePhase,
  BaseViewSchema,
  FeatureKind,
  FollowerSpotSchema,
  type BaseCommand,
  type FollowerSpot,
} from "../src/gen/carc/v1/base_game_pb";
import { GameCommandSchema, PlacementPreviewSchema } from "../src/gen/carc/v1/game_pb";
import { ServerMessageSchema } from "../src/gen/carc/v1/messages_pb";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import { PlacementTaking } from "../src/games/base/placement_taking";
import { PlacementPreviews } from "../src/ui/placement_previews";

const place = create(BaseCommandSchema, {
  command: { case: "placeTile", value: { position: { x: 1, y: 0 }, rotation: 2, tile: "" } },
});
const spots: FollowerSpot[] = [
  create(FollowerSpotSchema, { segment: 0, kind: FeatureKind.CITY }),
  create(FollowerSpotSchema, { segment: 3, kind: FeatureKind.FIELD }),
];

function harness(answer: readonly FollowerSpot[] | undefined) {
  const sent: BaseCommand[] = [];
  let settle: (spots: readonly FollowerSpot[] | undefined) => void = () => {};
  let changes = 0;
  const taking = new PlacementTaking({
    preview: () => new Promise((resolve) => (settle = resolve)),
    send: (command) => {
      sent.push(command);
      return true;
    },
    changed: () => ++changes,
  });
  const answerNow = async () => {
    settle(answer);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { taking, sent, answerNow, changes: () => changes };
}

const followerView = (toMove: number, segments: number[]) =>
  create(BaseViewSchema, {
    phase: BasePhase.PLACE_FOLLOWER,
    toMove,
    legalMoves: { followerSpots: segments.map((segment) => ({ segment })) },
  });

describe("taking a placement back", () => {
  it("shows the spots the server named and sends nothing until the follower is chosen", async () => {
    const h = harness(spots);
    h.taking.begin(place);
    expect(h.taking.active).toBe(true);
    expect(h.taking.spots).toBeUndefined();
    await h.answerNow();
    expect(h.taking.spots?.map((s) => s.segment)).toEqual([0, 3]);
    expect(h.sent).toEqual([]);
    expect(h.changes()).toBe(1);
  });

  it("takes the placement back with nothing sent, then confirms another one with its follower", async () => {
    const h = harness(spots);
    h.taking.begin(place);
    await h.answerNow();
    h.taking.takeBack();
    expect(h.taking.active).toBe(false);
    expect(h.sent).toEqual([]);

    const other = create(BaseCommandSchema, {
      command: { case: "placeTile", value: { position: { x: 0, y: -1 }, rotation: 0, tile: "" } },
    });
    h.taking.begin(other);
    await h.answerNow();
    expect(h.taking.finish(3)).toBe(true);
    expect(h.sent).toEqual([other]);
    // The placement's batch leaves this seat its follower step: the follower goes now.
    const follower = h.taking.follow(followerView(1, [0, 3]), 1);
    expect(follower?.command).toEqual({ case: "placeFollower", value: expect.objectContaining({ segment: 3 }) });
    expect(h.taking.follow(followerView(1, [0, 3]), 1)).toBeUndefined();  // once
  });

  it("sends SkipFollower after the placement when no follower is chosen", async () => {
    const h = harness(spots);
    h.taking.begin(place);
    await h.answerNow();
    expect(h.taking.finish(undefined)).toBe(true);
    expect(h.sent).toEqual([place]);
    expect(h.taking.follow(followerView(0, [0]), 0)?.command.case).toBe("skipFollower");
  });

  it("refuses a spot the server did not name, and a follower for a batch that is not the placement's", async () => {
    const h = harness(spots);
    h.taking.begin(place);
    await h.answerNow();
    expect(h.taking.finish(7)).toBe(false);
    expect(h.sent).toEqual([]);
    expect(h.taking.finish(0)).toBe(true);
    // Another seat decides next (the follower step was not this seat's after all): nothing follows.
    expect(h.taking.follow(followerView(2, [0]), 0)).toBeUndefined();
  });

  it("sends the placement at once when it offers no follower step, or when the server gave no answer", async () => {
    const none = harness([]);
    none.taking.begin(place);
    await none.answerNow();
    expect(none.sent).toEqual([place]);
    expect(none.taking.active).toBe(false);

    const refused = harness(undefined);
    refused.taking.begin(place);
    await refused.answerNow();
    expect(refused.sent).toEqual([place]);
  });

  it("forgets an answer that comes after the placement was taken back or the game moved on", async () => {
    const h = harness(spots);
    h.taking.begin(place);
    h.taking.takeBack();
    await h.answerNow();
    expect(h.sent).toEqual([]);
    expect(h.taking.active).toBe(false);

    const moved = harness(spots);
    moved.taking.begin(place);
    await moved.answerNow();
    moved.taking.follow(followerView(1, []), 0);  // a batch came: the clock ran out, say
    expect(moved.taking.active).toBe(false);
    expect(moved.taking.finish(0)).toBe(false);
    expect(moved.sent).toEqual([]);
  });
});

describe("the page's placement previews", () => {
  const command = create(GameCommandSchema, { expectedSeq: 4n, command: { case: "base", value: place } });

  it("settles each request with its answer, and a refusal with undefined, telling the page it was theirs", async () => {
    let id = 0;
    const previews = new PlacementPreviews(() => ++id);
    const first = previews.ask(command);
    const second = previews.ask(command);
    const answer = create(PlacementPreviewSchema, { command, legalMoves: { case: "baseLegalMoves", value: { followerSpots: spots } } });
    expect(previews.note(create(ServerMessageSchema, { requestId: 1, body: { case: "placementPreview", value: answer } }))).toBe(true);
    expect(previews.note(create(ServerMessageSchema, { requestId: 2, body: { case: "error", value: { code: ErrorCode.RULE_VIOLATION } } }))).toBe(true);
    expect((await first)?.legalMoves.case).toBe("baseLegalMoves");
    expect(await second).toBeUndefined();
    // Another request's error is the page's to handle.
    expect(previews.note(create(ServerMessageSchema, { requestId: 9, body: { case: "error", value: { code: ErrorCode.RULE_VIOLATION } } }))).toBe(false);
  });

  it("settles what a lost connection will never answer, and asks nothing when it cannot send", async () => {
    const previews = new PlacementPreviews(() => 3);
    const open = previews.ask(command);
    expect(previews.note(create(ServerMessageSchema, { body: { case: "welcome", value: {} } }))).toBe(false);
    expect(await open).toBeUndefined();
    expect(await new PlacementPreviews(() => 0).ask(command)).toBeUndefined();
  });
});
