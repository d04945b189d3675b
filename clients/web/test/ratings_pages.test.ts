// @vitest-environment happy-dom

// The rating screens of the account chunk, against a fake server answering the shapes of
// docs/protocol.md "Ratings": the leaderboard at /leaderboard?pool=P&page=N (pool tabs, rank,
// player linking to the profile, rating, games, the previous and next pages from `more`, the
// empty state, the home page's link to it) and a profile's ratings per pool (rating, mu, sigma,
// games, provisional under 5 games, the rating over time as an SVG with its numbers in a table);
// and the create form's Rated game, offered once the Welcome names an account.

import { afterEach, describe, expect, it, vi } from "vitest";
import { parseLeaderboard, parseRatings } from "../src/account/rating_api";
import { chartPoints } from "../src/account/rating_chart";
import { parseLeaderboardQuery } from "../src/account/leaderboard_page";
import { CarcClient } from "../src/net/client";
import { MemoryStorage } from "../src/net/resume_token";
import { App } from "../src/ui/app";
import { NOW_S, byId, heading, page } from "./account_page";
import { FakeWebSocket } from "./fake_websocket";
import { FakeAccountServer, json } from "./fake_account_server";

const rating = (r: number, mu: number, sigma: number) => ({ mu, sigma, rating: r });

const COUNT_PAGE_2 = {
  pool: "count",
  page: 2,
  per_page: 50,
  min_games: 5,
  active_days: 90,
  players: [
    { rank: 51, name: "Ada", games: 12, ...rating(1042, 27.1, 3.2) },
    { rank: 52, name: "Bo Ek", games: 7, ...rating(987, 26.0, 3.3) },
  ],
  more: true,
  computers: [
    { level: "easy", ...rating(1251, 12.507, 1.384) },
    { level: "medium", ...rating(1832, 30.373, 0.882) },
  ],
};

const history = (n: number, ratings: number[]) =>
  ratings.map((r, i) => ({ game_id: 100 + i, room: `ROOM${i}`, at: NOW_S - (n - i) * 86400, place: i % 2, left: false, before: rating(r - 10, 25, 7), after: rating(r, 25.5, 6.5) })).reverse();

const ADA_PROFILE = {
  name: "Ada",
  created_at: NOW_S - 40 * 86400,
  games: [{ game: "base", played: 7, won: 3 }],
  recent: [],
  abandoned: 2,
  ratings: [
    { pool: "base", games: 7, last_game_at: NOW_S - 86400, provisional: false, stronger_than: "easy", ...rating(1042, 27.123, 3.2), history: history(3, [980, 1011, 1042]) },
    { pool: "castle", games: 2, last_game_at: NOW_S - 86400, provisional: true, ...rating(812, 24, 6.4), history: history(2, [790, 812]) },
  ],
};

describe("the ratings' answers", () => {
  it("reads a leaderboard and drops the entries without the documented shape", () => {
    const board = parseLeaderboard({
      ...COUNT_PAGE_2,
      players: [...COUNT_PAGE_2.players, { rank: 53, games: 5 }, { name: "X", rank: 54 }],
      computers: [...COUNT_PAGE_2.computers, { level: "expert", ...rating(2000, 40, 1) }, { level: "hard" }],
    });
    expect(board).toEqual({
      pool: "count",
      page: 2,
      minGames: 5,
      activeDays: 90,
      players: [
        { rank: 51, name: "Ada", games: 12, mu: 27.1, sigma: 3.2, rating: 1042 },
        { rank: 52, name: "Bo Ek", games: 7, mu: 26, sigma: 3.3, rating: 987 },
      ],
      more: true,
      computers: [
        { level: "easy", mu: 12.507, sigma: 1.384, rating: 1251 },
        { level: "medium", mu: 30.373, sigma: 0.882, rating: 1832 },
      ],
    });
    expect(parseLeaderboard({ ...COUNT_PAGE_2, computers: undefined })?.computers).toEqual([]);
    expect(parseLeaderboard({ error: "bad pool", field: "pool" })).toBeUndefined();
  });

  it("reads a profile's ratings, its history oldest first", () => {
    const [base] = parseRatings(ADA_PROFILE.ratings);
    expect(base?.history.map((p) => p.after.rating)).toEqual([980, 1011, 1042]);
    expect(base?.strongerThan).toBe("easy");
    expect(parseRatings([{ ...ADA_PROFILE.ratings[0], stronger_than: "grandmaster" }])[0]?.strongerThan).toBeUndefined();
    expect(base?.history[0]).toMatchObject({ gameId: 100, room: "ROOM0", place: 0, left: false, before: { rating: 970 } });
    expect(parseRatings(undefined)).toEqual([]);
    expect(parseRatings([{ pool: "base" }])).toEqual([]);
  });

  it("reads the pool and page of the address, the base pool's first page when they are not valid", () => {
    expect(parseLeaderboardQuery("?pool=castle&page=3")).toEqual({ pool: "castle", page: 3 });
    expect(parseLeaderboardQuery("?pool=chess&page=0")).toEqual({ pool: "base", page: 1 });
    expect(parseLeaderboardQuery("?page=201")).toEqual({ pool: "base", page: 1 });
  });
});

describe("the leaderboard", () => {
  const rows = (root: Element) =>
    [...root.querySelectorAll("table.leaderboard tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));

  it("opens at its address with the pool's page: rank, player, rating, games, and the pages around", async () => {
    const server = new FakeAccountServer().on("GET /api/leaderboard?pool=count&page=2", json(200, COUNT_PAGE_2));
    const { root, location } = page(server, "/leaderboard?pool=count&page=2");
    await vi.waitFor(() => expect(rows(root)).toEqual([["51", "Ada", "1,042", "12"], ["52", "Bo Ek", "987", "7"]]));
    expect(heading(root)).toBe("Leaderboard");
    expect(location).toMatchObject({ pathname: "/leaderboard", search: "?pool=count&page=2" });
    expect(root.querySelector("table.leaderboard thead")?.textContent).toBe("RankPlayerRatingRated games");
    expect(root.querySelector('a[aria-current="page"]')?.textContent).toBe("The Count of Carcassonne");
    expect(root.textContent).toContain("It lists players with at least 5 rated games, the last within 90 days.");
    expect(byId(root, "leaderboard-computers").textContent).toBe("The computer players, whose ratings never move: Easy 1,251 · Medium 1,832.");
    expect(root.querySelector('a.player-name[href="/players/Bo%20Ek"]')?.textContent).toBe("Bo Ek");
    expect(byId(root, "leaderboard-previous").getAttribute("href")).toBe("/leaderboard?pool=count");
    expect(byId(root, "leaderboard-next").getAttribute("href")).toBe("/leaderboard?pool=count&page=3");

    // The last page: no next one.
    server.on("GET /api/leaderboard?pool=count&page=3", json(200, { ...COUNT_PAGE_2, page: 3, players: [{ rank: 101, name: "Cy", games: 5, ...rating(900, 25, 3) }], more: false }));
    byId(root, "leaderboard-next").click();
    await vi.waitFor(() => expect(rows(root)).toEqual([["101", "Cy", "900", "5"]]));
    expect(location.search).toBe("?pool=count&page=3");
    expect(root.querySelector("#leaderboard-next")).toBeNull();
    expect(root.textContent).toContain("Page 3");
  });

  it("goes to another pool by its tab, says when nobody is on it, and to a player's profile by the name", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/leaderboard?pool=base&page=1", json(200, { ...COUNT_PAGE_2, pool: "base", page: 1, more: false }))
      .on("GET /api/leaderboard?pool=castle&page=1", json(200, { ...COUNT_PAGE_2, pool: "castle", page: 1, players: [], more: false }))
      .on("GET /api/players/Ada", json(200, ADA_PROFILE));
    const { root, location } = page(server, "/");
    // From the home page's link.
    await vi.waitFor(() => expect(root.querySelector("#leaderboard-link")).not.toBeNull());
    expect(root.querySelector("#leaderboard-link")?.getAttribute("href")).toBe("/leaderboard");
    root.querySelector<HTMLAnchorElement>("#leaderboard-link")!.click();
    await vi.waitFor(() => expect(rows(root)).toHaveLength(2));
    expect(location.pathname).toBe("/leaderboard");
    expect(root.querySelector(".pages")).toBeNull();
    byId(root, "pool-castle").click();
    await vi.waitFor(() => expect(root.querySelector("#leaderboard-empty")?.textContent).toContain("Nobody is on this leaderboard yet."));
    // The computer players are where a newcomer compares, even on an empty board.
    expect(root.querySelector("#leaderboard-computers")?.textContent).toContain("Easy 1,251");
    expect(location.search).toBe("?pool=castle");
    expect(root.querySelector('a[aria-current="page"]')?.id).toBe("pool-castle");
    byId(root, "pool-base").click();
    await vi.waitFor(() => expect(rows(root)).toHaveLength(2));
    root.querySelector<HTMLAnchorElement>('a.player-name[href="/players/Ada"]')!.click();
    await vi.waitFor(() => expect(heading(root)).toBe("Player Ada"));
    expect(location.pathname).toBe("/players/Ada");
  });

  it("says why it could not load, in the page's words, and tries again", async () => {
    const server = new FakeAccountServer().once("GET /api/leaderboard?pool=base&page=1", json(400, { error: "bad page", field: "page" }));
    const { root } = page(server, "/leaderboard");
    await vi.waitFor(() => expect(root.querySelector("#leaderboard-error")?.textContent).toContain("bad page"));
    server.on("GET /api/leaderboard?pool=base&page=1", json(200, { ...COUNT_PAGE_2, pool: "base", page: 1 }));
    byId(root, "leaderboard-retry").click();
    await vi.waitFor(() => expect(rows(root)).toHaveLength(2));
  });
});

describe("a profile's ratings", () => {
  it("shows per pool the rating, mu, sigma, games, provisional under 5 games, and the rating over time", async () => {
    const server = new FakeAccountServer().on("GET /api/players/Ada", json(200, ADA_PROFILE));
    const { root } = page(server, "/players/Ada");
    await vi.waitFor(() => expect(root.querySelectorAll(".pool-rating")).toHaveLength(2));
    const pool = (id: string) => root.querySelector<HTMLElement>(`.pool-rating[data-pool="${id}"]`)!;
    const figures = (el: HTMLElement) => [...el.querySelectorAll("dd")].map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`);
    expect(figures(pool("base"))).toEqual(["Rating: 1,042", "Skill estimate (μ): 27.12", "Uncertainty (σ): 3.2", "Rated games: 7"]);
    expect(root.querySelector("#profile-abandoned")?.textContent).toBe("Rated games left before their end: 2.");
    expect(pool("base").querySelector("h4")?.textContent).toBe("Carcassonne");
    expect(pool("castle").querySelector("h4 .badge.provisional")?.textContent).toBe("provisional");
    expect(pool("castle").textContent).toContain("Fewer than 5 rated games");
    expect(byId(root, "rating-base-stronger").textContent).toBe("Rated above the computer player Easy.");
    expect(pool("castle").querySelector(".stronger-than")).toBeNull();

    const chart = pool("base").querySelector("svg")!;
    expect(chart.getAttribute("role")).toBe("img");
    expect(chart.getAttribute("aria-label")).toBe("Rating in Carcassonne, 3 rated games: from 980 to 1,042.");
    expect(chart.querySelector("polyline")?.getAttribute("points")?.split(" ")).toHaveLength(3);
    const numbers = [...pool("base").querySelectorAll(".rating-numbers tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(numbers.map((r) => r.slice(1))).toEqual([["1", "980"], ["2", "1,011"], ["1", "1,042"]]);
    expect(numbers[0]![0]).toMatch(/2026/);
  });

  it("draws the line rising as the rating rises, and a flat or single rating in the middle", () => {
    const points = chartPoints([980, 1011, 1042]);
    expect(points.map((p) => p.x)).toEqual([...points.map((p) => p.x)].sort((a, b) => a - b));
    // SVG's y grows downwards: a higher rating is higher up.
    expect(points[0]!.y).toBeGreaterThan(points[1]!.y);
    expect(points[1]!.y).toBeGreaterThan(points[2]!.y);
    expect(new Set(chartPoints([1000, 1000]).map((p) => p.y)).size).toBe(1);
    expect(chartPoints([1000])).toHaveLength(1);
  });

  it("shows no ratings section for a player without rated games", async () => {
    const server = new FakeAccountServer().on("GET /api/players/Bo", json(200, { ...ADA_PROFILE, name: "Bo", ratings: [] }));
    const { root } = page(server, "/players/Bo");
    await vi.waitFor(() => expect(heading(root)).toBe("Player Bo"));
    await vi.waitFor(() => expect(root.querySelector("table.game-counts")).not.toBeNull());
    expect(root.querySelector(".ratings")).toBeNull();
  });
});

describe("the create form for a signed-in connection", () => {
  const clients: CarcClient[] = [];
  afterEach(() => clients.splice(0).forEach((c) => c.close()));
  /** The home page on a connection whose Welcome names `account` ("" for a guest). */
  function home(account: string): HTMLElement {
    FakeWebSocket.reset();
    const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage: new MemoryStorage() });
    clients.push(client);
    const root = document.createElement("div");
    document.body.append(root);
    new App(root, client, { location: { origin: "https://x", pathname: "/", hash: "" }, http: new FakeAccountServer().fetch }).start();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverSend({ requestId: ws.lastSent().requestId, body: { case: "welcome", value: { serverVersion: "9", maxComputerMs: 2000, accountName: account } } });
    return root;
  }
  const rated = (root: Element) => root.querySelector<HTMLInputElement>('input[name="rated"]');

  it("offers Rated game once the Welcome names the account, and not to a guest", async () => {
    const guest = home("");
    await vi.waitFor(() => expect(rated(guest)).not.toBeNull());
    expect(rated(guest)!.disabled).toBe(true);
    const ada = home("Ada");
    await vi.waitFor(() => expect(rated(ada)).not.toBeNull());
    expect(rated(ada)!.disabled).toBe(false);
  });
});
