// @vitest-environment happy-dom

// The Count's decisions on the game screen (RULES.md C-2..C-5): the page offers exactly the
// server's legal choices, on the board and in the side panel, sends the command the player
// chose (or Pass), tells the other players whom the game waits for, and draws the city of
// Carcassonne with the Count and the followers waiting in its quarters.

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BaseLegalMovesSchema,
  BasePhase,
  FeatureKind,
  Quarter,
  type BaseCommand,
  type BaseView,
} from "../../../src/gen/carc/v1/base_game_pb";
import { RoomStateSchema, RoomStatus } from "../../../src/gen/carc/v1/lobby_pb";
import { BaseScreen } from "../../../src/games/base/base_screen";
import { setLanguage } from "../../../src/i18n";
import { COUNT_TILE_SET, countBlockPlaced } from "./count_tile_set_fixture";
import { placed, screenActions, view } from "./helpers";

const { CASTLE, MARKET, BLACKSMITH, CATHEDRAL } = Quarter;
const ALL = [CASTLE, MARKET, BLACKSMITH, CATHEDRAL];

type LegalInit = MessageInitShape<typeof BaseLegalMovesSchema>;

// Ann (seat 0) and Bob (seat 1) in a Count game; a U at (-3,-1) continues the block's west road.
// Bob has one follower in the market and Ann two in the blacksmith; the Count is in the castle.
function countView(phase: BasePhase, toMove: number, legal?: LegalInit, countMove = "free"): BaseView {
  return view({
    options: { followers: 7, count: true, countMove },
    phase,
    toMove,
    tiles: [...countBlockPlaced(), placed("U", -3, -1, 1)],
    scores: [3, 0],
    supply: [5, 6],
    resigned: [false, false],
    stackSize: 60,
    tileSet: [...COUNT_TILE_SET],
    count: {
      count: CASTLE,
      quarters: [
        { quarter: CASTLE, followers: [0, 0] },
        { quarter: MARKET, followers: [0, 1] },
        { quarter: BLACKSMITH, followers: [2, 0] },
        { quarter: CATHEDRAL, followers: [0, 0] },
      ],
      ...(phase === BasePhase.REDEPLOY
        ? { redeployKind: FeatureKind.ROAD, redeployTiles: [{ x: -2, y: -1 }, { x: -3, y: -1 }] }
        : {}),
    },
    legalMoves: legal ? create(BaseLegalMovesSchema, legal) : undefined,
  });
}

/** C-3 `free`: any quarter but the Count's, the Count to any quarter. */
const freeEntries = (): LegalInit => ({
  cityEntries: ALL.filter((q) => q !== CASTLE).flatMap((quarter) => ALL.map((countTo) => ({ quarter, countTo }))),
});

// Each screen listens for keys on the document until disposed: one test's must not answer the next.
const screens: BaseScreen[] = [];

function setup(first: BaseView, yourSeat = 0) {
  const sent: BaseCommand[] = [];
  let current = first;
  const r = create(RoomStateSchema, {
    code: "ABC234",
    status: RoomStatus.PLAYING,
    yourSeat,
    seats: [
      { seat: 0, name: "Ann", colour: "yellow", occupied: true, connected: true },
      { seat: 1, name: "Bob", colour: "red", occupied: true, connected: true },
    ],
  });
  let screen: BaseScreen;
  const render = () => document.body.replaceChildren(screen.render({ room: r, view: current, seq: 9n, clock: undefined }));
  screen = new BaseScreen(
    document,
    screenActions(sent, () => render()),
    () => Promise.reject(new Error("no archive in this test")),
  );
  screens.push(screen);
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

const q = (s: string): HTMLElement => document.querySelector(s) as HTMLElement;
const all = (s: string): HTMLElement[] => [...document.querySelectorAll(s)] as HTMLElement[];
const prompt = (): string | null | undefined => q("#prompt")?.textContent;
const press = (target: EventTarget, key: string): boolean => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));

beforeEach(() => setLanguage("en", undefined));
afterEach(() => {
  for (const s of screens.splice(0)) s.dispose();
  document.body.replaceChildren();
});

describe("the city of Carcassonne", () => {
  it("draws one walled city over the block, with its quarters, the Count and the waiting followers", () => {
    setup(countView(BasePhase.PLACE_TILE, 1));
    expect(all("[data-city-block]")).toHaveLength(1);
    const quarters = all("[data-city-block] [data-quarter]");
    expect(quarters.map((g) => g.getAttribute("data-quarter"))).toEqual(["castle", "market", "blacksmith", "cathedral"]);
    // The Count stands in the castle and nowhere else.
    expect(all("[data-count]")).toHaveLength(1);
    expect(q('[data-quarter="castle"] [data-count]')).not.toBeNull();
    // Followers per seat with their number; the colour's shape is on each of them.
    const chips = all("[data-quarter-seat]").map((c) => [c.closest("[data-quarter]")!.getAttribute("data-quarter"), c.getAttribute("data-quarter-seat"), c.textContent]);
    expect(chips).toEqual([
      ["market", "1", "■×1"],
      ["blacksmith", "0", "▲×2"],
    ]);
    expect(q('[data-quarter="blacksmith"]').getAttribute("aria-label")).toBe("Blacksmith quarter, for the road: Ann 2");
    expect(q('[data-quarter="castle"]').getAttribute("aria-label")).toBe("Castle quarter, for the city: the Count; no followers");
    // Not buttons when there is nothing to choose.
    expect(all("[data-quarter][role=button]")).toHaveLength(0);
    // The city card says the same in words.
    expect(all("[data-city-quarter]").map((li) => li.getAttribute("aria-label"))).toEqual([
      "Castle quarter, for the city: the Count; no followers",
      "Market quarter, for the farm: Bob 1",
      "Blacksmith quarter, for the road: Ann 2",
      "Cathedral quarter, for the cloister: no followers",
    ]);
  });

  it("draws no city and no city card in a game without the Count", () => {
    const v = countView(BasePhase.PLACE_TILE, 1);
    v.count = undefined;
    setup(v);
    expect(all("[data-city-block]")).toHaveLength(0);
    expect(all("[data-city-quarter]")).toHaveLength(0);
  });
});

describe("entering the city (C-2, C-3)", () => {
  it("offers the legal quarters, leaves the Count by default, and sends the choice", () => {
    const g = setup(countView(BasePhase.ENTER_CITY, 0, freeEntries()));
    expect(prompt()).toBe("Your tile made others score but not you: you may send a follower into the city.");
    // Not the Count's quarter, on the board and in the panel.
    expect(all("[data-enter-quarter]").map((b) => b.getAttribute("data-enter-quarter"))).toEqual(["market", "blacksmith", "cathedral"]);
    expect(all("[data-quarter][role=button]").map((b) => b.getAttribute("data-quarter"))).toEqual(["market", "blacksmith", "cathedral"]);
    expect((q("#enter-city") as HTMLButtonElement).disabled).toBe(true);

    // A quarter chosen on the board with the keyboard.
    press(q('[data-quarter="blacksmith"]'), "Enter");
    expect(q('[data-enter-quarter="blacksmith"]').getAttribute("aria-pressed")).toBe("true");
    expect(q('[data-quarter="blacksmith"]').getAttribute("aria-pressed")).toBe("true");
    expect(prompt()).toBe("Confirm, or don't enter.");
    // With `free` the Count may go anywhere; he stays unless told otherwise.
    expect(all("[data-count-dest]").map((b) => [b.getAttribute("data-count-dest"), b.textContent, b.getAttribute("aria-pressed")])).toEqual([
      ["castle", "Castle (he stays)", "true"],
      ["market", "Market", "false"],
      ["blacksmith", "Blacksmith", "false"],
      ["cathedral", "Cathedral", "false"],
    ]);
    q('[data-count-dest="cathedral"]').click();
    // Where he is about to go, faintly, on the board.
    expect(q('[data-quarter="cathedral"] [data-count-to]')).not.toBeNull();
    (q("#enter-city") as HTMLButtonElement).click();
    expect(g.sent).toHaveLength(1);
    const c = g.sent[0]!.command;
    expect(c.case).toBe("enterCity");
    if (c.case === "enterCity") expect([c.value.quarter, c.value.countTo]).toEqual([BLACKSMITH, CATHEDRAL]);
    expect(prompt()).toBe("Sending your move…");
  });

  it("says where the Count must go with `follow`, and passes with Don't enter", () => {
    const follow = { cityEntries: [MARKET, BLACKSMITH, CATHEDRAL].map((quarter) => ({ quarter, countTo: quarter })) };
    const g = setup(countView(BasePhase.ENTER_CITY, 0, follow, "follow"));
    q('[data-enter-quarter="market"]').click();
    expect(all("[data-count-dest]")).toHaveLength(0);
    expect(q(".count-decision")?.textContent).toContain("The Count goes to: Market.");
    q("#count-pass").click();
    expect(g.sent.map((c) => c.command.case)).toEqual(["pass"]);
  });

  it("confirms with Enter once a quarter is chosen", () => {
    const g = setup(countView(BasePhase.ENTER_CITY, 0, freeEntries()));
    press(document.body, "Enter");
    expect(g.sent).toHaveLength(0);
    q('[data-enter-quarter="cathedral"]').click();
    press(document.body, "Enter");
    expect(g.sent.map((c) => c.command.case)).toEqual(["enterCity"]);
  });

  it("tells the others whom the game waits for, out of turn too", () => {
    const g = setup(countView(BasePhase.ENTER_CITY, 0), 1);
    expect(prompt()).toBe("Waiting for Ann to decide whether to enter the city…");
    expect(all("[data-enter-quarter], #count-pass, [data-quarter][role=button]")).toHaveLength(0);
    g.view = countView(BasePhase.REDEPLOY, 0);
    expect(prompt()).toBe("Waiting for Ann to decide whether to move followers out of the city…");
    g.view = countView(BasePhase.FINAL_MOVE, 0);
    expect(prompt()).toBe("Waiting for Ann to move followers out of the city…");
    const spectator = setup(countView(BasePhase.REDEPLOY, 1), -1);
    expect(prompt()).toBe("Waiting for Bob to decide whether to move followers out of the city…");
    expect(spectator.sent).toHaveLength(0);
  });
});

describe("redeploying (C-4)", () => {
  it("marks the completed feature and sends 1..limit followers", () => {
    // Ann decides in Bob's turn: the round starts left of the placing player.
    const g = setup(countView(BasePhase.REDEPLOY, 0, { redeployLimit: 2, redeployCounts: [1, 2] }));
    expect(prompt()).toBe("A road is complete: you may move followers out of the city onto it before it scores.");
    expect(all("[data-highlight]").map((r) => r.getAttribute("data-highlight"))).toEqual(["-2,-1", "-3,-1"]);
    expect(q(".count-decision")?.textContent).toContain("Completed road of 2 tiles, marked on the board.");
    expect(q('label[for="redeploy-count"]').textContent).toBe("Followers from the Blacksmith (1 to 2)");
    const input = q("#redeploy-count") as HTMLInputElement;
    expect([input.value, input.min, input.max]).toEqual(["1", "1", "2"]);
    expect((q("#redeploy-fewer") as HTMLButtonElement).disabled).toBe(true);
    q("#redeploy-more").click();
    expect((q("#redeploy-count") as HTMLInputElement).value).toBe("2");
    expect((q("#redeploy-more") as HTMLButtonElement).disabled).toBe(true);
    // Typed numbers are kept within the limit.
    const typed = q("#redeploy-count") as HTMLInputElement;
    typed.value = "9";
    typed.dispatchEvent(new Event("change"));
    expect((q("#redeploy-count") as HTMLInputElement).value).toBe("2");
    q("#redeploy").click();
    const c = g.sent[0]?.command;
    expect(c?.case).toBe("redeploy");
    if (c?.case === "redeploy") expect(c.value.followers).toBe(2);
  });

  it("with count_redeploy seed offers only one or all of them (C-4)", () => {
    const g = setup(countView(BasePhase.REDEPLOY, 0, { redeployLimit: 3, redeployCounts: [1, 3] }));
    q("#redeploy-more").click();
    expect((q("#redeploy-count") as HTMLInputElement).value).toBe("3");
    expect((q("#redeploy-more") as HTMLButtonElement).disabled).toBe(true);
    q("#redeploy-fewer").click();
    expect((q("#redeploy-count") as HTMLInputElement).value).toBe("1");
    const typed = q("#redeploy-count") as HTMLInputElement;
    typed.value = "2";
    typed.dispatchEvent(new Event("change"));
    expect((q("#redeploy-count") as HTMLInputElement).value).toBe("1");
    q("#redeploy-more").click();
    q("#redeploy").click();
    const c = g.sent[0]?.command;
    if (c?.case === "redeploy") expect(c.value.followers).toBe(3);
    expect(c?.case).toBe("redeploy");
  });

  it("passes", () => {
    const g = setup(countView(BasePhase.REDEPLOY, 0, { redeployLimit: 2, redeployCounts: [1, 2] }));
    q("#count-pass").click();
    expect(g.sent.map((c) => c.command.case)).toEqual(["pass"]);
  });

  it("shows the marked feature to everybody", () => {
    setup(countView(BasePhase.REDEPLOY, 0), 1);
    expect(all("[data-highlight]")).toHaveLength(2);
    expect(all("#redeploy")).toHaveLength(0);
  });
});

describe("the final moves (C-5)", () => {
  const exits = (): LegalInit => ({
    cityExits: [
      { quarter: BLACKSMITH, position: { x: -3, y: -1 }, segment: 0, kind: FeatureKind.ROAD },
      { quarter: MARKET, position: { x: -2, y: -1 }, segment: 1, kind: FeatureKind.FIELD },
    ],
  });

  it("marks the features on the board and moves a follower onto the one tapped", () => {
    const g = setup(countView(BasePhase.FINAL_MOVE, 0, exits()));
    expect(prompt()).toBe("Final scoring: move a follower out of the city onto a marked feature, or finish.");
    const targets = all("[data-target]");
    expect(targets.map((t) => t.getAttribute("data-target"))).toEqual(["-3,-1/0", "-2,-1/1"]);
    expect(targets[1]!.getAttribute("aria-label")).toBe("Move a follower onto the farm at column -2, row -1");
    // On its tile: (-2,-1) spans x -200..-100, y -100..0.
    const cx = Number(targets[1]!.getAttribute("cx"));
    const cy = Number(targets[1]!.getAttribute("cy"));
    expect(cx).toBeGreaterThan(-200);
    expect(cx).toBeLessThan(-100);
    expect(cy).toBeGreaterThan(-100);
    expect(cy).toBeLessThan(0);
    press(targets[1]!, "Enter");
    const c = g.sent[0]?.command;
    expect(c?.case).toBe("leaveCity");
    if (c?.case === "leaveCity") {
      expect(c.value.quarter).toBe(MARKET);
      expect(c.value.position).toMatchObject({ x: -2, y: -1 });
      expect(c.value.segment).toBe(1);
    }
  });

  it("lists the features for the keyboard, and finishes with Done", () => {
    const g = setup(countView(BasePhase.FINAL_MOVE, 0, exits()));
    expect(all("[data-target-button]").map((b) => b.textContent)).toEqual([
      "Move a follower onto the road at column -3, row -1",
      "Move a follower onto the farm at column -2, row -1",
    ]);
    q('[data-target-button="-3,-1/0"]').click();
    expect(g.sent.map((c) => c.command.case)).toEqual(["leaveCity"]);
    g.view = countView(BasePhase.FINAL_MOVE, 0, exits());
    expect(q("#count-pass").textContent).toBe("Done");
    q("#count-pass").click();
    expect(g.sent.map((c) => c.command.case)).toEqual(["leaveCity", "pass"]);
  });

  it("asks which quarter when a feature could take a follower from more than one", () => {
    const both: LegalInit = {
      cityExits: [
        { quarter: BLACKSMITH, position: { x: -3, y: -1 }, segment: 0, kind: FeatureKind.ROAD },
        { quarter: CATHEDRAL, position: { x: -3, y: -1 }, segment: 0, kind: FeatureKind.ROAD },
      ],
    };
    const g = setup(countView(BasePhase.FINAL_MOVE, 0, both));
    q('[data-target="-3,-1/0"]').dispatchEvent(new PointerEvent("pointerdown", { pointerId: 1, button: 0, pointerType: "mouse", bubbles: true }));
    window.dispatchEvent(new PointerEvent("pointerup", { pointerId: 1, button: 0, pointerType: "mouse", bubbles: true }));
    expect(g.sent).toHaveLength(0);
    expect(q('[data-target="-3,-1/0"]').getAttribute("aria-pressed")).toBe("true");
    expect(all("[data-leave-quarter]").map((b) => b.getAttribute("data-leave-quarter"))).toEqual(["blacksmith", "cathedral"]);
    q('[data-leave-quarter="cathedral"]').click();
    const c = g.sent[0]?.command;
    expect(c?.case === "leaveCity" && c.value.quarter).toBe(CATHEDRAL);
  });
});
