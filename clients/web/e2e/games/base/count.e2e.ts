// The Count of Carcassonne end to end in Chromium against a real carcassonne-server (RULES.md
// C-1..C-6): Ann on a desktop window creates a room with the Count from the create-room form,
// Bob joins from the invite link on a 390x844 phone window, and they play a whole game only by
// clicking: tiles and followers as in the base game, and every Count decision that comes to
// either of them, in turn or out of turn: entering the city (a quarter, where the Count goes, or
// "Don't enter"), redeploying onto a completed feature (a number, or Pass), and the final moves
// out of the city (a marked feature, or Done). The city block is on the board from the first
// snapshot; both pages end on the same final table.
//
// The server deals every game from one fixed seed (--game-seed; CARC_COUNT_GAME_SEED overrides
// it), and the clicks follow from a counter, so each run is the same game: with seed 5 it
// brings each kind of Count decision at least once, which the test checks. Decisions are rare
// between two players who click at random, so another seed may well bring none.
//
// Screenshots in CARC_E2E_OUT: count-board.png (the board with the city block mid-game),
// count-decision.png (the first Count decision on the page that has it) and count-final.png.

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLICK, DESKTOP, PHONE, allOver, createRoomFromForm, finalTotals, gameDeadline, joinRoom, openAdvancedRules, openAs, outDir, playTileOrFollower, readyUp, roomOptionsSummary, sleep, startGame, useHarness, auditScreens } from "../../harness";

const GAME_SEED = process.env.CARC_COUNT_GAME_SEED ?? "5";

type Decision = "enter" | "dontEnter" | "redeploy" | "redeployPass" | "finalMove" | "finalDone";

/** The Count decisions the pages took, by kind. */
const decisions: Record<Decision, number> = { enter: 0, dontEnter: 0, redeploy: 0, redeployPass: 0, finalMove: 0, finalDone: 0 };
const misses: string[] = [];

async function visible(page: Page, selector: string): Promise<boolean> {
  return (await page.locator(selector).count()) > 0;
}

/**
 * Takes the Count decision the page shows, if any: enter the city four times in five (a quarter
 * from the panel or, every other time, from the board; mostly with the Count moved away too),
 * redeploy two times in three (one more follower when allowed), and in the final moves send a
 * follower to a marked feature two times in three. Returns what it did.
 */
async function decide(page: Page, turn: number): Promise<Decision | undefined> {
  if (await visible(page, "#enter-city")) {
    if (turn % 5 === 4) {
      await page.locator("#count-pass").click(CLICK);
      return "dontEnter";
    }
    // The blacksmith and the market by turns: roads are completed often, so a follower at the
    // blacksmith is likely to be redeployed (C-4), and a farmer waits for the final moves (C-5).
    // Chosen on the board every other time, else in the panel.
    const order = decisions.enter % 2 === 0 ? ["blacksmith", "castle", "market"] : ["market", "blacksmith", "castle"];
    let wanted: string | undefined;
    for (const q of order) if (!wanted && (await visible(page, `[data-enter-quarter="${q}"]`))) wanted = q;
    const onBoard = wanted ? page.locator(`[data-quarter="${wanted}"][role=button]`) : page.locator("[data-quarter][role=button]").first();
    const inPanel = wanted ? page.locator(`[data-enter-quarter="${wanted}"]`) : page.locator("[data-enter-quarter]").first();
    if (turn % 2 === 0) await onBoard.click(CLICK);
    else await inPanel.click(CLICK);
    await page.locator("#enter-city:not([disabled])").waitFor(CLICK);
    // Mostly the Count moves as well, to the cathedral, where he blocks neither of those.
    const away = page.locator('[data-count-dest="cathedral"][aria-pressed="false"]');
    if (turn % 3 !== 0 && (await away.count()) > 0) await away.first().click(CLICK);
    await page.locator("#enter-city:not([disabled])").click(CLICK);
    return "enter";
  }
  if (await visible(page, "#redeploy")) {
    if (turn % 3 === 0) {
      await page.locator("#count-pass").click(CLICK);
      return "redeployPass";
    }
    if (await visible(page, "#redeploy-more:not([disabled])")) await page.locator("#redeploy-more").click(CLICK);
    await page.locator("#redeploy:not([disabled])").click(CLICK);
    return "redeploy";
  }
  if (await visible(page, '[data-decision="final-move"]')) {
    const targets = page.locator("[data-target]");
    const n = await targets.count();
    if (n > 0 && turn % 3 !== 0) {
      await targets.nth(turn % n).click(CLICK);
      // A feature more than one quarter could serve asks which: take the first.
      if (await visible(page, "[data-leave-quarter]")) await page.locator("[data-leave-quarter]").first().click(CLICK);
      return "finalMove";
    }
    await page.locator("#count-pass").click(CLICK);
    return "finalDone";
  }
  return undefined;
}

/**
 * Does what the page offers this player: a Count decision, else a tile (a highlighted cell, now
 * and then turned once, then confirm), else a follower on a spot two times in three.
 */
async function act(page: Page, turnArg: number): Promise<boolean> {
  const turn = turnArg + misses.length;
  try {
    if (await visible(page, ".count-decision")) {
      const decided = await decide(page, turn);
      if (decided === undefined) return false;
      decisions[decided]++;
      return true;
    }
    return await playTileOrFollower(page, turn);
  } catch (e) {
    misses.push(String(e).split("\n").slice(0, 8).join(" / "));
    return false;
  }
}

/** The followers each quarter holds, per seat, as the city card lists them. */
async function cityCard(page: Page): Promise<string[]> {
  return page.locator("[data-city-quarter]").evaluateAll((items) => items.map((li) => li.getAttribute("aria-label") ?? ""));
}

describe("The Count of Carcassonne in the browser", () => {
  const harness = useHarness(["--game-seed", GAME_SEED]);
  const audit = auditScreens();

  it("two players create a Count room, play it to the end by clicking and take every Count decision", async () => {
    const base = harness.base;
    const ann = await harness.newPage(DESKTOP);
    await openAs(ann, `${base}/`, "Ann");
    await ann.getByLabel("Seats", { exact: true }).selectOption("2");
    await openAdvancedRules(ann);
    // The Count's options, each with its one-line explanation naming its rule.
    const countOption = ann.locator('[data-option="count"]');
    expect(await countOption.textContent()).toContain("Rule C-1:");
    expect(await ann.locator('[data-option="count_move"]').textContent()).toContain("Rule C-3:");
    await ann.getByLabel("The Count of Carcassonne").check();
    await ann.getByLabel("Where the Count moves").selectOption("free");
    const code = await createRoomFromForm(ann);
    expect(await roomOptionsSummary(ann)).toContain("The Count of Carcassonne");
    // How the Count differs, open in the lobby of a first game: the city, its quarters, when in and out.
    const guide = ann.locator('[data-guide="count"]');
    expect(await guide.getAttribute("open")).not.toBeNull();
    for (const words of ["city of Carcassonne", "but you score nothing from it", "The quarters are for later"]) expect(await guide.textContent()).toContain(words);
    await audit.check(ann, "count-lobby");

    const bob = await harness.newPage(PHONE);
    await openAs(bob, `${base}/r/${code}`, "Bob");
    await joinRoom(bob, code);
    await readyUp(ann, bob, "Bob");
    await startGame(ann);

    // The block instead of the start tile: twelve tiles, one walled city, the Count in the castle.
    for (const page of [ann, bob]) {
      await page.locator("[data-city-block]").waitFor({ timeout: 15_000 });
      expect(await page.locator('svg.board-svg g.tile[data-letter^="CO"]').count()).toBe(12);
      expect(await page.locator('[data-city-block] [data-quarter="castle"] [data-count]').count()).toBe(1);
      expect(await page.locator("[data-city-block] [data-quarter]").count()).toBe(4);
      expect((await cityCard(page))[0]).toBe("Castle quarter, for the city: the Count; no followers");
      expect(await page.locator('[data-guide="count"]').getAttribute("open")).not.toBeNull();
    }

    let turns = 0;
    let boardShot = false;
    let decisionShot = false;
    const overdue = gameDeadline();
    while (!(await allOver([ann, bob]))) {
      overdue(() => `${turns} actions; ${misses.length} misses, the last: ${misses.slice(-3).join(" | ")}`);
      let acted = false;
      for (const [page, other] of [[ann, bob], [bob, ann]] as const) {
        if (!decisionShot && (await visible(page, ".count-decision"))) {
          await page.screenshot({ path: join(outDir, "count-decision.png") });
          await audit.check(page, "count-decision");
          // The other player is told whom the game waits for, whoever's turn it is.
          await expect
            .poll(() => other.locator("#prompt").textContent(), { timeout: 5_000 })
            .toMatch(/^Waiting for (Ann|Bob) to (decide whether|move followers)/);
          decisionShot = true;
        }
        if (await act(page, turns)) {
          acted = true;
          turns++;
        }
      }
      if (!acted) await sleep(25);
      if (!boardShot && turns >= 40) {
        await ann.locator("button[title^='Show the whole board']").click();
        await ann.screenshot({ path: join(outDir, "count-board.png") });
        await audit.check(ann, "count-board");
        boardShot = true;
      }
    }
    const taken = Object.values(decisions).reduce((a, b) => a + b, 0);
    console.log(`the Count: ${turns} actions, Count decisions ${JSON.stringify(decisions)}; ${misses.length} misses${misses.length > 0 ? `, the last: ${misses.slice(-3).join(" | ")}` : ""}`);
    expect(boardShot).toBe(true);
    expect(decisionShot).toBe(true);
    expect(decisions.enter + decisions.dontEnter, "C-2 decisions").toBeGreaterThan(0);
    expect(decisions.redeploy + decisions.redeployPass, "C-4 decisions").toBeGreaterThan(0);
    expect(decisions.finalMove + decisions.finalDone, "C-5 decisions").toBeGreaterThan(0);
    // 71 tiles after the block, at least one action each, and the Count's decisions on top.
    expect(turns).toBeGreaterThanOrEqual(71 + taken);

    const totals = await finalTotals(ann);
    expect(Object.keys(totals)).toHaveLength(2);
    expect(await finalTotals(bob)).toEqual(totals);
    // Both pages saw the same city to the end.
    expect(await cityCard(bob)).toEqual(await cityCard(ann));
    await ann.locator("#download-record").waitFor({ timeout: 15_000 });
    await ann.screenshot({ path: join(outDir, "count-final.png"), fullPage: true });
    await audit.check(ann, "count-final");

    // The archive's scores are the table's.
    const record = (await (await fetch(`${base}${await ann.locator("#download-record").getAttribute("href")}`)).json()) as {
      scores: { final: number[] };
    };
    expect(record.scores.final).toEqual([totals["0"], totals["1"]]);

    expect(harness.pageErrors).toEqual([]);
    for (const page of [ann, bob]) expect(await page.locator(".banner").count()).toBe(0);
  });
});
