// A fetch that plays the server's HTTP API for the account tests: the game table and an empty
// archive as the page asks at start, a guest's 401 for GET /api/me unless the test says
// otherwise, and each account route's answer set by the test. Every request is recorded; an
// answer can be held back, to see the page while it waits.

import { goldenTableJson } from "./game_table";

export interface SentRequest {
  method: string;
  path: string;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  contentType: string | null;
}

/** A response to build for each request (a Response is read once). */
type Reply = () => Response | Promise<Response>;

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

  /** `route`'s next answer waits for the returned function's call (then answers `reply`). */
  hold(route: string, reply: Reply): () => void {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    this.once(route, async () => {
      await released;
      return reply();
    });
    return release;
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
    return reply ? reply() : new Response("<h1>Not Found</h1>", { status: 404, headers: { "Content-Type": "text/html" } });
  }
}
