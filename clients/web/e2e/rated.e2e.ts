// A rated game end to end in Chromium against a real carcassonne-server (docs/ratings.md).
//
// Ann and Bob sign up, then play four rated games against each other from the command line
// (`carcassonne login`, `carcassonne bot --create --rated` and `bot --room CODE`), so that the
// fifth, in the browser, takes both onto the base game's leaderboard (5 rated games). In the
// browser Ann creates a rated room of three, seats an easy computer player (its yardstick rating
// counts for them and never moves), Bob opens the invite link (signed in, it seats
// him), and they play the game to its
// end by clicking. Then:
// - each page's final table shows every seat's rating change: Ann's and Bob's new rating and
//   difference are those of the game's entry in their rating history (GET /api/players/NAME),
//   the computer's seat a dash;
// - the leaderboard page lists both with the ranks, ratings and games of GET /api/leaderboard;
// - each profile page shows the API's rating, mu, sigma and games, and its chart's table a row
//   per rated game.
// Screenshots in CARC_E2E_OUT: rated-final.png, rated-leaderboard.png, rated-profile.png; every
// screen is checked with axe.

import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  E2E_PASSWORD,
  allOver,
  auditScreens,
  cliPath,
  createRoomFromForm,
  outDir,
  playUntil,
  readyUp,
  signUp,
  sleep,
  startGame,
  useHarness,
  waitConnected,
} from "./harness";

interface Belief {
  mu: number;
  sigma: number;
  rating: number;
}
interface HistoryEntry {
  game_id: number;
  room: string;
  place: number;
  left: boolean;
  before: Belief;
  after: Belief;
}
interface PoolRating extends Belief {
  pool: string;
  games: number;
  provisional: boolean;
  stronger_than: string | null;
  history: HistoryEntry[];
}
interface Leaderboard {
  players: (Belief & { rank: number; name: string; games: number })[];
  computers: (Belief & { level: string })[];
}

/** Runs the command-line client with `args`; its standard error line by line to `onLine`. */
function cli(args: string[], configDir: string, input?: string, onLine?: (line: string) => void): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cliPath, args, { env: { ...process.env, CARC_CONFIG_DIR: configDir }, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let pending = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
      pending += c.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onLine?.(line);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
    child.stdin.end(input ?? "");
  });
}

/** One rated game of two seats from the command line: Ann's process creates it, Bob's joins. */
async function cliRatedGame(ws: string, dirs: { ann: string; bob: string }, seed: number): Promise<void> {
  let joined: Promise<{ code: number | null; out: string }> | undefined;
  const created = cli(["bot", "--server", ws, "--create", "--rated", "--players", "2", "--seed", String(seed), "--timeout", "60"], dirs.ann, undefined, (line) => {
    const room = /^room ([A-Z2-9]{8})$/.exec(line)?.[1];
    if (room && !joined) joined = cli(["bot", "--server", ws, "--room", room, "--seed", String(seed + 100), "--timeout", "60"], dirs.bob);
  });
  const ann = await created;
  expect(joined, ann.out).toBeDefined();
  const bob = await joined!;
  expect(ann.code, ann.out).toBe(0);
  expect(bob.code, bob.out).toBe(0);
}

/** GET `path` of the server, as JSON. */
async function api<T>(base: string, path: string): Promise<T> {
  const r = await fetch(`${base}${path}`);
  expect(r.status, path).toBe(200);
  return (await r.json()) as T;
}

async function baseRating(base: string, name: string): Promise<PoolRating> {
  const profile = await api<{ ratings: PoolRating[] }>(base, `/api/players/${name}`);
  const pool = profile.ratings.find((r) => r.pool === "base");
  expect(pool, `${name}'s base rating`).toBeDefined();
  return pool!;
}

/** The final table's rating cells by player name: the new rating and difference, or "–". */
async function ratingCells(page: Page): Promise<Record<string, { text: string; rating: number | null; difference: number | null }>> {
  return page.evaluate(() => {
    const out: Record<string, { text: string; rating: number | null; difference: number | null }> = {};
    for (const tr of document.querySelectorAll("table.final-table tbody tr")) {
      const name = tr.querySelector("th")?.textContent ?? "";
      const cell = tr.querySelector<HTMLElement>("td.rating-change");
      const number = (attr: string) => (cell?.hasAttribute(attr) ? Number(cell.getAttribute(attr)) : null);
      const key = name.includes("Ann") ? "Ann" : name.includes("Bob") ? "Bob" : "computer";
      out[key] = { text: (cell?.firstChild?.textContent ?? "").trim(), rating: number("data-rating"), difference: number("data-difference") };
    }
    return out;
  });
}

describe("a rated game in the browser", () => {
  // Two account pages and the command line share 127.0.0.1: room for them on the API's lanes.
  const harness = useHarness(["--api-per-address", "16"]);
  const audit = auditScreens();

  // The easy level: its yardstick counts as the hard one's would, and it answers at once where the
  // hard one thinks a second a move (about 24 s of this game).
  it("two accounts and an easy computer finish a rated game; the final table, leaderboard and profiles agree with the API", async () => {
    if (cliPath === "") throw new Error("CARC_CLI_PATH is not set (the carcassonne tool)");
    const base = harness.base;
    const ws = base.replace(/^http/, "ws");
    const started = Date.now();
    const ann = await harness.newPage(DESKTOP);
    const bob = await harness.newPage(DESKTOP);
    await signUp(ann, base, "Ann");
    await signUp(bob, base, "Bob");

    // Four rated games from the command line, each player signed in by `carcassonne login`.
    const root = mkdtempSync(join(tmpdir(), "carc-rated-"));
    const dirs = { ann: join(root, "ann"), bob: join(root, "bob") };
    writeFileSync(join(root, "password"), `${E2E_PASSWORD}\n`);
    for (const [name, dir] of [["Ann", dirs.ann], ["Bob", dirs.bob]] as const) {
      const login = await cli(["login", "--server", ws, name], dir, `${E2E_PASSWORD}\n`);
      expect(login.code, login.out).toBe(0);
    }
    for (let game = 0; game < 4; game++) await cliRatedGame(ws, dirs, 10 + game);
    expect((await baseRating(base, "Ann")).games).toBe(4);
    expect((await baseRating(base, "Bob")).games).toBe(4);
    // Four games are not five: neither is on the leaderboard yet.
    expect((await api<Leaderboard>(base, "/api/leaderboard?pool=base")).players).toEqual([]);
    console.log(`four command-line rated games took ${Date.now() - started} ms`);

    // Ann creates a rated room of three and seats an easy computer player; Bob joins by the link.
    await ann.goto(`${base}/`);
    await waitConnected(ann);
    await ann.getByLabel("Seats", { exact: true }).selectOption("3");
    await ann.getByLabel("Rated game").check();
    const code = await createRoomFromForm(ann);
    await ann.getByRole("heading", { name: `Room ${code} Rated` }).waitFor();
    await ann.getByLabel("Level of the computer player for seat 3").selectOption("easy");
    await ann.getByRole("button", { name: "Add computer player to seat 3" }).click();
    await ann.locator('li.seat[data-seat="2"] .badge.computer').waitFor({ timeout: 15_000 });
    expect(await ann.locator('li.seat[data-seat="2"] .badge.computer').textContent()).toBe("Computer · Easy");
    await audit.check(ann, "rated-lobby");
    // Signed in, the invite link seats him under his account's name.
    await bob.goto(`${base}/r/${code}`);
    await waitConnected(bob);
    await bob.getByRole("heading", { name: `Room ${code} Rated` }).waitFor({ timeout: 15_000 });
    await readyUp(ann, bob, "Bob");
    await startGame(ann);

    const actions = await playUntil([ann, bob], () => allOver([ann, bob]), "rated game");
    console.log(`rated game: ${actions} actions by clicking, ${Date.now() - started} ms so far`);

    // The ratings are written with the archive, just after the end: the table shows them then.
    for (const page of [ann, bob]) {
      await page.locator("table.final-table td.rating-change[data-rating]").first().waitFor({ timeout: 15_000 });
    }
    const annRating = await baseRating(base, "Ann");
    const bobRating = await baseRating(base, "Bob");
    const entries = { Ann: annRating, Bob: bobRating };
    for (const page of [ann, bob]) {
      const cells = await ratingCells(page);
      expect(cells.computer?.text).toBe("–");
      expect(cells.computer?.rating).toBeNull();
      for (const name of ["Ann", "Bob"] as const) {
        const entry = entries[name].history.find((h) => h.room === code);
        expect(entry, `${name}'s history of room ${code}`).toBeDefined();
        expect(cells[name]?.rating).toBe(entry!.after.rating);
        expect(cells[name]?.difference).toBe(entry!.after.rating - entry!.before.rating);
        expect(entries[name].rating).toBe(entry!.after.rating);
        expect(entries[name].games).toBe(5);
        expect(entries[name].provisional).toBe(false);
      }
    }
    await ann.screenshot({ path: join(outDir, "rated-final.png"), fullPage: true });
    await audit.check(ann, "rated-final");
    console.log(`final table: Ann ${JSON.stringify((await ratingCells(ann)).Ann)}, Bob ${JSON.stringify((await ratingCells(ann)).Bob)}`);

    // The leaderboard page: both, as the API ranks them.
    const board = await api<Leaderboard>(base, "/api/leaderboard?pool=base");
    expect(board.players.map((p) => p.name).sort()).toEqual(["Ann", "Bob"]);
    await ann.goto(`${base}/leaderboard`);
    const rows = ann.locator("table.leaderboard tbody tr");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td, th")].map((c) => (c.textContent ?? "").trim())),
    );
    expect(shown).toEqual(board.players.map((p) => [String(p.rank), p.name, p.rating.toLocaleString("en-US"), String(p.games)]));
    // Beside them, the computer players' fixed ratings, as the API gives them.
    expect(board.computers.map((c) => c.level)).toEqual(["easy", "medium", "hard"]);
    const levels = board.computers.map((c) => `${c.level[0]!.toUpperCase()}${c.level.slice(1)} ${c.rating.toLocaleString("en-US")}`).join(" · ");
    expect(await ann.locator("#leaderboard-computers").textContent()).toBe(`The computer players, whose ratings never move: ${levels}.`);
    await ann.screenshot({ path: join(outDir, "rated-leaderboard.png"), fullPage: true });
    await audit.check(ann, "rated-leaderboard");

    // Each profile: the API's figures, and a row of the chart's table per rated game.
    for (const [name, rating] of [["Ann", annRating], ["Bob", bobRating]] as const) {
      await bob.goto(`${base}/players/${name}`);
      await bob.getByRole("heading", { name: `Player ${name}` }).waitFor();
      const pool = bob.locator('.pool-rating[data-pool="base"]');
      await pool.waitFor({ timeout: 10_000 });
      const figure = async (f: string) => (await pool.locator(`dd[data-figure="${f}"]`).textContent()) ?? "";
      expect(await figure("rating")).toBe(rating.rating.toLocaleString("en-US"));
      expect(Number(await figure("mu"))).toBeCloseTo(rating.mu, 2);
      expect(Number(await figure("sigma"))).toBeCloseTo(rating.sigma, 2);
      expect(await figure("games")).toBe("5");
      expect(await pool.locator(".badge.provisional").count()).toBe(0);
      // Which computer player the rating is above, as the API says (none below the easiest).
      const above = pool.locator(".stronger-than");
      if (rating.stronger_than === null) expect(await above.count()).toBe(0);
      else expect(await above.textContent()).toMatch(new RegExp(`^Rated above the computer player ${rating.stronger_than}\\.$`, "i"));
      const chart = bob.locator('.rating-chart-figure[data-pool="base"]');
      expect(await chart.locator("tbody tr").count()).toBe(rating.history.length);
      expect(await chart.locator("svg").count()).toBe(1);
      // The latest games link the accounts' names, not the computer's.
      const latest = bob.locator("li.game-row").first();
      await latest.waitFor({ timeout: 10_000 });
      expect(await latest.locator(".game-players").textContent()).toContain("Computer 3");
      expect(await latest.locator("a.player-name", { hasText: "Computer" }).count()).toBe(0);
      if (name === "Bob") await bob.screenshot({ path: join(outDir, "rated-profile.png"), fullPage: true });
      await audit.check(bob, `rated-profile-${name}`);
    }
    expect(harness.pageErrors).toEqual([]);
    await sleep(0);
    console.log(`rated flow took ${Date.now() - started} ms`);
  });
});
