// Friends and invitations end to end in Chromium against a real carcassonne-server: Ann (a
// desktop) and Bob (a 390x844 phone) sign up. Bob follows Ann from her profile (the button then
// says "Following"). Ann creates a turn-based room of two (a day per move, from the form's
// advanced settings), opens her account page over the lobby, where Bob
// is listed among her followers, follows the link to his profile and invites him to the room she
// sits in ("Invitation sent."). Bob's home page shows the invitation from Ann; he accepts and is
// seated in the room's lobby. Once the game runs, each one's "Your games" says whose turn it is
// ("Your turn" for the one to move, "Ann's turn" or "Bob's turn" for the other), as
// GET /api/me/games answers, with the time left of the turn (a day per move plus the reserve of
// 3 days, from the game's deadline). Every screen visited is checked with axe.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  accountLink,
  auditScreens,
  createRoomFromForm,
  openAdvancedRules,
  readyUp,
  signUp,
  startGame,
  useHarness,
  waitConnected,
} from "./harness";

interface MyRoom {
  room: string;
  to_move: number;
  your_turn: boolean;
  players: string[];
  turn_based: boolean;
  deadline: number | null;
}

/** GET /api/me/games as the page's session sees it: the room `code`'s entry. */
async function myRoom(page: Page, code: string): Promise<MyRoom | undefined> {
  const games = (await page.evaluate(() => fetch("/api/me/games").then((r) => r.json()))) as { in_progress: MyRoom[] };
  return games.in_progress.find((r) => r.room === code);
}

/** Opens the account page over the room and reads what "Your games" says of the room's turn. */
async function turnShown(page: Page, code: string): Promise<string> {
  await accountLink(page).click();
  await page.getByRole("heading", { name: "Your account", exact: true }).waitFor();
  const turn = page.locator(`li[data-room="${code}"] #room-${code}-turn`);
  await turn.waitFor({ timeout: 10_000 });
  return (await turn.textContent()) ?? "";
}

describe("friends and invitations", () => {
  // Ann's and Bob's browsers both come from 127.0.0.1, where two real players would have an
  // address each: the API threads' share of one address is made room for two account pages.
  const harness = useHarness(["--api-per-address", "16"]);
  const audit = auditScreens();

  it("follows from a profile, invites to a room, accepts on the home page, and says whose turn it is", async () => {
    const base = harness.base;
    const started = Date.now();
    const ann = await harness.newPage(DESKTOP);
    const bob = await harness.newPage(PHONE);
    await signUp(ann, base, "Ann");
    await signUp(bob, base, "Bob");

    // Bob follows Ann from her profile.
    await bob.goto(`${base}/players/Ann`);
    await bob.getByRole("heading", { name: "Player Ann" }).waitFor();
    const follow = bob.locator("#profile-follow");
    await expect.poll(() => follow.textContent(), { timeout: 10_000 }).toBe("Follow");
    // He sits in no room: nothing to invite Ann to.
    expect(await bob.locator("#profile-invite").count()).toBe(0);
    await follow.click();
    await expect.poll(() => follow.textContent(), { timeout: 10_000 }).toBe("Following");
    await audit.check(bob, "profile-following");

    // Ann creates a room and, from her account page over the lobby, opens Bob's profile: he
    // follows her.
    await ann.goto(`${base}/`);
    await waitConnected(ann);
    await ann.getByLabel("Seats", { exact: true }).selectOption("2");
    await openAdvancedRules(ann);
    await ann.getByLabel("Turn-based: a game over days, no live clock").check();
    await ann.getByLabel("Time per move").selectOption({ label: "1 day" });
    const code = await createRoomFromForm(ann);
    await ann.getByRole("heading", { name: `Room ${code} Turn-based` }).waitFor();
    await accountLink(ann).click();
    const followers = ann.locator('a[href="/players/Bob"]');
    await followers.waitFor({ timeout: 10_000 });
    await audit.check(ann, "account-friends");
    await followers.click();
    await ann.getByRole("heading", { name: "Player Bob" }).waitFor();
    // One room: named, not a choice.
    await expect.poll(() => ann.locator("#invite-room").textContent(), { timeout: 10_000 }).toBe(`Carcassonne, room ${code}`);
    const sent = ann.waitForResponse((r) => new URL(r.url()).pathname === "/api/invitations");
    await ann.locator("#profile-invite").click();
    expect((await sent).status()).toBe(201);
    await expect.poll(() => ann.locator("#profile-social-status").textContent()).toBe("Invitation sent.");
    await audit.check(ann, "profile-invited");
    // Back: the lobby, her seat kept.
    await ann.locator("#account-back").click();
    await ann.getByRole("heading", { name: `Room ${code}` }).waitFor();

    // Bob's home page shows the invitation; he accepts and sits in the lobby.
    await bob.goto(`${base}/`);
    await waitConnected(bob);
    const invitation = bob.locator("li.invitation", { hasText: "Ann" });
    await invitation.waitFor({ timeout: 10_000 });
    expect(await invitation.locator("p").textContent()).toBe(`Ann invites you to play Carcassonne · Room ${code}`);
    await audit.check(bob, "home-invitation");
    const accepted = bob.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/accept"));
    await invitation.getByRole("button", { name: "Accept" }).click();
    expect((await accepted).status()).toBe(200);
    await bob.getByRole("heading", { name: `Room ${code}` }).waitFor({ timeout: 15_000 });
    await bob.locator("li.seat", { hasText: "Bob" }).waitFor();
    expect(new URL(bob.url()).pathname).toBe(`/r/${code}`);
    await audit.check(bob, "lobby-accepted");

    // The game runs: each one's games say whose turn it is, as the server does.
    await readyUp(ann, bob, "Bob");
    await startGame(ann);
    await ann.getByRole("button", { name: "Resign" }).waitFor({ timeout: 15_000 });
    await bob.getByRole("button", { name: "Resign" }).waitFor({ timeout: 15_000 });
    const annRoom = await myRoom(ann, code);
    const bobRoom = await myRoom(bob, code);
    expect(annRoom?.players).toEqual(["Ann", "Bob"]);
    expect(annRoom?.to_move).toBe(bobRoom?.to_move);
    expect([annRoom?.your_turn, bobRoom?.your_turn].sort()).toEqual([false, true]);
    // A day per move and the form's reserve of 3 days, from the start: the deadline is 4 days
    // after now (give or take the test's own time).
    expect(annRoom?.turn_based).toBe(true);
    const left = (annRoom?.deadline ?? 0) - Date.now() / 1000;
    expect(left).toBeGreaterThan(4 * 86_400 - 120);
    expect(left).toBeLessThanOrEqual(4 * 86_400);
    expect(bobRoom?.deadline).toBe(annRoom?.deadline);
    const mover = annRoom!.players[annRoom!.to_move]!;
    const annSees = await turnShown(ann, code);
    const bobSees = await turnShown(bob, code);
    expect(annSees).toBe(annRoom?.your_turn ? "Your turn" : `${mover}'s turn`);
    expect(bobSees).toBe(bobRoom?.your_turn ? "Your turn" : `${mover}'s turn`);
    // Each row says how long the turn has left.
    for (const page of [ann, bob]) {
      const badge = page.locator(`#room-${code}-deadline`);
      expect(await badge.textContent()).toBe("3 days 23 hours left");
    }
    console.log(`whose turn: Ann sees "${annSees}", Bob sees "${bobSees}" (to_move ${annRoom?.to_move})`);
    await audit.check(ann, "account-turn");
    await audit.check(bob, "account-turn-phone");
    expect(harness.pageErrors).toEqual([]);
    console.log(`invitations flow took ${Date.now() - started} ms`);
  });
});
