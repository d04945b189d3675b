// The computer's review of a finished game end to end in Chromium against a real
// carcassonne-server (--analysis-ms 20): Ann plays a whole game against an easy computer
// player by clicking, opens the replay viewer and asks for the analysis; the progress shows
// until it is done, then the panel reviews the move on the board in words, sums up each
// player and jumps to the costliest decision. The board then draws the move played and the
// computer's apart (the computer's at the square the server's analysis names), with a legend,
// and no text names a square by coordinates; the same on a 390x844 phone. Screenshots in
// CARC_E2E_OUT: analysis.png, analysis-phone.png.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  DESKTOP,
  PHONE,
  auditScreens,
  createRoomFromForm,
  isOver,
  openAs,
  outDir,
  playUntil,
  startGame,
  useHarness,
} from "./harness";

/** The review marks on the board: role, square and the outline's dashes. */
async function reviewMarks(page: Page): Promise<{ role: string; at: string; dash: string }[]> {
  return page.locator("[data-review]").evaluateAll((els) =>
    els.map((e) => ({
      role: e.getAttribute("data-review") ?? "",
      at: e.getAttribute("data-at") ?? "",
      // The outline (a tile's square, a follower's ring), not a circle of the tile's own art.
      dash: e.querySelector(".review-outline")?.getAttribute("stroke-dasharray") ?? "",
    })),
  );
}

/** Checks the board at a reviewed step against the server's review of it. */
async function checkDrawn(page: Page, review: { played: string; best: string; same: boolean }): Promise<void> {
  await page.locator('[data-review="suggested"]').first().waitFor({ timeout: 10_000 });
  const marks = await reviewMarks(page);
  const square = (text: string) => /^place_tile (-?\d+) (-?\d+)/.exec(text)?.slice(1, 3).join(",");
  const played = marks.find((m) => m.role === "played");
  const suggested = marks.find((m) => m.role === "suggested");
  // The tile played (solid outline) at its square, the computer's (dashed) at the one it named.
  expect(played?.dash).toBe("none");
  expect(played?.at).toBe(square(review.played));
  expect(suggested!.dash).not.toBe("none");
  expect(suggested!.at).toBe(square(review.best));
  expect(marks).toHaveLength(2);
  const legend = (await page.locator("#review-legend").textContent()) ?? "";
  expect(legend).toContain("the move played");
  expect(legend).toContain("the computer's move");
  // No coordinates in what players read.
  const text = (await page.getByRole("region", { name: "The computer's review" }).textContent()) ?? "";
  expect(text).not.toMatch(/column|\brow\b|-?\d+\s*,\s*-?\d+/);
}

describe("the analysis of a finished game in the browser", () => {
  const harness = useHarness(["--analysis-ms", "20"]);
  const audit = auditScreens();

  it("a player has their game reviewed in the replay viewer", async () => {
    const ann = await harness.newPage(DESKTOP);
    await openAs(ann, `${harness.base}/`, "Ann");
    await ann.getByLabel("Seats", { exact: true }).selectOption("2");
    await createRoomFromForm(ann);
    await ann.getByLabel("Level of the computer player for seat 2").selectOption("easy");
    await ann.getByRole("button", { name: "Add computer player to seat 2" }).click();
    await ann.locator('li.seat[data-seat="1"] .badge.computer').waitFor({ timeout: 15_000 });
    await startGame(ann);
    await ann.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });
    await playUntil([ann], () => isOver(ann), "the game");

    await ann.locator("#open-replay").click();
    await ann.locator("#replay-step").waitFor({ timeout: 15_000 });
    await ann.getByRole("button", { name: "Analyse this game" }).click();
    // The review, once done: a line for each player.
    const summary = ann.getByText(/^Ann: \d+ decisions, the computer agreed with \d+, /);
    await summary.waitFor({ timeout: 120_000 });
    expect(await ann.getByText(/^Computer 2: \d+ decisions, /).count()).toBe(1);
    // The costliest decision: the viewer goes there and the panel reviews it in words.
    const costly = ann.getByRole("button", { name: /^Move \d+: (Ann|Computer 2), about \d+ points?$/ }).first();
    const label = (await costly.textContent()) ?? "";
    await costly.click();
    const step = Number(/^Move (\d+)/.exec(label)![1]);
    await expect.poll(() => ann.locator("#replay-step").textContent()).toMatch(new RegExp(`^Move ${step} of \\d+$`));
    const panel = ann.getByRole("region", { name: "The computer's review" });
    const text = (await panel.textContent()) ?? "";
    expect(text).toContain("Decided by");
    expect(text).toContain("The computer's move");
    expect(text).toMatch(/about \d+ points? given away/);
    // Moves in words, not the server's move text.
    expect(text).not.toMatch(/place_tile|kPlace|\bargs\b/);
    // The board shows the move played and the computer's, as the server reviewed them: one of
    // the costliest decisions where both placed a tile.
    const id = /\/replay\/(\d+)/.exec(ann.url())![1];
    const analysis = (await (await fetch(`${harness.base}/api/games/${id}/analysis`)).json()) as { decisions: { step: number; played: string; best: string; same: boolean }[] };
    const listed = await ann.locator("#analysis-costly button").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-step"))));
    const review = analysis.decisions.find((d) => listed.includes(d.step) && !d.same && d.played.startsWith("place_tile") && d.best.startsWith("place_tile"))!;
    expect(review, `costliest ${JSON.stringify(listed)}`).toBeDefined();
    const shown = ann.locator(`#analysis-costly button[data-step="${review.step}"]`);
    const shownLabel = (await shown.textContent()) ?? "";
    await shown.click();
    await expect.poll(() => ann.locator("#replay-step").textContent()).toMatch(new RegExp(`^Move ${review.step} of \\d+$`));
    await checkDrawn(ann, review);
    console.log(`reviewed move ${review.step}: played ${review.played}, the computer's ${review.best}; marks ${JSON.stringify(await reviewMarks(ann))}; "${await ann.locator(".analysis-played").textContent()}" / "${await ann.locator(".analysis-best").textContent()}"`);
    await ann.screenshot({ path: join(outDir, "analysis.png"), fullPage: true });
    await audit.check(ann, "analysis");

    // On a phone: the same review of the same move, drawn the same way.
    const phone = await harness.newPage(PHONE);
    await phone.goto(`${harness.base}/replay/${id}`);
    await phone.getByRole("button", { name: "Analyse this game" }).click();
    await phone.getByRole("button", { name: shownLabel }).first().click({ timeout: 30_000 });
    await expect.poll(() => phone.locator("#replay-step").textContent()).toMatch(new RegExp(`^Move ${review.step} of \\d+$`));
    await checkDrawn(phone, review);
    await phone.screenshot({ path: join(outDir, "analysis-phone.png"), fullPage: true });
    await audit.check(phone, "analysis-phone");
    const metrics = await (await fetch(`${harness.base}/metrics`)).text();
    expect(metrics).toMatch(/^carc_analyses_total\{outcome="done"\} 1$/m);
    expect(harness.pageErrors).toEqual([]);
  });
});
