// @vitest-environment happy-dom

// The computer's review in the replay viewer (GET /api/games/{id}/analysis): the progress of the
// 202s while the viewer asks again every second, the decision at the viewer's step once the 200
// came, the summary per player, the costliest decisions as buttons to their steps, the server's
// refusal with a retry, and no more requests once the viewer is left. The replay is a real Count
// game of the server (test/games/base/golden).

import { create, toBinary } from "@bufbuild/protobuf";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReplaySchema } from "../src/gen/carc/v1/replay_pb";
import { costliest, parseAnalysis, summarise } from "../src/ui/analysis";
import { ReplayViewer } from "../src/ui/replay_view";
import { COUNT_GAME_BATCHES, COUNT_GAME_SNAPSHOT } from "./games/base/count_tile_set_fixture";

const REPLAY = toBinary(ReplaySchema, create(ReplaySchema, { start: COUNT_GAME_SNAPSHOT, steps: [...COUNT_GAME_BATCHES], players: ["Ann", "Bob", "Cleo"] }));

/** The server's 200: Ann's step 0 gave away 6.4, Bob agreed at step 1, Cleo's step 2 is unknown, Ann's step 5 cost 2.6, Bob's step 7 a rounding's worth, against a move this client cannot word. */
const DONE = {
  game: 7,
  budget_ms: 100,
  steps: COUNT_GAME_BATCHES.length,
  decisions: [
    { step: 0, seat: 0, decision: "place_tile", played: "place_tile 0 -1 r2", best: "place_tile 1 0 r1", same: false, lead_best: 3.4, lead_played: -3, loss: 6.4, iterations: 900 },
    { step: 1, seat: 1, decision: "place_follower", played: "skip_follower", best: "skip_follower", same: true, lead_best: 1, lead_played: 1, loss: 0, iterations: 800 },
    { step: 2, seat: 2, decision: "place_tile", played: "place_tile 2 2 r0", best: "place_tile 2 3 r3", same: false, lead_best: 0.5, lead_played: null, loss: null, iterations: 700 },
    { step: 5, seat: 0, decision: "place_tile", played: "place_tile 3 1 r1", best: "place_tile 4 1 r1", same: false, lead_best: 2, lead_played: -0.6, loss: 2.6, iterations: 700 },
    { step: 7, seat: 1, decision: "place_tile", played: "place_tile 5 1 r0", best: "move 42", same: false, lead_best: 1.2, lead_played: 1, loss: 0.2, iterations: 600 },
  ],
};

/** The viewers a test opened: each listens to the document's keys until disposed. */
const viewers: ReplayViewer[] = [];

interface Answer {
  status: number;
  body: unknown;
}

function response(a: Answer): Response {
  return {
    status: a.status,
    ok: a.status >= 200 && a.status < 300,
    json: () => Promise.resolve(a.body),
    arrayBuffer: () => Promise.resolve(REPLAY.buffer.slice(REPLAY.byteOffset, REPLAY.byteOffset + REPLAY.byteLength)),
  } as unknown as Response;
}

const running = (done: number, of: number): Answer => ({ status: 202, body: { status: "running", done, of } });
const finished: Answer = { status: 200, body: DONE };

/** A viewer of archived game 7 whose analysis requests get `answers` in turn (a pending promise once they run out). */
async function openViewer(answers: (Answer | Promise<Answer>)[]) {
  const asked: string[] = [];
  const http = vi.fn((url: string) => {
    if (url.endsWith("/replay")) return Promise.resolve(response({ status: 200, body: {} }));
    asked.push(url);
    const next = answers.shift();
    return next === undefined ? new Promise<Response>(() => {}) : Promise.resolve(next).then(response);
  });
  const changed = vi.fn();
  const viewer = new ReplayViewer(document, { kind: "archive", id: "7" }, { changed, close: () => {} }, http as unknown as typeof fetch);
  viewers.push(viewer);
  await vi.waitUntil(() => viewer.steps > 0, { timeout: 5000 });
  // Only the polls' timers are faked: the replay above loaded with the real ones.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const show = (): HTMLElement => {
    document.body.replaceChildren(viewer.render());
    return document.body;
  };
  return { viewer, asked, changed, show };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const text = (root: ParentNode, selector: string): string | undefined => root.querySelector(selector)?.textContent ?? undefined;

function click(root: ParentNode, selector: string): void {
  const el = root.querySelector<HTMLElement>(selector);
  expect(el, selector).not.toBeNull();
  el!.click();
}

/** A viewer whose analysis is done. */
async function analysed() {
  const v = await openViewer([finished]);
  click(v.show(), "#analyse");
  await settle();
  return v;
}

afterEach(() => {
  for (const viewer of viewers.splice(0)) viewer.dispose();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the analysis of a replay", () => {
  it("offers the analysis of an archived game, and none for a record file", async () => {
    const { show, asked } = await openViewer([]);
    expect(show().querySelector("#analyse")?.textContent).toBe("Analyse this game");
    expect(asked).toEqual([]);
    const file = new ReplayViewer(document, { kind: "file", name: "g.json", text: "{}" }, { changed: () => {}, close: () => {} }, (() =>
      Promise.resolve(response({ status: 200, body: {} }))) as unknown as typeof fetch);
    viewers.push(file);
    await vi.waitUntil(() => file.steps > 0, { timeout: 5000 });
    document.body.replaceChildren(file.render());
    expect(document.querySelector("#analysis")).toBeNull();
  });

  it("calls fetch as a plain function, as the browser's fetch requires", async () => {
    const asked: string[] = [];
    // The browser's fetch throws when called as a method of any object but the window.
    const strict = function (this: unknown, url: string): Promise<Response> {
      if (this !== undefined && this !== globalThis) throw new TypeError("Failed to execute 'fetch' on 'Window': Illegal invocation");
      asked.push(url);
      return Promise.resolve(response(url.endsWith("/replay") ? { status: 200, body: {} } : running(1, 4)));
    };
    const viewer = new ReplayViewer(document, { kind: "archive", id: "7" }, { changed: vi.fn(), close: () => {} }, strict as unknown as typeof fetch);
    viewers.push(viewer);
    await vi.waitUntil(() => viewer.steps > 0, { timeout: 5000 });
    document.body.replaceChildren(viewer.render());
    click(document.body, "#analyse");
    await vi.waitUntil(() => asked.length > 1, { timeout: 5000 });
    await settle();
    document.body.replaceChildren(viewer.render());
    expect(asked).toEqual(["/api/games/7/replay", "/api/games/7/analysis"]);
    expect(text(document.body, "#analysis-status")).toBe("Analysing: 1 of 4 decisions");
  });

  it("shows the progress of each 202 and asks again every second until the 200", async () => {
    const { show, asked } = await openViewer([running(0, 5), running(3, 5), finished]);
    click(show(), "#analyse");
    await settle();
    expect(asked).toEqual(["/api/games/7/analysis"]);
    expect(text(show(), "#analysis-status")).toBe("Analysing: 0 of 5 decisions");
    expect(show().querySelector("#analysis-status")?.getAttribute("role")).toBe("status");
    expect(show().querySelector("#analyse")).toBeNull();

    await vi.advanceTimersByTimeAsync(999);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(asked).toHaveLength(2);
    expect(text(show(), "#analysis-status")).toBe("Analysing: 3 of 5 decisions");

    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(asked).toHaveLength(3);
    expect(text(show(), "#analysis-status")).toBe("The analysis is ready.");
    // Done: no more requests.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toHaveLength(3);
  });

  it("shows the decision at the viewer's step: who, the move played, the computer's and the cost", async () => {
    const { viewer, show } = await analysed();
    let page = show();
    expect(text(page, ".analysis-mover")).toBe("Ann");
    // Where on the board, in words: the Count's block spans columns -2..1, rows -1..1.
    expect(text(page, ".analysis-played")).toBe("The tile at the top of the board, turned 180°");
    expect(text(page, ".analysis-best")).toBe("The tile on the right of the board, turned 90°");
    expect(page.querySelector("#analysis")?.textContent).not.toMatch(/column|row -?\d/);
    // The board draws both: the tile played at its square, the computer's apart at its own.
    const marks = [...page.querySelectorAll("[data-review]")].map((m) => `${m.getAttribute("data-review")}@${m.getAttribute("data-at")}`);
    expect(marks).toEqual(["played@0,-1", "suggested@1,0"]);
    expect(page.querySelector("[data-review=suggested] .review-outline")?.getAttribute("stroke-dasharray")).not.toBe("none");
    expect(page.querySelector("[data-review=played] .review-outline")?.getAttribute("stroke-dasharray")).toBe("none");
    expect(text(page, "#review-legend")).toBe("Solid outline: the move playedDashed outline, faded: the computer's move");
    expect(text(page, ".analysis-cost")).toBe("about 6 points given away");

    viewer.jump(1);
    page = show();
    expect(text(page, ".analysis-mover")).toBe("Bob");
    expect(text(page, ".analysis-played")).toBe("No follower this turn.");
    expect(text(page, ".analysis-best")).toBe("The computer agrees.");
    // Nothing to draw for a follower skipped: no marks, no legend.
    expect(page.querySelectorAll("[data-review]")).toHaveLength(0);
    expect(page.querySelector("#review-legend")).toBeNull();
    expect(text(page, ".analysis-cost")).toBe("no loss");

    viewer.jump(2);
    expect(text(show(), ".analysis-cost")).toBe("not estimated: the computer did not try the move played");

    viewer.jump(7);
    expect(text(show(), ".analysis-best")).toBe("move 42");
  });

  it("says there is nothing to review at a step without a reviewed decision", async () => {
    const { viewer, show } = await analysed();
    viewer.jump(3);
    const page = show();
    expect(page.querySelector(".analysis-review")).toBeNull();
    expect(text(page, "#analysis-step")).toContain("Nothing to review at this move: there was no choice to make.");
  });

  it("sums each player's decisions, agreements and points given away", async () => {
    const { show } = await analysed();
    const lines = [...show().querySelectorAll("#analysis-summary li")].map((li) => li.textContent);
    expect(lines).toEqual([
      "Ann: 2 decisions, the computer agreed with 0, about 9 points given away",
      "Bob: 2 decisions, the computer agreed with 1, no points given away",
      "Cleo: 1 decision, the computer agreed with 0, no points given away",
    ]);
  });

  it("lists the costliest decisions, and a click moves the viewer to that step", async () => {
    const { viewer, show, changed } = await analysed();
    const buttons = () => [...show().querySelectorAll<HTMLButtonElement>("#analysis-costly button")];
    // Bob's 0.2 rounds to nothing given away: not listed.
    expect(buttons().map((b) => b.textContent)).toEqual(["Move 0: Ann, about 6 points", "Move 5: Ann, about 3 points"]);
    const calls = changed.mock.calls.length;
    buttons()[1]!.click();
    expect(viewer.step).toBe(5);
    expect(changed.mock.calls.length).toBeGreaterThan(calls);
    const page = show();
    expect(page.querySelector(".analysis-review")?.getAttribute("data-step")).toBe("5");
    expect(text(page, ".analysis-cost")).toBe("about 3 points given away");
    expect(text(page, "#replay-step")).toBe(`Move 5 of ${COUNT_GAME_BATCHES.length}`);
    expect(page.querySelector('#analysis-costly button[aria-current="step"]')?.getAttribute("data-step")).toBe("5");
  });

  it("shows the server's refusal with a button that asks again", async () => {
    const busy = "the server is analysing as many games as it allows (--max-analyses 1); ask again in a minute";
    const { show, asked } = await openViewer([{ status: 503, body: { error: busy } }, running(0, 4)]);
    click(show(), "#analyse");
    await settle();
    let page = show();
    expect(text(page, "#analysis-error")).toBe(`The analysis could not be made: ${busy}`);
    expect(page.querySelector("#analysis-error")?.getAttribute("role")).toBe("alert");
    // A refusal is final until the user asks again.
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toHaveLength(1);

    click(page, "#analysis-retry");
    await settle();
    page = show();
    expect(asked).toHaveLength(2);
    expect(page.querySelector("#analysis-error")).toBeNull();
    expect(text(page, "#analysis-status")).toBe("Analysing: 0 of 4 decisions");
  });

  it("stops asking once the viewer is left, and drops an answer that comes after", async () => {
    let answer: (a: Answer) => void = () => {};
    const late = new Promise<Answer>((resolve) => (answer = resolve));
    const { viewer, show, asked, changed } = await openViewer([running(1, 9), late, running(3, 9)]);
    click(show(), "#analyse");
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(asked).toHaveLength(2);
    viewer.dispose();
    const calls = changed.mock.calls.length;
    answer(running(2, 9));
    await settle();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toHaveLength(2);
    expect(changed.mock.calls.length).toBe(calls);
  });
});

describe("the analysis's answer", () => {
  it("reads the decisions and drops those without the documented shape", () => {
    const analysis = parseAnalysis({ budget_ms: 100, decisions: [...DONE.decisions, { step: "x", seat: 0, played: "pass", best: "pass" }, { step: 9, seat: 1 }] });
    expect(analysis.budgetMs).toBe(100);
    expect(analysis.decisions.map((d) => d.step)).toEqual([0, 1, 2, 5, 7]);
    expect(analysis.decisions[2]).toMatchObject({ seat: 2, leadPlayed: null, loss: null, same: false });
    expect(parseAnalysis({}).decisions).toEqual([]);
  });

  it("counts a move the search rated better than its own as no loss, and leaves the unknown out", () => {
    const analysis = parseAnalysis({
      decisions: [
        { step: 0, seat: 0, played: "a", best: "b", same: false, loss: -1.5 },
        { step: 1, seat: 0, played: "a", best: "b", same: false, loss: null },
        { step: 2, seat: 0, played: "a", best: "b", same: false, loss: 4.5 },
        { step: 3, seat: 1, played: "a", best: "a", same: true, loss: 0 },
      ],
    });
    expect(summarise(analysis)).toEqual([
      { seat: 0, decisions: 3, agreed: 0, pointsLost: 5 },
      { seat: 1, decisions: 1, agreed: 1, pointsLost: 0 },
    ]);
    expect(costliest(analysis, 5).map((r) => r.step)).toEqual([2]);
  });
});
