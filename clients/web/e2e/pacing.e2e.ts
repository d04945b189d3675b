// Following every move (issue: the table, round three, point 2), end to end in Chromium against
// a real carcassonne-server: Ann plays against two easy computers, which decide in milliseconds.
// With pacing on (the player's default), each computer's tile appears at least 0.6 s after the
// one before it (the page holds it; the server has answered at once), and each seat's last tile
// stays outlined (in the seat's colour) where that seat placed it, until it places another. The
// points a move scored appear on the feature that scored them, in the scorer's colour, as the
// log says them.
//
// Screenshot in CARC_E2E_OUT: pacing.png (Ann's turn, three seats' last tiles outlined).

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COLOURS } from "../src/ui/colours";
import { DESKTOP, auditScreens, createRoomFromForm, openAs, outDir, playTileOrFollower, sleep, startGame, useHarness } from "./harness";

/** A score label as the board drew it. */
interface Mark {
  points: string;
  text: string;
  fill: string;
}

interface Seen {
  /** performance.now() when the tile appeared. */
  t: number;
  at: string;
  /** The seat whose outline marks the newest tile then. */
  seat: string;
  /** Every seat's outlined tile then, as "seat@x,y". */
  outlines: string[];
}

describe("following the others' moves", () => {
  const harness = useHarness();
  const audit = auditScreens();

  it("shows two computers' tiles at least 0.6 s apart, each outlined until its seat moves again", async () => {
    const page = await harness.newPage(DESKTOP, true);
    await openAs(page, `${harness.base}/`, "Ann");
    await page.getByLabel("Seats", { exact: true }).selectOption("3");
    await createRoomFromForm(page);
    for (const n of [2, 3]) {
      await page.getByLabel(`Level of the computer player for seat ${n}`).selectOption("easy");
      await page.getByRole("button", { name: `Add computer player to seat ${n}` }).click();
      await page.locator(`li.seat[data-seat="${n - 1}"] .badge.computer`).waitFor({ timeout: 15_000 });
    }
    // Every tile the board gains, with the time and the outlines as the page shows them.
    await page.evaluate(() => {
      const seen: Seen[] = [];
      const marks: Mark[] = [];
      (window as unknown as { seen: Seen[]; marks: Mark[] }).seen = seen;
      (window as unknown as { marks: Mark[] }).marks = marks;
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) {
            if (n instanceof Element && n.matches(".score-mark")) {
              marks.push({ points: n.getAttribute("data-points") ?? "", text: n.textContent ?? "", fill: n.querySelector("rect")?.getAttribute("fill") ?? "" });
            }
            if (!(n instanceof Element) || !n.hasAttribute("data-x")) continue;
            seen.push({
              t: performance.now(),
              at: `${n.getAttribute("data-x")},${n.getAttribute("data-y")}`,
              seat: document.querySelector(".last-placed")?.getAttribute("data-last-of") ?? "",
              outlines: [...document.querySelectorAll("[data-last-of]")].map((e) => `${e.getAttribute("data-last-of")}@${e.getAttribute("data-at")}`),
            });
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await startGame(page);

    // Ann's tiles (and followers) by clicking, until the computers have placed ten tiles.
    const computerTiles = async () =>
      (await page.evaluate(() => (window as unknown as { seen: Seen[] }).seen)).filter((s) => s.seat !== "0" && s.seat !== "").length;
    const deadline = Date.now() + 120_000;
    let turn = 0;
    let shot = false;
    const marks = () => page.evaluate(() => (window as unknown as { marks: Mark[] }).marks);
    while ((await computerTiles()) < 10 || (await marks()).length === 0) {
      expect(Date.now(), "ten computer tiles within two minutes").toBeLessThan(deadline);
      if (!shot && (await page.locator("[data-last-of]").count()) === 3 && (await page.locator("[data-cell]").count()) > 0) {
        await page.screenshot({ path: join(outDir, "pacing.png") });
        await audit.check(page, "pacing");
        shot = true;
      }
      try {
        if (await playTileOrFollower(page, turn)) turn++;
        else await sleep(50);
      } catch {
        await sleep(50);  // a click that missed: the page changed under it; look again
      }
    }
    const seen = await page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
    // The tiles drawn as the page changed, not the board drawn whole at the start.
    const moves = seen.filter((s) => s.seat !== "");
    // Two computers' tiles in a row: at least 0.6 s apart (the pacer holds the second 0.8 s).
    const gaps: number[] = [];
    for (let i = 1; i < moves.length; i++) {
      if (moves[i]!.seat !== "0" && moves[i - 1]!.seat !== "0" && moves[i]!.seat !== moves[i - 1]!.seat) gaps.push(moves[i]!.t - moves[i - 1]!.t);
    }
    console.log(`pacing: ${moves.length} tiles seen, computer-after-computer gaps (ms): ${gaps.map(Math.round).join(", ")}`);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(600);
    // Each seat's outline sits on the tile it placed last, whoever moved since.
    const lastOf = new Map<string, string>();
    for (const s of moves) {
      lastOf.set(s.seat, s.at);
      expect(s.outlines.sort()).toEqual([...lastOf].map(([seat, at]) => `${seat}@${at}`).sort());
    }
    expect(lastOf.size).toBe(3);
    // Every label drawn says points some line of the log says were scored, in a seat's colour.
    const drawn = await marks();
    const log = (await page.locator(".card.log").textContent()) ?? "";
    console.log(`points on the board: ${drawn.map((m) => m.text).join(", ")}`);
    expect(drawn.length).toBeGreaterThan(0);
    for (const m of drawn) {
      expect(m.text).toMatch(new RegExp(`^(\\+${m.points})+$`));
      expect(log).toContain(`scores ${m.points}`);
      expect(COLOURS.map((c) => c.fill)).toContain(m.fill);
    }
    expect(shot).toBe(true);
    expect(harness.pageErrors).toEqual([]);
  });
});
