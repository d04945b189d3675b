// The server's account API: JSON over fetch, on the page's own origin. The session is an HttpOnly
// cookie (carc_session) that this code never sees: the browser sends it (credentials
// "same-origin") and the server sets and clears it. Every answer is read defensively: a server
// without accounts, a proxy's error page or a malformed body is a refusal, never an exception.

/** The request's field the server named (friends and invitations name "room", "to" and
 * "invitations_from" too; the e-mail address "address", "lang", "digest" and "token"; the notice
 * preferences "push", "quiet" and "time_zone"; a sign-up "invitation"; a password change
 * "old_password" and "new_password"). */
export type Field =
  | "name" | "password" | "invitation" | "room" | "to" | "invitations_from" | "address" | "lang" | "digest" | "token" | "push" | "quiet" | "time_zone"
  | "old_password" | "new_password";

const FIELDS: readonly unknown[] = [
  "name", "password", "invitation", "room", "to", "invitations_from", "address", "lang", "digest", "token", "push", "quiet", "time_zone",
  "old_password", "new_password",
] satisfies Field[];

/** Why a request did not do what it asked. */
export interface Refusal {
  /** The HTTP status; 0 when no answer came (no network, a fetch that threw). */
  status: number;
  /** The server's own words (English), "" when it gave none. */
  error: string;
  /** The field the server named as the cause. */
  field?: Field | undefined;
  /** Seconds to wait before asking again (Retry-After), when the server said. */
  retryAfter?: number | undefined;
}

export type Answer<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export interface Me {
  name: string;
  /** Seconds since 1970. */
  createdAt: number;
}

export interface AccountSession {
  id: number;
  /** Seconds since 1970. */
  createdAt: number;
  lastSeenAt: number;
  /** The browser and system the server made out ("Chrome on Linux"); may be "". */
  label: string;
  /** The session of this browser. */
  current: boolean;
}

/** A passkey of the account, as GET /api/me/passkeys lists it. */
export interface Passkey {
  id: number | string;
  /** The name the player gave it, or the server's; may be "". */
  label: string;
  /** Seconds since 1970. */
  createdAt: number;
  /** Seconds since 1970; undefined when it was never used to sign in. */
  lastUsedAt: number | undefined;
}

/** What POST /api/me/claims made the account's. */
export interface Claimed {
  /** Archived games. */
  finished: number;
  /** Rooms in progress (lobbies and running games). */
  inProgress: number;
}

export type Json = Record<string, unknown>;

export const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The entries of `list` that `read` makes something of; none from what is not a list. */
export function each<T>(list: unknown, read: (entry: Json) => T | undefined): T[] {
  return Array.isArray(list) ? list.flatMap((e: unknown) => (isJson(e) ? (read(e) ?? []) : [])) : [];
}

const asJson = (value: unknown): Json | undefined => (isJson(value) ? value : undefined);

/** Seconds from a Retry-After header: a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, nowMs: number): number | undefined {
  const text = header?.trim() ?? "";
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function parseName(json: unknown): string | undefined {
  return isJson(json) && typeof json.name === "string" ? json.name : undefined;
}

export function parseMe(json: unknown): Me | undefined {
  if (!isJson(json) || typeof json.name !== "string" || typeof json.created_at !== "number") return undefined;
  return { name: json.name, createdAt: json.created_at };
}

/** The sessions of GET /api/me/sessions; an entry without the documented shape is dropped. */
export function parseSessions(json: unknown): AccountSession[] | undefined {
  if (!isJson(json) || !Array.isArray(json.sessions)) return undefined;
  return json.sessions.flatMap((s: unknown) =>
    isJson(s) && typeof s.id === "number" && typeof s.created_at === "number" && typeof s.last_seen_at === "number"
      ? [{
          id: s.id,
          createdAt: s.created_at,
          lastSeenAt: s.last_seen_at,
          label: typeof s.label === "string" ? s.label : "",
          current: s.current === true,
        }]
      : [],
  );
}

/** The passkeys of GET /api/me/passkeys; an entry without an id and a creation time is dropped. */
export function parsePasskeys(json: unknown): Passkey[] | undefined {
  if (!isJson(json) || !Array.isArray(json.passkeys)) return undefined;
  return json.passkeys.flatMap((p: unknown) =>
    isJson(p) && (typeof p.id === "number" || typeof p.id === "string") && typeof p.created_at === "number"
      ? [{
          id: p.id,
          label: typeof p.label === "string" ? p.label : "",
          createdAt: p.created_at,
          lastUsedAt: typeof p.last_used_at === "number" && p.last_used_at > 0 ? p.last_used_at : undefined,
        }]
      : [],
  );
}

function parseClaimed(json: unknown): Claimed | undefined {
  if (!isJson(json) || typeof json.finished !== "number" || typeof json.in_progress !== "number") return undefined;
  return { finished: json.finished, inProgress: json.in_progress };
}

/** A read refused for a moment (the server's API threads full: 503 with Retry-After of at most
 * this many seconds) is asked again by itself, at most READ_RETRIES times: a household behind one
 * address opening a page of several lists at once meets that limit, and should not see it. A
 * longer wait is the player's to choose (the pages' "Try again"). */
export const READ_RETRY_MAX_SECONDS = 1;
export const READ_RETRIES = 2;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class AccountApi {
  constructor(
    private readonly http: typeof fetch,
    private readonly now: () => number = Date.now,
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {}

  /**
   * POST /api/accounts: 201 {"name"} and the cookie; the player is signed in. `invitation`: the
   * server's code, on a server whose sign-up is by invitation (403, field "invitation", without).
   */
  signUp(name: string, password: string, invitation?: string): Promise<Answer<string>> {
    return this.call("POST", "/api/accounts", parseName, invitation === undefined ? { name, password } : { name, password, invitation });
  }

  /** POST /api/sessions: 200 {"name"} and the cookie. */
  signIn(name: string, password: string): Promise<Answer<string>> {
    return this.call("POST", "/api/sessions", parseName, { name, password });
  }

  /** DELETE /api/sessions/current: 204, the cookie cleared. */
  signOut(): Promise<Answer<void>> {
    return this.call("DELETE", "/api/sessions/current");
  }

  me(): Promise<Answer<Me>> {
    return this.call("GET", "/api/me", parseMe);
  }

  sessions(): Promise<Answer<AccountSession[]>> {
    return this.call("GET", "/api/me/sessions", parseSessions);
  }

  /** Ends one session of the account (another device's). */
  endSession(id: number): Promise<Answer<void>> {
    return this.call("DELETE", `/api/me/sessions/${encodeURIComponent(id)}`);
  }

  /** Ends every session of the account, this one too. */
  endAll(): Promise<Answer<void>> {
    return this.call("DELETE", "/api/me/sessions");
  }

  passkeys(): Promise<Answer<Passkey[]>> {
    return this.call("GET", "/api/me/passkeys", parsePasskeys);
  }

  /** The options for navigator.credentials.create(), as JSON (binary fields in base64url). */
  passkeyOptions(): Promise<Answer<Json>> {
    return this.call("POST", "/api/me/passkeys/options", asJson);
  }

  /** Registers the authenticator's new passkey: 201 {"id", "label", "created_at"}. */
  addPasskey(body: Json): Promise<Answer<Json>> {
    return this.call("POST", "/api/me/passkeys", asJson, body);
  }

  removePasskey(id: Passkey["id"]): Promise<Answer<void>> {
    return this.call("DELETE", `/api/me/passkeys/${encodeURIComponent(id)}`);
  }

  /** The options for navigator.credentials.get(), as JSON. */
  passkeySignInOptions(): Promise<Answer<Json>> {
    return this.call("POST", "/api/passkeys/sign-in/options", asJson);
  }

  /** POST /api/passkeys/sign-in: 200 {"name"} and the cookie. */
  passkeySignIn(body: Json): Promise<Answer<string>> {
    return this.call("POST", "/api/passkeys/sign-in", parseName, body);
  }

  /** POST /api/me/claims {"tokens"} (at most 32 resume tokens): the games of those seats, a
   * guest's, become the account's. */
  claim(tokens: readonly string[]): Promise<Answer<Claimed>> {
    return this.call("POST", "/api/me/claims", parseClaimed, { tokens });
  }

  /** DELETE /api/me {"name"}: 204, the account gone and the cookie cleared. */
  deleteAccount(name: string): Promise<Answer<void>> {
    return this.call("DELETE", "/api/me", undefined, { name });
  }

  /** GET /api/push/vapid-public-key: the server's VAPID key (base64url); 503 when it sends no
   * push notices. */
  pushKey(): Promise<Answer<string>> {
    return this.call("GET", "/api/push/vapid-public-key", (json) => (isJson(json) && typeof json.key === "string" ? json.key : undefined));
  }

  /** POST /api/me/push-subscriptions: the browser's subscription (PushSubscription.toJSON()) and
   * the page's language; 201 (200 for an endpoint it knows), 409 at the account's maximum. */
  addPushSubscription(body: Json): Promise<Answer<void>> {
    return this.call("POST", "/api/me/push-subscriptions", undefined, body);
  }

  /** DELETE /api/me/push-subscriptions {"endpoint"}: 204, also when the server did not know it. */
  removePushSubscription(endpoint: string): Promise<Answer<void>> {
    return this.call("DELETE", "/api/me/push-subscriptions", undefined, { endpoint });
  }

  /** A GET of JSON read by `read` (the profile and game lists: history_api.ts). */
  get<T>(path: string, read: (json: unknown) => T | undefined): Promise<Answer<T>> {
    return this.call("GET", path, read);
  }

  /** Any other request of JSON (friends and invitations: follows_api.ts, invitations_api.ts;
   * the e-mail address: email_api.ts; the notice preferences: notices_api.ts); `read` reads a
   * 2xx answer's body, none for 204s. */
  send<T = void>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, read?: (json: unknown) => T | undefined, body?: Json): Promise<Answer<T>> {
    return this.call(method, path, read, body);
  }

  /** `read`: the value of a 2xx answer's body, undefined when it does not fit; none for 204s. */
  private async call<T = void>(method: string, path: string, read?: (json: unknown) => T | undefined, body?: Json): Promise<Answer<T>> {
    let answer = await this.once(method, path, read, body);
    // Only reads: a refused write may be asked again by the player, who sees what it was.
    for (let retry = 0; retry < READ_RETRIES && method === "GET" && !answer.ok; ++retry) {
      const { status, retryAfter } = answer.refusal;
      if (status !== 503 || retryAfter === undefined || retryAfter > READ_RETRY_MAX_SECONDS) break;
      await this.wait(Math.max(retryAfter, 0.25) * 1000);
      answer = await this.once(method, path, read, body);
    }
    return answer;
  }

  private async once<T>(method: string, path: string, read?: (json: unknown) => T | undefined, body?: Json): Promise<Answer<T>> {
    // Called on its own: the browser's fetch called as a method of another object throws
    // ("Illegal invocation").
    const http = this.http;
    let response: Response;
    try {
      response = await http(path, {
        method,
        credentials: "same-origin",
        headers: body === undefined ? undefined : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      return { ok: false, refusal: { status: 0, error: e instanceof Error ? e.message : String(e) } };
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      if (!read) return { ok: true, value: undefined as T };
      const value = read(json);
      if (value !== undefined) return { ok: true, value };
      return { ok: false, refusal: { status: response.status, error: "" } };
    }
    const error = isJson(json) && typeof json.error === "string" ? json.error : "";
    const field = isJson(json) && FIELDS.includes(json.field) ? (json.field as Field) : undefined;
    const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"), this.now());
    return { ok: false, refusal: { status: response.status, error, field, retryAfter } };
  }
}
