// @vitest-environment happy-dom

// The Castle's game screen inside the App, against a fake server: the board from the snapshot's
// definitions, a placement chosen by taps (space, turn, confirm), a follower from a spot, the
// scoring choice (K-9) with the pending list fetched by RequestSnapshot, the extra turn (K-10),
// the other seat waiting, and the final table. Every command carries the mirror's seq.

import { create } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CastleFeature, CastlePhase } from "../../../src/gen/carc/v1/castle_game_pb";
import { ClockStateSchema } from "../../../src/gen/carc/v1/game_pb";
import { GameType, RoomStateSchema, RoomStatus, type RoomState } from "../../../src/gen/carc/v1/lobby_pb";
import { setLanguage } from "../../../src/i18n";
import { CarcClient } from "../../../src/net/client";
import { MemoryStorage } from "../../../src/net/resume_token";
import { App } from "../../../src/ui/app";
import { FakeWebSocket } from "../../fake_websocket";
import { castleBatch, castleEvent, castleSnapshot, castleView } from "./castle_helpers";

function castleRoom(yourSeat: number): RoomState {
  return create(RoomStateSchema, {
    code: "CAS234",
    status: RoomStatus.PLAYING,
    yourSeat,
    invitePath: "/r/CAS234",
    options: { gameType: GameType.CASTLE, seats: 2, gameOptions: { case: "castle", value: {} } },
    seats: [
      { seat: 0, name: "Ann", colour: "red", occupied: true, connected: true, isHost: true },
      { seat: 1, name: "Bob", colour: "blue", occupied: true, connected: true },
    ],
  });
}

async function start(yourSeat: number) {
  FakeWebSocket.reset();
  const storage = new MemoryStorage();
  const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
  const root = document.createElement("div");
  document.body.replaceChildren(root);
  const app = new App(root, client, { location: { origin: "https://x", pathname: "/", hash: "" }, storage: storage as unknown as Storage });
  app.start();
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "welcome", value: { serverVersion: "9", roomCode: "" } } });
  ws.serverSend({ body: { case: "roomState", value: castleRoom(yourSeat) } });
  // The game's code, asked for by the room's state.
  await app.settled();
  return { app, root, ws, client };
}

const click = (el: Element | null) => {
  expect(el).not.toBeNull();
  el!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
};

beforeEach(() => {
  setLanguage("en", undefined);
  // The home screen asks for the archive's list of games: there is none here.
  vi.stubGlobal("fetch", () => Promise.resolve({ ok: false, json: () => Promise.resolve({}) }));
});
afterEach(() => vi.unstubAllGlobals());

describe("the Castle screen", () => {
  it("plays a turn by taps: place, follower, scoring choice, extra turn", async () => {
    const { app, root, ws, client } = await start(1);
    ws.serverSend({ body: { case: "snapshot", value: castleSnapshot(6n, castleView()) } });
    expect(app.screen).toBe("game");
    const svg = root.querySelector("svg.castle-board")!;
    expect(svg).not.toBeNull();
    expect(svg.querySelector(".castle-provenance")?.textContent).toContain("the project's reconstruction");
    expect(root.querySelectorAll(".castle-board .tiles g[data-x]")).toHaveLength(2);
    expect(root.querySelectorAll("[data-follower]")).toHaveLength(1);
    expect(root.querySelectorAll("[data-keep]")).toHaveLength(1);
    expect(root.querySelectorAll("[data-wall-tile]")).toHaveLength(13);
    expect([...root.querySelectorAll("[data-space]")].map((e) => e.getAttribute("data-space"))).toEqual(["4,2", "3,1"]);
    expect(root.querySelector("#prompt")?.textContent).toBe("Your turn: choose a marked space to place the tile.");
    // The tile in play is shown as its picture, named in words; its id is no text for players.
    expect(root.querySelector("[data-current-tile]")?.getAttribute("data-current-tile")).toBe("K07");
    expect(root.querySelector("[data-current-tile]")?.textContent).toBe("Tile in play");
    // Players: scores, supply, keep and the wall tile held face up with its effect.
    const bob = root.querySelector('ol.players li[data-seat="1"]')!;
    expect(bob.textContent).toContain("9 points");
    expect(bob.textContent).toContain("Keep: 2 tiles");
    expect(bob.querySelector('[data-wall-tile-kind="2"]')?.getAttribute("title")).toBe("Wall tile 2: doubles one completed tower you score on a later turn.");
    expect(root.querySelector("#castle-stack")?.textContent).toBe("50 tiles left in the stack, 1 put back in the box");

    // A tap on a space shows the tile there; a second tap turns it; confirm sends it.
    click(root.querySelector('[data-space="4,2"]'));
    expect(root.querySelector("[data-preview]")?.getAttribute("data-x")).toBe("4");
    expect(root.querySelector('[data-space="4,2"]')?.getAttribute("aria-pressed")).toBe("true");
    expect(root.querySelector("[data-preview] .castle-tile")?.getAttribute("data-rotation")).toBe("0");
    click(root.querySelector('[data-space="4,2"]'));
    expect(root.querySelector("[data-preview] .castle-tile")?.getAttribute("data-rotation")).toBe("1");
    click(root.querySelector("#rotate"));
    expect(root.querySelector("[data-preview] .castle-tile")?.getAttribute("data-rotation")).toBe("0");
    click(root.querySelector("#confirm"));
    let sent = ws.lastSent();
    expect(sent.body.case).toBe("gameCommand");
    expect(sent.body.value).toMatchObject({ expectedSeq: 6n, command: { case: "castle", value: { command: { case: "placeTile", value: { position: { x: 4, y: 2 }, rotation: 0 } } } } });
    expect(root.querySelector("#prompt")?.textContent).toBe("Sending your move…");

    // The follower step: spots on the tile just placed, the same as buttons, and "No follower".
    ws.serverSend({
      body: {
        case: "eventBatch",
        value: castleBatch(6n, 7n, [castleEvent({ case: "tilePlaced", value: { player: 1, tile: "K07", position: { x: 4, y: 2 }, rotation: 0 } })], { followerRegions: ["h"] }),
      },
    });
    expect(root.querySelectorAll("[data-space]")).toHaveLength(0);
    expect(root.querySelectorAll("[data-spot]")).toHaveLength(1);
    expect(root.querySelector('[data-follower-region="h"]')?.textContent).toBe("squire on the house");
    expect(root.querySelector("#skip")).not.toBeNull();
    click(root.querySelector('[data-spot="h"]'));
    sent = ws.lastSent();
    expect(sent.body.value).toMatchObject({ expectedSeq: 7n, command: { value: { command: { case: "placeFollower", value: { region: "h" } } } } });

    // Two completed features: the batch asks for a choice, the client fetches the pending list.
    const before = ws.sent.length;
    ws.serverSend({
      body: {
        case: "eventBatch",
        value: castleBatch(7n, 8n, [castleEvent({ case: "followerPlaced", value: { player: 1, position: { x: 4, y: 2 }, region: "h", feature: CastleFeature.HOUSE } })], {
          scoring: [{ feature: 0 }, { feature: 1 }, { feature: 1, doubleIt: true }],
        }),
      },
    });
    expect(ws.sent.length).toBe(before + 1);
    expect(ws.lastSent().body.case).toBe("requestSnapshot");
    expect(root.querySelector("#prompt")?.textContent).toBe("Loading the features to score…");
    expect(root.querySelectorAll("[data-score-feature]")).toHaveLength(0);
    const scoring = castleView({
      phase: CastlePhase.CHOOSE_SCORING,
      tiles: [...castleView().tiles, { tile: "K07", position: { x: 4, y: 2 }, rotation: 0, player: 1 }],
      pending: [
        { feature: CastleFeature.TOWER, winner: 1, position: { x: 7, y: 3 }, region: "t", size: 3 },
        { feature: CastleFeature.HOUSE, winner: 1, position: { x: 4, y: 2 }, region: "h", size: 2 },
      ],
      legalMoves: { scoring: [{ feature: 0 }, { feature: 1 }, { feature: 1, doubleIt: true }] },
    });
    ws.serverSend({ body: { case: "snapshot", value: castleSnapshot(8n, scoring, false) } });
    expect(root.querySelector("#prompt")?.textContent).toContain("choose which one scores next.");
    const items = [...root.querySelectorAll("ul.pending li")].map((li) => li.querySelector(".pending-text")?.textContent);
    expect(items).toEqual(["tower of 3 tiles for Bob, at column 7, row 3", "house of 2 tiles for Bob, at column 4, row 2"]);
    // Numbered where they lie on the board, as in the list.
    expect([...root.querySelectorAll("[data-pending-mark]")].map((e) => e.getAttribute("data-pending-mark"))).toEqual(["0", "1"]);
    expect(root.querySelector('[data-score-double="0"]')).toBeNull();
    expect(root.querySelector('[data-score-double="1"]')?.textContent).toBe("Score doubled (wall tile 3)");
    click(root.querySelector('[data-score-double="1"]'));
    expect(ws.lastSent().body.value).toMatchObject({ expectedSeq: 8n, command: { value: { command: { case: "scoreFeature", value: { feature: 1, doubleIt: true } } } } });

    // The end of the turn with wall tile 1 in hand.
    ws.serverSend({
      body: {
        case: "eventBatch",
        value: castleBatch(8n, 9n, [
          castleEvent({ case: "wallTileUsed", value: { player: 1, kind: 3 } }),
          castleEvent({ case: "featureScored", value: { feature: CastleFeature.HOUSE, winner: 1, points: 4, wallTile: 3 } }),
          castleEvent({ case: "featureScored", value: { feature: CastleFeature.TOWER, winner: 1, points: 6 } }),
          castleEvent({ case: "wallTileTaken", value: { player: 1, tower: 4, kind: 1 } }),
        ], { extraTurn: true }),
      },
    });
    expect(root.querySelector("#prompt")?.textContent).toBe("You hold wall tile 1: play an extra turn now, or keep it.");
    expect(root.querySelector('ol.players li[data-seat="1"]')?.textContent).toContain("19 points");
    expect(root.querySelector(".log")?.textContent).toContain("Bob takes wall tile 1");
    expect(root.querySelector("#extra-turn")?.textContent).toBe("Use wall tile 1: play again");
    expect(root.querySelector("#end-turn")?.textContent).toBe("Keep it");
    click(root.querySelector("#extra-turn"));
    expect(ws.lastSent().body.value).toMatchObject({ expectedSeq: 9n, command: { value: { command: { case: "useExtraTurn" } } } });

    // A batch after a gap is dropped for a snapshot.
    ws.serverSend({ body: { case: "eventBatch", value: castleBatch(12n, 13n, []) } });
    expect(ws.lastSent().body.case).toBe("requestSnapshot");
    client.close();
  });

  it("tells the other seat whom it waits for, and ends on the final table", async () => {
    const { root, ws, client } = await start(0);
    ws.serverSend({ body: { case: "snapshot", value: castleSnapshot(6n, castleView({ legalMoves: {} })) } });
    expect(root.querySelector("#prompt")?.textContent).toBe("Waiting for Bob…");
    expect(root.querySelectorAll("[data-space]")).toHaveLength(0);
    expect(root.querySelector("#confirm")).toBeNull();
    ws.serverSend({
      body: {
        case: "eventBatch",
        value: castleBatch(6n, 7n, [
          castleEvent({ case: "tilePlaced", value: { player: 1, tile: "K07", position: { x: 4, y: 2 }, rotation: 0 } }),
          castleEvent({ case: "wallTilesRemoved", value: { count: 13 } }),
          castleEvent({ case: "featureScored", value: { reason: 2, feature: CastleFeature.HOUSE, winner: 1, points: 7 } }),
          castleEvent({ case: "gameEnded", value: { scores: [4, 16], winners: [1] } }),
        ]),
      },
    });
    expect(root.querySelector("#prompt")?.textContent).toBe("The game is over.");
    const rows = [...root.querySelectorAll("table.final-table tbody tr")].map((tr) => [tr.getAttribute("data-seat"), tr.querySelector("td.total")?.textContent]);
    expect(rows).toEqual([["1", "16"], ["0", "4"]]);
    expect(root.querySelector('table.final-table tr[data-seat="1"]')?.textContent).toContain("Bob · winner");
    // During play 9, the keep 7 (K-11 a).
    expect([...root.querySelectorAll('table.final-table tr[data-seat="1"] td')].map((td) => td.textContent)).toEqual(["9", "7", "0", "0", "16"]);
    expect(root.querySelector("#winners")?.textContent).toBe("Winner: Bob");
    expect(root.querySelectorAll("[data-wall-tile]")).toHaveLength(0);
    client.close();
  });

  it("shows a turn-based game's time left and reserves beside the players", async () => {
    const { root, ws, client } = await start(0);
    const now = Math.floor(Date.now() / 1000);
    const snapshot = castleSnapshot(6n, castleView({ legalMoves: {} }));
    // Bob's turn began an hour ago: a day a move, his reserve 2 days; Ann has one of 3 days.
    snapshot.clock = create(ClockStateSchema, {
      runningFor: -1,
      turnBased: { seat: 1, turnStarted: BigInt(now - 3600), remindAt: BigInt(now + 15 * 3600), deadline: BigInt(now - 3600 + 86_400 + 2 * 86_400), reserveSeconds: [3n * 86_400n, 2n * 86_400n] },
    });
    ws.serverSend({ body: { case: "snapshot", value: snapshot } });
    const card = root.querySelector(".side .turn-based-clock")!;
    expect(card.querySelector("h3")?.textContent).toBe("Time to move");
    expect(card.querySelector("[data-turn-left]")?.textContent).toMatch(/^Bob's move: 2 days 2\d hours left, until .+\.$/);
    expect([...card.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Ann (You): 3 days of reserve left", "Bob: 2 days of reserve left"]);
    client.close();
  });
});
