// The account screens' reading of the server's answers (account_api.ts) and their times in words
// (time_words.ts): Retry-After in both its forms, sessions of the documented shape only, "ago"
// rounded to the nearest unit and waits rounded up, in each language of the page.

import { afterEach, describe, expect, it } from "vitest";
import { AccountApi, parseMe, parseSessions, retryAfterSeconds } from "../src/account/account_api";
import { timeAgo, waitWords } from "../src/account/time_words";
import { setLanguage } from "../src/i18n";
import { FakeAccountServer, json } from "./fake_account_server";

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const NOW_S = NOW / 1000;

afterEach(() => setLanguage("en", undefined));

describe("the account API's answers", () => {
  const busy = (seconds: string) => json(503, { error: "busy" }, { "Retry-After": seconds });

  it("asks a read again by itself after a busy moment, never a write, nor after a long wait", async () => {
    const server = new FakeAccountServer()
      .once("GET /api/me/sessions", busy("1"))
      .once("GET /api/me/sessions", busy("0"))
      .on("GET /api/me/sessions", json(200, { sessions: [] }))
      .on("POST /api/sessions", busy("1"))
      .on("GET /api/me/passkeys", busy("1"))
      .on("GET /api/me", busy("3"));
    const waits: number[] = [];
    const api = new AccountApi(server.fetch, () => NOW, async (ms) => void waits.push(ms));
    expect(await api.sessions()).toEqual({ ok: true, value: [] });
    expect(waits).toEqual([1000, 250]);

    waits.length = 0;
    const write = await api.signIn("Ada", "correct horse battery");
    expect(write.ok ? 0 : write.refusal.status).toBe(503);
    const reads = await api.passkeys();
    expect(reads.ok ? undefined : reads.refusal.retryAfter).toBe(1);
    const long = await api.me();
    expect(long.ok ? undefined : long.refusal.retryAfter).toBe(3);
    expect(waits).toEqual([1000, 1000]);
    const asked = (route: string) => server.sent.filter((r) => `${r.method} ${r.path}` === route).length;
    expect([asked("GET /api/me/sessions"), asked("POST /api/sessions"), asked("GET /api/me/passkeys"), asked("GET /api/me")]).toEqual([3, 1, 3, 1]);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterSeconds("120", NOW)).toBe(120);
    expect(retryAfterSeconds(" 0 ", NOW)).toBe(0);
    expect(retryAfterSeconds(new Date(NOW + 90_500).toUTCString(), NOW)).toBe(90);
    expect(retryAfterSeconds(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterSeconds("soon", NOW)).toBeUndefined();
    expect(retryAfterSeconds(null, NOW)).toBeUndefined();
  });

  it("keeps the sessions of the documented shape and drops the others", () => {
    expect(
      parseSessions({
        sessions: [
          { id: 12, created_at: 1, last_seen_at: 2, label: "Chrome on Linux", current: true },
          { id: 13, created_at: 1, last_seen_at: 2 },
          { id: "14", created_at: 1, last_seen_at: 2, label: "x" },
          null,
        ],
      }),
    ).toEqual([
      { id: 12, createdAt: 1, lastSeenAt: 2, label: "Chrome on Linux", current: true },
      { id: 13, createdAt: 1, lastSeenAt: 2, label: "", current: false },
    ]);
    expect(parseSessions({ sessions: "none" })).toBeUndefined();
    expect(parseSessions(undefined)).toBeUndefined();
  });

  it("reads GET /api/me only with a name and a time", () => {
    expect(parseMe({ name: "Ada", created_at: 5 })).toEqual({ name: "Ada", createdAt: 5 });
    expect(parseMe({ name: "Ada" })).toBeUndefined();
    expect(parseMe({ games: [] })).toBeUndefined();
  });
});

describe("times in words", () => {
  it("says how long ago, to the nearest unit, never in the future", () => {
    expect(timeAgo(NOW_S, NOW)).toBe("now");
    expect(timeAgo(NOW_S + 30, NOW)).toBe("now");
    expect(timeAgo(NOW_S - 20, NOW)).toBe("20 seconds ago");
    expect(timeAgo(NOW_S - 59.6, NOW)).toBe("1 minute ago");
    expect(timeAgo(NOW_S - 5 * 60, NOW)).toBe("5 minutes ago");
    expect(timeAgo(NOW_S - 3 * 3600, NOW)).toBe("3 hours ago");
    expect(timeAgo(NOW_S - 86400, NOW)).toBe("yesterday");
    expect(timeAgo(NOW_S - 400 * 86400, NOW)).toBe("last year");
  });

  it("rounds a wait up, so that the player never asks too early", () => {
    expect(waitWords(0)).toBe("in 1 second");
    expect(waitWords(5)).toBe("in 5 seconds");
    expect(waitWords(60)).toBe("in 1 minute");
    expect(waitWords(90)).toBe("in 2 minutes");
    expect(waitWords(3600)).toBe("in 1 hour");
    expect(waitWords(86400)).toBe("in 1 day");
  });

  it("speaks the page's language", () => {
    setLanguage("de", undefined);
    expect(waitWords(300)).toBe("in 5 Minuten");
    expect(timeAgo(NOW_S - 300, NOW)).toBe("vor 5 Minuten");
    setLanguage("nl", undefined);
    expect(waitWords(300)).toBe("over 5 minuten");
    setLanguage("sv", undefined);
    expect(timeAgo(NOW_S - 300, NOW)).toBe("för 5 minuter sedan");
  });
});
