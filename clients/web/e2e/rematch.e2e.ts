// A rematch against computers in one tap (issue: the table, round three, point 8), end to end in
// Chromium against a real carcassonne-server: Ann plays against two easy computers, resigns (the
// computers finish the game between them), and on the final table one tap on "Rematch" takes her
// to a new game at the same table: a new room, started, the two computers in their seats at
// their levels, and her turn or theirs under way. The final table and the new game are checked
// with axe.
//
// Screenshot in CARC_E2E_OUT: rematch.png (the new game).

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DESKTOP, auditScreens, createRoomFromForm, openAs, outDir, startGame, useHarness } from "./harness";

describe("a rematch against computers", () => {
  const harness = useHarness();
  const audit = auditScreens();

  it("takes one tap from the final table to the next game, the computers seated again", async () => {
    const page = await harness.newPage(DESKTOP);
    page.on("dialog", (d) => void d.accept());  // "Resign?"
    await openAs(page, `${harness.base}/`, "Ann");
    await page.getByLabel("Seats", { exact: true }).selectOption("3");
    const first = await createRoomFromForm(page);
    for (const n of [2, 3]) {
      await page.getByLabel(`Level of the computer player for seat ${n}`).selectOption("easy");
      await page.getByRole("button", { name: `Add computer player to seat ${n}` }).click();
      await page.locator(`li.seat[data-seat="${n - 1}"] .badge.computer`).waitFor({ timeout: 15_000 });
    }
    await startGame(page);
    await page.getByRole("button", { name: "Resign" }).click();
    // The computers play the game out between them.
    const rematch = page.locator("#final #rematch");
    await rematch.waitFor({ timeout: 60_000 });
    await audit.check(page, "final");

    await rematch.click();  // the one tap
    await expect.poll(() => page.locator("h2").first().textContent(), { timeout: 15_000 }).not.toBe(first);
    // Started: the board with its start tile, and no lobby.
    await page.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole("button", { name: "Start the game" }).count()).toBe(0);
    const code = (await page.locator("h2").first().textContent()) ?? "";
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(page.url()).toContain(`/r/${code}`);
    const players = (await page.locator("ol.players").textContent()) ?? "";
    expect(players).toContain("Ann");
    expect(players.match(/Computer · Easy/g)?.length).toBe(2);
    expect(await page.locator("#final").count()).toBe(0);
    await page.screenshot({ path: join(outDir, "rematch.png") });
    await audit.check(page, "rematch-game");
    expect(harness.pageErrors).toEqual([]);
  });
});
