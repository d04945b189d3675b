// @vitest-environment happy-dom

// The account page's notices card (src/account/notices_api.ts, notices_actions.ts,
// notices_card.ts): the defaults and kept preferences as GET /api/me/notices gives them (no card
// on a server older than them); each kind saved alone as its box changes; quiet hours turned on
// (22:00 to 07:00 offered), saved with this device's time zone when the kept one differs, and
// turned off; the zone switched on request; each refusal beside the part the server named (the
// kinds, the hours, the zone) or in the card (a busy server, "try again"), the kept values left
// as they were; and the card's words in every language. The server is a FakeAccountServer that
// keeps and checks the preferences as the real one does.

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES } from "../src/account/i18n";
import { LANGUAGES, setLanguage } from "../src/i18n";
import { accountPage, byId, heading, link, type } from "./account_page";
import { FakeAccountServer, defaultNotices, json, type NoticesJson } from "./fake_account_server";

const KIND_BOXES = ["notices-turn", "notices-reminder", "notices-invitation", "notices-game-over"];
const QUIET_REFUSED = '"quiet" is null or {"from": "HH:MM", "to": "HH:MM"}, two different times';

// The screens' chunk, which the page fetches when the account page opens, compiled before the
// first test: on a busy machine its first compilation outlasts a waitFor.
beforeAll(() => import("../src/account/account_screens"), 120_000);

afterEach(() => {
  setLanguage("en", undefined);
  vi.restoreAllMocks();
});

/** This browser's time zone, whatever the machine running the tests is set to. */
function deviceIn(zone: string): void {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: zone };
  });
}

function server(kept: Partial<NoticesJson> = {}): FakeAccountServer {
  return new FakeAccountServer().on("GET /api/me/passkeys", json(200, { passkeys: [] })).notices({ ...defaultNotices(), ...kept });
}

const noticeRequests = (s: FakeAccountServer) => s.sent.filter((r) => r.path === "/api/me/notices").map((r) => [r.method, r.body]);
const puts = (s: FakeAccountServer) => noticeRequests(s).filter(([method]) => method === "PUT").map(([, body]) => body);
const card = (root: Element) => root.querySelector<HTMLElement>("section.notices");
const input = (root: Element, id: string) => byId<HTMLInputElement>(root, id);
/** Its words, with the narrow space some ICU versions put before "PM" made a plain one. */
const text = (root: Element, id: string) => root.querySelector(`#${id}`)?.textContent?.replace(/\s/g, " ");
const checked = (root: Element) => KIND_BOXES.map((id) => input(root, id).checked);

/** The account page with `s` for its server, once the card is there. */
async function noticesCard(s: FakeAccountServer) {
  const p = await accountPage(s);
  await vi.waitFor(() => expect(card(p.root)).not.toBeNull());
  return p;
}

function toggle(root: Element, id: string): void {
  const box = input(root, id);
  box.checked = !box.checked;
  box.dispatchEvent(new Event("change"));
}

function saveQuiet(root: Element): void {
  root.querySelector("form.notices-quiet")!.dispatchEvent(new Event("submit", { cancelable: true }));
}

describe("the notices card's states", () => {
  it("shows the defaults: every kind on, no quiet hours, each control labelled, in a section with its heading", async () => {
    deviceIn("UTC");
    const s = server();
    const { root } = await noticesCard(s);
    const section = card(root)!;
    expect(section.getAttribute("aria-labelledby")).toBe("notices-heading");
    expect(text(root, "notices-heading")).toBe("Notifications and quiet hours");
    expect(section.querySelector("fieldset.notice-kinds legend")?.textContent).toBe("Notify me about");
    expect(checked(root)).toEqual([true, true, true, true]);
    expect(KIND_BOXES.map((id) => root.querySelector(`label[for='${id}']`)?.textContent)).toEqual([
      "Your turn",
      "Reminder before time runs out",
      "Invitations",
      "Game over",
    ]);
    expect(KIND_BOXES.every((id) => !input(root, id).disabled)).toBe(true);
    expect(input(root, "notices-quiet").checked).toBe(false);
    expect(root.querySelector("label[for='notices-quiet']")?.textContent).toBe("No notifications at night");
    expect(input(root, "notices-quiet").getAttribute("aria-describedby")).toBe("notices-quiet-help");
    // The times come with the box.
    expect(root.querySelector("#notices-from")).toBeNull();
    expect(root.querySelector("#notices-use-zone")).toBeNull();
    expect(text(root, "notices-save")).toBe("Save quiet hours");
    expect(byId(root, "notices-status").getAttribute("role")).toBe("status");
    expect(byId(root, "notices-error").getAttribute("role")).toBe("alert");
    expect(noticeRequests(s)).toEqual([["GET", undefined]]);
  });

  it("shows kept preferences: the kinds turned off, the quiet hours, their zone, and offers this device's", async () => {
    deviceIn("America/New_York");
    const push = { turn: true, reminder: false, invitation: true, game_over: false };
    const { root } = await noticesCard(server({ push, quiet: { from: "23:30", to: "06:45" }, time_zone: "Europe/Berlin" }));
    expect(checked(root)).toEqual([true, false, true, false]);
    expect(input(root, "notices-quiet").checked).toBe(true);
    const [from, to] = [input(root, "notices-from"), input(root, "notices-to")];
    expect([from.type, from.value, to.type, to.value]).toEqual(["time", "23:30", "time", "06:45"]);
    expect(root.querySelector("label[for='notices-from']")?.textContent).toBe("From");
    expect(root.querySelector("label[for='notices-to']")?.textContent).toBe("Until");
    expect(text(root, "notices-zone")).toBe("Times are in Europe/Berlin.");
    expect(text(root, "notices-device-zone")).toBe("This device is set to America/New_York: saving the quiet hours switches to it.");
    expect(text(root, "notices-use-zone")).toBe("Use America/New_York");
  });

  it("is not there on a server older than these preferences (404)", async () => {
    const old = new FakeAccountServer().on("GET /api/me/passkeys", json(200, { passkeys: [] }));
    const { root } = await accountPage(old);
    await vi.waitFor(() => expect(old.sent.some((r) => r.path === "/api/me/notices")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(card(root)).toBeNull();
    expect(text(root, "account-error")).toBe("");
  });

  it("says why the preferences could not be read, without the controls", async () => {
    const s = server().on("GET /api/me/notices", json(500, { error: "store down" }));
    const { root } = await noticesCard(s);
    expect(text(root, "notices-error")).toBe("Something went wrong on the server (HTTP 500). Try again. (store down)");
    expect(root.querySelector("#notices-turn")).toBeNull();
    expect(root.querySelector("#notices-save")).toBeNull();
  });
});

describe("each kind, saved as its box changes", () => {
  it("sends only Game over when it is unchecked, busy meanwhile, and shows the new state", async () => {
    deviceIn("UTC");
    const s = server();
    const { root } = await noticesCard(s);
    const release = s.hold("PUT /api/me/notices");
    toggle(root, "notices-game-over");
    await vi.waitFor(() => expect(card(root)!.querySelector("fieldset.notice-kinds")?.getAttribute("aria-busy")).toBe("true"));
    // The choice shows while it is sent; nothing can be changed meanwhile.
    expect(checked(root)).toEqual([true, true, true, false]);
    expect(KIND_BOXES.every((id) => input(root, id).disabled)).toBe(true);
    expect(input(root, "notices-quiet").disabled).toBe(true);
    expect(byId<HTMLButtonElement>(root, "notices-save").disabled).toBe(true);
    expect(byId<HTMLButtonElement>(root, "sign-out").disabled).toBe(true);
    release();
    await vi.waitFor(() => expect(text(root, "notices-status")).toBe("Saved."));
    expect(puts(s)).toEqual([{ push: { game_over: false } }]);
    expect(s.noticesKept?.push).toEqual({ turn: true, reminder: true, invitation: true, game_over: false });
    expect(checked(root)).toEqual([true, true, true, false]);
    expect(input(root, "notices-game-over").disabled).toBe(false);
    expect(card(root)!.querySelector("fieldset.notice-kinds")?.hasAttribute("aria-busy")).toBe(false);
    expect(document.activeElement?.id).toBe("notices-game-over");

    toggle(root, "notices-game-over");
    await vi.waitFor(() => expect(puts(s)).toHaveLength(2));
    await vi.waitFor(() => expect(input(root, "notices-game-over").disabled).toBe(false));
    expect(puts(s)[1]).toEqual({ push: { game_over: true } });
    expect(checked(root)).toEqual([true, true, true, true]);
  });

  it("shows the box as it was, and the server's words beside the kinds, when it refuses the kind (400 push)", async () => {
    const words = '"push" takes turn, reminder, invitation and game_over, each true or false';
    const s = server().once("PUT /api/me/notices", json(400, { error: words, field: "push" }));
    const { root } = await noticesCard(s);
    toggle(root, "notices-turn");
    await vi.waitFor(() => expect(text(root, "notices-push-error")).toBe(`This choice could not be saved. (${words})`));
    expect(checked(root)).toEqual([true, true, true, true]);
    expect(card(root)!.querySelector("fieldset.notice-kinds")?.getAttribute("aria-describedby")).toBe("notices-push-error");
    expect(text(root, "notices-error")).toBe("");
    expect(text(root, "notices-status")).toBe("");
    expect(s.noticesKept).toEqual(defaultNotices());
  });
});

describe("quiet hours", () => {
  it("offers 22:00 to 07:00 when turned on, and saves them with this device's zone when the kept one differs", async () => {
    deviceIn("Europe/Berlin");
    const s = server();
    const { root } = await noticesCard(s);
    toggle(root, "notices-quiet");
    await vi.waitFor(() => expect(root.querySelector("#notices-from")).not.toBeNull());
    expect([input(root, "notices-from").value, input(root, "notices-to").value]).toEqual(["22:00", "07:00"]);
    expect(text(root, "notices-zone")).toBe("Times are in UTC.");
    expect(text(root, "notices-use-zone")).toBe("Use Europe/Berlin");
    // The box alone sends nothing: the times are the player's to set first.
    expect(puts(s)).toEqual([]);
    type(root, "notices-from", "22:30");
    const release = s.hold("PUT /api/me/notices");
    saveQuiet(root);
    await vi.waitFor(() => expect(text(root, "notices-save")).toBe("Saving…"));
    expect(byId(root, "notices-save").getAttribute("aria-busy")).toBe("true");
    expect(byId<HTMLButtonElement>(root, "notices-use-zone").disabled).toBe(true);
    expect(input(root, "notices-turn").disabled).toBe(true);
    release();
    await vi.waitFor(() => expect(text(root, "notices-status")).toBe("Quiet hours saved: no notifications from 10:30 PM to 7:00 AM."));
    expect(puts(s)).toEqual([{ quiet: { from: "22:30", to: "07:00" }, time_zone: "Europe/Berlin" }]);
    expect(s.noticesKept).toMatchObject({ quiet: { from: "22:30", to: "07:00" }, time_zone: "Europe/Berlin" });
    expect([input(root, "notices-quiet").checked, input(root, "notices-from").value, input(root, "notices-to").value]).toEqual([true, "22:30", "07:00"]);
    expect(text(root, "notices-zone")).toBe("Times are in Europe/Berlin.");
    expect(root.querySelector("#notices-use-zone")).toBeNull();
    expect(document.activeElement?.id).toBe("notices-save");
  });

  it("sends no zone when this device's is the kept one", async () => {
    deviceIn("UTC");
    const s = server();
    const { root } = await noticesCard(s);
    toggle(root, "notices-quiet");
    await vi.waitFor(() => expect(root.querySelector("#notices-from")).not.toBeNull());
    expect(root.querySelector("#notices-use-zone")).toBeNull();
    saveQuiet(root);
    await vi.waitFor(() => expect(puts(s)).toEqual([{ quiet: { from: "22:00", to: "07:00" } }]));
    await vi.waitFor(() => expect(text(root, "notices-status")).toMatch(/^Quiet hours saved/));
  });

  it("turns them off with null, keeping the zone, and says so", async () => {
    deviceIn("America/New_York");
    const s = server({ quiet: { from: "22:00", to: "07:00" }, time_zone: "Europe/Berlin" });
    const { root } = await noticesCard(s);
    toggle(root, "notices-quiet");
    await vi.waitFor(() => expect(root.querySelector("#notices-from")).toBeNull());
    saveQuiet(root);
    await vi.waitFor(() => expect(text(root, "notices-status")).toBe("Quiet hours are off."));
    // Without quiet hours the zone matters to nothing: it is not sent.
    expect(puts(s)).toEqual([{ quiet: null }]);
    expect(s.noticesKept).toMatchObject({ quiet: null, time_zone: "Europe/Berlin" });
    expect(input(root, "notices-quiet").checked).toBe(false);
  });

  it("shows the server's refusal of the hours beside them (400 quiet), and keeps the old ones", async () => {
    deviceIn("Europe/Berlin");
    const s = server({ quiet: { from: "23:00", to: "06:00" }, time_zone: "Europe/Berlin" });
    const { root } = await noticesCard(s);
    type(root, "notices-from", "06:00");
    saveQuiet(root);
    await vi.waitFor(() =>
      expect(text(root, "notices-quiet-error")).toBe(`These times cannot be used: choose two different times. (${QUIET_REFUSED})`),
    );
    expect(puts(s)).toEqual([{ quiet: { from: "06:00", to: "06:00" } }]);
    for (const id of ["notices-from", "notices-to"]) {
      expect(input(root, id).getAttribute("aria-invalid")).toBe("true");
      expect(input(root, id).getAttribute("aria-describedby")).toBe("notices-quiet-error");
    }
    expect(document.activeElement?.id).toBe("notices-from");
    // What was typed stays to be mended; the server kept what it had.
    expect([input(root, "notices-from").value, input(root, "notices-to").value]).toEqual(["06:00", "06:00"]);
    expect(s.noticesKept?.quiet).toEqual({ from: "23:00", to: "06:00" });
    expect(text(root, "notices-status")).toBe("");
    expect(text(root, "notices-error")).toBe("");

    // The page opened again shows the kept hours.
    byId(root, "account-back").click();
    await vi.waitFor(() => expect(card(root)).toBeNull());
    link(root).click();
    await vi.waitFor(() => expect(noticeRequests(s).filter(([method]) => method === "GET")).toHaveLength(2));
    // Until the answer, the page may still show its last frame, with the times as typed.
    await vi.waitFor(() => expect(root.querySelector<HTMLInputElement>("#notices-from")?.value).toBe("23:00"));
    expect(input(root, "notices-to").value).toBe("06:00");
    expect(text(root, "notices-quiet-error")).toBe("");
    expect(input(root, "notices-from").hasAttribute("aria-invalid")).toBe(false);
  });

  it("neither sends nor offers again a zone the server refuses (400 time_zone), so that the hours can be saved", async () => {
    deviceIn("Mars/Olympus_Mons");
    const s = server();
    const { root } = await noticesCard(s);
    toggle(root, "notices-quiet");
    await vi.waitFor(() => expect(root.querySelector("#notices-use-zone")).not.toBeNull());
    saveQuiet(root);
    await vi.waitFor(() =>
      expect(text(root, "notices-zone-error")).toBe(
        "The server cannot use this device's time zone; the times stay in the zone named above. (this server knows no time zone of that name)",
      ),
    );
    // Refused whole: the hours sent with the zone were not kept either.
    expect(s.noticesKept).toEqual(defaultNotices());
    expect(root.querySelector("#notices-use-zone")).toBeNull();
    expect(byId(root, "notices-save").getAttribute("aria-describedby")).toBe("notices-zone-error");
    expect(document.activeElement?.id).toBe("notices-save");
    saveQuiet(root);
    await vi.waitFor(() => expect(text(root, "notices-status")).toMatch(/^Quiet hours saved/));
    expect(puts(s)).toEqual([
      { quiet: { from: "22:00", to: "07:00" }, time_zone: "Mars/Olympus_Mons" },
      { quiet: { from: "22:00", to: "07:00" } },
    ]);
    expect(text(root, "notices-zone")).toBe("Times are in UTC.");
    expect(text(root, "notices-zone-error")).toBe("");
  });

  it("switches the kept zone to this device's on request, the hours untouched", async () => {
    deviceIn("Europe/Stockholm");
    const s = server({ quiet: { from: "22:00", to: "07:00" }, time_zone: "UTC" });
    const { root } = await noticesCard(s);
    byId(root, "notices-use-zone").click();
    await vi.waitFor(() => expect(text(root, "notices-status")).toBe("Times are now in Europe/Stockholm."));
    expect(puts(s)).toEqual([{ time_zone: "Europe/Stockholm" }]);
    expect(s.noticesKept).toMatchObject({ quiet: { from: "22:00", to: "07:00" }, time_zone: "Europe/Stockholm" });
    expect(text(root, "notices-zone")).toBe("Times are in Europe/Stockholm.");
    expect(root.querySelector("#notices-use-zone")).toBeNull();
    // Its button is gone: the zone's line, which says the news, has the focus.
    expect(document.activeElement?.id).toBe("notices-zone");
  });
});

describe("refusals and words", () => {
  it("says to try again in a moment when the server is busy (503), the box as it was", async () => {
    const s = server().once("PUT /api/me/notices", json(503, { error: "the workers are full" }));
    const { root } = await noticesCard(s);
    toggle(root, "notices-turn");
    await vi.waitFor(() => expect(text(root, "notices-error")).toBe("The server is busy: try again in a moment."));
    expect(checked(root)).toEqual([true, true, true, true]);
    expect(input(root, "notices-turn").disabled).toBe(false);
    expect(document.activeElement?.id).toBe("notices-turn");
    expect(s.noticesKept).toEqual(defaultNotices());
  });

  it("says how long to wait when the busy server says (Retry-After), the hours kept as typed", async () => {
    deviceIn("UTC");
    const s = server().once("PUT /api/me/notices", json(503, { error: "the workers are full" }, { "Retry-After": "4" }));
    const { root } = await noticesCard(s);
    toggle(root, "notices-quiet");
    await vi.waitFor(() => expect(root.querySelector("#notices-from")).not.toBeNull());
    type(root, "notices-to", "06:15");
    saveQuiet(root);
    await vi.waitFor(() => expect(text(root, "notices-error")).toBe("The server is busy: try again in 4 seconds."));
    expect([input(root, "notices-quiet").checked, input(root, "notices-to").value]).toEqual([true, "06:15"]);
    expect(text(root, "notices-quiet-error")).toBe("");
    expect(document.activeElement?.id).toBe("notices-save");
    expect(s.noticesKept).toEqual(defaultNotices());
  });

  it("goes to the sign-in form when the session ended meanwhile (401)", async () => {
    const s = server().once("PUT /api/me/notices", json(401, { error: "not signed in" }));
    const { root, location } = await noticesCard(s);
    toggle(root, "notices-reminder");
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
    expect(location.pathname).toBe("/sign-in");
    expect(root.textContent).toContain("You are no longer signed in. Sign in again.");
  });

  it("words the card in the page's language, times as that language writes them", async () => {
    deviceIn("UTC");
    setLanguage("de", undefined);
    const s = server();
    const { root } = await noticesCard(s);
    expect(text(root, "notices-heading")).toBe("Benachrichtigungen und Ruhezeit");
    expect(root.querySelector("label[for='notices-game-over']")?.textContent).toBe("Spielende");
    toggle(root, "notices-quiet");
    await vi.waitFor(() => expect(root.querySelector("#notices-from")).not.toBeNull());
    saveQuiet(root);
    await vi.waitFor(() => expect(text(root, "notices-status")).toBe("Ruhezeit gespeichert: keine Benachrichtigungen von 22:00 bis 07:00."));
  });

  it("has every text of the card in en, de, nl and sv, each translated", () => {
    const keys = Object.keys(ACCOUNT_MESSAGES.en).filter((key) => key.startsWith("notices."));
    expect(keys.length).toBeGreaterThanOrEqual(24);
    const names = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
    for (const lang of LANGUAGES) {
      const table: Readonly<Record<string, string>> = ACCOUNT_MESSAGES[lang] ?? {};
      expect(Object.keys(table).filter((key) => key.startsWith("notices.")).sort(), lang).toEqual([...keys].sort());
      for (const key of keys) {
        const words = table[key] ?? "";
        expect(words.trim(), `${lang} ${key}`).not.toBe("");
        expect(names(words), `${lang} ${key}`).toEqual(names(ACCOUNT_MESSAGES.en[key as keyof typeof ACCOUNT_MESSAGES.en]));
        // Not English left in another language's table.
        if (lang !== "en") expect(words, `${lang} ${key}`).not.toBe(ACCOUNT_MESSAGES.en[key as keyof typeof ACCOUNT_MESSAGES.en]);
      }
    }
  });
});
