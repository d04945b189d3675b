// Leaving a game under way (issue: the table, round three, point 4), end to end in Chromium
// against a real carcassonne-server (grace period 30 s): Bob taps "Leave the room" and is asked
// first; he confirms; Ann's page shows him away with the time left before a computer plays for
// him, counting down; Bob's home page offers his seat back, and one tap puts him at his seat
// again, in the same game, which Ann's page shows. Bob leaves again, and Ann lets a computer
// play for him at once rather than wait out the 30 s.
//
// Screenshots in CARC_E2E_OUT: leave-away.png (Ann's page, Bob away), leave-back.png (Bob's home
// page with the way back).

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, auditScreens, createRoomFromForm, inviteLink, joinRoom, openAs, outDir, readyUp, startGame, useHarness } from "./harness";

describe("leaving a game under way", () => {
  const harness = useHarness(["--grace-period", "30"]);
  const audit = auditScreens();

  it("asks first, shows the others a countdown, and gives the seat back to the same browser", async () => {
    const base = harness.base;
    const ann = await harness.newPage(DESKTOP);
    const bob = await harness.newPage(PHONE);
    await openAs(ann, `${base}/`, "Ann");
    const code = await createRoomFromForm(ann);
    await openAs(bob, await inviteLink(ann, base, code), "Bob");
    await joinRoom(bob, code);
    await readyUp(ann, bob, "Bob");
    await startGame(ann);
    for (const page of [ann, bob]) await page.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });

    // Asked first: cancelled, nothing happens; confirmed, Bob is home.
    const asked: string[] = [];
    let accept = false;
    bob.on("dialog", (d) => {
      asked.push(d.message());
      void (accept ? d.accept() : d.dismiss());
    });
    await bob.locator("#leave").click();
    expect(asked.length).toBe(1);
    expect(asked[0]).toContain("take your seat back from this browser");
    expect(await bob.locator("svg.board-svg").count()).toBe(1);
    accept = true;
    await bob.locator("#leave").click();
    const back = bob.getByRole("button", { name: "Back to my seat" });
    await back.waitFor({ timeout: 10_000 });
    expect(await bob.locator(".back-to-seat").textContent()).toContain(code);
    await bob.screenshot({ path: join(outDir, "leave-back.png") });
    await audit.check(bob, "leave-back");

    // Ann sees Bob away, and the time left counting down.
    const away = ann.locator('ol.players li[data-seat="1"] .badge.away');
    await away.waitFor({ timeout: 10_000 });
    const first = (await away.textContent()) ?? "";
    expect(first).toMatch(/^Away · 0:(30|[12]\d|0[1-9])$/);
    await expect.poll(async () => (await away.textContent()) ?? "", { timeout: 4_000 }).not.toBe(first);
    await ann.screenshot({ path: join(outDir, "leave-away.png") });
    await audit.check(ann, "leave-away");

    // One tap: Bob at his seat again, in the same room.
    await back.click();
    await bob.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => bob.locator("ol.players li", { hasText: "Bob (you)" }).count(), { timeout: 10_000 }).toBe(1);
    expect(await bob.locator("h2").first().textContent()).toBe(code);
    await expect.poll(() => ann.locator('ol.players li[data-seat="1"] .badge.online').count(), { timeout: 10_000 }).toBe(1);
    // Used once: the home page no longer offers it.
    expect(await bob.evaluate(() => localStorage.getItem("carc.leftGame"))).toBeNull();

    // Bob goes again; Ann need not wait out his grace period: a computer plays for him at once.
    await bob.locator("#leave").click();
    await back.waitFor({ timeout: 10_000 });
    const now = ann.locator('section.away-notice button[data-end-grace="1"]');
    await now.waitFor({ timeout: 10_000 });
    expect(await now.textContent()).toBe("Let a computer play now");
    await audit.check(ann, "away-notice");
    const clicked = Date.now();
    await now.click();
    await ann.locator('[data-stand-in="1"]').first().waitFor({ timeout: 5_000 });
    console.log(`a computer stood in ${Date.now() - clicked} ms after "Let a computer play now" (grace period 30 s)`);
    expect(await ann.locator("section.away-notice").count()).toBe(0);
    expect(harness.pageErrors).toEqual([]);
  });
});
