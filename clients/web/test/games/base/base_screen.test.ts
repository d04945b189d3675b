// @vitest-environment happy-dom

// The game screen offers exactly the server's legal moves and sends what the player chose:
// highlighted cells, a preview turned through the cell's legal rotations, confirm, follower
// spots, skip; spectators get no controls; the end shows the final table.

import { create } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BaseLegalMovesSchema,
  CategoryPointsSchema,
  BasePhase,
  FeatureKind,
  type BaseCommand,
  type BaseView,
} from "../../../src/gen/carc/v1/base_game_pb";
import { RoomStateSchema, RoomStatus, type RoomState } from "../../../src/gen/carc/v1/lobby_pb";
import { finalRows } from "../../../src/games/base/base_final";
import { BaseScreen } from "../../../src/games/base/base_screen";
import { setLanguage } from "../../../src/i18n";
import { placed, placingE, screenActions, view } from "./helpers";

function room(yourSeat: number): RoomState {
  return create(RoomStateSchema, {
    code: "ABC234",
    status: RoomStatus.PLAYING,
    yourSeat,
    seats: [
      { seat: 0, name: "Ann", colour: "yellow", occupied: true, connected: true },
      { seat: 1, name: "Bob", colour: "red", occupied: true, connected: true },
    ],
  });
}

function setup(yourSeat = 0) {
  const sent: BaseCommand[] = [];
  let screen: BaseScreen;
  let current: BaseView = placingE();
  const r = room(yourSeat);
  const render = () => {
    document.body.replaceChildren(screen.render({ room: r, view: current, seq: 5n, clock: undefined }));
  };
  screen = new BaseScreen(document, screenActions(sent, () => render()), () => Promise.reject(new Error("no archive in this test")));
  screen.snapshotApplied(current);
  render();
  return {
    sent,
    screen,
    set view(v: BaseView) {
      current = v;
      screen.snapshotApplied(v);
      render();
    },
  };
}

function press(target: EventTarget, key: string, shiftKey = false): void {
  target.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true }));
}

beforeEach(() => setLanguage("en", undefined));
afterEach(() => document.body.replaceChildren());

describe("game screen", () => {
  it("highlights each legal cell once and previews the first legal rotation", () => {
    const g = setup();
    const cells = [...document.querySelectorAll("[data-cell]")].map((c) => c.getAttribute("data-cell"));
    expect(cells).toEqual(["0,-1", "1,0"]);
    expect(document.querySelector("#confirm")?.hasAttribute("disabled")).toBe(true);
    press(document.querySelector('[data-cell="1,0"]')!, "Enter");
    expect(document.querySelector("[data-preview]")?.getAttribute("data-preview")).toBe("E,1");
    // R turns through this cell's legal rotations only: 1 -> 3 -> 1.
    press(document.body, "r");
    expect(document.querySelector("[data-preview]")?.getAttribute("data-preview")).toBe("E,3");
    press(document.body, "r");
    expect(document.querySelector("[data-preview]")?.getAttribute("data-preview")).toBe("E,1");
    press(document.body, "R", true);
    expect(document.querySelector("[data-preview]")?.getAttribute("data-preview")).toBe("E,3");
    (document.querySelector("#confirm") as HTMLButtonElement).click();
    expect(g.sent).toHaveLength(1);
    const c = g.sent[0]!.command;
    expect(c.case).toBe("placeTile");
    if (c.case === "placeTile") {
      expect(c.value.position).toMatchObject({ x: 1, y: 0 });
      expect(c.value.rotation).toBe(3);
      expect(c.value.tile).toBe(""); // no hands: the drawn tile
    }
    // Sent once: the controls wait for the answer.
    press(document.body, "Enter");
    expect(g.sent).toHaveLength(1);
    expect(document.querySelector("#prompt")?.textContent).toBe("Sending your move…");
  });

  it("shows the legal follower spots on the tile just placed, and skip", () => {
    const g = setup();
    const v = placingE();
    v.tiles.push(placed("E", 0, -1, 2));
    v.phase = BasePhase.PLACE_FOLLOWER;
    v.legalMoves = create(BaseLegalMovesSchema, {
      followerSpots: [
        { segment: 0, kind: FeatureKind.CITY },
        { segment: 1, kind: FeatureKind.FIELD },
      ],
    });
    g.view = v;
    const spots = [...document.querySelectorAll("[data-spot]")];
    expect(spots.map((s) => s.getAttribute("data-spot"))).toEqual(["0", "1"]);
    expect(spots[0]!.getAttribute("aria-label")).toBe("Put a follower on the city");
    // Each spot sits on the placed tile (0,-1): x in [0,100], y in [-100,0].
    for (const s of spots) {
      const cx = Number(s.getAttribute("cx"));
      const cy = Number(s.getAttribute("cy"));
      expect(cx).toBeGreaterThan(0);
      expect(cx).toBeLessThan(100);
      expect(cy).toBeGreaterThan(-100);
      expect(cy).toBeLessThan(0);
    }
    press(spots[1]!, "Enter");
    expect(g.sent.map((c) => c.command.case)).toEqual(["placeFollower"]);
    const c = g.sent[0]!.command;
    if (c.case === "placeFollower") expect(c.value.segment).toBe(1);
  });

  it("skips with S", () => {
    const g = setup();
    const v = placingE();
    v.tiles.push(placed("E", 0, -1, 2));
    v.phase = BasePhase.PLACE_FOLLOWER;
    v.legalMoves = create(BaseLegalMovesSchema, { followerSpots: [] });
    g.view = v;
    expect(document.querySelector("#prompt")?.textContent).toBe("No follower can go on this tile: skip.");
    press(document.body, "s");
    expect(g.sent.map((c) => c.command.case)).toEqual(["skipFollower"]);
  });

  it("gives a spectator no controls", () => {
    const g = setup(-1);
    const v = placingE();
    v.legalMoves = undefined;
    g.view = v;
    expect(document.querySelectorAll("[data-cell]")).toHaveLength(0);
    expect(document.querySelector("#confirm")).toBeNull();
    expect(document.querySelector("#prompt")?.textContent).toBe("You are watching. Ann is to move.");
    press(document.body, "Enter");
    expect(g.sent).toHaveLength(0);
  });

  it("ends with the final table: play points and each end-game category", () => {
    const g = setup();
    const v = placingE();
    v.phase = BasePhase.GAME_OVER;
    v.toMove = -1;
    v.legalMoves = undefined;
    v.scores = [30, 41];
    v.winners = [1];
    v.finalBreakdown = [
      create(CategoryPointsSchema, { road: 2, city: 3, cloister: 4, field: 9 }),
      create(CategoryPointsSchema, { road: 1, city: 0, cloister: 6, field: 12 }),
    ];
    g.view = v;
    expect(finalRows(v).map((r) => [r.seat, r.duringPlay, r.total, r.winner])).toEqual([
      [1, 22, 41, true],
      [0, 12, 30, false],
    ]);
    const rows = [...document.querySelectorAll("table.final-table tbody tr")];
    expect(rows.map((r) => r.getAttribute("data-seat"))).toEqual(["1", "0"]);
    expect(rows[0]!.textContent).toContain("Bob · winner");
    expect([...rows[0]!.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["22", "1", "0", "6", "12", "41"]);
    expect(document.querySelector("#rematch")).not.toBeNull();
  });
});
