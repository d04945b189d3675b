// @vitest-environment happy-dom

// The vote on a player who stays away (ABANDON_POLICY_VOTE): the create form's choice, the panel
// on which the players present vote while a seat is awaited (and what spectators and players who
// resigned see of it), the mark of a skipped seat, and the end of a game the players voted to
// end, through the app, in the base game and in The Castle.

import { clone, create, type MessageInitShape } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BaseLegalMovesSchema, BasePhase, BaseViewSchema, type BaseView } from "../src/gen/carc/v1/base_game_pb";
import {
  AbandonPolicy,
  AbsentVote,
  GameType,
  RoomOptionsSchema,
  RoomStateSchema,
  RoomStatus,
  SeatInfoSchema,
  type RoomState,
} from "../src/gen/carc/v1/lobby_pb";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import { publicHash } from "../src/games/base/public_hash";
import { setLanguage } from "../src/i18n";
import { connectedApp } from "./connected_app";
import { castleSnapshot, castleView } from "./games/castle/castle_helpers";

type SeatInit = MessageInitShape<typeof SeatInfoSchema>;

/** A room that votes on absent players, playing the game of `options`, seen from `yourSeat`. */
function voteRoom(yourSeat: number, options: MessageInitShape<typeof RoomOptionsSchema>, seats: SeatInit[]): RoomState {
  const code = "ABC234";
  return create(RoomStateSchema, { code, invitePath: `/r/${code}`, status: RoomStatus.PLAYING, yourSeat, seats,
    options: { ...options, seats: seats.length, abandonPolicy: AbandonPolicy.VOTE } });
}

/** Ada at seat 0, Bo at seat 1 away past the grace period, Cy at seat 2 (voted to skip), a computer at seat 3. */
function awaitingBo(yourSeat: number): RoomState {
  return voteRoom(yourSeat, { gameOptions: { case: "base", value: {} } }, [
    { seat: 0, name: "Ada", colour: "red", occupied: true, connected: true, isHost: true },
    { seat: 1, name: "Bo", colour: "blue", occupied: true, connected: false, awaited: true },
    { seat: 2, name: "Cy", colour: "green", occupied: true, connected: true, vote: AbsentVote.SKIP },
    { seat: 3, name: "Computer 4", colour: "yellow", occupied: true, connected: false, computerLevel: "greedy" },
  ]);
}

/** Ada (seat 0) must place tile E: the view has her legal moves. */
function adaToPlace(resigned: boolean[] = []): BaseView {
  return create(BaseViewSchema, {
    phase: BasePhase.PLACE_TILE,
    toMove: 0,
    currentTile: "E",
    scores: [10, 25, 9, 14],
    supply: [7, 7, 7, 7],
    resigned,
    legalMoves: create(BaseLegalMovesSchema, { placements: [{ tile: "E", position: { x: 0, y: -1 }, rotation: 2 }] }),
  });
}

/** The app in Ada's name, showing `room` and its game's `view`. */
async function playing(room: RoomState, view: BaseView = adaToPlace()) {
  const page = connectedApp(2000, "Ada");
  page.ws.serverSend({ body: { case: "roomState", value: room } });
  page.ws.serverSend({ body: { case: "snapshot", value: { seq: 5n, view: { case: "base", value: view }, publicHash: publicHash(view) } } });
  await page.app.settled();
  expect(page.app.screen).toBe("game");
  return page;
}

const panelOf = (root: Element) => root.querySelector<HTMLElement>("section.absent-vote");
const countOf = (root: Element, id: string) => root.querySelector(`[data-votes="${id}"]`)?.textContent;
const pressed = (root: Element, id: string) => root.querySelector(`#${id}`)?.getAttribute("aria-pressed");

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
  document.title = "Carcassonne";
});

describe("the create form", () => {
  it("offers the vote, sends ABANDON_POLICY_VOTE, and the lobby words the room's policy", async () => {
    const { client, root, app, ws } = connectedApp(2000, "Ada");
    await vi.waitFor(() => expect(root.querySelector('form[aria-labelledby="create-heading"] select[name="abandon-policy"]')).not.toBeNull());
    const menu = root.querySelector<HTMLSelectElement>('select[name="abandon-policy"]')!;
    expect(menu.querySelector('option[value="vote"]')?.textContent).toBe("The others vote: skip their turns or end the game");
    menu.value = "vote";
    menu.dispatchEvent(new Event("change"));
    root.querySelector('form[aria-labelledby="create-heading"]')!.dispatchEvent(new Event("submit", { cancelable: true }));
    const sent = ws.lastSent().body;
    expect(sent.case).toBe("createRoom");
    expect(sent.case === "createRoom" ? sent.value.options?.abandonPolicy : undefined).toBe(AbandonPolicy.VOTE);

    const lobby = awaitingBo(0);
    lobby.status = RoomStatus.LOBBY;
    for (const s of lobby.seats) s.awaited = false;
    ws.serverSend({ body: { case: "roomState", value: lobby } });
    expect(app.screen).toBe("lobby");
    expect(root.querySelector(".options-summary")?.textContent).toContain("When a player stays awayThe others vote: skip their turns or end the game");
    client.close();
  });
});

describe("the vote while a seat is awaited", () => {
  it("shows a player present who is awaited and how the votes stand, and sends their vote", async () => {
    const { client, root, ws } = await playing(awaitingBo(0));
    const panel = panelOf(root)!;
    expect(panel).not.toBeNull();
    const heading = root.querySelector(`#${panel.getAttribute("aria-labelledby")}`);
    expect(heading?.tagName).toBe("H3");
    expect(heading?.textContent).toBe("Waiting for Bo");
    // Ada and Cy are present; Bo is awaited and the computer does not vote.
    expect(countOf(root, "vote-skip")).toBe("Skip their turns: 1 of 2");
    expect(countOf(root, "vote-end")).toBe("End the game now: 0 of 2");
    expect(panel.querySelector('[role="status"]')?.textContent).toContain("2 votes decide");
    expect(panel.querySelector('[role="group"]')?.getAttribute("aria-label")).toBe("Your vote");
    expect(pressed(root, "vote-skip")).toBe("false");
    expect(pressed(root, "vote-end")).toBe("false");

    root.querySelector<HTMLButtonElement>("#vote-end")!.click();
    const end = ws.lastSent();
    expect(end.requestId).toBeGreaterThan(0);
    expect(end.body).toMatchObject({ case: "voteOnAbsent", value: { vote: AbsentVote.END } });

    // Every member gets the room's state with Ada's vote.
    const voted = awaitingBo(0);
    voted.seats[0]!.vote = AbsentVote.END;
    ws.serverSend({ body: { case: "roomState", value: voted } });
    expect(pressed(root, "vote-end")).toBe("true");
    expect(pressed(root, "vote-skip")).toBe("false");
    expect(countOf(root, "vote-end")).toBe("End the game now: 1 of 2");

    // She may change her mind.
    root.querySelector<HTMLButtonElement>("#vote-skip")!.click();
    expect(ws.lastSent().body).toMatchObject({ case: "voteOnAbsent", value: { vote: AbsentVote.SKIP } });

    // A refusal is said in the banner, as any request's.
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "error", value: { code: ErrorCode.NO_VOTE_OPEN } } });
    expect(root.querySelector(".banner")?.textContent).toContain("There is no vote open: the game is not waiting for anyone now.");
    client.close();
  });

  it("shows a spectator and a player who resigned the vote without buttons", async () => {
    const watching = await playing(awaitingBo(-1));
    expect(panelOf(watching.root)?.querySelector("h3")?.textContent).toBe("Waiting for Bo");
    expect(countOf(watching.root, "vote-skip")).toBe("Skip their turns: 1 of 2");
    expect(panelOf(watching.root)?.querySelectorAll("button")).toHaveLength(0);
    watching.client.close();

    // Cy resigned: she neither votes nor counts among those present, and Ada decides alone.
    const resigned = await playing(awaitingBo(2), adaToPlace([false, false, true, false]));
    expect(panelOf(resigned.root)).not.toBeNull();
    expect(panelOf(resigned.root)?.querySelectorAll("button")).toHaveLength(0);
    expect(countOf(resigned.root, "vote-skip")).toBe("Skip their turns: 0 of 1");
    expect(panelOf(resigned.root)?.textContent).toContain("1 vote decides");
    resigned.client.close();
  });

  it("shows nothing once nobody is awaited", async () => {
    const r = awaitingBo(0);
    r.seats[1]!.awaited = false;
    const { client, root } = await playing(r);
    expect(panelOf(root)).toBeNull();
    client.close();
  });
});

describe("a skipped seat", () => {
  it("is marked in the players' card until its player returns", async () => {
    const skipped = awaitingBo(0);
    skipped.seats[1]!.awaited = false;
    skipped.seats[1]!.skipped = true;
    const { client, root, ws } = await playing(skipped);
    const bo = () => root.querySelector('ol.players li[data-seat="1"]')!;
    expect(bo().querySelector(".badge.skipped")?.textContent).toBe("Turns skipped");
    expect(bo().textContent).not.toContain("Offline");
    expect(root.querySelectorAll("ol.players .badge.skipped")).toHaveLength(1);
    expect(panelOf(root)).toBeNull();

    const back = awaitingBo(0);
    back.seats[1]!.awaited = false;
    back.seats[1]!.connected = true;
    ws.serverSend({ body: { case: "roomState", value: back } });
    expect(bo().querySelector(".badge.skipped")).toBeNull();
    expect(bo().textContent).toContain("Online");
    client.close();
  });
});

describe("a game the players voted to end", () => {
  const ended = (yourSeat: number): RoomState => {
    const r = awaitingBo(yourSeat);
    r.status = RoomStatus.FINISHED;
    for (const s of r.seats) s.awaited = false;
    r.endedByVoteScores = [12, 30, 9, 20];
    return r;
  };

  it("shows the final table with the vote's scores and no turn, though the game's view still has one", async () => {
    const playingRoom = awaitingBo(0);
    playingRoom.seats[1]!.awaited = false;
    const { client, root, ws } = await playing(playingRoom);
    // Before the vote: Ada's turn, told in the tab's title too.
    expect(root.querySelector(".card.turn")).not.toBeNull();
    expect(document.title.startsWith("●")).toBe(true);

    ws.serverSend({ body: { case: "roomState", value: ended(0) } });
    const final = root.querySelector("#final")!;
    expect(final).not.toBeNull();
    expect(final.querySelector("#ended-by-vote")?.textContent).toBe(
      "The players voted to end the game: it was scored as if its last tile had been placed.",
    );
    const rows = [...final.querySelectorAll("tbody tr")].map((tr) => [
      tr.getAttribute("data-seat"),
      ...[...tr.querySelectorAll("td")].map((td) => td.textContent),
    ]);
    // During play from the view, then what the end-of-game scoring added, then the vote's score.
    expect(rows).toEqual([
      ["1", "25", "5", "30"],
      ["3", "14", "6", "20"],
      ["0", "10", "2", "12"],
      ["2", "9", "0", "9"],
    ]);
    expect(final.querySelector('tr[data-seat="1"]')?.classList.contains("winner")).toBe(true);
    expect(final.querySelector('tr[data-seat="1"] th')?.textContent).toContain("Bo · winner");
    expect(final.querySelectorAll("tr.winner")).toHaveLength(1);

    expect(root.querySelector("#prompt")?.textContent).toBe("The game is over.");
    expect(root.querySelector(".card.turn")).toBeNull();
    expect(root.querySelector("#confirm")).toBeNull();
    expect(root.querySelector(".scorebar")).toBeNull();
    expect([...root.querySelectorAll("button")].some((b) => b.textContent === "Resign")).toBe(false);
    expect(root.querySelector("#rematch")).not.toBeNull();
    expect(document.title.startsWith("●")).toBe(false);
    client.close();
  });

  it("leaves a resigned seat out of the winners", async () => {
    const r = ended(-1);
    r.endedByVoteScores = [12, 30, 9, 30];
    const { client, root } = await playing(r, adaToPlace([false, true, false, false]));
    expect([...root.querySelectorAll("#final tr.winner")].map((tr) => tr.getAttribute("data-seat"))).toEqual(["3"]);
    client.close();
  });

  it("ends a game of The Castle the same way, its turn gone", async () => {
    const r = voteRoom(1, { gameType: GameType.CASTLE, gameOptions: { case: "castle", value: {} } }, [
      { seat: 0, name: "Ada", colour: "red", occupied: true, connected: false, awaited: true },
      { seat: 1, name: "Bo", colour: "blue", occupied: true, connected: true },
    ]);
    const { client, root, app, ws } = connectedApp(2000, "Bo");
    ws.serverSend({ body: { case: "roomState", value: r } });
    ws.serverSend({ body: { case: "snapshot", value: castleSnapshot(6n, castleView()) } });
    await app.settled();
    // Bo is to move, and decides alone on Ada.
    expect(root.querySelectorAll("[data-space]")).toHaveLength(2);
    expect(panelOf(root)?.querySelector("h3")?.textContent).toBe("Waiting for Ada");
    expect(countOf(root, "vote-end")).toBe("End the game now: 0 of 1");
    root.querySelector<HTMLButtonElement>("#vote-end")!.click();
    expect(ws.lastSent().body).toMatchObject({ case: "voteOnAbsent", value: { vote: AbsentVote.END } });

    const ended = clone(RoomStateSchema, r);
    ended.status = RoomStatus.FINISHED;
    ended.seats[0]!.awaited = false;
    ended.endedByVoteScores = [7, 15];
    ws.serverSend({ body: { case: "roomState", value: ended } });
    const final = root.querySelector("#final")!;
    expect(final.querySelector("#ended-by-vote")).not.toBeNull();
    expect(final.querySelector("#winners")).toBeNull();
    expect(final.querySelector("table.castle-final")).toBeNull();
    // During play from the view (4 and 9), then the end-of-game scoring, then the vote's score.
    const rows = [...final.querySelectorAll("tbody tr")].map((tr) => [tr.getAttribute("data-seat"), ...[...tr.querySelectorAll("td")].map((td) => td.textContent)]);
    expect(rows).toEqual([["1", "9", "6", "15"], ["0", "4", "3", "7"]]);
    expect(root.querySelectorAll("[data-space]")).toHaveLength(0);
    expect(root.querySelector("#prompt")?.textContent).toBe("The game is over.");
    expect(panelOf(root)).toBeNull();
    client.close();
  });
});
