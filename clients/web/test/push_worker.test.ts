// The service worker's notices (public/sw.js), without a browser: the file runs in a fake worker
// global (node:vm) that collects its handlers, records showNotification and plays the window
// clients; synthetic push and notificationclick events go to the handlers. Checked: the notice of
// each kind in each language, one tag per room, the words complete, the fallbacks for hostile
// payloads (never an exception, always a notification), and which window a click focuses,
// navigates or opens.

import { readFileSync } from "node:fs";
import { runInContext, createContext } from "node:vm";
import { describe, expect, it } from "vitest";

const SOURCE = readFileSync(new URL("../public/sw.js", import.meta.url), "utf8");
const ORIGIN = "https://carc.example";

interface Shown {
  title: string;
  options: { body: string; lang: string; icon: string; tag: string; renotify: boolean; data: { url: string } };
}

/** A window of the site as clients.matchAll() gives it; `controlled`: navigate() works. */
class FakeWindow {
  readonly calls: string[] = [];
  constructor(
    public url: string,
    public focused = false,
    private readonly controlled = true,
  ) {}
  async focus(): Promise<this> {
    this.calls.push("focus");
    return this;
  }
  async navigate(url: string): Promise<this> {
    this.calls.push(`navigate ${url}`);
    if (!this.controlled) throw new TypeError("This service worker is not the client's active service worker.");
    this.url = url;
    return this;
  }
}

type Handler = (event: unknown) => void;

/** sw.js in a fresh fake worker global. */
function loadWorker(windows: FakeWindow[] = []) {
  const handlers = new Map<string, Handler>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const matched: unknown[] = [];
  const global: Record<string, unknown> = {
    URL,
    console,
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: Shown["options"]) => {
        // Through JSON: the worker's objects come from another realm.
        shown.push(JSON.parse(JSON.stringify({ title, options })) as Shown);
      },
    },
    clients: {
      matchAll: async (options: unknown) => {
        matched.push(options);
        return windows;
      },
      openWindow: async (url: string) => {
        opened.push(url);
        return new FakeWindow(url, true);
      },
      claim: async () => undefined,
    },
  };
  global.self = global;
  const context = createContext(global);
  runInContext(SOURCE, context, { filename: "sw.js" });

  /** Dispatches `event` (with waitUntil) to the handler of `type`; resolves when it is done. */
  async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
    const handler = handlers.get(type);
    if (!handler) throw new Error(`no ${type} handler`);
    const waits: Promise<unknown>[] = [];
    handler({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    expect(waits, `${type} waits for its work`).toHaveLength(1);
    await Promise.all(waits);
  }

  return {
    shown,
    opened,
    matched,
    words: runInContext("PUSH_WORDS", context) as Record<string, Record<string, unknown>>,
    /** A push whose data is `text` (as PushMessageData: json() throws on what is not JSON); none without. */
    async push(text?: string): Promise<Shown> {
      const before = shown.length;
      const data = text === undefined ? null : { text: () => text, json: () => JSON.parse(text) as unknown };
      await dispatch("push", { data });
      expect(shown.length, "one notification per push").toBe(before + 1);
      return shown[shown.length - 1]!;
    },
    async pushJson(payload: unknown): Promise<Shown> {
      return this.push(JSON.stringify(payload));
    },
    /** A click on a notification whose data is `data`; whether it was closed. */
    async click(data: unknown): Promise<boolean> {
      let closed = false;
      await dispatch("notificationclick", { notification: { data, close: () => (closed = true) } });
      return closed;
    },
  };
}

const payload = (kind: string, extra: Record<string, unknown> = {}) => ({
  kind,
  room: "ABCD2345",
  url: "/r/ABCD2345",
  game: "base",
  ...(kind === "invitation" ? { from: "Ann" } : {}),
  lang: "en",
  ...extra,
});

const EXPECTED: Record<string, Record<string, [string, string]>> = {
  en: {
    turn: ["Your turn in room ABCD2345", "Carcassonne: the others are waiting for your move."],
    reminder: ["Reminder: room ABCD2345 is waiting for your move", "Carcassonne: your turn is still open."],
    invitation: ["Ann invites you to room ABCD2345", "Carcassonne: open the room to take a seat."],
    game_over: ["Game over in room ABCD2345", "Carcassonne: see the final scores."],
  },
  de: {
    turn: ["Du bist am Zug in Raum ABCD2345", "Carcassonne: Die anderen warten auf deinen Zug."],
    reminder: ["Erinnerung: Raum ABCD2345 wartet auf deinen Zug", "Carcassonne: Du bist noch am Zug."],
    invitation: ["Ann lädt dich in Raum ABCD2345 ein", "Carcassonne: Öffne den Raum, um Platz zu nehmen."],
    game_over: ["Spielende in Raum ABCD2345", "Carcassonne: Sieh dir die Endwertung an."],
  },
  nl: {
    turn: ["Jij bent aan de beurt in kamer ABCD2345", "Carcassonne: de anderen wachten op je zet."],
    reminder: ["Herinnering: kamer ABCD2345 wacht op je zet", "Carcassonne: je bent nog steeds aan de beurt."],
    invitation: ["Ann nodigt je uit in kamer ABCD2345", "Carcassonne: open de kamer om aan te schuiven."],
    game_over: ["Spel afgelopen in kamer ABCD2345", "Carcassonne: bekijk de eindstand."],
  },
  sv: {
    turn: ["Din tur i rum ABCD2345", "Carcassonne: de andra väntar på ditt drag."],
    reminder: ["Påminnelse: rum ABCD2345 väntar på ditt drag", "Carcassonne: det är fortfarande din tur."],
    invitation: ["Ann bjuder in dig till rum ABCD2345", "Carcassonne: öppna rummet för att ta en plats."],
    game_over: ["Spelet är slut i rum ABCD2345", "Carcassonne: se slutresultatet."],
  },
};

const GENERIC_EN = { title: "Carcassonne", body: "Something happened in one of your games." };

describe("the service worker's push notices", () => {
  for (const [lang, kinds] of Object.entries(EXPECTED)) {
    it(`shows each kind in ${lang}, tagged by room, with the room's page for the click`, async () => {
      const worker = loadWorker();
      for (const [kind, [title, body]] of Object.entries(kinds)) {
        const shown = await worker.pushJson(payload(kind, { lang }));
        expect(shown.title, `${lang} ${kind}`).toBe(title);
        expect(shown.options).toEqual({ body, lang, icon: "/icons/icon-192.png", tag: "room-ABCD2345", renotify: true, data: { url: "/r/ABCD2345" } });
      }
    });
  }

  it("has every kind's title and body, and every game's name, in every language, none empty, with English's placeholders", () => {
    const worker = loadWorker();
    const english = worker.words.en!;
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(worker.words).sort()).toEqual(["de", "en", "nl", "sv"]);
    for (const [lang, words] of Object.entries(worker.words)) {
      expect(Object.keys(words).sort(), lang).toEqual(Object.keys(english).sort());
      for (const [kind, entry] of Object.entries(words)) {
        const english_entry = english[kind] as Record<string, string>;
        expect(Object.keys(entry as object).sort(), `${lang} ${kind}`).toEqual(Object.keys(english_entry).sort());
        for (const [part, text] of Object.entries(entry as Record<string, string>)) {
          expect(text.trim(), `${lang} ${kind} ${part}`).not.toBe("");
          expect(names(text), `${lang} ${kind} ${part}`).toEqual(names(english_entry[part]!));
        }
      }
    }
    expect(Object.keys(english)).toEqual(expect.arrayContaining(["turn", "reminder", "invitation", "game_over", "generic"]));
  });

  it("names the game, the Castle too, and gives a newer notice of a room the same tag", async () => {
    const worker = loadWorker();
    const castle = await worker.pushJson(payload("turn", { game: "castle", lang: "de" }));
    expect(castle.options.body).toBe("Die Burg: Die anderen warten auf deinen Zug.");
    const later = await worker.pushJson(payload("reminder", { game: "castle" }));
    expect(later.options.tag).toBe(castle.options.tag);
    const other = await worker.pushJson(payload("turn", { room: "WXYZ6789", url: "/r/WXYZ6789" }));
    expect(other.options.tag).toBe("room-WXYZ6789");
    // An unknown game is named as the site.
    expect((await worker.pushJson(payload("turn", { game: "chess" }))).options.body).toMatch(/^Carcassonne: /);
  });

  it("shows the generic notice for a payload that is not JSON, not an object, empty or of an unknown kind", async () => {
    const worker = loadWorker();
    for (const text of ["not json {", "", "null", "[1,2]", "42", '"turn"', undefined]) {
      const shown = await worker.push(text);
      expect({ title: shown.title, body: shown.options.body }, String(text)).toEqual(GENERIC_EN);
      expect(shown.options.data.url).toBe("/");
      expect(shown.options.tag).toBe("carc");
    }
    const unknown = await worker.pushJson(payload("tournament", { lang: "nl" }));
    expect(unknown.title).toBe("Carcassonne");
    expect(unknown.options.body).toBe("Er is iets gebeurd in een van je spellen.");
    expect(unknown.options.data.url).toBe("/r/ABCD2345");
  });

  it("opens / instead of a url of another origin, a scheme or a protocol-relative address", async () => {
    const worker = loadWorker();
    for (const url of ["https://evil.example/r/ABCD2345", "javascript:alert(1)", "//evil.example", "//evil.example/r/ABCD2345", "/\\evil.example", "r/ABCD2345", 42, null, "/" + "a".repeat(600)]) {
      const shown = await worker.pushJson(payload("turn", { url }));
      expect(shown.title).toBe("Your turn in room ABCD2345");
      expect(shown.options.data.url, String(url)).toBe("/");
    }
    // Without a url, the room's own page.
    const { url: _, ...noUrl } = payload("turn");
    expect((await worker.pushJson(noUrl)).options.data.url).toBe("/r/ABCD2345");
    // A path of the site keeps its query and fragment.
    expect((await worker.pushJson(payload("turn", { url: "/r/ABCD2345?x=1#y" }))).options.data.url).toBe("/r/ABCD2345?x=1#y");
  });

  it("trusts no other field: a room that is no code, an odd language, a long or missing inviter", async () => {
    const worker = loadWorker();
    for (const room of ["<img src=x>", "../../x", "", 7, undefined]) {
      const shown = await worker.pushJson(payload("turn", { room }));
      expect({ title: shown.title, body: shown.options.body }, String(room)).toEqual(GENERIC_EN);
    }
    for (const lang of ["xx", "__proto__", "toString", 3, undefined]) {
      const shown = await worker.pushJson(payload("game_over", { lang }));
      expect(shown.title, String(lang)).toBe("Game over in room ABCD2345");
      expect(shown.options.lang).toBe("en");
    }
    const long = await worker.pushJson(payload("invitation", { from: "M".repeat(300) }));
    expect(long.title).toBe(`${"M".repeat(20)} invites you to room ABCD2345`);
    for (const from of [undefined, "   ", 12]) {
      const anon = await worker.pushJson(payload("invitation", { from, lang: "sv" }));
      expect(anon.title, String(from)).toBe("Du är inbjuden till rum ABCD2345");
    }
  });
});

describe("a click on a notice", () => {
  it("closes it and focuses a window of the site already at its page", async () => {
    const home = new FakeWindow(`${ORIGIN}/`, true);
    const room = new FakeWindow(`${ORIGIN}/r/ABCD2345`);
    const worker = loadWorker([home, room]);
    expect(await worker.click({ url: "/r/ABCD2345" })).toBe(true);
    expect(room.calls).toEqual(["focus"]);
    expect(home.calls).toEqual([]);
    expect(worker.opened).toEqual([]);
    // Uncontrolled windows too: a page opened before the worker was active.
    expect(worker.matched).toEqual([{ type: "window", includeUncontrolled: true }]);
  });

  it("takes the focused window of the site to the page when none is there", async () => {
    const other = new FakeWindow(`${ORIGIN}/account`);
    const focused = new FakeWindow(`${ORIGIN}/r/WXYZ6789`, true);
    const worker = loadWorker([other, focused]);
    await worker.click({ url: "/r/ABCD2345" });
    expect(focused.calls).toEqual(["focus", `navigate ${ORIGIN}/r/ABCD2345`]);
    expect(focused.url).toBe(`${ORIGIN}/r/ABCD2345`);
    expect(other.calls).toEqual([]);
    expect(worker.opened).toEqual([]);
  });

  it("opens a new window when no window of the site is open, or the one there cannot be navigated", async () => {
    const none = loadWorker();
    await none.click({ url: "/r/ABCD2345" });
    expect(none.opened).toEqual([`${ORIGIN}/r/ABCD2345`]);
    const uncontrolled = new FakeWindow(`${ORIGIN}/`, false, false);
    const worker = loadWorker([uncontrolled]);
    await worker.click({ url: "/r/ABCD2345" });
    expect(worker.opened).toEqual([`${ORIGIN}/r/ABCD2345`]);
  });

  it("opens / for a notice whose data is missing or points elsewhere", async () => {
    for (const data of [null, undefined, "x", { url: "javascript:alert(1)" }, { url: "//evil.example/x" }, { url: "https://evil.example/" }]) {
      const worker = loadWorker();
      await worker.click(data);
      expect(worker.opened, JSON.stringify(data)).toEqual([`${ORIGIN}/`]);
    }
  });
});
