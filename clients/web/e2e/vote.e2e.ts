// The vote on absent players end to end in Chromium against a real carcassonne-server
// (--grace-period 1): Ann creates a room of three whose players vote on whoever stays away,
// Bob and Cleo join. Cleo closes her page mid-game for longer than the grace period: Ann and
// Bob see who the game waits for and vote to skip her turns (one vote of two carries nothing;
// the second does), and the game goes on with Cleo's turns played for her. Then Bob leaves
// too: Ann, the only player present, ends the game by her vote alone, and her page shows the
// final table of a game ended by vote, whose scores the archive holds. Screenshots in CARC_E2E_OUT: vote-open.png (Ann's page with the vote), vote-end.png.

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  auditScreens,
  createRoomFromForm,
  finalTotals,
  inviteLink,
  isOver,
  joinRoom,
  openAdvancedRules,
  openAs,
  outDir,
  playUntil,
  readyUp,
  roomOptionsSummary,
  startGame,
  useHarness,
} from "./harness";

const votePanel = (page: Page) => page.getByRole("region", { name: /^Waiting for / });

describe("the vote on absent players in the browser", () => {
  const harness = useHarness(["--grace-period", "1"]);
  const audit = auditScreens();

  it("the players present skip an absent player's turns, then end the game by vote", async () => {
    const base = harness.base;
    const ann = await harness.newPage(DESKTOP);
    await openAs(ann, `${base}/`, "Ann");
    await ann.getByLabel("Seats", { exact: true }).selectOption("3");
    await openAdvancedRules(ann);
    await ann.getByLabel("When a player stays away").selectOption({ label: "The others vote: skip their turns or end the game" });
    const code = await createRoomFromForm(ann);
    expect(await roomOptionsSummary(ann)).toContain("The others vote: skip their turns or end the game");
    const invite = await inviteLink(ann, base, code);
    const bob = await harness.newPage(PHONE);
    await openAs(bob, invite, "Bob");
    await joinRoom(bob, code);
    await readyUp(ann, bob, "Bob");
    const cleo = await harness.newPage(DESKTOP);
    await openAs(cleo, invite, "Cleo");
    await joinRoom(cleo, code);
    await readyUp(ann, cleo, "Cleo");
    await startGame(ann);
    for (const page of [ann, bob, cleo]) await page.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });

    let turns = 0;
    await playUntil([ann, bob, cleo], async () => ++turns > 6, "Cleo leaves");
    await cleo.close();

    // Past the grace period both see the vote; one vote of the two present carries nothing.
    for (const page of [ann, bob]) await votePanel(page).waitFor({ timeout: 15_000 });
    expect(await votePanel(ann).textContent()).toContain("Waiting for Cleo");
    await ann.screenshot({ path: join(outDir, "vote-open.png") });
    await audit.check(ann, "vote-open");
    await ann.getByRole("button", { name: "Skip their turns" }).click();
    await expect.poll(() => votePanel(bob).textContent(), { timeout: 10_000 }).toContain("Skip their turns: 1 of 2");
    expect(await ann.getByRole("button", { name: "Skip their turns" }).getAttribute("aria-pressed")).toBe("true");
    await bob.getByRole("button", { name: "Skip their turns" }).click();
    // Carried: the panel goes, Cleo's seat is marked, and her turns are played for her.
    await votePanel(ann).waitFor({ state: "detached", timeout: 10_000 });
    await ann.locator('ol.players li[data-seat="2"]', { hasText: "Turns skipped" }).waitFor({ timeout: 10_000 });
    const tilesBefore = await ann.locator("svg.board-svg g.tile").count();
    await playUntil([ann, bob], async () => (await ann.locator("svg.board-svg g.tile").count()) >= tilesBefore + 6, "three rounds");

    // Bob leaves as well: Ann, alone, ends the game by her vote.
    await bob.close();
    await votePanel(ann).waitFor({ timeout: 15_000 });
    await ann.getByRole("button", { name: "End the game now" }).click();
    await ann.locator("table.final-table").waitFor({ timeout: 15_000 });
    expect(await isOver(ann)).toBe(true);
    expect(await ann.locator("main").textContent()).toContain(
      "The players voted to end the game: it was scored as if its last tile had been placed.",
    );
    const totals = await finalTotals(ann);
    expect(Object.keys(totals)).toHaveLength(3);
    await ann.screenshot({ path: join(outDir, "vote-end.png"), fullPage: true });
    await audit.check(ann, "vote-end");
    // The archive holds the game with the same scores.
    const games = (await (await fetch(`${base}/api/games?limit=5`)).json()) as {
      games: { room: string; players: { name: string; score: number }[] }[];
    };
    const archived = games.games.find((g) => g.room === code);
    expect(archived).toBeDefined();
    expect(archived!.players.map((p) => p.score)).toEqual([0, 1, 2].map((seat) => totals[String(seat)]));
    expect(harness.pageErrors).toEqual([]);
  });
});
