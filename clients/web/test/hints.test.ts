// @vitest-environment happy-dom

// Hints (RoomOptions.hints) through the app against a fake server: the create form's checkbox
// (off by default, absent without computer players) and the lobby's line; the Hint button of the
// seat to move only, RequestHint on the current seq, its busy state, the answer's lead in words
// and its move made the player's choice (never sent for them) or marked on the board; the hint
// gone once a batch moves the game on; refusals in the banner; and the same in The Castle.

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  BaseCommandSchema,
  BaseLegalMovesSchema,
  BasePhase,
  FeatureKind,
  Quarter,
  type BaseEvent,
  type BaseLegalMoves,
  type BaseView,
} from "../src/gen/carc/v1/base_game_pb";
import { CastleCommandSchema, CastleFeature } from "../src/gen/carc/v1/castle_game_pb";
import type { EventBatch } from "../src/gen/carc/v1/game_pb";
import { GameType, RoomOptionsSchema, RoomStateSchema, RoomStatus, type RoomState } from "../src/gen/carc/v1/lobby_pb";
import { ServerMessageSchema } from "../src/gen/carc/v1/messages_pb";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import { describeBaseHint } from "../src/games/base/base_hint";
import { BaseMirror } from "../src/games/base/base_mirror";
import { publicHash } from "../src/games/base/public_hash";
import { describeCastleHint } from "../src/games/castle/castle_hint";
import { setLanguage } from "../src/i18n";
import { Hints, leadText } from "../src/ui/hint";
import { connectedApp } from "./connected_app";
import type { FakeWebSocket } from "./fake_websocket";
import { batch, event, placed, placingE, snapshot, view } from "./games/base/helpers";
import { castleBatch, castleEvent, castleSnapshot, castleView } from "./games/castle/castle_helpers";

type Options = MessageInitShape<typeof RoomOptionsSchema>;

/** Ada at seat 0 and Bo at seat 1 playing the game of `options`, seen from `yourSeat`. */
function hintRoom(yourSeat: number, options: Options = { hints: true, gameOptions: { case: "base", value: {} } }): RoomState {
  return create(RoomStateSchema, {
    code: "HNT234",
    invitePath: "/r/HNT234",
    status: RoomStatus.PLAYING,
    yourSeat,
    options: { seats: 2, ...options },
    seats: [
      { seat: 0, name: "Ada", colour: "red", occupied: true, connected: true, isHost: true },
      { seat: 1, name: "Bo", colour: "blue", occupied: true, connected: true },
    ],
  });
}

/** What Bo's page sees at the same moment: no legal moves of its own. */
function boWatching(): BaseView {
  const v = placingE();
  v.legalMoves = undefined;
  return v;
}

const followerSpots = (): BaseLegalMoves =>
  create(BaseLegalMovesSchema, { followerSpots: [{ segment: 0, kind: FeatureKind.CITY }, { segment: 1, kind: FeatureKind.FIELD }] });

/** Ada's follower step on the E she placed at (0,-1). */
function adaFollowing(): BaseView {
  const v = placingE();
  v.tiles.push(placed("E", 0, -1, 2));
  v.currentTile = "";
  v.phase = BasePhase.PLACE_FOLLOWER;
  v.legalMoves = followerSpots();
  return v;
}

/** The batch after `from` at `seq`, with the hash of the view its events make (as the server's). */
function nextBatch(from: BaseView, seq: bigint, events: BaseEvent[], legalMoves?: BaseLegalMoves): EventBatch {
  const after = new BaseMirror();
  after.applySnapshot(snapshot(seq, from));
  const b = batch(seq, events, from, legalMoves);
  after.applyBatch(b);
  b.publicHash = publicHash(after.view!);
  return b;
}

/** The app in `name`'s name, showing `room` and its base game's `v` at seq 5. */
async function playing(room: RoomState, v: BaseView, name = "Ada") {
  const page = connectedApp(2000, name);
  page.ws.serverSend({ body: { case: "roomState", value: room } });
  page.ws.serverSend({ body: { case: "snapshot", value: snapshot(5n, v) } });
  await page.app.settled();
  expect(page.app.screen).toBe("game");
  return page;
}

type Body = MessageInitShape<typeof ServerMessageSchema>["body"];

type Move = { base: MessageInitShape<typeof BaseCommandSchema>["command"] } | { castle: MessageInitShape<typeof CastleCommandSchema>["command"] };

/** The server's Hint for the request just sent. */
function answer(ws: FakeWebSocket, seq: bigint, command: Move, expectedLead: number): void {
  const game: Body = { case: "hint", value: {
    command: { expectedSeq: seq, command: "base" in command ? { case: "base", value: { command: command.base } } : { case: "castle", value: { command: command.castle } } },
    expectedLead,
    iterations: 900n,
  } };
  ws.serverSend({ requestId: ws.lastSent().requestId, body: game });
}

const hintButton = (root: Element) => root.querySelector<HTMLButtonElement>("#hint");
const text = (root: Element, selector: string) => root.querySelector(selector)?.textContent;
const hinted = (root: Element) =>
  [...root.querySelectorAll("[data-hinted]")].map((el) => el.getAttribute("data-cell") ?? el.getAttribute("data-spot") ?? el.getAttribute("data-space") ?? el.id);
const press = (target: Element, key: string) => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

describe("the create form", () => {
  const createForm = (root: Element) => root.querySelector<HTMLFormElement>('form[aria-labelledby="create-heading"]');
  const submit = (root: Element) => createForm(root)!.dispatchEvent(new Event("submit", { cancelable: true }));
  const sentHints = (ws: FakeWebSocket) => {
    const body = ws.lastSent().body;
    return body.case === "createRoom" ? body.value.options?.hints : undefined;
  };

  it("sends hints off by default and on when ticked, and the lobby says which", async () => {
    const { client, root, app, ws } = connectedApp(2000, "Ada");
    await vi.waitFor(() => expect(createForm(root)).not.toBeNull());
    const box = root.querySelector<HTMLInputElement>('input[name="hints"]')!;
    expect(box.type).toBe("checkbox");
    expect(box.checked).toBe(false);
    expect(text(root, `label[for="${box.id}"]`)).toBe("Hints: a player may ask the computer for a move");
    submit(root);
    expect(sentHints(ws)).toBe(false);

    const again = root.querySelector<HTMLInputElement>('input[name="hints"]')!;
    again.checked = true;
    again.dispatchEvent(new Event("change"));
    submit(root);
    expect(sentHints(ws)).toBe(true);

    const lobby = hintRoom(0);
    lobby.status = RoomStatus.LOBBY;
    ws.serverSend({ body: { case: "roomState", value: lobby } });
    expect(app.screen).toBe("lobby");
    const row = (name: string) => [...root.querySelectorAll(".options-summary dt")].find((dt) => dt.textContent === name)?.nextElementSibling?.textContent;
    expect(row("Hints")).toBe("yes");
    lobby.options!.hints = false;
    ws.serverSend({ body: { case: "roomState", value: lobby } });
    expect(row("Hints")).toBe("no");
    client.close();
  });

  it("offers no hints on a server without computer players", async () => {
    const { client, root, ws } = connectedApp(0, "Ada");
    await vi.waitFor(() => expect(createForm(root)).not.toBeNull());
    expect(root.querySelector('input[name="public"]')).not.toBeNull();
    expect(root.querySelector('input[name="hints"]')).toBeNull();
    submit(root);
    expect(sentHints(ws)).toBe(false);
    client.close();
  });
});

describe("the Hint button of the base game", () => {
  it("is there only for the seat to move, in a room with hints", async () => {
    const ada = await playing(hintRoom(0), placingE());
    expect(hintButton(ada.root)?.textContent).toBe("Hint");
    expect(hintButton(ada.root)?.disabled).toBe(false);
    expect(hintButton(ada.root)?.getAttribute("aria-busy")).toBe("false");
    ada.client.close();

    const noHints = await playing(hintRoom(0, { gameOptions: { case: "base", value: {} } }), placingE());
    expect(noHints.root.querySelector("#confirm")).not.toBeNull();
    expect(hintButton(noHints.root)).toBeNull();
    noHints.client.close();

    const bo = await playing(hintRoom(1), boWatching(), "Bo");
    expect(bo.root.querySelector("#prompt")?.textContent).toBe("Waiting for Ada…");
    expect(hintButton(bo.root)).toBeNull();
    bo.client.close();

    const spectator = await playing(hintRoom(-1), boWatching(), "Cy");
    expect(hintButton(spectator.root)).toBeNull();
    spectator.client.close();
  });

  it("asks for the current seq and shows the answer as the player's choice, sending nothing", async () => {
    const { client, root, ws } = await playing(hintRoom(0), placingE());
    expect(root.querySelector("[data-preview]")).toBeNull();
    hintButton(root)!.click();
    const request = ws.lastSent();
    expect(request.requestId).toBeGreaterThan(0);
    expect(request.body).toMatchObject({ case: "requestHint", value: { expectedSeq: 5n } });
    // Waiting: busy, and a second click asks nothing more.
    expect(hintButton(root)?.getAttribute("aria-busy")).toBe("true");
    expect(hintButton(root)?.disabled).toBe(true);
    expect(text(root, ".hint-answer")).toBe("The computer is looking for a move…");
    const sent = ws.sent.length;

    answer(ws, 5n, { base: { case: "placeTile", value: { position: { x: 1, y: 0 }, rotation: 3 } } }, 11.6);
    expect(text(root, ".hint-lead")).toBe("The computer would play this: expected lead +12 points");
    expect(text(root, ".hint-move")).toBe("The tile at column 1, row 0, shown on the board: confirm it or choose another place.");
    expect(hintButton(root)?.getAttribute("aria-busy")).toBe("false");
    expect(hintButton(root)?.disabled).toBe(false);
    // Its second legal rotation, not the one a tap would give first.
    expect(root.querySelector("[data-preview]")?.getAttribute("data-preview")).toBe("E,3");
    expect(root.querySelector('[data-cell="1,0"]')?.getAttribute("aria-pressed")).toBe("true");
    expect(hinted(root)).toEqual(["1,0"]);
    expect(root.querySelector<HTMLButtonElement>("#confirm")?.disabled).toBe(false);
    expect(ws.sent.length).toBe(sent);

    // The player may choose otherwise; the hint stays marked and is not chosen again for them.
    press(root.querySelector('[data-cell="0,-1"]')!, "Enter");
    expect(root.querySelector("[data-preview]")?.getAttribute("data-preview")).toBe("E,2");
    ws.serverSend({ body: { case: "chat", value: { seat: 1, name: "Bo", text: "hm" } } });
    expect(root.querySelector("[data-preview]")?.getAttribute("data-preview")).toBe("E,2");
    expect(hinted(root)).toEqual(["1,0"]);
    root.querySelector<HTMLButtonElement>("#confirm")!.click();
    // In a room with hints the placement goes at once (no page-only follower step: the follower
    // step's hint is asked on the server's follower decision).
    expect(ws.lastSent().body).toMatchObject({
      case: "gameCommand",
      value: { expectedSeq: 5n, command: { case: "base", value: { command: { case: "placeTile", value: { position: { x: 0, y: -1 }, rotation: 2 } } } } },
    });
    client.close();
  });

  it("marks the follower step's hinted spot, or no follower, and words a lead behind", async () => {
    const { client, root, ws } = await playing(hintRoom(0), adaFollowing());
    hintButton(root)!.click();
    answer(ws, 5n, { base: { case: "placeFollower", value: { segment: 1 } } }, 0.3);
    expect(text(root, ".hint-lead")).toBe("The computer would play this: expected to end level with the best other player");
    expect(text(root, ".hint-move")).toBe("A follower on the farm, marked on the board.");
    expect(hinted(root)).toEqual(["1"]);
    expect(root.querySelector('[data-spot="1"]')?.classList.contains("hinted")).toBe(true);

    hintButton(root)!.click();
    answer(ws, 5n, { base: { case: "skipFollower", value: {} } }, -4.6);
    expect(text(root, ".hint-lead")).toBe("The computer would play this: expected to be behind by 5 points");
    expect(text(root, ".hint-move")).toBe("No follower this turn.");
    expect(hinted(root)).toEqual(["skip"]);
    expect(ws.lastSent().body.case).toBe("requestHint");
    client.close();
  });

  it("goes when a batch moves the game on, and a refusal asked before says nothing", async () => {
    const start = placingE();
    const { client, root, ws } = await playing(hintRoom(0), start);
    hintButton(root)!.click();
    answer(ws, 5n, { base: { case: "placeTile", value: { position: { x: 1, y: 0 }, rotation: 3 } } }, 7);
    expect(text(root, ".hint-lead")).toContain("+7 points");
    // Asked again, then the game moves on before the answer.
    hintButton(root)!.click();
    const late = ws.lastSent().requestId;
    ws.serverSend({ body: { case: "eventBatch", value: nextBatch(start, 5n, [event({ case: "tilePlaced", value: { seat: 0, tile: "E", position: { x: 1, y: 0 }, rotation: 3 } })], followerSpots()) } });
    expect(root.querySelector("[data-spot]")).not.toBeNull();
    expect(root.querySelector(".hint-lead")).toBeNull();
    expect(hinted(root)).toEqual([]);
    expect(hintButton(root)?.getAttribute("aria-busy")).toBe("false");
    expect(hintButton(root)?.disabled).toBe(false);
    ws.serverSend({ requestId: late, body: { case: "error", value: { code: ErrorCode.HINT_UNAVAILABLE } } });
    expect(root.querySelector(".banner")).toBeNull();

    // The follower step is a decision of its own: asked on its seq.
    hintButton(root)!.click();
    expect(ws.lastSent().body).toMatchObject({ case: "requestHint", value: { expectedSeq: 6n } });
    client.close();
  });

  it("says a refusal in the banner, and leaves the player's own move on its way", async () => {
    const { client, root, ws } = await playing(hintRoom(0), placingE());
    hintButton(root)!.click();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "error", value: { code: ErrorCode.HINT_UNAVAILABLE } } });
    expect(text(root, ".banner span")).toBe("No hint now: hints are for your own turn, and one is searched at a time. Try again in a moment.");
    expect(hintButton(root)?.getAttribute("aria-busy")).toBe("false");
    expect(hintButton(root)?.disabled).toBe(false);

    hintButton(root)!.click();
    const asked = ws.lastSent().requestId;
    press(root.querySelector('[data-cell="0,-1"]')!, "Enter");
    root.querySelector<HTMLButtonElement>("#confirm")!.click();
    expect(text(root, "#prompt")).toBe("Sending your move…");
    ws.serverSend({ requestId: asked, body: { case: "error", value: { code: ErrorCode.HINTS_OFF } } });
    expect(text(root, ".banner span")).toBe("Hints are off in this room: the host chose them when creating it.");
    expect(text(root, "#prompt")).toBe("Sending your move…");
    expect(hintButton(root)?.disabled).toBe(true);
    client.close();
  });
});

describe("the Hint button of The Castle", () => {
  const castleRoom = (yourSeat: number) => hintRoom(yourSeat, { hints: true, gameType: GameType.CASTLE, gameOptions: { case: "castle", value: {} } });

  async function castlePlaying(yourSeat: number, name: string) {
    const page = connectedApp(2000, name);
    page.ws.serverSend({ body: { case: "roomState", value: castleRoom(yourSeat) } });
    page.ws.serverSend({ body: { case: "snapshot", value: castleSnapshot(6n, castleView()) } });
    await page.app.settled();
    expect(page.root.querySelector("svg.castle-board")).not.toBeNull();
    return page;
  }

  it("offers the seat to move a hint, chosen on the board, then the follower step's", async () => {
    const { client, root, ws } = await castlePlaying(1, "Bo");
    hintButton(root)!.click();
    expect(ws.lastSent().body).toMatchObject({ case: "requestHint", value: { expectedSeq: 6n } });
    expect(hintButton(root)?.getAttribute("aria-busy")).toBe("true");
    answer(ws, 6n, { castle: { case: "placeTile", value: { position: { x: 3, y: 1 }, rotation: 2 } } }, -2);
    expect(text(root, ".hint-lead")).toBe("The computer would play this: expected to be behind by 2 points");
    expect(text(root, ".hint-move")).toBe("The tile at column 3, row 1, shown on the board: confirm it or choose another place.");
    expect(root.querySelector('[data-space="3,1"]')?.getAttribute("aria-pressed")).toBe("true");
    expect(root.querySelector("[data-preview]")?.getAttribute("data-x")).toBe("3");
    expect(hinted(root)).toEqual(["3,1"]);
    expect(root.querySelector<HTMLButtonElement>("#confirm")?.disabled).toBe(false);
    expect(ws.lastSent().body.case).toBe("requestHint");

    ws.serverSend({
      body: {
        case: "eventBatch",
        value: castleBatch(6n, 7n, [castleEvent({ case: "tilePlaced", value: { player: 1, tile: "K07", position: { x: 4, y: 2 }, rotation: 0 } })], { followerRegions: ["h"] }),
      },
    });
    expect(root.querySelector(".hint-lead")).toBeNull();
    expect(hinted(root)).toEqual([]);
    hintButton(root)!.click();
    expect(ws.lastSent().body).toMatchObject({ case: "requestHint", value: { expectedSeq: 7n } });
    answer(ws, 7n, { castle: { case: "placeFollower", value: { region: "h" } } }, 4);
    expect(text(root, ".hint-move")).toBe("A squire on the house, marked on the board.");
    expect(root.querySelector('[data-spot="h"]')?.hasAttribute("data-hinted")).toBe(true);
    expect(root.querySelector('[data-follower-region="h"]')?.classList.contains("hinted")).toBe(true);
    client.close();
  });

  it("offers none to the seat that waits", async () => {
    const { client, root } = await castlePlaying(0, "Ada");
    expect(root.querySelector("#prompt")?.textContent).toBe("Waiting for Bo…");
    expect(hintButton(root)).toBeNull();
    client.close();
  });
});

describe("the page's hints", () => {
  it("asks once per seq, and forgets the requests of a lost connection", () => {
    const asked: bigint[] = [];
    const hints = new Hints((seq) => asked.push(seq));
    hints.ask(5n);
    hints.ask(5n);
    expect(asked).toEqual([5n]);
    expect(hints.busy(5n)).toBe(true);
    expect(hints.busy(6n)).toBe(false);
    hints.note(create(ServerMessageSchema, { body: { case: "welcome", value: { serverVersion: "9" } } }));
    expect(hints.busy(5n)).toBe(false);
    hints.ask(5n);
    expect(asked).toEqual([5n, 5n]);
  });
});

describe("the hinted move in words", () => {
  it("rounds the lead to whole points, in the page's language", () => {
    expect(leadText(0.49)).toBe("The computer would play this: expected to end level with the best other player");
    expect(leadText(1)).toBe("The computer would play this: expected lead +1 point");
    expect(leadText(-1.2)).toBe("The computer would play this: expected to be behind by 1 point");
    setLanguage("de", undefined);
    expect(leadText(12.4)).toBe("So würde der Computer spielen: erwarteter Vorsprung +12 Punkte");
    setLanguage("sv", undefined);
    expect(leadText(-3)).toBe("Så här skulle datorn spela: väntas ligga 3 poäng efter");
  });

  it("words the Count's decisions and marks their controls", () => {
    const v = view({
      phase: BasePhase.ENTER_CITY,
      count: { redeployKind: FeatureKind.CITY },
      legalMoves: { cityExits: [{ quarter: Quarter.MARKET, position: { x: 2, y: 1 }, segment: 3, kind: FeatureKind.FIELD }] },
    });
    const words = (command: MessageInitShape<typeof BaseCommandSchema>["command"]) => describeBaseHint(create(BaseCommandSchema, { command }), v);
    expect(words({ case: "enterCity", value: { quarter: Quarter.CASTLE, countTo: Quarter.MARKET } })).toEqual({
      text: "A follower into the city (Castle); the Count goes to: Market.",
      marks: [["data-quarter", "castle"]],
    });
    expect(words({ case: "redeploy", value: { followers: 2 } })?.text).toBe("Move 2 followers out of the city onto the city.");
    expect(words({ case: "leaveCity", value: { quarter: Quarter.MARKET, position: { x: 2, y: 1 }, segment: 3 } })).toEqual({
      text: "A follower out of the city (Market) onto the farm at column 2, row 1.",
      marks: [["data-target", "2,1/3"]],
    });
    // Passing is the decision's own button.
    expect(words({ case: "pass", value: {} })).toEqual({ text: "Don't enter", marks: [["id", "count-pass"]] });
    v.phase = BasePhase.REDEPLOY;
    expect(words({ case: "pass", value: {} })?.text).toBe("Pass");
    v.phase = BasePhase.FINAL_MOVE;
    expect(words({ case: "pass", value: {} })?.text).toBe("Done");
  });

  it("words The Castle's scoring choice and extra turn and marks their buttons", () => {
    const v = castleView({ pending: [{ feature: CastleFeature.TOWER }, { feature: CastleFeature.HOUSE }] });
    const words = (command: MessageInitShape<typeof CastleCommandSchema>["command"]) =>
      describeCastleHint(create(CastleCommandSchema, { command }), v, () => undefined);
    expect(words({ case: "scoreFeature", value: { feature: 1, doubleIt: true } })).toEqual({
      text: "Score feature 2 next, doubled with wall tile 3.",
      marks: [["data-score-double", "1"]],
    });
    expect(words({ case: "scoreFeature", value: { feature: 0 } })).toEqual({ text: "Score feature 1 next.", marks: [["data-score-feature", "0"]] });
    expect(words({ case: "useExtraTurn", value: {} })).toEqual({ text: "Use wall tile 1 now and play again.", marks: [["id", "extra-turn"]] });
    expect(words({ case: "endTurn", value: {} })).toEqual({ text: "Keep wall tile 1 for later.", marks: [["id", "end-turn"]] });
  });
});
