// How the page reaches the browser (issue 20, delivery): the home screen downloads the main
// script compressed and cacheable for good, and no game's code or other language; a browser
// in German gets the German words as one more chunk.

import type { Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, useHarness, waitConnected } from "./harness";

describe("delivery of the web client", () => {
  const harness = useHarness();

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
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const main = scripts[0]!;
    expect(main.headers()["content-encoding"]).toBe("br");
    expect(main.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
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
});
