// "Play now against the computer" end to end in Chromium against a real carcassonne-server, on a
// 390x844 phone (no name typed: the stand-in is used) and on a 1366x768 desktop (a name typed):
// from the home page, one tap starts a private two-seat game against a medium computer; the game
// screen opens at the page's top; the player's first placement takes two more taps (a square,
// then Confirm), so at most 3 in all; the follower (or none) is then the turn's own choice, made
// while the tile can still be taken back. Before the tap, "Create room" lies in the first view
// (scroll 0) with the advanced rules folded. Each screen is checked with axe.
//
// Screenshots in CARC_E2E_OUT: play-now-phone.png, play-now-desktop.png (the first turn).

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLICK, PHONE, auditScreens, outDir, phoneLayout, useHarness, waitConnected } from "./harness";

/** Taps the player made, counted by the test itself. */
class Taps {
  count = 0;
  async on(locator: ReturnType<Page["locator"]>): Promise<void> {
    await locator.click(CLICK);
    this.count++;
  }
}

/** Tiles on the board (a previewed one among them). */
const tiles = (page: Page) => page.locator("svg.board-svg g.tile").count();

async function firstPlacement(page: Page, base: string, name: string | undefined, shot: string): Promise<number> {
  const audit = auditScreens();
  const taps = new Taps();
  await page.goto(`${base}/`);
  await waitConnected(page);
  if (name !== undefined) await page.getByRole("textbox", { name: "Your name" }).fill(name);
  // The way in is in the first view: "Create room" at scroll 0, the advanced rules folded.
  const create = 'form[aria-labelledby="create-heading"] button[type="submit"]';
  const layout = await phoneLayout(page, [create]);
  const createBox = await page.locator(create).boundingBox();
  console.log(`${shot}: "Create room" at ${Math.round(createBox?.y ?? -1)}..${Math.round((createBox?.y ?? 0) + (createBox?.height ?? 0))} px of ${page.viewportSize()?.height} px`);
  expect(layout.inView[create]).toBe(true);
  expect(await page.locator("details[data-advanced]").getAttribute("open")).toBeNull();
  expect(await page.getByLabel("Public room (listed for everyone)").isVisible()).toBe(false);
  await audit.check(page, "home");
  await taps.on(page.getByRole("button", { name: "Play now against the computer" }));
  // The computer may have the first turn: the page then waits for its move (medium: 250 ms).
  const cells = page.locator("[data-cell]");
  await cells.first().waitFor({ timeout: 20_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect.poll(() => page.locator("ol.players").textContent()).toContain("Computer");
  await page.screenshot({ path: join(outDir, shot) });
  await audit.check(page, "game");
  const before = await tiles(page);
  await taps.on(cells.first());
  await page.locator("[data-preview]").waitFor(CLICK);
  await taps.on(page.locator("#confirm:not([disabled])"));
  // Confirmed: the follower step is the page's until a spot or "no follower" is chosen (the tile
  // can still be taken back), then the placement goes. That choice is the turn's, not a tap on
  // the way to the placement: it is not counted.
  await page.locator("#take-back").waitFor(CLICK);
  await page.locator("#skip:not([disabled])").click(CLICK);
  // Placed: the server's answer turns the preview into a tile of the board.
  await expect
    .poll(async () => (await page.locator("[data-preview]").count()) === 0 && (await tiles(page)) > before, { timeout: 10_000 })
    .toBe(true);
  return taps.count;
}

describe("play now", () => {
  const harness = useHarness();

  it("reaches the first placement in 3 taps on a phone, with the stand-in name", async () => {
    const page = await harness.newPage(PHONE);
    expect(await firstPlacement(page, harness.base, undefined, "play-now-phone.png")).toBeLessThanOrEqual(3);
    expect(await page.locator("ol.players").textContent()).toContain("Player");
    expect(harness.pageErrors).toEqual([]);
  });

  it("reaches the first placement in 3 taps on a desktop", async () => {
    const page = await harness.newPage({ viewport: { width: 1366, height: 768 } });
    expect(await firstPlacement(page, harness.base, "Ada", "play-now-desktop.png")).toBeLessThanOrEqual(3);
    expect(await page.locator("ol.players").textContent()).toContain("Ada");
    expect(harness.pageErrors).toEqual([]);
  });
});
