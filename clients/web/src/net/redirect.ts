// Where the client connects, in a cluster of servers: the URL it was created with (a front
// proxy or any node), or the node a Redirect named as the one that serves the player's room.
//
// A Redirect comes from the network, so the client follows it only to a WebSocket URL, never
// from wss: down to ws: (a secure page must not leak its resume token in clear text, and the
// browser would refuse the socket anyway), never to a URL long enough to be an abuse, and only
// a few times in a row: two nodes that disagree about a room would otherwise bounce the client
// between them forever. A Welcome and an answer end the chain (the node really serves the
// room), and so does any failure: the caller then starts again from the original URL, paced by
// the reconnect backoff.

/** The redirects followed in a row, without a Welcome and an answer in between. */
export const MAX_REDIRECTS_IN_A_ROW = 4;
/** Longer redirect URLs are refused: no node's advertised URL comes near it. */
export const MAX_REDIRECT_URL_LENGTH = 500;

/** A Redirect the client refused to follow (a bad URL, or too many redirects in a row). */
export class RedirectError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = "RedirectError";
  }
}

/**
 * Why the client must not follow a redirect to `url` while connected to `from` (undefined: it
 * may). `secureOnly` forbids ws: (the page, or the URL the client was created with, is secure).
 */
export function redirectRefusal(
  url: string,
  from: string,
  secureOnly: boolean,
): string | undefined {
  if (url.length > MAX_REDIRECT_URL_LENGTH) {
    return `redirect URL longer than ${MAX_REDIRECT_URL_LENGTH} characters`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `redirect to an invalid URL: ${url}`;
  }
  if (parsed.protocol !== "ws:" && parsed.protocol !== "wss:") {
    return `redirect to a URL that is not ws: or wss:: ${url}`;
  }
  if (parsed.protocol === "ws:" && (secureOnly || protocolOf(from) === "wss:")) {
    return `redirect from a secure connection to ws: refused: ${url}`;
  }
  return undefined;
}

/** The URL of the next connection, and the count of redirects followed in a row. */
export class RedirectRoute {
  private current_: string;
  private inARow = 0;

  /** `origin`: the URL the client was created with; `pageProtocol`: the page's, if any. */
  constructor(
    readonly origin: string,
    private readonly pageProtocol: () => string | undefined = browserPageProtocol,
  ) {
    this.current_ = origin;
  }

  /** Where the next connection goes. */
  get current(): string {
    return this.current_;
  }

  /**
   * Follows a redirect to `url`: the next connection goes there. Throws a RedirectError, and
   * leaves the route as it was, when the URL is refused or the chain is too long.
   */
  follow(url: string): void {
    const secureOnly = this.pageProtocol() === "https:" || protocolOf(this.origin) === "wss:";
    const refusal = redirectRefusal(url, this.current_, secureOnly);
    if (refusal !== undefined) throw new RedirectError(refusal, url);
    if (this.inARow >= MAX_REDIRECTS_IN_A_ROW) {
      throw new RedirectError(
        `more than ${MAX_REDIRECTS_IN_A_ROW} redirects in a row (the last to ${url})`,
        url,
      );
    }
    this.inARow += 1;
    this.current_ = url;
  }

  /**
   * The chain ended: a Welcome and the answer came (the node serves the room), or it broke (a
   * connection failed, a redirect was refused). The next redirect starts a new one.
   */
  endChain(): void {
    this.inARow = 0;
  }

  /** Back to the original URL, which redirects again if the room lives elsewhere. */
  returnToOrigin(): void {
    this.current_ = this.origin;
    this.inARow = 0;
  }
}

function protocolOf(url: string): string | undefined {
  try {
    return new URL(url).protocol;
  } catch {
    return undefined;
  }
}

function browserPageProtocol(): string | undefined {
  const location = (globalThis as { location?: { protocol?: unknown } }).location;
  return typeof location?.protocol === "string" ? location.protocol : undefined;
}

/**
 * The requests in flight that a Redirect may answer, by request id, with their bodies: a
 * redirected one is carried to the next node and sent there again, with the same id, once that
 * node has said Welcome; then it waits for its answer there.
 */
export class RedirectableRequests<Body> {
  private readonly bodies = new Map<number, Body>();
  private carried: number[] = [];
  private readonly resent = new Set<number>();

  keep(requestId: number, body: Body): void {
    this.bodies.set(requestId, body);
  }

  has(requestId: number): boolean {
    return this.bodies.has(requestId);
  }

  /** The request was redirected: it goes with the client to the next node. */
  carry(requestId: number): void {
    this.resent.delete(requestId);
    if (!this.carried.includes(requestId)) this.carried.push(requestId);
  }

  /** The carried requests, to send again now that the next node said Welcome. */
  takeCarried(): Array<[number, Body]> {
    const out: Array<[number, Body]> = [];
    for (const id of this.carried) {
      const body = this.bodies.get(id);
      if (body === undefined) continue;
      out.push([id, body]);
      this.resent.add(id);
    }
    this.carried = [];
    return out;
  }

  /** Whether a redirected request still waits for an answer (carried, or sent again). */
  get waiting(): boolean {
    return this.carried.length > 0 || this.resent.size > 0;
  }

  /** The request got its answer, or gave up waiting. */
  forget(requestId: number): void {
    this.bodies.delete(requestId);
    this.resent.delete(requestId);
    this.carried = this.carried.filter((id) => id !== requestId);
  }

  /**
   * The connection ends: forgets every request, but the carried ones when `keepCarried` (the
   * client follows a redirect). Returns the ids kept.
   */
  drop(keepCarried: boolean): Set<number> {
    const kept = new Set(keepCarried ? this.carried : []);
    if (!keepCarried) this.carried = [];
    this.resent.clear();
    for (const id of [...this.bodies.keys()]) {
      if (!kept.has(id)) this.bodies.delete(id);
    }
    return kept;
  }
}
