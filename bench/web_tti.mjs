// Time to interactive of the web client's home screen on a throttled line, and the bytes of
// JavaScript it took, in Chromium (playwright-core from clients/web/node_modules).
//
// Usage: node bench/web_tti.mjs BASE_URL [RUNS] [--cpu-slowdown N]
//   BASE_URL  a carcassonne-server serving the built client (bench/web_tti.sh starts one)
//   RUNS      fresh browser contexts (empty cache), default 5
// Line: 1.6 Mbit/s down, 750 kbit/s up, 150 ms of latency per request (Chromium's network
// emulation, the "slow 4G" profile). Interactive: the create-room form is on the page with its
// submit button and the WebSocket has its Welcome (#connection[data-status=ready]); timed from
// the start of navigation, in the page's own clock (performance.now()).
// Prints one JSON line per run and a summary line (median and max).

import { createRequire } from "node:module";

const require = createRequire(new URL("../clients/web/package.json", import.meta.url));
const { chromium } = require("playwright-core");

const args = process.argv.slice(2);
const base = args[0];
if (!base || !/^http:\/\/(127\.|\[::1\]|localhost)/.test(base)) {
  console.error("usage: node bench/web_tti.mjs http://127.0.0.1:PORT [RUNS] [--cpu-slowdown N] (loopback only)");
  process.exit(2);
}
const runs = Number.parseInt(args[1] ?? "5", 10);
const slowAt = args.indexOf("--cpu-slowdown");
const cpuSlowdown = slowAt >= 0 ? Number(args[slowAt + 1]) : 1;
if (!(runs >= 1 && runs <= 50) || !(cpuSlowdown >= 1 && cpuSlowdown <= 20)) {
  console.error("web_tti: RUNS must be 1..50 and --cpu-slowdown 1..20");
  process.exit(2);
}

const LINE = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) };
const READY = "#connection[data-status=ready]";
const FORM = "form:has(#create-heading) button[type=submit]";

const browser = await chromium.launch({
  executablePath: process.env.CARC_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const results = [];
try {
  for (let i = 0; i < runs; ++i) {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", LINE);
    if (cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    // Bytes on the wire per response, headers included (Chromium's encodedDataLength).
    const types = new Map();
    const bytes = { script: 0, total: 0 };
    cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
    cdp.on("Network.loadingFinished", (e) => {
      bytes.total += e.encodedDataLength;
      if (types.get(e.requestId) === "Script") bytes.script += e.encodedDataLength;
    });
    // The moment both marks are on the page, seen by the page itself on each change of the DOM.
    await page.addInitScript(
      ([ready, form]) => {
        new MutationObserver((_, observer) => {
          if (document.querySelector(ready) && document.querySelector(form)) {
            window.__interactive = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true, attributes: true });
      },
      [READY, FORM],
    );
    await page.goto(base + "/", { waitUntil: "commit" });
    await page.waitForFunction(() => window.__interactive !== undefined, null, { timeout: 60_000 });
    const tti = await page.evaluate(() => window.__interactive);
    const result = {
      run: i + 1,
      tti_ms: Math.round(tti),
      js_bytes: bytes.script,
      all_bytes: bytes.total,
    };
    results.push(result);
    console.log(JSON.stringify(result));
    await context.close();
  }
} finally {
  await browser.close();
}
const sorted = (key) => results.map((r) => r[key]).sort((a, b) => a - b);
const median = (key) => sorted(key)[Math.floor((results.length - 1) / 2)];
console.log(
  JSON.stringify({
    summary: true,
    runs: results.length,
    line: "1.6 Mbit/s down, 750 kbit/s up, 150 ms",
    cpu_slowdown: cpuSlowdown,
    tti_ms_median: median("tti_ms"),
    tti_ms_max: sorted("tti_ms").at(-1),
    js_kb: +(median("js_bytes") / 1000).toFixed(1),
    all_kb: +(median("all_bytes") / 1000).toFixed(1),
  }),
);
