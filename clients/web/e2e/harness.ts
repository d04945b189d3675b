// The harness of the browser end-to-end tests: a real carcassonne-server serving the built
// client from a scratch data directory, Chromium through playwright-core, and pages that record
// every page error.
//
// Needs CARC_SERVER_PATH (the carcassonne-server binary) and CARC_WEB_ROOT (the built client,
// e.g. build/dev/web); CARC_CLI_PATH (the carcassonne tool) for games against its bot;
// Chromium is /usr/bin/chromium unless CARC_CHROMIUM says otherwise. Screenshots go to
// CARC_E2E_OUT (default e2e-output/ beside this folder).
//
// The steps every game test takes the same way (open the page, create a room from the form, join
// it from the invite link, get ready and start, play until the final table or the deadline) are
// here too, so the tests of every game (e2e/games/<game>/) go through one lobby flow.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
export const serverPath = process.env.CARC_SERVER_PATH ?? "";
export const webRoot = process.env.CARC_WEB_ROOT ?? "";
const chromiumPath = process.env.CARC_CHROMIUM ?? "/usr/bin/chromium";
export const outDir = resolve(process.env.CARC_E2E_OUT ?? join(here, "..", "e2e-output"));

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** A tablet held upright: the phone layout (under 60rem) with more room. */
export const TABLET = { width: 768, height: 1024 };
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Fails (never skips) when the environment does not say where the server and the client are. */
export function checkEnvironment(): void {
  const problems: string[] = [];
  if (serverPath === "") problems.push("CARC_SERVER_PATH is not set (the carcassonne-server binary)");
  else if (!existsSync(serverPath)) problems.push(`CARC_SERVER_PATH=${serverPath} does not exist`);
  if (webRoot === "") problems.push("CARC_WEB_ROOT is not set (the built web client, e.g. build/dev/web)");
  else if (!existsSync(join(webRoot, "index.html"))) problems.push(`CARC_WEB_ROOT=${webRoot} has no index.html`);
  if (!existsSync(chromiumPath)) problems.push(`no Chromium at ${chromiumPath} (set CARC_CHROMIUM)`);
  if (problems.length > 0) {
    throw new Error(`The browser end-to-end tests cannot run:\n  - ${problems.join("\n  - ")}`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitForHealth(base: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last = "";
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`carcassonne-server exited (${server.exitCode ?? server.signalCode}) before /healthz answered:\n${log()}`);
    }
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (e) {
      last = String(e);
    }
    await sleep(100);
  }
  throw new Error(`carcassonne-server did not answer /healthz within 20 s (${last}):\n${log()}`);
}

export const cliPath = process.env.CARC_CLI_PATH ?? "";

/** One server and one browser; pages opened through it are closed by stop(). */
export class Harness {
  server: ChildProcess | undefined;
  serverLog = "";
  dataDir = "";
  base = "";
  browser: Browser | undefined;
  readonly contexts: BrowserContext[] = [];
  readonly pageErrors: string[] = [];

  /** `serverArgs` go to carcassonne-server after the harness's own (e.g. --game-seed). */
  async start(serverArgs: readonly string[] = []): Promise<void> {
    checkEnvironment();
    mkdirSync(outDir, { recursive: true });
    this.dataDir = mkdtempSync(join(tmpdir(), "carc-e2e-"));
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.server = spawn(
      serverPath,
      ["--bind", "127.0.0.1", "--port", String(port), "--data-dir", this.dataDir, "--web-root", webRoot, "--durability", "normal", ...serverArgs],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const keep = (chunk: Buffer) => {
      this.serverLog += chunk.toString();
      if (this.serverLog.length > 200_000) this.serverLog = this.serverLog.slice(-100_000);
    };
    this.server.stdout?.on("data", keep);
    this.server.stderr?.on("data", keep);
    await waitForHealth(this.base, this.server, () => this.serverLog);
    this.browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  }

  async stop(): Promise<void> {
    for (const c of this.contexts) await c.close().catch(() => undefined);
    await this.browser?.close().catch(() => undefined);
    const server = this.server;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise<void>((r) => server.once("exit", () => r()));
      server.kill("SIGTERM");
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) server.kill("SIGKILL");
    }
    if (this.dataDir !== "" && statSync(this.dataDir, { throwIfNoEntry: false })) {
      rmSync(this.dataDir, { recursive: true, force: true });
    }
  }

  /**
   * A page in a context of its own. Other seats' moves are shown as they come (the player's
   * setting, ui/move_pacer.ts, turned off) unless `pace`: tests that play whole games would
   * otherwise wait most of a second for every opponent's tile; the pacing test turns it on.
   */
  async newPage(options: Parameters<Browser["newContext"]>[0], pace = false): Promise<Page> {
    if (!this.browser) throw new Error("no browser");
    const context = await this.browser.newContext({ locale: "en-US", ...options });
    await context.addInitScript((on: boolean) => {
      try {
        localStorage.setItem("carc.paceMoves", on ? "on" : "off");
      } catch {
        // A page without storage (about:blank) keeps the default.
      }
    }, pace);
    this.contexts.push(context);
    const page = await context.newPage();
    page.on("response", (r) => {
      if (r.status() >= 400) console.error(`HTTP ${r.status()} for ${r.url()}`);
    });
    page.on("pageerror", (e) => {
      this.pageErrors.push(e.message);
      console.error(`page error: ${e.message}`);
    });
    page.on("console", (m) => {
      // A failed resource of the page is reported (with its URL) by the response handler.
      if (m.text().startsWith("Failed to load resource")) return;
      if (m.type() === "error" || m.type() === "warning") console.error(`console ${m.type()}: ${m.text()}`);
    });
    return page;
  }
}

/** A harness for the tests of one describe block: started before them, stopped after them. */
export function useHarness(serverArgs: readonly string[] = []): Harness {
  const harness = new Harness();
  beforeAll(() => harness.start(serverArgs));
  afterAll(() => harness.stop());
  return harness;
}

export async function waitConnected(page: Page): Promise<void> {
  await expect.poll(() => page.locator("#connection").textContent(), { timeout: 15_000 })
    .toMatch(/^Connected to carcassonne-server/);
}

/** The header's link: "Sign in" for a guest, the name (and, to a screen reader, "Your account:"). */
export const accountLink = (page: Page) => page.locator("header #account-link");

/** Fills the sign-in or sign-up form on the page and sends it. */
export async function sendAccountForm(page: Page, name: string, password: string): Promise<void> {
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.locator("#account-submit").click();
}

/** The password of the accounts the browser tests make. */
export const E2E_PASSWORD = "correct horse battery staple";

/** Makes account `name` from the sign-up screen and waits until the header names it. */
export async function signUp(page: Page, base: string, name: string): Promise<void> {
  await page.goto(`${base}/sign-up`);
  await waitConnected(page);
  await page.getByRole("heading", { name: "Create an account" }).waitFor();
  await sendAccountForm(page, name, E2E_PASSWORD);
  await expect.poll(() => accountLink(page).textContent(), { timeout: 10_000 }).toBe(`Your account: ${name}`);
}

/** Opens `url` (the home page or an invite link) and, once connected, types the player's name. */
export async function openAs(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await waitConnected(page);
  await page.getByRole("textbox", { name: "Your name" }).fill(name);
}

/**
 * Unfolds the create-room form's advanced part (the room's settings and the game's rule options,
 * folded for newcomers), so that a test can pick its options; a part already open stays open.
 */
export async function openAdvancedRules(page: Page): Promise<void> {
  const details = page.locator("details[data-advanced]");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await details.locator("summary + *").waitFor({ state: "visible" });
}

/** Creates the room the form on the page describes; returns its code from the lobby's heading. */
export async function createRoomFromForm(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Create room" }).click();
  // A rated room's heading carries its "Rated" badge after the code, a turn-based room's "Turn-based".
  const heading = page.getByRole("heading", { name: /^Room [A-Z2-9]{8}( Rated)?( Turn-based)?$/ });
  await heading.waitFor({ timeout: 15_000 });
  return /^Room ([A-Z2-9]{8})/.exec((await heading.textContent()) ?? "")?.[1] ?? "";
}

/** Opens the lobby's summary of the room's options and returns its text. */
export async function roomOptionsSummary(page: Page): Promise<string> {
  await page.locator("details.options-summary summary").click();
  return (await page.locator("details.options-summary").textContent()) ?? "";
}

/** The lobby's invite link, checked to be the room's own address. */
export async function inviteLink(page: Page, base: string, code: string): Promise<string> {
  const invite = await page.getByLabel("Invite link").inputValue();
  expect(invite).toBe(`${base}/r/${code}`);
  return invite;
}

/** Joins room `code` from a page opened on it with the name typed (openAs). */
export async function joinRoom(page: Page, code: string): Promise<void> {
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await page.getByRole("heading", { name: `Room ${code}` }).waitFor();
}

/** `guest` says ready, and waits until the host's page shows it. */
export async function readyUp(host: Page, guest: Page, guestName: string): Promise<void> {
  await guest.getByLabel("I'm ready").check();
  await host.locator("li.seat", { hasText: guestName }).getByText("✓ Ready").waitFor();
}

export async function startGame(host: Page): Promise<void> {
  await host.getByRole("button", { name: "Start the game" }).click();
}

/** How long a whole game by clicking may take before the test gives up. */
export const GAME_DEADLINE_MS = 300_000;

/**
 * Starts a game's deadline. The returned check throws once GAME_DEADLINE_MS have passed, with
 * what `progress` says about how far the game got.
 */
export function gameDeadline(): (progress: () => string) => void {
  const deadline = Date.now() + GAME_DEADLINE_MS;
  return (progress) => {
    if (Date.now() > deadline) throw new Error(`the game did not end within ${GAME_DEADLINE_MS} ms (${progress()})`);
  };
}

/** The click timeout of the game tests: a click that cannot land by then counts as a miss. */
export const CLICK = { timeout: 5_000 };

/** True once the final table is on the page. */
export async function isOver(page: Page): Promise<boolean> {
  return (await page.locator("table.final-table").count()) > 0;
}

/** True once every page shows the final table. */
export async function allOver(pages: readonly Page[]): Promise<boolean> {
  for (const page of pages) if (!(await isOver(page))) return false;
  return true;
}

/** The totals column of the final table, by seat. */
export async function finalTotals(page: Page): Promise<Record<string, number>> {
  const rows = page.locator("table.final-table tbody tr");
  const out: Record<string, number> = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    out[(await row.getAttribute("data-seat")) ?? "?"] = Number(await row.locator("td.total").textContent());
  }
  return out;
}

/**
 * The tile and follower steps of a turn, by clicks only: place the tile (a highlighted cell
 * picked by `turn`, now and then turned once, then confirm), or put a follower on a spot two
 * times in three, else skip. Returns whether the page offered either; a click that cannot land
 * throws (the caller counts it as a miss and picks differently next time).
 */
export async function playTileOrFollower(page: Page, turn: number): Promise<boolean> {
  const cells = page.locator("[data-cell]");
  const n = await cells.count();
  if (n > 0) {
    // On a phone some squares lie outside the view: focusing one brings the view to it, as Tab
    // does for a keyboard; a tap then lands on it.
    const cell = cells.nth(turn % n);
    // (Focus moves the view only when it arrives: a square still focused from before would not.)
    await page.evaluate(() => (document.activeElement as HTMLElement | SVGElement | null)?.blur());
    await cell.focus(CLICK);
    await cell.click(CLICK);
    await page.locator("[data-preview]").waitFor(CLICK);
    if (turn % 3 === 0 && (await page.locator("#rotate:not([disabled])").count()) > 0) {
      await page.locator("#rotate").click(CLICK);
    }
    await page.locator("#confirm:not([disabled])").click(CLICK);
    return true;
  }
  const skip = page.locator("#skip:not([disabled])");
  if ((await skip.count()) > 0) {
    const spots = page.locator("[data-spot]");
    const s = await spots.count();
    if (s > 0 && turn % 3 !== 0) await spots.nth(turn % s).click(CLICK);
    else await skip.click(CLICK);
    return true;
  }
  return false;
}

/**
 * The squares a tile may go to as the page shows them: the smallest side, how many lie outside
 * the board's view, and how many a control covers in part (the zoom buttons, a bar fixed over
 * the board).
 */
export async function candidateSquares(page: Page): Promise<{ count: number; smallest: number; outside: number; covered: number }> {
  return page.evaluate(() => {
    const board = document.querySelector(".board")?.getBoundingClientRect();
    const cells = [...document.querySelectorAll("[data-cell]")].map((e) => e.getBoundingClientRect());
    const inside = (b: DOMRect) => board !== undefined && b.left >= board.left - 0.5 && b.right <= board.right + 0.5 && b.top >= board.top - 0.5 && b.bottom <= board.bottom + 0.5;
    const controls = [...document.querySelectorAll(".zoom button, .screen.game .side > .turn")]
      .filter((e) => e.matches(".zoom button") || getComputedStyle(e).position === "fixed")
      .map((e) => e.getBoundingClientRect());
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    return {
      count: cells.length,
      smallest: cells.length === 0 ? 0 : Math.min(...cells.map((b) => Math.min(b.width, b.height))),
      outside: cells.filter((b) => !inside(b)).length,
      covered: cells.filter((b) => controls.some((c) => overlaps(b, c))).length,
    };
  });
}

/** A follower as the page draws it (drawnFollowers). */
export interface DrawnFollower {
  seat: number;
  /** The body's fill and outline as the browser computed them, "rgb(r, g, b)". */
  fill: string;
  outline: string;
  /** The body's box on screen, CSS pixels. */
  width: number;
  height: number;
  /** The height of the seat's shape drawn on it (its text box), CSS pixels. */
  shape: number;
}

/** Every follower on the board `board` (a selector) as drawn: colours and on-screen size. */
export async function drawnFollowers(page: Page, board: string): Promise<DrawnFollower[]> {
  // One evaluation that finds and reads them: the board may be drawn anew between a locator's
  // query and its evaluation, and a detached element has no computed style.
  return page.evaluate((selector) =>
    [...document.querySelectorAll(selector)].map((g) => {
      const body = g.querySelector(".follower-body path") ?? g;
      const style = getComputedStyle(body);
      const box = body.getBoundingClientRect();
      const seat = Number((g.getAttribute("data-follower") ?? "").split("@")[0]);
      const shape = g.querySelector("text")?.getBoundingClientRect().height ?? 0;
      return { seat, fill: style.fill, outline: style.stroke, width: box.width, height: box.height, shape };
    }),
    `${board} [data-follower]`,
  );
}

/**
 * The smaller side, in CSS pixels, of each element `selector` finds, found and measured in one
 * evaluation (a board drawn anew in between would leave detached elements of no size).
 */
export async function smallerSides(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)), selector);
}

/** The distinct fills the browser computed for the elements `selector` finds. */
export async function renderedFills(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => [...new Set([...document.querySelectorAll(sel)].map((e) => getComputedStyle(e).fill))], selector);
}

/** What a phone layout check finds (phoneLayout). */
export interface PhoneLayout {
  /** Interactive elements outside the board under 44 px wide or high, as "tag#id.class 30x20". */
  small: string[];
  /** How many interactive elements were measured. */
  measured: number;
  /** Whether each selector's element lies wholly inside the viewport, at the top of the page. */
  inView: Record<string, boolean>;
}

/**
 * Measures the page as a phone shows it, scrolled to the top: every interactive element's box
 * (a checkbox together with its label, which is its target too) and whether `mustSee` are in the
 * viewport. The board's own cells and spots are not measured here.
 */
export async function phoneLayout(page: Page, mustSee: readonly string[]): Promise<PhoneLayout> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate((selectors) => {
    const MIN = 44;
    const interactive = document.querySelectorAll<HTMLElement>(
      "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])",
    );
    const small: string[] = [];
    let measured = 0;
    for (const el of interactive) {
      if (el.closest(".board, .castle-board-area, svg")) continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio") && el.id !== "") {
        const label = document.querySelector(`label[for="${el.id}"]`);
        if (label) {
          const l = label.getBoundingClientRect();
          const left = Math.min(box.left, l.left);
          const top = Math.min(box.top, l.top);
          box = new DOMRect(left, top, Math.max(box.right, l.right) - left, Math.max(box.bottom, l.bottom) - top);
        }
      }
      ++measured;
      if (box.width < MIN - 0.5 || box.height < MIN - 0.5) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}`;
        small.push(`${name} "${(el.textContent ?? "").trim().slice(0, 20)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    const inView: Record<string, boolean> = {};
    for (const selector of selectors) {
      const el = document.querySelector(selector);
      const b = el?.getBoundingClientRect();
      inView[selector] = b !== undefined && b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= window.innerHeight && b.right <= window.innerWidth;
    }
    return { small, measured, inView };
  }, mustSee);
}

/** One axe-core violation, short: its rule, impact and the elements it found. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules and axe's best practices) on the page as it is
 * and returns its violations. axe is injected from node_modules, never served by the server.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const source = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  });
}

/**
 * The axe findings of the screens a test file visits, by screen; checked empty after the file's
 * tests (auditScreens), so that one run lists every screen's findings at once.
 */
export function auditScreens(): { check(page: Page, screen: string): Promise<void> } {
  const findings: Record<string, AxeFinding[]> = {};
  afterAll(() => {
    expect(Object.fromEntries(Object.entries(findings).filter(([, v]) => v.length > 0))).toEqual({});
  });
  return {
    async check(page: Page, screen: string): Promise<void> {
      findings[screen] = await axeViolations(page);
    },
  };
}

/** Plays whatever `players` are offered until `until` holds; the number of actions taken. */
export async function playUntil(players: readonly Page[], until: () => Promise<boolean>, what: string): Promise<number> {
  const overdue = gameDeadline();
  let turns = 0;
  while (!(await until())) {
    overdue(() => `${what}: ${turns} actions`);
    let acted = false;
    for (const page of players) {
      try {
        if (await playTileOrFollower(page, turns)) {
          acted = true;
          turns++;
        }
      } catch {
        // A click that missed: try again on the next round.
      }
    }
    if (!acted) await sleep(25);
  }
  return turns;
}

/** What finalScreen measures of a base game's final table, score chart and Rematch. */
export interface FinalScreen {
  /** Per seat: the category cells' whole-game points, their during-play parts, and the total. */
  rows: Record<string, { categories: number; during: number; end: number; total: number }>;
  /** Pairs of chart labels (line ends, axis, legend entries) whose boxes overlap, as "a / b". */
  overlaps: string[];
  /** How many chart labels were measured. */
  labels: number;
  /** The chart's box against the viewport's width. */
  chart: { left: number; right: number; viewport: number } | undefined;
  /** Whether the table fits its box without scrolling sideways (every column in view). */
  tableFits: boolean;
  /** The Rematch button's box against the viewport's height, and the page's scroll. */
  rematch: { top: number; bottom: number; viewport: number; scrollY: number } | undefined;
}

/** Measures the final screen as the page shows it now (without scrolling it). */
export async function finalScreen(page: Page): Promise<FinalScreen> {
  return page.evaluate(() => {
    const rows: FinalScreen["rows"] = {};
    for (const tr of document.querySelectorAll("table.final-table tbody tr")) {
      const cells = [...tr.querySelectorAll<HTMLElement>("td[data-category]")];
      const n = (el: HTMLElement, name: string) => Number(el.getAttribute(name));
      rows[tr.getAttribute("data-seat") ?? "?"] = {
        categories: cells.reduce((s, c) => s + Number(c.querySelector(".cat-total")?.textContent), 0),
        during: cells.reduce((s, c) => s + n(c, "data-during"), 0),
        end: cells.reduce((s, c) => s + n(c, "data-end"), 0),
        total: Number(tr.querySelector("td.total")?.textContent),
      };
    }
    const labels = [...document.querySelectorAll(".score-chart text, .chart-legend li")].map((e) => ({ text: (e.textContent ?? "").trim(), box: e.getBoundingClientRect() }));
    const overlaps: string[] = [];
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i]!.box;
        const b = labels[j]!.box;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps.push(`${labels[i]!.text} / ${labels[j]!.text}`);
      }
    }
    const chartBox = document.querySelector(".score-chart-figure")?.getBoundingClientRect();
    const rematchBox = document.querySelector("#rematch, #join-rematch")?.getBoundingClientRect();
    const wrap = document.querySelector("#final .table-wrap");
    return {
      rows,
      overlaps,
      labels: labels.length,
      tableFits: wrap !== null && wrap.scrollWidth <= wrap.clientWidth,
      chart: chartBox ? { left: chartBox.left, right: chartBox.right, viewport: window.innerWidth } : undefined,
      rematch: rematchBox ? { top: rematchBox.top, bottom: rematchBox.bottom, viewport: window.innerHeight, scrollY: window.scrollY } : undefined,
    };
  });
}
