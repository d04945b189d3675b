// Moderation in Chromium against a real carcassonne-server (docs/moderation.md): Ann reports a
// line of Bob's chat from their game; Moira, a moderator (named with `carcassonne-server admin
// grant`), finds the report on the moderation page with the room's chat as it was, and mutes Bob
// from it; Bob's next line is refused with the mute's reason and end. Alba, an admin, changes
// the message of the day (her audit log shows Moira's mute and the report's closing), and a guest's home page and
// Moira's show it. axe-core finds nothing on the moderation page's screens (Moira's on a phone,
// with the mute in force).
//
// Screenshots in CARC_E2E_OUT: moderation-reports-phone.png, moderation-settings.png.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  auditScreens,
  createRoomFromForm,
  outDir,
  readyUp,
  serverPath,
  signUp,
  startGame,
  useHarness,
  waitConnected,
} from "./harness";

async function say(page: Page, text: string): Promise<void> {
  await page.locator("#chat-input").fill(text);
  await page.locator("#chat-input").press("Enter");
}

describe("moderation", () => {
  const harness = useHarness(["--moderation-poll-ms", "200"]);
  const audit = auditScreens();

  it("a report handled from the queue mutes the player, who is told why; the message of the day reaches every home page", async () => {
    const base = harness.base;
    const ann = await harness.newPage(DESKTOP);
    const bob = await harness.newPage(DESKTOP);
    const moira = await harness.newPage(PHONE);
    const alba = await harness.newPage(DESKTOP);
    for (const [page, name] of [[ann, "Ann"], [bob, "Bob"], [moira, "Moira"], [alba, "Alba"]] as const) await signUp(page, base, name);
    for (const [name, role] of [["Moira", "moderator"], ["Alba", "admin"]]) {
      const granted = spawnSync(serverPath, ["admin", "--data-dir", harness.dataDir, "grant", name, role], { encoding: "utf8" });
      expect(granted.status, granted.stderr).toBe(0);
    }

    // Ann and Bob in a game; Bob is rude in the chat.
    await ann.goto(`${base}/`);
    await waitConnected(ann);
    const code = await createRoomFromForm(ann);
    // A signed-in player's invite link joins at once (the name is the account's); a form asking
    // for the name would show the Join button instead.
    await bob.goto(`${base}/r/${code}`);
    await waitConnected(bob);
    const lobby = bob.getByRole("heading", { name: new RegExp(`^Room ${code}`) });
    await expect.poll(async () => {
      if (await lobby.isVisible()) return true;
      const join = bob.getByRole("button", { name: "Join", exact: true });
      if (await join.isVisible()) await join.click();
      return false;
    }, { timeout: 15_000 }).toBe(true);
    await readyUp(ann, bob, "Bob");
    await startGame(ann);
    await say(bob, "you are all fools");
    await ann.locator(".chat-list li", { hasText: "you are all fools" }).waitFor();

    // Ann reports the line.
    await ann.getByRole("button", { name: "Report Bob's line to the moderators" }).click();
    await ann.getByLabel("Why? The moderators see the room's last chat lines too.").fill("insults in the chat");
    await ann.getByRole("button", { name: "Send the report" }).click();
    await expect.poll(() => ann.locator("#report-said").textContent(), { timeout: 10_000 }).toBe("Thank you: the moderators have your report.");

    // Moira handles it from the queue on her phone.
    await moira.goto(`${base}/admin`);
    await moira.getByRole("heading", { name: "Ann reported Bob" }).waitFor({ timeout: 10_000 });
    const report = moira.locator("li.report").first();
    await expect.poll(() => report.locator(".chat-context li").allTextContents()).toEqual(["Bob: you are all fools"]);
    expect(await report.locator("blockquote").textContent()).toBe("you are all fools");
    await moira.screenshot({ path: join(outDir, "moderation-reports-phone.png"), fullPage: true });
    await audit.check(moira, "moderation-reports-phone");
    await report.getByLabel("Mute for").selectOption("1d");
    await report.getByRole("button", { name: "Mute Bob" }).click();
    await expect.poll(() => moira.locator("#admin-said").textContent(), { timeout: 10_000 }).toMatch(/^muted Bob until .*; the report is closed\.$/);
    await moira.locator("#admin-no-reports").waitFor();
    // The mute is in force, with the report's reason.
    await expect.poll(() => moira.locator('#admin-in-force li[data-kind="mute"]').textContent()).toMatch(/Mute Bob.*insults in the chat/);
    await audit.check(moira, "moderation-reports-empty");

    // Bob's next line is refused, and the page says why and until when.
    let told = "";
    await expect.poll(async () => {
      await say(bob, "what did I do?");
      await bob.waitForTimeout(300);
      told = (await bob.locator(".banner").textContent().catch(() => "")) ?? "";
      return told;
    }, { timeout: 15_000 }).toMatch(/You are muted.*insults in the chat/);
    expect(told).toMatch(/until/);

    // Alba changes the message of the day; every home page shows it.
    await alba.goto(`${base}/admin`);
    await alba.getByRole("heading", { name: "Server settings" }).waitFor({ timeout: 10_000 });
    // The admin's audit log, newest first: Moira closed the report after her mute.
    await expect.poll(async () => (await alba.locator("#admin-audit li p:first-child").allTextContents()).slice(0, 2)).toEqual([
      "Moira close-report report 1 (actioned)",
      "Moira mute Bob (1d)",
    ]);
    await alba.getByLabel("Server name").fill("Carcassonne at the Mill");
    await alba.getByLabel("Message of the day").fill("Tournament on Saturday at 3");
    await alba.getByRole("button", { name: "Save the settings" }).click();
    await expect.poll(() => alba.locator("#admin-said").textContent(), { timeout: 10_000 }).toBe("The settings are saved.");
    await alba.screenshot({ path: join(outDir, "moderation-settings.png"), fullPage: true });
    await audit.check(alba, "moderation-settings");

    const guest = await harness.newPage(PHONE);
    // A guest's home page and a signed-in player's (Ann's and Bob's pages go back to their game).
    for (const page of [guest, moira]) {
      await page.goto(`${base}/`);
      await waitConnected(page);
      const motd = page.locator("#motd");
      await motd.waitFor({ timeout: 10_000 });
      expect(await motd.locator("h2").textContent()).toBe("Carcassonne at the Mill");
      expect(await motd.locator("p").textContent()).toBe("Tournament on Saturday at 3");
    }
    await audit.check(guest, "home-with-motd");
    expect(harness.pageErrors).toEqual([]);
  }, 240_000);
});
