// Hints end to end in Chromium against a real carcassonne-server: Ann creates a room with hints
// from the form, seats an easy computer player and starts. On her turns she asks for a hint:
// the button is busy while the server searches, then the page says what the computer would
// play and its expected lead, with the placement preselected on the board; she confirms it
// herself, and the follower step's hint likewise. Screenshot in CARC_E2E_OUT: hint.png.

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLICK, PHONE, auditScreens, createRoomFromForm, openAdvancedRules, openAs, outDir, roomOptionsSummary, startGame, useHarness } from "./harness";

const hintLine = (page: Page) => page.getByText(/^The computer would play this: /);

describe("hints in the browser", () => {
  const harness = useHarness();
  const audit = auditScreens();

  it("a player asks for hints, sees the computer's move preselected and plays it", async () => {
    const ann = await harness.newPage(PHONE);
    await openAs(ann, `${harness.base}/`, "Ann");
    await ann.getByLabel("Seats", { exact: true }).selectOption("2");
    await openAdvancedRules(ann);
    await ann.getByLabel("Hints: a player may ask the computer for a move").check();
    await createRoomFromForm(ann);
    expect(await roomOptionsSummary(ann)).toContain("Hintsyes");
    await ann.getByLabel("Level of the computer player for seat 2").selectOption("easy");
    await ann.getByRole("button", { name: "Add computer player to seat 2" }).click();
    await ann.locator('li.seat[data-seat="1"] .badge.computer').waitFor({ timeout: 15_000 });
    await startGame(ann);
    await ann.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });

    // Three turns with a follower step; a tile that leaves no spot for a follower has none (the
    // engine skips it, and the computer plays on).
    const tiles = ann.locator("svg.board-svg g.tile");
    let hints = 0;
    let followerHints = 0;
    for (let turn = 0; followerHints < 3; turn++) {
      expect(turn, "turns played before three follower steps").toBeLessThan(12);
      // Ann's tile step: the Hint button, then the hint with the placement ready to confirm.
      const button = ann.getByRole("button", { name: "Hint", exact: true });
      await button.waitFor({ timeout: 15_000 });
      await ann.locator("[data-cell]").first().waitFor({ timeout: 15_000 });
      const placed = await tiles.count();
      await button.click(CLICK);
      await hintLine(ann).waitFor({ timeout: 15_000 });
      hints += 1;
      expect(await ann.locator("[data-preview]").count()).toBe(1);
      if (turn === 0) {
        await ann.screenshot({ path: join(outDir, "hint.png") });
        await audit.check(ann, "hint");
      }
      await ann.locator("#confirm:not([disabled])").click(CLICK);
      // Her tile is on the board; the follower step, if any, comes with it: a hint again, then skip.
      await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBeGreaterThan(placed);
      const skip = ann.locator("#skip:not([disabled])");
      if ((await skip.count()) > 0) {
        await ann.getByRole("button", { name: "Hint", exact: true }).click(CLICK);
        await hintLine(ann).waitFor({ timeout: 15_000 });
        hints += 1;
        followerHints += 1;
        await skip.click(CLICK);
      }
      // The computer's turn, then Ann's again: the old hint is gone.
      await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(placed + 2);
      expect(await hintLine(ann).count()).toBe(0);
    }
    const metrics = await (await fetch(`${harness.base}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`^carc_hints_total ${hints}$`, "m"));
    expect(harness.pageErrors).toEqual([]);
  });
});
