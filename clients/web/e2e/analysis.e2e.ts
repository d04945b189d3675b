// The computer's review of a finished game end to end in Chromium against a real
// carcassonne-server (--analysis-ms 20): Ann plays a whole game against an easy computer
// player by clicking, opens the replay viewer and asks for the analysis; the progress shows
// until it is done, then the panel reviews the move on the board in words, sums up each
// player and jumps to the costliest decision. Screenshot in CARC_E2E_OUT: analysis.png.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  auditScreens,
  createRoomFromForm,
  isOver,
  openAs,
  outDir,
  playUntil,
  startGame,
  useHarness,
} from "./harness";

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
    await ann.screenshot({ path: join(outDir, "analysis.png"), fullPage: true });
    await audit.check(ann, "analysis");
    const metrics = await (await fetch(`${harness.base}/metrics`)).text();
    expect(metrics).toMatch(/^carc_analyses_total\{outcome="done"\} 1$/m);
    expect(harness.pageErrors).toEqual([]);
  });
});
