// End to end in Chromium against a real carcassonne-server: a host creates a room on a desktop
// window, a second player joins from the invite link on a phone-sized window, both get ready,
// the host starts the game, and a spectator joins the running game by its code.
//
// Needs CARC_SERVER_PATH (the carcassonne-server binary) and CARC_WEB_ROOT (the built client,
// e.g. build/dev/web); Chromium is /usr/bin/chromium unless CARC_CHROMIUM says otherwise.
// Screenshots go to CARC_E2E_OUT (default e2e-output/ beside this folder).

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const serverPath = process.env.CARC_SERVER_PATH ?? "";
const webRoot = process.env.CARC_WEB_ROOT ?? "";
const chromiumPath = process.env.CARC_CHROMIUM ?? "/usr/bin/chromium";
const outDir = resolve(process.env.CARC_E2E_OUT ?? join(here, "..", "e2e-output"));

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Fails (never skips) when the environment does not say where the server and the client are. */
function checkEnvironment(): void {
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

function freePort(): Promise<number> {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForHealth(base: string, server: ChildProcess, log: () => string): Promise<void> {
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

describe("lobby in the browser", () => {
  let server: ChildProcess | undefined;
  let serverLog = "";
  let dataDir = "";
  let base = "";
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    checkEnvironment();
    mkdirSync(outDir, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), "carc-e2e-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(
      serverPath,
      [
        "--bind", "127.0.0.1",
        "--port", String(port),
        "--data-dir", dataDir,
        "--web-root", webRoot,
        "--durability", "normal",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const keep = (chunk: Buffer) => {
      serverLog += chunk.toString();
      if (serverLog.length > 200_000) serverLog = serverLog.slice(-100_000);
    };
    server.stdout?.on("data", keep);
    server.stderr?.on("data", keep);
    await waitForHealth(base, server, () => serverLog);
    browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise<void>((r) => server?.once("exit", () => r()));
      server.kill("SIGTERM");
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) server.kill("SIGKILL");
    }
    if (dataDir !== "" && statSync(dataDir, { throwIfNoEntry: false })) {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  async function newPage(options: Parameters<Browser["newContext"]>[0]): Promise<Page> {
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({ locale: "en-US", ...options });
    contexts.push(context);
    const page = await context.newPage();
    page.on("response", (r) => {
      if (r.status() >= 400) console.error(`HTTP ${r.status()} for ${r.url()}`);
    });
    page.on("pageerror", (e) => {
      pageErrors.push(e.message);
      console.error(`page error: ${e.message}`);
    });
    page.on("console", (m) => {
      // A failed resource of the page is reported (with its URL) by the response handler.
      if (m.text().startsWith("Failed to load resource")) return;
      if (m.type() === "error" || m.type() === "warning") console.error(`console ${m.type()}: ${m.text()}`);
    });
    return page;
  }

  async function waitConnected(page: Page): Promise<void> {
    await expect.poll(() => page.locator("#connection").textContent(), { timeout: 15_000 })
      .toMatch(/^Connected to carcassonne-server/);
  }

  it("creates a room, joins from an invite link on a phone, starts, and lets a spectator watch", async () => {
    // A: the host, on a desktop window.
    const ann = await newPage(DESKTOP);
    await ann.goto(`${base}/`);
    await waitConnected(ann);
    await ann.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await ann.getByLabel("Seats", { exact: true }).selectOption("2");
    await ann.getByRole("button", { name: "Create room" }).click();

    const lobbyHeading = ann.getByRole("heading", { name: /^Room [A-Z2-9]{6}$/ });
    await lobbyHeading.waitFor({ timeout: 15_000 });
    const code = (await lobbyHeading.textContent())?.replace(/^Room /, "") ?? "";
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const invite = await ann.getByLabel("Invite link").inputValue();
    expect(invite).toBe(`${base}/r/${code}`);

    // B: the second player, on a phone, from the invite link.
    const bob = await newPage(PHONE);
    await bob.goto(invite);
    await waitConnected(bob);
    await expect.poll(() => bob.getByRole("status").filter({ hasText: "Enter your name" }).textContent())
      .toBe(`Enter your name to join room ${code}.`);
    expect(await bob.getByLabel("Room code").inputValue()).toBe(code);
    await bob.getByRole("textbox", { name: "Your name" }).fill("Bob");
    await bob.getByRole("button", { name: "Join", exact: true }).click();
    await bob.getByRole("heading", { name: `Room ${code}` }).waitFor();
    await bob.getByLabel("I'm ready").check();

    // A sees Bob seated and ready, then starts.
    const bobSeat = ann.locator("li.seat", { hasText: "Bob" });
    await bobSeat.getByText("✓ Ready").waitFor();
    await expect.poll(() => ann.locator("li.seat", { hasText: "Ann" }).getByText("Host").count()).toBe(1);
    await ann.screenshot({ path: join(outDir, "lobby.png"), fullPage: true });
    await expect.poll(() => bob.getByLabel("I'm ready").isChecked()).toBe(true);
    await bob.screenshot({ path: join(outDir, "phone-lobby.png") });

    await ann.getByRole("button", { name: "Start the game" }).click();

    for (const page of [ann, bob]) {
      await page.getByRole("heading", { name: `Game in progress · ${code}` }).waitFor({ timeout: 15_000 });
      await page.getByText(/^Moves played \(seq\): \d+$/).waitFor();
      await expect.poll(() => page.locator("ul.scores li").count()).toBe(2);
    }
    await ann.screenshot({ path: join(outDir, "game-started.png"), fullPage: true });

    // C: a spectator joins the running game by its code.
    const cleo = await newPage(DESKTOP);
    await cleo.goto(`${base}/`);
    await waitConnected(cleo);
    await cleo.getByRole("textbox", { name: "Your name" }).fill("Cleo");
    await cleo.getByLabel("Room code").fill(code);
    await cleo.getByLabel("Watch only (spectator)").check();
    await cleo.getByRole("button", { name: "Join", exact: true }).click();
    await cleo.getByRole("heading", { name: `Game in progress · ${code}` }).waitFor({ timeout: 15_000 });
    await cleo.getByText(/^Moves played \(seq\): \d+$/).waitFor();
    const scores = cleo.locator("ul.scores li");
    await expect.poll(() => scores.count()).toBe(2);
    expect(await scores.nth(0).locator(".seat-name").textContent()).toBe("Ann");
    expect(await scores.nth(1).locator(".seat-name").textContent()).toBe("Bob");
    await cleo.screenshot({ path: join(outDir, "spectator-game.png"), fullPage: true });

    // Nothing went wrong on any page.
    expect(pageErrors).toEqual([]);
    for (const page of [ann, bob, cleo]) {
      expect(await page.locator(".banner").count()).toBe(0);
    }
  });
});
