// @vitest-environment happy-dom

// The moderation page (src/account/admin_page.ts, admin_screen.ts) at /admin over a fake server:
// a moderator's reports queue with the room's chat as it was, a mute, a kick or a room's close
// that closes its report, a dismissal; what is in force, lifted in one step; players found by name
// and muted; the node's rooms, closed and reopened; an admin's audit log
// paged and exported as JSON lines; an admin's settings saved; a player without a role told so,
// and shown no control.

import { describe, expect, it, vi } from "vitest";
import { byId, page } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";

const REPORT = {
  id: 7,
  created_at: 1_800_000_000,
  room: "ABCD2345",
  reporter: "Ada",
  target: "Bob",
  reason: "insults in the chat",
  quote: "you are all fools",
  chat: [
    { seat: 0, name: "Ada", text: "good luck" },
    { seat: 1, name: "Bob", text: "you are all fools" },
  ],
  record: null,
  status: "open",
  closed_by: "",
  closed_at: 0,
  note: "",
};

const SETTINGS = { name: "The Mill", motd: "Welcome", sign_up: "open", invitation_code: "", guests_play: true, refused_words: ["spam"] };

describe("the moderation page", () => {
  it("shows a moderator the report with its chat, and mutes the player in one step", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "moderator", powers: ["report", "handle-reports", "mute"] }))
      .on("GET /api/admin/reports", json(200, { reports: [REPORT] }))
      .on("GET /api/admin/sanctions", json(200, { sanctions: [], room_actions: [] }))
      .on("POST /api/admin/actions", json(200, { done: "muted Bob until 2027-01-15 09:00 UTC" }))
      .on("POST /api/admin/reports/7", json(200, { done: "report 7 actioned" }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector('[data-report="7"]')).not.toBeNull(), { timeout: 10_000 });
    const report = root.querySelector('[data-report="7"]')!;
    expect(report.querySelector("h4")?.textContent).toBe("Ada reported Bob");
    expect(report.querySelector("blockquote")?.textContent).toBe("you are all fools");
    expect([...report.querySelectorAll(".chat-context li")].map((l) => l.textContent)).toEqual(["Ada: good luck", "Bob: you are all fools"]);
    expect(root.querySelector("#admin-settings")).toBeNull();  // no settings power

    const length = byId<HTMLSelectElement>(root, "admin-mute-for-7");
    length.value = "1d";
    expect(byId(root, "admin-mute-7").textContent).toBe("Mute Bob");
    byId<HTMLButtonElement>(root, "admin-mute-7").click();
    await vi.waitFor(() => expect(byId(root, "admin-said").textContent).toBe("muted Bob until 2027-01-15 09:00 UTC; the report is closed."));
    const posts = server.sent.filter((r) => r.method === "POST");
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ["/api/admin/actions", { action: "mute", name: "Bob", for: "1d", reason: "insults in the chat" }],
      ["/api/admin/reports/7", { status: "actioned", note: "muted Bob until 2027-01-15 09:00 UTC" }],
    ]);
    expect(root.querySelector('[data-report="7"]')).toBeNull();
    expect(byId(root, "admin-no-reports").textContent).toBe("No report is waiting.");
  });

  it("kicks the reported player or closes the room from the report, closing it", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "moderator", powers: ["handle-reports", "mute", "kick", "close-room"] }))
      .on("GET /api/admin/reports", json(200, { reports: [REPORT, { ...REPORT, id: 8 }] }))
      .on("GET /api/admin/sanctions", json(200, { sanctions: [], room_actions: [] }))
      .on("POST /api/admin/actions", json(200, { done: "kicked Bob from room ABCD2345" }))
      .on("POST /api/admin/reports/7", json(200, { done: "report 7 actioned" }))
      .on("POST /api/admin/reports/8", json(200, { done: "report 8 actioned" }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector("#admin-kick-7")).not.toBeNull(), { timeout: 10_000 });
    expect(byId(root, "admin-kick-7").textContent).toBe("Kick Bob from the room");
    expect(byId(root, "admin-close-7").textContent).toBe("Close room ABCD2345");
    byId<HTMLButtonElement>(root, "admin-kick-7").click();
    await vi.waitFor(() => expect(root.querySelector('[data-report="7"]')).toBeNull());
    expect(byId(root, "admin-said").textContent).toBe("kicked Bob from room ABCD2345; the report is closed.");
    byId<HTMLButtonElement>(root, "admin-close-8").click();
    await vi.waitFor(() => expect(root.querySelector('[data-report="8"]')).toBeNull());
    const actions = server.sent.filter((r) => r.path === "/api/admin/actions").map((r) => r.body);
    expect(actions).toEqual([
      { action: "kick", room: "ABCD2345", name: "Bob", reason: "insults in the chat" },
      { action: "close-room", room: "ABCD2345", reason: "insults in the chat" },
    ]);
  });

  it("lists what is in force and lifts it in one step", async () => {
    const kick = { id: 3, kind: "kick", room: "ABCD2345", name: "Bob", reason: "griefing", created_at: 1_800_000_000, by: "Moira" };
    const mute = { id: 4, kind: "mute", name: "Cy", reason: "spam", created_at: 1_800_000_000, ends_at: null, by: "host" };
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "moderator", powers: ["mute", "kick"] }))
      .once("GET /api/admin/sanctions", json(200, { sanctions: [mute], room_actions: [kick] }))
      .on("GET /api/admin/sanctions", json(200, { sanctions: [mute], room_actions: [] }))
      .on("POST /api/admin/actions", json(200, { done: "lifted the kick of Bob from room ABCD2345" }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector("#admin-lift-1")).not.toBeNull(), { timeout: 10_000 });
    expect([...root.querySelectorAll("#admin-in-force li")].map((l) => l.getAttribute("data-kind"))).toEqual(["mute", "kick"]);
    expect(byId(root, "admin-lift-1").textContent).toBe("Lift (Kick: ABCD2345: Bob)");
    expect(root.querySelector("#admin-in-force")?.textContent).toContain("until lifted");
    byId<HTMLButtonElement>(root, "admin-lift-1").click();
    await vi.waitFor(() => expect(byId(root, "admin-said").textContent).toBe("lifted the kick of Bob from room ABCD2345"));
    expect(server.sent.find((r) => r.method === "POST")?.body).toEqual({ action: "unkick", room: "ABCD2345", name: "Bob" });
    await vi.waitFor(() => expect(root.querySelectorAll("#admin-in-force li")).toHaveLength(1));
    expect(root.querySelector("#admin-audit")).toBeNull();  // no read-audit power
  });

  it("pages an admin's audit log and exports all of it as JSON lines", async () => {
    const entry = (id: number) => ({ id, at: 1_800_000_000 + id, actor: "host", action: "mute", target: `P${id}`, reason: "r", detail: "1h" });
    const newest = Array.from({ length: 50 }, (_, i) => entry(260 - i));  // 260 .. 211
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "admin", powers: ["read-audit"] }))
      .on("GET /api/admin/audit?limit=50", json(200, { entries: newest }))
      .on("GET /api/admin/audit?limit=50&before=211", json(200, { entries: [entry(210)] }))
      .on("GET /api/admin/audit?limit=200", json(200, { entries: Array.from({ length: 200 }, (_, i) => entry(260 - i)) }))
      .on("GET /api/admin/audit?limit=200&before=61", json(200, { entries: Array.from({ length: 60 }, (_, i) => entry(60 - i)) }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelectorAll("#admin-audit li")).toHaveLength(50), { timeout: 10_000 });
    byId<HTMLButtonElement>(root, "admin-audit-older").click();
    await vi.waitFor(() => expect(root.querySelectorAll("#admin-audit li")).toHaveLength(51));
    expect(root.querySelector("#admin-audit-older")).toBeNull();  // the last page was short
    const files: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      files.push(blob as Blob);
      return "blob:x";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    byId<HTMLButtonElement>(root, "admin-audit-export").click();
    await vi.waitFor(() => expect(byId(root, "admin-said").textContent).toBe("The log is exported: 260 entries."));
    expect(clicks).toHaveBeenCalledTimes(1);
    const lines = (await files[0]!.text()).trimEnd().split("\n");
    expect(lines).toHaveLength(260);
    expect(JSON.parse(lines[0]!)).toEqual(entry(260));
    expect(JSON.parse(lines[259]!)).toEqual(entry(1));
    vi.restoreAllMocks();
  });

  it("lists the node's rooms, closes one with the reason typed, and reopens it", async () => {
    const listed = [
      { room: "ABCD2345", game: "base", status: "playing", seats: 2, players: ["Ada", "Bob"], computers: 0, public: false, rated: true, closed: false },
      { room: "EFGH6789", game: "castle", status: "lobby", seats: 2, players: ["Cy"], computers: 0, public: true, rated: false, closed: false },
    ];
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "moderator", powers: ["close-room"] }))
      .on("GET /api/admin/rooms", json(200, { rooms: listed }))
      .on("POST /api/admin/actions", json(200, { done: "closed room ABCD2345" }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelectorAll("#admin-rooms li")).toHaveLength(2), { timeout: 10_000 });
    const first = root.querySelector('[data-room="ABCD2345"]')!;
    expect(first.textContent).toContain("ABCD2345 · Carcassonne · playing · private · rated");
    expect(first.querySelector(".help")?.textContent).toBe("Ada, Bob");
    // No reason, no request.
    byId<HTMLButtonElement>(root, "admin-close-room-ABCD2345").click();
    expect(byId(root, "admin-refused").textContent).toBe("Type the reason for closing the room first.");
    expect(server.sent.some((r) => r.method === "POST")).toBe(false);
    byId<HTMLInputElement>(root, "admin-room-reason").value = " a raid ";
    byId<HTMLButtonElement>(root, "admin-close-room-ABCD2345").click();
    await vi.waitFor(() => expect(root.querySelector("#admin-reopen-ABCD2345")).not.toBeNull());
    expect(root.querySelector('[data-room="ABCD2345"]')?.textContent).toContain("closed by a moderator");
    byId<HTMLButtonElement>(root, "admin-reopen-ABCD2345").click();
    await vi.waitFor(() => expect(root.querySelector("#admin-close-room-ABCD2345")).not.toBeNull());
    expect(server.sent.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { action: "close-room", room: "ABCD2345", reason: "a raid" },
      { action: "reopen-room", room: "ABCD2345" },
    ]);
  });

  it("finds players by the beginning of their name and mutes one with the reason typed", async () => {
    const ada = { name: "Ada", created_at: 1_800_000_000, role: "player", sanctions: [] };
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "moderator", powers: ["mute"] }))
      .on("GET /api/admin/sanctions", json(200, { sanctions: [], room_actions: [] }))
      .once("GET /api/admin/players?name=ad", json(200, { players: [ada] }))
      .on("GET /api/admin/players?name=ad", json(200, { players: [{ ...ada, sanctions: [{ kind: "mute", reason: "spam", ends_at: 1_800_086_400 }] }] }))
      .on("GET /api/admin/players?name=zz", json(200, { players: [] }))
      .on("POST /api/admin/actions", json(200, { done: "muted Ada until 2027-01-16 08:00 UTC: spam" }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector("#admin-players form")).not.toBeNull(), { timeout: 10_000 });
    byId<HTMLInputElement>(root, "admin-player-name").value = " zz ";
    root.querySelector("#admin-players form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await vi.waitFor(() => expect(root.querySelector("#admin-no-players")).not.toBeNull());
    byId<HTMLInputElement>(root, "admin-player-name").value = "ad";
    root.querySelector("#admin-players form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await vi.waitFor(() => expect(root.querySelector('[data-player="Ada"]')).not.toBeNull());
    expect(byId(root, "admin-player-mute-0").textContent).toBe("Mute Ada for a day");
    byId<HTMLButtonElement>(root, "admin-player-mute-0").click();  // no reason yet
    expect(byId(root, "admin-refused").textContent).toBe("Type the reason for the mute or the ban first.");
    byId<HTMLInputElement>(root, "admin-player-reason").value = "spam";
    byId<HTMLButtonElement>(root, "admin-player-mute-0").click();
    await vi.waitFor(() => expect(root.querySelector('[data-player="Ada"]')?.textContent).toContain("player · mute"));
    expect(server.sent.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([{ action: "mute", name: "Ada", for: "1d", reason: "spam" }]);
    expect(byId(root, "admin-said").textContent).toBe("muted Ada until 2027-01-16 08:00 UTC: spam");
  });

  it("says the server's refusal and keeps the report", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "moderator", powers: ["handle-reports"] }))
      .on("GET /api/admin/reports", json(200, { reports: [REPORT] }))
      .on("POST /api/admin/reports/7", json(404, { error: "no open report 7" }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector('[data-report="7"]')).not.toBeNull(), { timeout: 10_000 });
    byId<HTMLButtonElement>(root, "admin-dismiss-7").click();
    await vi.waitFor(() => expect(byId(root, "admin-refused").textContent).toContain("no open report 7"));
    expect(root.querySelector('[data-report="7"]')).not.toBeNull();
  });

  it("saves an admin's settings, the message of the day among them", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "admin", powers: ["handle-reports", "settings"] }))
      .on("GET /api/admin/reports", json(200, { reports: [] }))
      .on("GET /api/admin/settings", json(200, { settings: SETTINGS }))
      .on("POST /api/admin/settings", (request) => json(200, { settings: { ...SETTINGS, ...(request?.body as object) }, done: "changed: motd" })());
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector("#admin-motd")).not.toBeNull());
    expect(byId<HTMLTextAreaElement>(root, "admin-motd").value).toBe("Welcome");
    expect(byId<HTMLTextAreaElement>(root, "admin-refused-words").value).toBe("spam");
    byId<HTMLTextAreaElement>(root, "admin-motd").value = "  Tournament on Saturday ";
    byId<HTMLTextAreaElement>(root, "admin-refused-words").value = "spam, eggs";
    root.querySelector("#admin-settings form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await vi.waitFor(() => expect(byId(root, "admin-said").textContent).toBe("The settings are saved."));
    const post = server.sent.find((r) => r.method === "POST" && r.path === "/api/admin/settings");
    expect(post?.body).toEqual({ name: "The Mill", motd: "Tournament on Saturday", sign_up: "open", guests_play: true, refused_words: ["spam", "eggs"] });
  });

  it("tells a player without a role so, with no control", async () => {
    const server = new FakeAccountServer().on("GET /api/admin/me", json(200, { role: "player", powers: ["report"] }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector("#admin-none")).not.toBeNull());
    expect(root.querySelector("#admin-reports")).toBeNull();
    expect(root.querySelector("#admin-settings")).toBeNull();
    expect(server.sent.some((r) => r.path === "/api/admin/reports" || r.path === "/api/admin/settings")).toBe(false);
  });
});
