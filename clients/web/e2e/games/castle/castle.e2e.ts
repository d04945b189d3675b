// The Castle end to end in Chromium against a real carcassonne-server (RULES.md section 4): Ann
// on a desktop window creates a Castle room from the create-room form (2 seats fixed, its one
// option wall4_fountain_bonus, the note that board and tiles are the project's reconstruction),
// Bob joins from the invite link on a 390x844 phone window, and they play a whole game only by
// clicking: a marked space (now and then tapped again or turned to another legal rotation) and
// confirm; a follower on a spot of the board or from the panel's buttons, or "No follower";
// which completed feature scores next (K-9), doubled with wall tile 2 or 3 when offered; and at
// the end of a turn with wall tile 1, an extra turn or keeping it (K-10). Both pages end on the
// same final table, and so does the game's replay from the archive, step by step. How The
// Castle differs is shown in the lobby and beside the board, and stays closed once closed; every
// space and follower spot measures 24 CSS px or more on the phone and the desktop (the board
// zooms onto the tile for the follower step). On the phone the followers stay at least 20 px and
// their outline stands out from every area (issue 37).
//
// The server deals every game from one fixed seed (--game-seed; CARC_CASTLE_GAME_SEED overrides
// it), and the clicks follow from counters, so each run is the same game: with seed 9 it brings
// a scoring choice (K-9) and two extra-turn choices (K-10, one taken, one kept), which the test
// checks. Both are rare between two players who click at random: of seeds 1 to 17 only 9 and 11
// brought both, so another seed may well bring neither.
//
// Screenshots in CARC_E2E_OUT: castle-form.png (the form with The Castle chosen),
// castle-board.png (desktop mid-game), castle-phone.png (the phone mid-game), castle-decision.png
// (the first scoring or extra-turn choice), castle-follower-phone.png and -desktop.png (the
// first follower step, zoomed) and castle-final.png (both the desktop and the phone).

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contrast, hexOf as hex } from "../../../test/colour_math";
import { CLICK, DESKTOP, PHONE, allOver, drawnFollowers, renderedFills, createRoomFromForm, finalTotals, gameDeadline, inviteLink, joinRoom, openAdvancedRules, openAs, outDir, readyUp, roomOptionsSummary, sleep, startGame, useHarness, auditScreens, finalScreen, smallerSides } from "../../harness";

const GAME_SEED = process.env.CARC_CASTLE_GAME_SEED ?? "9";

type Action = "place" | "turned" | "follower" | "followerPanel" | "noFollower" | "score" | "scoreDoubled" | "extraTurn" | "keepWallTile";

const actions: Record<Action, number> = {
  place: 0,
  turned: 0,
  follower: 0,
  followerPanel: 0,
  noFollower: 0,
  score: 0,
  scoreDoubled: 0,
  extraTurn: 0,
  keepWallTile: 0,
};
const misses: string[] = [];

/** The smallest side of each kind of target on the board, in CSS px, by window. */
const smallest: Record<string, { space: number; spot: number }> = {};

/** Measures every target of `kind` on the page's board (WCAG 2.2 target size: 24 px at least). */
async function measureTargets(page: Page, kind: "space" | "spot"): Promise<void> {
  const sides = await smallerSides(page, `[data-${kind}]`);
  const window = (page.viewportSize()?.width ?? 0) < 600 ? "phone" : "desktop";
  if (kind === "spot" && smallest[window]?.spot === Infinity) await page.screenshot({ path: join(outDir, `castle-follower-${window}.png`) });
  const mine = (smallest[window] ??= { space: Infinity, spot: Infinity });
  mine[kind] = Math.min(mine[kind], ...sides);
}

async function count(page: Page, selector: string): Promise<number> {
  return page.locator(selector).count();
}

/** Does what the page offers this player, if anything; returns what it did. */
async function decide(page: Page, turn: number): Promise<Action | undefined> {
  const spaces = page.locator("[data-space]");
  const n = await spaces.count();
  if (n > 0) {
    await measureTargets(page, "space");
    const space = spaces.nth(turn % n);
    await space.click(CLICK);
    await page.locator("[data-preview]").waitFor(CLICK);
    let turned = false;
    const placed = actions.place + actions.turned;
    if (placed % 3 === 0 && (await count(page, "#rotate:not([disabled])")) > 0) {
      // Every other time by a second tap on the same space, else with ⟳.
      if (placed % 2 === 0) await page.locator('[data-space][aria-pressed="true"]').click(CLICK);
      else await page.locator("#rotate").click(CLICK);
      turned = true;
    }
    await page.locator("#confirm:not([disabled])").click(CLICK);
    return turned ? "turned" : "place";
  }
  if ((await count(page, "#skip:not([disabled])")) > 0) {
    const spots = page.locator("[data-spot]");
    const s = await spots.count();
    // Counted by follower steps: the turns alternate between tiles and followers.
    const step = actions.follower + actions.followerPanel + actions.noFollower;
    if (s > 0) await measureTargets(page, "spot");
    if (s > 0 && step % 5 !== 4) {
      if (step % 2 === 0) {
        await page.locator("[data-follower-region]:not([disabled])").nth(turn % s).click(CLICK);
        return "followerPanel";
      }
      await spots.nth(turn % s).click(CLICK);
      return "follower";
    }
    await page.locator("#skip").click(CLICK);
    return "noFollower";
  }
  const doubled = page.locator("[data-score-double]:not([disabled])");
  const single = page.locator("[data-score-feature]:not([disabled])");
  if ((await doubled.count()) > 0 || (await single.count()) > 0) {
    if ((await doubled.count()) > 0 && (turn % 2 === 0 || (await single.count()) === 0)) {
      await doubled.first().click(CLICK);
      return "scoreDoubled";
    }
    const k = await single.count();
    await single.nth(turn % k).click(CLICK);
    return "score";
  }
  if ((await count(page, "#extra-turn:not([disabled])")) > 0) {
    if (turn % 3 !== 2) {
      await page.locator("#extra-turn").click(CLICK);
      return "extraTurn";
    }
    await page.locator("#end-turn").click(CLICK);
    return "keepWallTile";
  }
  return undefined;
}

async function act(page: Page, turnArg: number): Promise<Action | undefined> {
  try {
    return await decide(page, turnArg + misses.length);
  } catch (e) {
    misses.push(String(e).split("\n").slice(0, 8).join(" / "));
    return undefined;
  }
}

/** What both pages must agree on at the end: the final table, the winners, the players' lines. */
async function endState(page: Page): Promise<{ table: string; winners: string; totals: Record<string, number> }> {
  return {
    table: (await page.locator("table.final-table tbody").textContent()) ?? "",
    winners: (await page.locator("#winners").textContent()) ?? "",
    totals: await finalTotals(page),
  };
}

/**
 * The followers on a phone's Castle board (issue 37): each at least 20 px on its narrower side
 * where the whole board fits the phone's width, and its outline at 3:1 or more against every
 * kind of area a tile shows, all read from what the browser drew.
 */
async function measureFollowers(page: Page): Promise<void> {
  const followers = await drawnFollowers(page, "svg.castle-board");
  const outlines = [...new Set(followers.map((f) => hex(f.outline)))];
  const lines: string[] = [];
  for (const type of ["tower", "house", "court"]) {
    for (const fill of await renderedFills(page, `svg.castle-board .castle-tile > [data-type="${type}"] > path:first-child`)) {
      for (const outline of outlines) {
        const ratio = contrast(outline, hex(fill));
        lines.push(`outline ${outline}/${type} ${hex(fill)} ${ratio.toFixed(2)}`);
        expect(ratio, `${outline} on ${type}`).toBeGreaterThanOrEqual(3);
      }
    }
  }
  const smallest = Math.min(...followers.map((f) => Math.min(f.width, f.height)));
  console.log(`The Castle on the phone: ${followers.length} followers, smallest side ${smallest.toFixed(1)} px; ${lines.join(", ")}`);
  expect(lines.length).toBeGreaterThanOrEqual(3);
  expect(smallest).toBeGreaterThanOrEqual(20);
}

describe("The Castle in the browser", () => {
  const harness = useHarness(["--game-seed", GAME_SEED]);
  const audit = auditScreens();

  it("two players create a Castle room, play it to the end by clicking, and see the same final table", async () => {
    const base = harness.base;
    const ann = await harness.newPage(DESKTOP);
    await openAs(ann, `${base}/`, "Ann");
    await ann.getByLabel("Game", { exact: true }).selectOption({ label: "Carcassonne: The Castle (2 players)" });
    // Two seats, fixed; no base-game options; the Castle's own option and the note.
    const seats = ann.getByLabel("Seats", { exact: true });
    expect(await seats.isDisabled()).toBe(true);
    expect(await seats.inputValue()).toBe("2");
    expect(await ann.locator('[data-option="farmers"]').count()).toBe(0);
    expect(await ann.locator('[data-option="wall4_fountain_bonus"]').textContent()).toContain("Rule K-10:");
    const note = ann.locator("[data-castle-note]");
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain("the project's own reconstruction, not the original components");
    await openAdvancedRules(ann);
    await ann.getByLabel("Wall tile 4 doubles fountain paths").check();
    await ann.screenshot({ path: join(outDir, "castle-form.png"), fullPage: true });
    await audit.check(ann, "castle-form");
    const code = await createRoomFromForm(ann);
    const summary = await roomOptionsSummary(ann);
    expect(summary).toContain("Carcassonne: The Castle");
    expect(summary).toContain("Wall tile 4 doubles fountain pathsyes");
    expect(summary).not.toContain("Farmers");
    // How The Castle differs, open in the lobby of a first game: the keep, courts, wall tiles.
    const guide = ann.locator('[data-guide="castle"]');
    expect(await guide.getAttribute("open")).not.toBeNull();
    for (const words of ["The keep:", "Courts score only at the end", "Scoring on the wall:"]) expect(await guide.textContent()).toContain(words);
    await audit.check(ann, "castle-lobby");
    const invite = await inviteLink(ann, base, code);

    const bob = await harness.newPage(PHONE);
    await openAs(bob, invite, "Bob");
    await joinRoom(bob, code);
    await readyUp(ann, bob, "Bob");
    await startGame(ann);

    // The board from the game's data, labelled as the project's reconstruction, on both pages.
    for (const page of [ann, bob]) {
      await page.locator("svg.castle-board").waitFor({ timeout: 15_000 });
      expect(await page.locator("svg.castle-board [data-provenance]").getAttribute("data-provenance")).toBe("reconstruction");
      expect(await page.locator("svg.castle-board [data-start]").count()).toBe(7);
      expect(await page.locator("svg.castle-board [data-tower]").count()).toBe(14);
      expect(await page.locator("svg.castle-board [data-wall-tile]").count()).toBe(13);
      await expect.poll(() => page.locator("ol.players li").count()).toBe(2);
      expect(await page.locator('[data-guide="castle"]').getAttribute("open")).not.toBeNull();
    }
    // Bob has read it: closed, it stays closed through the game and in his next rooms.
    await bob.locator('[data-guide="castle"] summary').click();
    await expect.poll(() => bob.evaluate(() => localStorage.getItem("carc.guide.castle"))).toBe("closed");
    // Exactly one of them is to move; the other is told whom the game waits for.
    await expect
      .poll(async () => [await ann.locator("#prompt").textContent(), await bob.locator("#prompt").textContent()].sort().join(" | "), { timeout: 10_000 })
      .toMatch(/^Waiting for (Ann|Bob)… \| Your turn: choose a marked space to place the tile\.$/);

    let turns = 0;
    let boardShot = false;
    let decisionShot = false;
    let followersMeasured = false;
    const overdue = gameDeadline();
    while (!(await allOver([ann, bob]))) {
      overdue(() => `${turns} actions ${JSON.stringify(actions)}; ${misses.length} misses, the last: ${misses.slice(-3).join(" | ")}`);
      let acted = false;
      for (const page of [ann, bob]) {
        if (!decisionShot && (await count(page, "[data-score-feature],[data-score-double],#extra-turn")) > 0) {
          await page.screenshot({ path: join(outDir, "castle-decision.png"), fullPage: true });
          await audit.check(page, "castle-decision");
          decisionShot = true;
        }
        const done = await act(page, turns);
        if (done !== undefined) {
          actions[done]++;
          acted = true;
          turns++;
        }
      }
      if (!acted) await sleep(25);
      if (!followersMeasured && turns >= 20 && (await count(bob, "svg.castle-board [data-follower]")) > 0) {
        await measureFollowers(bob);
        followersMeasured = true;
      }
      if (!boardShot && turns >= 40) {
        await ann.screenshot({ path: join(outDir, "castle-board.png") });
        await audit.check(ann, "castle-board");
        await bob.screenshot({ path: join(outDir, "castle-phone.png"), fullPage: true });
        await audit.check(bob, "castle-phone");
        boardShot = true;
      }
    }
    await ann.screenshot({ path: join(outDir, "castle-final.png"), fullPage: true });
    await audit.check(ann, "castle-final");
    await bob.screenshot({ path: join(outDir, "castle-final-phone.png"), fullPage: true });
    await audit.check(bob, "castle-final-phone");
    const annEnd = await endState(ann);
    console.log(`The Castle: ${turns} actions ${JSON.stringify(actions)}; ${misses.length} misses${misses.length > 0 ? `, the last: ${misses.slice(-3).join(" | ")}` : ""}; final ${JSON.stringify(annEnd.totals)}, ${annEnd.winners}`);

    console.log(`The Castle's smallest targets: ${JSON.stringify(smallest)} CSS px`);
    for (const window of ["phone", "desktop"]) {
      expect(smallest[window]?.space, `${window} spaces`).toBeGreaterThanOrEqual(24);
      expect(smallest[window]?.spot, `${window} spots`).toBeGreaterThanOrEqual(24);
    }
    expect(await bob.locator('[data-guide="castle"]').getAttribute("open")).toBeNull();
    const placed = actions.place + actions.turned;
    // 60 tiles, less those that fit nowhere (K-4); every one of them placed by a click.
    const discarded = Number(await ann.locator("#castle-stack").getAttribute("data-discarded"));
    expect(placed + discarded).toBe(60);
    expect(await ann.locator("svg.castle-board .tiles g[data-x]").count()).toBe(placed);
    expect(actions.follower + actions.followerPanel).toBeGreaterThan(0);
    expect(followersMeasured).toBe(true);
    expect(actions.noFollower).toBeGreaterThan(0);
    expect(actions.turned).toBeGreaterThan(0);
    expect(actions.score + actions.scoreDoubled, "K-9 scoring choices").toBeGreaterThan(0);
    expect(actions.extraTurn + actions.keepWallTile, "K-10 extra-turn choices").toBeGreaterThan(0);

    expect(Object.keys(annEnd.totals)).toHaveLength(2);
    expect(annEnd.winners).toMatch(/^(Winner: (Ann|Bob)|Shared victory: .*)$/);
    expect(await endState(bob)).toEqual(annEnd);
    // The players' panels agree with the table.
    for (const page of [ann, bob]) {
      for (const [seat, total] of Object.entries(annEnd.totals)) {
        expect(await page.locator(`ol.players li[data-seat="${seat}"] .points`).getAttribute("data-points")).toBe(String(total));
      }
    }

    // The archive lists it as a Castle game; its replay steps through the same game to the same end.
    const list = (await (await fetch(`${base}/api/games?player=Ann`)).json()) as { games: { id: number; game: string; players: { score: number }[] }[] };
    expect(list.games).toHaveLength(1);
    expect(list.games[0]!.game).toBe("castle");
    expect(list.games[0]!.players.map((p) => p.score)).toEqual([annEnd.totals["0"], annEnd.totals["1"]]);
    // K-7, K-11: the table's categories (paths, towers, houses, keep, courts, wall tile 9) hold
    // the whole game's points and add up to each score; their during-play parts to the scores
    // the record has before the final scoring.
    const record = (await (await fetch(`${base}/api/games/${list.games[0]!.id}/record`)).json()) as { scores: { after_turn: number[][] } };
    const beforeEnd = record.scores.after_turn[record.scores.after_turn.length - 1]!;
    const final = await finalScreen(ann);
    console.log(`The Castle's final table: ${JSON.stringify(final.rows)}`);
    for (const [seat, row] of Object.entries(final.rows)) {
      expect(row.categories).toBe(annEnd.totals[seat]);
      expect(row.during + row.end).toBe(row.categories);
      expect(row.during).toBe(beforeEnd[Number(seat)]);
    }
    expect(Object.values(final.rows).some((r) => r.during > 0)).toBe(true);
    for (const page of [ann, bob]) expect(await page.locator(".banner").count()).toBe(0);
    await ann.locator("#open-replay").click();
    await ann.locator("#replay-step").waitFor({ timeout: 15_000 });
    await ann.locator("svg.castle-board").waitFor();
    expect(await ann.locator("svg.castle-board .tiles g[data-x]").count()).toBe(0);
    await ann.locator("#replay-forward").click();
    await expect.poll(() => ann.locator("#replay-step").textContent()).toMatch(/^Move 1 of \d+$/);
    expect(await ann.locator("svg.castle-board .tiles g[data-x]").count()).toBe(1);
    await ann.locator("#replay-last").click();
    await ann.locator("table.final-table").waitFor();
    expect(await ann.locator("svg.castle-board .tiles g[data-x]").count()).toBe(placed);
    expect(await endState(ann)).toEqual(annEnd);
    await ann.screenshot({ path: join(outDir, "castle-replay.png"), fullPage: true });
    await audit.check(ann, "castle-replay");
    await ann.locator("#close-replay").click();
    expect(harness.pageErrors).toEqual([]);
  });
});
