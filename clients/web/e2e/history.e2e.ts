// A player's history end to end in Chromium against a real carcassonne-server with profiles
// (GET /api/players/{name}), the player's own games (GET /api/me/games), claims, the data's export
// and the account's deletion. On a 390x844 phone Ann plays as a guest against an easy computer and
// resigns (the server plays her turns out), takes the rematch, and signs up from the game: the
// page claims both games with the resume tokens it kept (POST /api/me/claims: 1 finished, 1 in
// progress) and stays in the rematch. Her account page lists the rematch's room as not finished
// and the first game as finished, with its replay. On a desktop she signs in with her password,
// goes back into the rematch's room from "Your games" (the seat the account's, granted without a
// resume token) and keeps it over a reload and a dropped connection; the phone, whose seat the
// desktop took, shows its connection closed. The desktop closed, the phone connects again,
// signed in, returns to the rematch from "Your games" and plays it to its end (she resigns, the
// server plays her seat out). Her profile at /players/Ann then says what GET /api/players/Ann
// answers: two base games played, won as the final tables said, both listed newest first, and
// the signed-in game's replay opens at /replay/ID. She downloads her data, then deletes her
// account after typing its name: the phone is home and signed out, and her password no longer
// signs her in. Every screen is checked with axe.
//
// Screenshots in CARC_E2E_OUT: history-account.png, history-profile.png (the phone).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, accountLink, finalTotals, auditScreens, createRoomFromForm, openAs, outDir, phoneLayout, sendAccountForm, startGame, useHarness, waitConnected } from "./harness";

const PASSWORD = "correct horse battery staple";

/**
 * Resigns the game on the page and waits for its final table: the server plays her turns (and a
 * computer its own) to the end. 1 when no seat outscored hers (played out, hers may still win).
 */
async function resignToTheEnd(page: Page): Promise<number> {
  await page.getByRole("button", { name: "Resign" }).click();
  await page.locator("#final #rematch").waitFor({ timeout: 120_000 });
  const totals = await finalTotals(page);
  return totals["0"]! >= Math.max(...Object.values(totals)) ? 1 : 0;
}

describe("a player's history", () => {
  const harness = useHarness();
  const audit = auditScreens();

  it("lists the games, opens a profile and a replay, rejoins a room, exports and deletes the account", async () => {
    const base = harness.base;
    const phone = await harness.newPage(PHONE);
    phone.on("dialog", (d) => void d.accept()); // "Resign?"

    // Ann plays as a guest: one game, resigned at once (the server plays her turns and the
    // computer its own), then the rematch.
    await openAs(phone, `${base}/`, "Ann");
    await phone.getByLabel("Seats", { exact: true }).selectOption("2");
    const first = await createRoomFromForm(phone);
    await phone.getByLabel("Level of the computer player for seat 2").selectOption("easy");
    await phone.getByRole("button", { name: "Add computer player to seat 2" }).click();
    await phone.locator('li.seat[data-seat="1"] .badge.computer').waitFor({ timeout: 15_000 });
    const started = Date.now();
    await startGame(phone);
    const won = await resignToTheEnd(phone);
    console.log(`game played out in ${Date.now() - started} ms`);
    await phone.locator("#final #rematch").click();
    const roomOf = () => /\/r\/([A-Z2-9]{8})/.exec(phone.url())?.[1] ?? "";
    // The page passes through home on its way: a code, and another.
    await expect.poll(() => [first, ""].includes(roomOf()), { timeout: 15_000 }).toBe(false);
    const rematch = roomOf();
    await phone.getByRole("button", { name: "Resign" }).waitFor({ timeout: 15_000 });

    // She signs up from the game: the page claims both games with the resume tokens it kept.
    const claimed = phone.waitForResponse((r) => new URL(r.url()).pathname === "/api/me/claims");
    await accountLink(phone).click();
    await phone.locator("#account-mode").click();
    await sendAccountForm(phone, "Ann", PASSWORD);
    const claim = await claimed;
    expect(claim.status()).toBe(200);
    expect(await claim.json()).toEqual({ finished: 1, in_progress: 1 });
    await expect.poll(() => accountLink(phone).textContent(), { timeout: 10_000 }).toBe("Your account: Ann");
    // Back in the rematch, connected again with the session.
    await expect.poll(() => new URL(phone.url()).pathname).toBe(`/r/${rematch}`);
    await waitConnected(phone);
    await phone.getByRole("button", { name: "Resign" }).waitFor({ timeout: 15_000 });

    // The account page: the rematch not finished, with the way back; the first game finished.
    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Your games" }).waitFor();
    const room = phone.locator(`li[data-room="${rematch}"]`);
    await room.waitFor({ timeout: 10_000 });
    expect(await room.textContent()).toContain("Under way");
    expect(await room.getByRole("button").textContent()).toBe("Return to the game");
    const finished = phone.locator("li.game-row[data-game]");
    expect(await finished.count()).toBe(1);
    const gameId = (await finished.getAttribute("data-game")) ?? "";
    expect(await finished.locator("a.button-link").getAttribute("href")).toBe(`/replay/${gameId}`);
    expect(await finished.locator(".badge.won").count()).toBe(won);
    const layout = await phoneLayout(phone, ["#sign-out"]);
    expect(layout.small).toEqual([]);
    await phone.screenshot({ path: join(outDir, "history-account.png"), fullPage: true });
    await audit.check(phone, "account-games");

    // A desktop, signed in with the password, goes back into the rematch's room from its list.
    const desktop = await harness.newPage(DESKTOP);
    // Its WebSockets pass through the test, which can drop one (both sides).
    const sockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    await desktop.routeWebSocket(/\/ws$/, (page) => void sockets.push({ page, server: page.connectToServer() }));
    await desktop.goto(`${base}/sign-in`);
    await waitConnected(desktop);
    await sendAccountForm(desktop, "Ann", PASSWORD);
    await expect.poll(() => accountLink(desktop).textContent(), { timeout: 10_000 }).toBe("Your account: Ann");
    await accountLink(desktop).click();
    await desktop.locator(`li[data-room="${rematch}"] button`).click({ timeout: 10_000 });
    await expect.poll(() => new URL(desktop.url()).pathname, { timeout: 15_000 }).toBe(`/r/${rematch}`);
    await desktop.locator("svg.board-svg").first().waitFor({ timeout: 15_000 });
    await audit.check(desktop, "rejoined");
    // The seat is the account's, granted without a resume token: a reload takes it back by the
    // room's address under the account's name, none typed in this browser.
    expect(await desktop.evaluate(() => localStorage.getItem("carc.resume_token"))).toBeNull();
    await desktop.reload();
    await waitConnected(desktop);
    await desktop.getByRole("button", { name: "Resign" }).waitFor({ timeout: 15_000 });
    // And so does a dropped connection: the page joins the room again by its code.
    const dropped = sockets.at(-1)!;
    await dropped.server.close();
    await dropped.page.close({ code: 1012, reason: "restart" });
    await expect.poll(() => desktop.locator("#connection").getAttribute("data-status")).not.toBe("ready");
    await waitConnected(desktop);
    expect(sockets.at(-1)).not.toBe(dropped);
    await desktop.getByRole("button", { name: "Resign" }).waitFor({ timeout: 15_000 });
    expect(new URL(desktop.url()).pathname).toBe(`/r/${rematch}`);

    // The desktop took the seat from the phone, whose connection is closed (not opened again by
    // itself). The desktop closed, the phone (signed in) connects again, goes back into the
    // rematch from her list and plays it to its end: she resigns, the server plays her seat out.
    await expect.poll(() => phone.locator("#connection").getAttribute("data-status")).toBe("closed");
    await desktop.context().close();
    await phone.getByRole("button", { name: "Reconnect" }).click();
    await waitConnected(phone);
    await accountLink(phone).click();
    await phone.locator(`li[data-room="${rematch}"] button`).click({ timeout: 10_000 });
    await expect.poll(() => new URL(phone.url()).pathname, { timeout: 15_000 }).toBe(`/r/${rematch}`);
    const wonRematch = await resignToTheEnd(phone);
    expect(await accountLink(phone).textContent()).toBe("Your account: Ann");
    await audit.check(phone, "final-signed-in");

    // Her profile, from its address, as the server answers it to her: two base games played,
    // won as the final tables said, the signed-in one first with its replay. Both rooms were
    // private: a stranger sees the tally and not the games.
    const stranger = (await (await fetch(`${base}/api/players/Ann`)).json()) as { games: unknown[]; recent: unknown[] };
    expect(stranger.games.length).toBe(1);
    expect(stranger.recent).toEqual([]);
    const session = (await phone.context().cookies()).find((c) => c.name === "carc_session");
    expect(session).toBeDefined();
    const answer = await fetch(`${base}/api/players/Ann`, { headers: { Cookie: `carc_session=${session!.value}` } });
    expect(answer.status).toBe(200);
    const profile = (await answer.json()) as { games: { game: string; played: number; won: number }[]; recent: { id: number; room: string; won: boolean }[] };
    expect(profile.games).toEqual([{ game: "base", played: 2, won: won + wonRematch }]);
    expect(profile.recent.map((g) => [g.room, g.won])).toEqual([[rematch, wonRematch === 1], [first, won === 1]]);
    const signedInGame = profile.recent[0]!.id;
    expect(String(profile.recent[1]!.id)).toBe(gameId);
    await phone.goto(`${base}/players/Ann`);
    await phone.getByRole("heading", { name: "Player Ann" }).waitFor();
    await phone.locator("table.game-counts").waitFor({ timeout: 10_000 });
    const counts = await phone.locator("table.game-counts tbody tr").evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    expect(counts).toEqual(profile.games.map((g) => ["Carcassonne", String(g.played), String(g.won)]));
    const listed = phone.locator("li.game-row[data-game]");
    expect(await listed.evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute("data-game")), r.querySelector(".badge.won") !== null])))
      .toEqual(profile.recent.map((g) => [g.id, g.won]));
    await phone.screenshot({ path: join(outDir, "history-profile.png"), fullPage: true });
    await audit.check(phone, "profile");
    const replay = phone.locator(`li[data-game="${signedInGame}"] a.button-link`);
    expect(await replay.getAttribute("href")).toBe(`/replay/${signedInGame}`);
    await replay.click();
    await expect.poll(() => new URL(phone.url()).pathname).toBe(`/replay/${signedInGame}`);
    await phone.locator("svg.board-svg g.tile").first().waitFor({ timeout: 15_000 });
    await audit.check(phone, "replay-from-profile");

    // Her data, then the account deleted once its name is typed.
    await accountLink(phone).click();
    await phone.getByRole("heading", { name: "Your account", exact: true }).waitFor();
    const [download] = await Promise.all([phone.waitForEvent("download"), phone.locator("#data-download").click()]);
    const data = JSON.parse(readFileSync((await download.path())!, "utf8")) as Record<string, unknown>;
    expect(JSON.stringify(data)).toContain("Ann");
    await phone.getByLabel(/^To confirm, type your account's name/).fill("Anne");
    await phone.locator("#delete-account").click();
    await expect.poll(() => phone.locator("#delete-name-error").textContent(), { timeout: 10_000 }).toBe("This is not your account's name.");
    await audit.check(phone, "delete-refused");
    await phone.getByLabel(/^To confirm, type your account's name/).fill("Ann");
    await phone.locator("#delete-account").click();
    await expect.poll(() => accountLink(phone).textContent(), { timeout: 10_000 }).toBe("Sign in");
    expect(new URL(phone.url()).pathname).toBe("/");
    expect(await phone.locator(".banner").textContent()).toContain("Your account was deleted.");
    await audit.check(phone, "deleted");
    await accountLink(phone).click();
    await sendAccountForm(phone, "Ann", PASSWORD);
    await expect.poll(() => phone.locator("#account-form-error").textContent(), { timeout: 10_000 }).toBe("Wrong name or password.");
    await audit.check(phone, "sign-in-refused");
    expect(harness.pageErrors).toEqual([]);
  });
});
