// @vitest-environment happy-dom

// The moderation page (src/account/admin_page.ts, admin_screen.ts) at /admin over a fake server:
// a moderator's reports queue with the room's chat as it was, a mute that closes its report, a
// dismissal; an admin's settings saved; a player without a role told so, and shown no control.

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
      .on("POST /api/admin/actions", json(200, { done: "muted Bob until 2027-01-15 09:00 UTC" }))
      .on("POST /api/admin/reports/7", json(200, { done: "report 7 actioned" }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector('[data-report="7"]')).not.toBeNull());
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

  it("says the server's refusal and keeps the report", async () => {
    const server = new FakeAccountServer()
      .on("GET /api/admin/me", json(200, { role: "moderator", powers: ["handle-reports"] }))
      .on("GET /api/admin/reports", json(200, { reports: [REPORT] }))
      .on("POST /api/admin/reports/7", json(404, { error: "no open report 7" }));
    const { root } = page(server, "/admin");
    await vi.waitFor(() => expect(root.querySelector('[data-report="7"]')).not.toBeNull());
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
