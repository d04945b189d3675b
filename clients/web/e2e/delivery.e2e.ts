// How the page reaches the browser (issue 20, delivery): the home screen downloads the main
// script compressed and cacheable for good (then the in-place update's small chunk), and no
// game's code or other language; a browser in German gets the German words as one more chunk,
// and a game screen's words come with the game's code.

import type { Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLICK, DESKTOP, PHONE, auditScreens, useHarness, waitConnected } from "./harness";

describe("delivery of the web client", () => {
  const harness = useHarness();
  const audit = auditScreens();

  it("the home screen takes the main script in brotli, immutable, and no game's code", async () => {
    const page = await harness.newPage(DESKTOP);
    const scripts: Response[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r);
    });
    const document = await page.goto(`${harness.base}/`);
    await waitConnected(page);
    await page.locator("#create-heading").waitFor();
    expect(document?.headers()["cache-control"]).toBe("no-cache");
    const names = scripts.map((r) => new URL(r.url()).pathname);
    // The main script first; after the first screen only the in-place update's chunk
    // (morphdom), no game's code.
    expect(names[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(names.slice(1).filter((n) => !/^\/assets\/morphdom-esm-[\w-]+\.js$/.test(n))).toEqual([]);
    expect(names.length).toBeLessThanOrEqual(2);
    const main = scripts[0]!;
    expect(main.headers()["content-encoding"]).toBe("br");
    expect(main.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    await audit.check(page, "home");
    const phone = await harness.newPage(PHONE);
    await phone.goto(`${harness.base}/`);
    await waitConnected(phone);
    await phone.locator("#create-heading").waitFor();
    await audit.check(phone, "home-phone");
    expect(harness.pageErrors).toEqual([]);
  });

  it("a browser in German gets the home screen in German, its words in a chunk of their own", async () => {
    const page = await harness.newPage({ ...DESKTOP, locale: "de-DE" });
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${harness.base}/`);
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
    await expect.poll(() => page.locator("#create-heading").textContent()).toBe("Einen Raum erstellen");
    expect(scripts.some((s) => /^\/assets\/lang-de-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /lang-(nl|sv)|_play-/.test(s))).toBe(false);
    expect(harness.pageErrors).toEqual([]);
  });

  it("a game screen has its words, in German and after a switch to English: they come with the game's code", async () => {
    const page = await harness.newPage({ ...DESKTOP, locale: "de-DE" });
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${harness.base}/`);
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
    await expect.poll(() => page.locator("#connection").getAttribute("data-status"), { timeout: 15_000 }).toBe("ready");
    // Not on the home screen: the game screens' words (src/i18n/play/) and the game's own.
    expect(scripts.some((s) => /play-words-en-|_play-/.test(s))).toBe(false);
    await page.locator("button[name=play-now]").click(CLICK);
    await page.locator("[data-cell]").first().waitFor({ timeout: 20_000 });
    expect(scripts.some((s) => /^\/assets\/play-words-en-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /^\/assets\/base_play-[\w-]+\.js$/.test(s))).toBe(true);
    // The words every game's screens share, the base game's own, and no key in their place.
    const keyShown = /\b(?:game|vote|away|log|final|replay|hint|analysis|area|kind|quarter|city|board|tile|review)\.[a-z]/;
    expect(await page.locator("ol.players").getAttribute("aria-label")).toBe("Spieler");
    expect(await page.locator("details.keys summary").textContent()).toBe("Tastatur");
    expect(await page.locator("body").innerText()).not.toMatch(keyShown);
    await page.locator("#language").selectOption("en");
    await expect.poll(() => page.locator("ol.players").getAttribute("aria-label")).toBe("Players");
    expect(await page.locator("details.keys summary").textContent()).toBe("Keyboard");
    expect(await page.locator("body").innerText()).not.toMatch(keyShown);
    expect(harness.pageErrors).toEqual([]);
  });
});

describe("the installable app", () => {
  const harness = useHarness();

  it("Chromium finds the manifest valid and the service worker active; the worker keeps only hashed files", async () => {
    const page = await harness.newPage(DESKTOP);
    await page.goto(`${harness.base}/`);
    await waitConnected(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: { message: string; critical: number }[];
      data: string;
    };
    expect(new URL(manifest.url).pathname).toBe("/manifest.webmanifest");
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data) as { name: string; start_url: string; icons: { sizes: string }[] };
    expect(data.name).toBe("Carcassonne");
    expect(data.icons.map((i) => i.sizes)).toEqual(["192x192", "512x512"]);

    // The worker controls the page once active.
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { state: registration.active?.state, scope: registration.scope };
    });
    expect(state).toEqual({ state: "activated", scope: `${harness.base}/` });
    // Installable: Chromium's own check finds nothing wrong but the browser context it runs in
    // (Playwright's contexts are incognito, where nothing is installed).
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);

    // A second visit: the hashed files come from the worker, the page and the API from the server.
    const served: { path: string; fromWorker: boolean }[] = [];
    page.on("response", (r) => served.push({ path: new URL(r.url()).pathname, fromWorker: r.fromServiceWorker() }));
    await page.reload();
    await waitConnected(page);
    await page.locator("#create-heading").waitFor();
    const assets = served.filter((s) => s.path.startsWith("/assets/"));
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.every((s) => s.fromWorker)).toBe(true);
    const others = served.filter((s) => !s.path.startsWith("/assets/"));
    expect(others.map((s) => s.path)).toContain("/");
    expect(others.map((s) => s.path)).toContain("/api/game-types");
    expect(others.some((s) => s.fromWorker)).toBe(false);
    expect(harness.pageErrors).toEqual([]);
  });
});
