// A fetch that plays the server's HTTP API for the account tests: the game table and an empty
// archive as the page asks at start, a guest's 401 for GET /api/me unless the test says
// otherwise, and each account route's answer set by the test. Every request is recorded; an
// answer can be held back, to see the page while it waits. The notice preferences can be played
// as the server keeps and checks them (notices()).

import { goldenTableJson } from "./game_table";

export interface SentRequest {
  method: string;
  path: string;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  contentType: string | null;
}

/** A response to build for each request (a Response is read once); `text`: its body as sent.
 * The fake always passes both; a test's reply called by hand may give none. */
type Reply = (request?: SentRequest, text?: string) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Reply {
  return () =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
    });
}

export class FakeAccountServer {
  readonly sent: SentRequest[] = [];
  /** Each route's answers to come once, in order, then its answer from then on. */
  private readonly routes = new Map<string, { once: Reply[]; always?: Reply }>();

  private route(route: string): { once: Reply[]; always?: Reply } {
    let answers = this.routes.get(route);
    if (!answers) this.routes.set(route, (answers = { once: [] }));
    return answers;
  }

  constructor() {
    this.on("GET /api/game-types", json(200, goldenTableJson()));
    this.on("GET /api/games?limit=10", json(200, { games: [] }));
    this.on("GET /api/me", json(401, { error: "not signed in" }));
  }

  /** `route` ("METHOD /path") answers `reply` once its answers set with `once` are used. */
  on(route: string, reply: Reply): this {
    this.route(route).always = reply;
    return this;
  }

  /** `route`'s next answer not yet set with `once` is `reply`. */
  once(route: string, reply: Reply): this {
    this.route(route).once.push(reply);
    return this;
  }

  /** `route`'s next answer waits for the returned function's call (then answers `reply`, or
   * the route's usual answer: a route played as the server keeps its state goes on doing so). */
  hold(route: string, reply?: Reply): () => void {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    this.once(route, async (request, text) => {
      await released;
      const answer = reply ?? this.route(route).always ?? json(404, { error: "no such path" });
      return answer(request, text);
    });
    return release;
  }

  /** What GET /api/me/notices answers now (once notices() has set the routes). */
  noticesKept: NoticesJson | undefined;

  /** GET and PUT /api/me/notices as the server answers them (accounts/notice_preferences_api.cc):
   * `kept` from the start, each PUT's fields checked before any is kept, the whole object back. */
  notices(kept: NoticesJson = defaultNotices()): this {
    this.noticesKept = kept;
    this.on("GET /api/me/notices", () => json(200, this.noticesKept)());
    this.on("PUT /api/me/notices", (_request, text) => {
      const answer = changeNotices(this.noticesKept ?? defaultNotices(), text ?? "");
      if (answer.status === 200) this.noticesKept = answer.body as NoticesJson;
      return json(answer.status, answer.body)();
    });
    return this;
  }

  /** The requests to the account API (not the game table's or the archive's). */
  accountRequests(): SentRequest[] {
    return this.sent.filter((r) => r.path === "/api/me" || r.path.startsWith("/api/me/") || /^\/api\/(accounts|sessions|passkeys|players)/.test(r.path));
  }

  /** The fetch to give the page. Like the browser's, it refuses to be called as another object's method. */
  readonly fetch: typeof fetch = ((answer: typeof fetch) =>
    function (this: unknown, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      if (this !== undefined && this !== globalThis) return Promise.reject(new TypeError("Failed to execute 'fetch': Illegal invocation"));
      return answer(input, init);
    })((input, init) => this.answer(input, init));

  private async answer(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    const path = String(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const contentType = new Headers(init?.headers).get("Content-Type");
    this.sent.push({ method, path, body, credentials: init?.credentials, contentType });
    const answers = this.routes.get(`${method} ${path}`);
    const reply = answers?.once.shift() ?? answers?.always;
    return reply ? reply(this.sent.at(-1)!, typeof init?.body === "string" ? init.body : undefined) : new Response("<h1>Not Found</h1>", { status: 404, headers: { "Content-Type": "text/html" } });
  }
}

export interface NoticesJson {
  push: Record<"turn" | "reminder" | "invitation" | "game_over", boolean>;
  quiet: { from: string; to: string } | null;
  time_zone: string;
}

/** A new account's: every kind, no quiet hours, UTC. */
export const defaultNotices = (): NoticesJson => ({
  push: { turn: true, reminder: true, invitation: true, game_over: true },
  quiet: null,
  time_zone: "UTC",
});

const KINDS: readonly string[] = ["turn", "reminder", "invitation", "game_over"];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The containers around the deepest value: {"push": {}} is 2. */
const depth = (v: unknown): number =>
  typeof v === "object" && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0;

/** "HH:MM" in minutes, as notices::ParseClockTime reads it; undefined for anything else. */
function clockMinutes(v: unknown): number | undefined {
  const match = typeof v === "string" ? /^(\d\d):(\d\d)$/.exec(v) : null;
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** notices::CheckTimeZone's words for a zone it refuses, "" for one it takes (this process's
 * Intl stands in for the server's tzdata). */
function zoneRefusal(zone: string): string {
  if (zone.length === 0 || zone.length > 64) return "a time zone is a name of 1 to 64 characters, such as Europe/Berlin";
  if (!/^[A-Za-z0-9/_+-]+$/.test(zone) || zone.startsWith("/") || zone.includes("..")) {
    return "a time zone is a name such as Europe/Berlin or America/New_York";
  }
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return "";
  } catch {
    return "this server knows no time zone of that name";
  }
}

/** A PUT's answer: the status and body, and on 200 the whole object now kept; a 4xx changes
 * nothing, even when fields before the bad one were good. */
function changeNotices(kept: NoticesJson, text: string): { status: number; body: unknown } {
  const refuse = (error: string, field?: string) => ({ status: 400, body: field === undefined ? { error } : { error, field } });
  if (new TextEncoder().encode(text).length > 1024) return { status: 413, body: { error: "the request is over 1 KB" } };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse("the request is not valid JSON");
  }
  if (depth(body) > 2) return refuse("request nested deeper than 2 levels");
  if (!isObject(body)) return refuse("the request must be a JSON object");
  if (Object.keys(body).some((key) => key !== "push" && key !== "quiet" && key !== "time_zone")) {
    return refuse("the fields are push, quiet and time_zone");
  }
  const next: NoticesJson = { ...kept, push: { ...kept.push } };
  if ("push" in body) {
    const push = body.push;
    if (!isObject(push)) return refuse('"push" must be an object of true or false', "push");
    for (const [kind, on] of Object.entries(push)) {
      if (!KINDS.includes(kind) || typeof on !== "boolean") {
        return refuse('"push" takes turn, reminder, invitation and game_over, each true or false', "push");
      }
      next.push[kind as keyof NoticesJson["push"]] = on;
    }
  }
  if ("quiet" in body) {
    const quiet = body.quiet;
    if (quiet === null) {
      next.quiet = null;
    } else {
      const from = isObject(quiet) ? clockMinutes(quiet.from) : undefined;
      const to = isObject(quiet) ? clockMinutes(quiet.to) : undefined;
      if (!isObject(quiet) || from === undefined || to === undefined || from === to || Object.keys(quiet).length !== 2) {
        return refuse('"quiet" is null or {"from": "HH:MM", "to": "HH:MM"}, two different times', "quiet");
      }
      next.quiet = { from: quiet.from as string, to: quiet.to as string };
    }
  }
  if ("time_zone" in body) {
    const zone = body.time_zone;
    if (typeof zone !== "string") return refuse("\"time_zone\" must be a time zone's name", "time_zone");
    const why = zoneRefusal(zone);
    if (why !== "") return refuse(why, "time_zone");
    next.time_zone = zone;
  }
  return { status: 200, body: next };
}
