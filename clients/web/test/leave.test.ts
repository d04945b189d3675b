// @vitest-environment happy-dom

// Leaving a game under way (issue: the table, round three, point 4): the game's token kept aside
// for the way back, and read back only when whole; the away badge with the time left of the grace
// period; the home page's way back.

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import { SeatInfoSchema } from "../src/gen/carc/v1/lobby_pb";
import { setLanguage } from "../src/i18n";
import { MemoryStorage } from "../src/net/resume_token";
import { awayBadge } from "../src/ui/away_countdown";
import { presenceBadge } from "../src/ui/computer_player";
import { LEFT_GAME_KEY, loadLeftGame, renderBackToSeat, storeLeftGame } from "../src/ui/left_game";

beforeEach(() => setLanguage("en", undefined));

describe("a game left while it goes on", () => {
  it("keeps the room and token aside, and reads back only a whole record", () => {
    const storage = new MemoryStorage();
    expect(loadLeftGame(storage)).toBeUndefined();
    storeLeftGame(storage, { code: "ABCD2345", token: "secret" });
    expect(loadLeftGame(storage)).toEqual({ code: "ABCD2345", token: "secret" });
    storeLeftGame(storage, undefined);
    expect(storage.getItem(LEFT_GAME_KEY)).toBeNull();
    for (const bad of ["{", "[]", '{"code":"X"}', '{"code":"","token":"t"}', '{"code":1,"token":"t"}']) {
      storage.setItem(LEFT_GAME_KEY, bad);
      expect(loadLeftGame(storage)).toBeUndefined();
    }
  });

  it("offers the way back on the home page, naming the room", () => {
    let backs = 0;
    const card = renderBackToSeat({ code: "ABCD2345", token: "secret" }, () => backs++)!;
    expect(card.textContent).toContain("ABCD2345");
    expect(card.textContent).not.toContain("secret");
    card.querySelector<HTMLButtonElement>('button[name="back-to-seat"]')!.click();
    expect(backs).toBe(1);
    expect(renderBackToSeat(undefined, () => backs++)).toBeNull();
  });
});

describe("the away badge", () => {
  it("counts down the grace period of a player away, and is not there otherwise", () => {
    const away = create(SeatInfoSchema, { seat: 1, name: "Bob", occupied: true, connected: false, awayMsLeft: 42_000 });
    expect(awayBadge(document, away)?.textContent).toBe("Away · 0:42");
    expect(presenceBadge(away).classList.contains("away")).toBe(true);
    expect(awayBadge(document, create(SeatInfoSchema, { seat: 1, occupied: true, connected: true, awayMsLeft: 42_000 }))).toBeNull();
    const gone = create(SeatInfoSchema, { seat: 1, occupied: true, connected: false, awayMsLeft: 0 });
    expect(awayBadge(document, gone)).toBeNull();
    expect(presenceBadge(gone).textContent).toBe("Offline");
  });
});
