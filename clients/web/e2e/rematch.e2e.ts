// A rematch against computers in one tap (issue: the table, round three, point 8), end to end in
// Chromium against a real carcassonne-server: Ann plays against two easy computers, resigns (the
// computers finish the game between them), and on the final table one tap on "Rematch" takes her
// to a new game at the same table: a new room, started, the two computers in their seats at
// their levels, and her turn or theirs under way. The final table and the new game are checked
// with axe. The final table itself (issue 37, point 8), on a 1280x800 desktop: each category
// holds the whole game's points, during play and at the end, which add up to the score the
// record reports; the chart's labels do not overprint and the chart fits the width; Rematch is
// in view without scrolling.
//
// Screenshot in CARC_E2E_OUT: rematch.png (the new game).

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DESKTOP, auditScreens, createRoomFromForm, finalScreen, openAs, outDir, startGame, useHarness } from "./harness";

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
    await page.locator("#final table.by-category").waitFor({ timeout: 15_000 });
    await page.locator("#final .score-chart-figure").waitFor({ timeout: 15_000 });
    const href = await page.locator("#download-record").getAttribute("href", { timeout: 15_000 });
    const record = (await (await fetch(`${harness.base}${href}`)).json()) as { scores: { after_turn: number[][]; final: number[] } };
    const final = await finalScreen(page);
    console.log(`final screen (desktop): ${JSON.stringify(final)}`);
    const beforeEnd = record.scores.after_turn[record.scores.after_turn.length - 1]!;
    expect(Object.keys(final.rows)).toHaveLength(3);
    for (const [seat, row] of Object.entries(final.rows)) {
      // B-8, B-16, B-17: the categories add up to the final score the game reported, and their
      // during-play parts to the score before the final scoring.
      expect(row.categories).toBe(row.total);
      expect(row.during + row.end).toBe(row.total);
      expect(row.total).toBe(record.scores.final[Number(seat)]);
      expect(row.during).toBe(beforeEnd[Number(seat)]);
    }
    expect(Object.values(final.rows).some((r) => r.during > 0)).toBe(true);
    expect(final.labels).toBeGreaterThanOrEqual(10);
    expect(final.tableFits).toBe(true);
    expect(final.overlaps).toEqual([]);
    expect(final.chart!.left).toBeGreaterThanOrEqual(0);
    expect(final.chart!.right).toBeLessThanOrEqual(final.chart!.viewport);
    // Rematch in view where the final table appeared, the page not scrolled.
    expect(final.rematch!.scrollY).toBe(0);
    expect(final.rematch!.top).toBeGreaterThanOrEqual(0);
    expect(final.rematch!.bottom).toBeLessThanOrEqual(final.rematch!.viewport);
    await page.screenshot({ path: join(outDir, "final-desktop.png") });
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
