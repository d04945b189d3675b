// The leaderboard, at /leaderboard?pool=P&page=N (GET /api/leaderboard): a pool's rated players,
// best first, fifty a page. The pools are tabs (links, the current one marked), each row the
// rank, the player (a link to their profile), the rating and the rated games; the previous and
// next pages are links too, the next one only while the server says more follow. Anyone may look.

import { formatNumber } from "../i18n";
import { h } from "../ui/dom";
import type { AccountApi, Refusal } from "./account_api";
import { gameName, pageLink, profilePath } from "./game_rows";
import { t } from "./i18n";
import { answerState, screenHead } from "./loaded_screen";
import { levelName } from "./profile_ratings";
import { POOLS, isPool, parseLeaderboard, type Leaderboard, type Pool } from "./rating_api";

export const LEADERBOARD_PATH = "/leaderboard";
/** The server's pages: 1 to 200. */
export const MAX_PAGE = 200;

export interface LeaderboardModel {
  pool: Pool;
  page: number;
  board: Leaderboard | undefined;
  /** Why there is none: "" while on its way. */
  error: string;
}

export interface LeaderboardActions {
  /** The page opens `path` (another page of the board, or a profile) in place of the screen. */
  open(path: string): void;
  reload(): void;
  back(): void;
}

/** The address of a pool's page; the first page of the base pool is the bare path. */
export function leaderboardPath(pool: Pool, page: number): string {
  if (pool === "base" && page === 1) return LEADERBOARD_PATH;
  return page === 1 ? `${LEADERBOARD_PATH}?pool=${pool}` : `${LEADERBOARD_PATH}?pool=${pool}&page=${page}`;
}

/** The pool and page an address asks for ("?pool=count&page=2"); the base pool's first page otherwise. */
export function parseLeaderboardQuery(query: string): { pool: Pool; page: number } {
  const params = new URLSearchParams(query);
  const pool = params.get("pool");
  const page = Number(params.get("page") ?? "1");
  return { pool: isPool(pool) ? pool : "base", page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1 };
}

export async function loadLeaderboard(api: AccountApi, pool: Pool, page: number, say: (refusal: Refusal) => string): Promise<LeaderboardModel> {
  const answer = await api.get(`/api/leaderboard?pool=${pool}&page=${page}`, parseLeaderboard);
  return answer.ok ? { pool, page, board: answer.value, error: "" } : { pool, page, board: undefined, error: say(answer.refusal) };
}

export function renderLeaderboard(model: LeaderboardModel, actions: LeaderboardActions): HTMLElement {
  const board = model.board;
  return h(
    "div",
    { class: "screen account leaderboard-page" },
    screenHead(t("leaderboard.title"), actions.back),
    h("nav", { class: "pool-tabs", "aria-label": t("leaderboard.pools") },
      h("ul", {}, POOLS.map((pool) => h("li", {},
        pageLink(leaderboardPath(pool, 1), actions.open, {
          class: pool === model.pool ? "pool-tab current" : "pool-tab",
          id: `pool-${pool}`,
          "aria-current": pool === model.pool ? "page" : undefined,
        }, gameName(pool)),
      ))),
    ),
    answerState("leaderboard", board !== undefined, model.error, t("leaderboard.loading"), actions.reload),
    board ? renderBoard(board, actions) : null,
  );
}

/** The pool's computer players and their fixed ratings: where a listed player stands. */
function renderComputers(board: Leaderboard): HTMLElement | null {
  if (board.computers.length === 0) return null;
  const levels = board.computers.map((c) => `${levelName(c.level)} ${formatNumber(c.rating)}`).join(" · ");
  return h("p", { class: "help", id: "leaderboard-computers" }, t("leaderboard.computers", { levels }));
}

function renderBoard(board: Leaderboard, actions: LeaderboardActions): HTMLElement {
  const who = t("leaderboard.who", { min: board.minGames, days: board.activeDays });
  return h("section", { class: "card", "aria-labelledby": "leaderboard-pool" },
    h("h3", { id: "leaderboard-pool" }, gameName(board.pool)),
    board.players.length === 0
      ? h("p", { class: "empty", id: "leaderboard-empty" }, t("leaderboard.empty"), " ", who)
      : [
          h("p", { class: "help" }, who),
          // Focusable, so that a keyboard scrolls it too on a narrow screen.
          h("div", { class: "table-wrap", tabindex: 0, role: "region", "aria-labelledby": "account-heading" },
            h("table", { class: "leaderboard" },
              h("thead", {}, h("tr", {},
                h("th", { scope: "col", class: "number" }, t("leaderboard.rank")),
                h("th", { scope: "col" }, t("leaderboard.player")),
                h("th", { scope: "col", class: "number" }, t("rating.rating")),
                h("th", { scope: "col", class: "number" }, t("rating.games")),
              )),
              h("tbody", {}, board.players.map((p) => h("tr", { "data-rank": p.rank },
                h("td", { class: "number" }, formatNumber(p.rank)),
                h("th", { scope: "row" }, pageLink(profilePath(p.name), actions.open, { class: "player-name" }, p.name)),
                h("td", { class: "number" }, formatNumber(p.rating)),
                h("td", { class: "number" }, formatNumber(p.games)),
              ))),
            ),
          ),
        ],
    renderComputers(board),
    board.page > 1 || board.more
      ? h("nav", { class: "row pages", "aria-label": t("leaderboard.pages") },
          board.page > 1
            ? pageLink(leaderboardPath(board.pool, board.page - 1), actions.open, { class: "button-link", id: "leaderboard-previous", rel: "prev" }, t("leaderboard.previous"))
            : null,
          h("span", { class: "help" }, t("leaderboard.page", { page: board.page })),
          board.more
            ? pageLink(leaderboardPath(board.pool, board.page + 1), actions.open, { class: "button-link", id: "leaderboard-next", rel: "next" }, t("leaderboard.next"))
            : null,
        )
      : null,
  );
}
