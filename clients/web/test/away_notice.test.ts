// @vitest-environment happy-dom

// A player gone in the middle of a game (issue: the table, round three, point 4): the players
// present see who and the time left, in words that say what the room's policy will do, and may
// let it do so now (EndGracePeriod); spectators and rooms that wait get no button.

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import { BaseViewSchema, BasePhase } from "../src/gen/carc/v1/base_game_pb";
import { AbandonPolicy, RoomStateSchema, RoomStatus, type RoomState } from "../src/gen/carc/v1/lobby_pb";
import { ErrorCode } from "../src/gen/carc/v1/session_pb";
import { publicHash } from "../src/games/base/public_hash";
import { setLanguage } from "../src/i18n";
import { connectedApp } from "./connected_app";

/** Ada at seat 0, Bo at seat 1 gone 30 s into a 5-minute grace period, a computer at seat 2. */
function boAway(yourSeat: number, abandonPolicy: AbandonPolicy, awayMsLeft = 270_000): RoomState {
  return create(RoomStateSchema, {
    code: "ABC234",
    invitePath: "/r/ABC234",
    status: RoomStatus.PLAYING,
    yourSeat,
    options: { seats: 3, abandonPolicy, gameOptions: { case: "base", value: {} } },
    seats: [
      { seat: 0, name: "Ada", colour: "red", occupied: true, connected: true, isHost: true },
      { seat: 1, name: "Bo", colour: "blue", occupied: true, connected: false, awayMsLeft },
      { seat: 2, name: "Computer 3", colour: "green", occupied: true, computerLevel: "greedy" },
    ],
  });
}

async function showing(room: RoomState) {
  const page = connectedApp(2000, "Ada");
  const view = create(BaseViewSchema, { phase: BasePhase.PLACE_TILE, toMove: 1, currentTile: "E", scores: [0, 0, 0], supply: [7, 7, 7] });
  page.ws.serverSend({ body: { case: "roomState", value: room } });
  page.ws.serverSend({ body: { case: "snapshot", value: { seq: 5n, view: { case: "base", value: view }, publicHash: publicHash(view) } } });
  await page.app.settled();
  expect(page.app.screen).toBe("game");
  return page;
}

const notice = (root: Element) => root.querySelector<HTMLElement>("section.away-notice");

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

describe("a player away within the grace period", () => {
  it("is named with the time left, and a computer may play for them now", async () => {
    const { client, root, ws } = await showing(boAway(0, AbandonPolicy.COMPUTER));
    const card = notice(root)!;
    expect(card).not.toBeNull();
    const line = card.querySelector('[data-away-seat="1"]')!;
    expect(line.textContent).toContain("Bo");
    expect(line.textContent).toContain("Away · 4:30");
    expect(card.textContent).toContain("a computer plays for them until they come back");
    const button = card.querySelector<HTMLButtonElement>('button[data-end-grace="1"]')!;
    expect(button.textContent).toBe("Let a computer play now");
    button.click();
    expect(ws.lastSent().body).toMatchObject({ case: "endGracePeriod", value: { seat: 1 } });
    // Too late (Bo came back meanwhile): the refusal is said, in words.
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "error", value: { code: ErrorCode.NOT_AWAY } } });
    expect(root.querySelector(".banner")?.textContent).toContain("that player is here");
    // The room's state once the policy applies: nothing left to count down.
    ws.serverSend({ body: { case: "roomState", value: boAway(0, AbandonPolicy.COMPUTER, 0) } });
    await Promise.resolve();
    expect(notice(root)).toBeNull();
    client.close();
  });

  it("words the button by the room's policy, and offers nothing where there is nothing to apply", async () => {
    const fallback = await showing(boAway(0, AbandonPolicy.FALLBACK_MOVE));
    expect(notice(fallback.root)?.querySelector("button")?.textContent).toBe("Play their turns now");
    fallback.client.close();
    document.body.replaceChildren();
    const vote = await showing(boAway(0, AbandonPolicy.VOTE));
    expect(notice(vote.root)?.querySelector("button")?.textContent).toBe("Vote now");
    vote.client.close();
    document.body.replaceChildren();
    // A spectator watches; under the wait policy the server sends no time left.
    const spectator = await showing(boAway(-1, AbandonPolicy.COMPUTER));
    expect(notice(spectator.root)).toBeNull();
    spectator.client.close();
    document.body.replaceChildren();
    const waiting = await showing(boAway(0, AbandonPolicy.WAIT, 0));
    expect(notice(waiting.root)).toBeNull();
    waiting.client.close();
  });
});
