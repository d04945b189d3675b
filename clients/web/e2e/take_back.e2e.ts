// Taking a placement back (issue: the table, round three, point 3; docs/protocol.md,
// PreviewPlacement), end to end in Chromium against a real carcassonne-server, on a desktop and
// on a 390x844 phone: after "Confirm placement" the follower spots show on the previewed tile and
// nothing has been sent (the server's carc_commands_total stands still, its
// carc_placement_previews_total counts the question); "Take back" returns to the squares; another
// square is confirmed with a follower, and only that placement reaches the game, with the
// follower on it. Each screen is checked with axe.
//
// Screenshots in CARC_E2E_OUT: take-back-desktop.png, take-back-phone.png (the follower step of
// a placement still on the page).

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLICK, DESKTOP, PHONE, auditScreens, outDir, smallerSides, useHarness, waitConnected } from "./harness";

async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = new RegExp(`^${name} (\\d+)$`, "m").exec(text);
  if (!m) throw new Error(`${name} is not in /metrics`);
  return Number(m[1]);
}

async function takeBackThenConfirm(page: Page, base: string, shot: string, phone: boolean): Promise<void> {
  const audit = auditScreens();
  await page.goto(`${base}/`);
  await waitConnected(page);
  await page.getByRole("textbox", { name: "Your name" }).fill("Ada");
  await page.getByRole("button", { name: "Play now against the computer" }).click(CLICK);
  const cells = page.locator("[data-cell]");
  await cells.first().waitFor({ timeout: 20_000 });
  const squares = await cells.evaluateAll((els) => els.map((e) => e.getAttribute("data-cell") ?? ""));
  const commands = await metric(base, "carc_commands_total");
  const previews = await metric(base, "carc_placement_previews_total");

  // The first square, confirmed: its follower step shows on the tile, nothing is sent.
  const first = squares[0]!;
  await page.locator(`[data-cell="${first}"]`).click(CLICK);
  await page.locator("[data-preview]").waitFor(CLICK);
  await page.locator("#confirm:not([disabled])").click(CLICK);
  await page.locator("#take-back").waitFor(CLICK);
  await page.locator("[data-spot]").first().waitFor(CLICK);
  expect(await page.locator("[data-cell]").count()).toBe(0);  // the spots are the choice now
  // The view comes to the tile so that each spot is a finger's size on the phone, and at least
  // 24 px for a mouse (WCAG 2.5.8).
  const sizes = await smallerSides(page, "[data-spot]");
  console.log(`follower spots on the ${phone ? "phone" : "desktop"}: smallest ${Math.min(...sizes).toFixed(1)} px`);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(phone ? 44 : 24);
  expect(await page.locator("#prompt").textContent()).toContain("take the tile back");
  await page.screenshot({ path: join(outDir, shot) });
  await audit.check(page, "take-back");
  expect(await metric(base, "carc_commands_total")).toBe(commands);
  expect(await metric(base, "carc_placement_previews_total")).toBe(previews + 1);

  // Taken back: the squares again, the tile still previewed where it was, nothing sent.
  await page.locator("#take-back").click(CLICK);
  await page.locator("#confirm").waitFor(CLICK);
  expect(await page.locator("#take-back").count()).toBe(0);
  expect(await page.locator("[data-spot]").count()).toBe(0);
  expect(await page.locator("[data-cell]").count()).toBe(squares.length);
  expect(await metric(base, "carc_commands_total")).toBe(commands);

  // Another square (the same one turned, where only one is legal), confirmed with a follower.
  const second = squares.find((s) => s !== first) ?? first;
  await page.locator(`[data-cell="${second}"]`).click(CLICK);
  if (second === first) await page.locator("#rotate:not([disabled])").click(CLICK);
  await page.locator("#confirm:not([disabled])").click(CLICK);
  await page.locator("#take-back").waitFor(CLICK);
  await page.locator("[data-spot]").first().click(CLICK);
  const [x, y] = second.split(",");
  // Placed there, with the follower, by the two commands sent on the choice.
  await page.locator(`svg.board-svg g[data-x="${x}"][data-y="${y}"]`).waitFor({ timeout: 10_000 });
  // The follower went on it (the log says so); a feature the tile completed has scored it and
  // given it back at once, else it stands there.
  await page.locator(".card.log li", { hasText: "Ada put a follower on the" }).first().waitFor({ timeout: 10_000 });
  const returned = ((await page.locator(".card.log").textContent()) ?? "").includes("Ada scores");
  if (!returned) expect(await page.locator(`[data-follower*="@${x},${y}/"]`).count()).toBe(1);
  // The placement and its follower (the computer's moves may follow at once).
  expect(await metric(base, "carc_commands_total")).toBeGreaterThanOrEqual(commands + 2);
}

describe("taking a placement back", () => {
  const harness = useHarness();

  it("on a desktop: spots shown before anything is sent, taken back, another square confirmed", async () => {
    const page = await harness.newPage(DESKTOP);
    await takeBackThenConfirm(page, harness.base, "take-back-desktop.png", false);
    expect(harness.pageErrors).toEqual([]);
  });

  it("on a phone: the same, with finger-sized spots on the previewed tile", async () => {
    const page = await harness.newPage(PHONE);
    await takeBackThenConfirm(page, harness.base, "take-back-phone.png", true);
    expect(harness.pageErrors).toEqual([]);
  });
});
