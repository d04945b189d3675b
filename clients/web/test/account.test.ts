// @vitest-environment happy-dom

// Accounts in the page (src/ui/account.ts, src/account/): the header's link for a guest and for a
// signed-in player from GET /api/me; signing up and in (the request, the busy button, each
// refusal beside the field it names or for the whole form, the waits of 429 and 503 in words),
// the way back; the account page (the name, the sessions in words, ending one and all, signing
// out). The server is a fake fetch (fake_account_server.ts); the page an App on a fake WebSocket.

import { create } from "@bufbuild/protobuf";
import { describe, expect, it, vi } from "vitest";
import { RoomStateSchema, RoomStatus } from "../src/gen/carc/v1/lobby_pb";
import { setLanguage } from "../src/i18n";
import { ADA, NOW_S, SESSIONS, accountPage, byId, heading, link, page, type } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";

function submit(root: Element): void {
  root.querySelector("main form")!.dispatchEvent(new Event("submit", { cancelable: true }));
}

/** Opens the form from the header's link, in `mode`. */
async function openForm(root: Element, mode: "sign-in" | "sign-up"): Promise<void> {
  link(root).click();
  await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
  if (mode === "sign-up") {
    byId(root, "account-mode").click();
    expect(heading(root)).toBe("Create an account");
  }
}

/** Fills the form and sends it; resolves once the answer is shown (the button no longer busy). */
async function send(root: Element, name: string, password: string): Promise<void> {
  type(root, "account-name", name);
  type(root, "account-password", password);
  submit(root);
  await vi.waitFor(() => expect(root.querySelector("#account-submit[aria-busy]")).toBeNull());
}

describe("the header's account link", () => {
  it("offers a guest \"Sign in\", after one GET /api/me with the cookie", async () => {
    const server = new FakeAccountServer();
    const { root } = page(server);
    await vi.waitFor(() => expect(server.accountRequests()).toHaveLength(1));
    expect(server.accountRequests()[0]).toMatchObject({ method: "GET", path: "/api/me", credentials: "same-origin" });
    expect(link(root).textContent).toBe("Sign in");
    expect(link(root).getAttribute("href")).toBe("/sign-in");
    // The home page as ever: the screens' chunk is not on it.
    await vi.waitFor(() => expect(root.querySelector("form[aria-labelledby='create-heading']")).not.toBeNull());
    expect(root.querySelector(".screen.account")).toBeNull();
  });

  it("names a signed-in player, linking to the account page", async () => {
    const server = new FakeAccountServer().on("GET /api/me", json(200, ADA));
    const { root } = page(server);
    await vi.waitFor(() => expect(link(root).getAttribute("href")).toBe("/account"));
    // Seen: the name; heard: whose account it is.
    expect(link(root).querySelector(".visually-hidden")?.textContent).toBe("Your account:");
    expect(link(root).textContent).toBe("Your account: Ada");
    expect(server.accountRequests()).toHaveLength(1);
  });

  it("asks again when the server's API threads are busy, so a signed-in player is not taken for a guest", async () => {
    let asked = 0;
    const server = new FakeAccountServer().on("GET /api/me", () => (++asked < 3 ? json(503, { error: "busy" }, { "Retry-After": "0" }) : json(200, ADA))());
    const { root } = page(server);
    await vi.waitFor(() => expect(link(root).textContent).toBe("Your account: Ada"));
    expect(asked).toBe(3);
    // A wait the page will not make (a minute) leaves it a guest after one answer.
    document.body.replaceChildren();
    let slow = 0;
    const busy = new FakeAccountServer().on("GET /api/me", () => (++slow, json(503, { error: "busy" }, { "Retry-After": "60" })()));
    const second = page(busy);
    await vi.waitFor(() => expect(busy.accountRequests()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(slow).toBe(1);
    expect(link(second.root).textContent).toBe("Sign in");
  });

  it("leaves the page a guest, silently, without a network or a server that knows accounts", async () => {
    for (const reply of [() => Promise.reject(new TypeError("Failed to fetch")), json(404, { error: "no such path" }), json(200, { games: [] })]) {
      document.body.replaceChildren();
      const server = new FakeAccountServer().on("GET /api/me", reply as () => Response);
      const { root } = page(server);
      await vi.waitFor(() => expect(server.accountRequests()).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 0));
      expect(link(root).textContent).toBe("Sign in");
      expect(root.querySelector(".banner")).toBeNull();
    }
  });

  it("opens the screen its address names", async () => {
    const server = new FakeAccountServer();
    const { root } = page(server, "/sign-up");
    // The first test of the file waits for the account screens' chunk: a busy machine is slow.
    await vi.waitFor(() => expect(heading(root)).toBe("Create an account"), { timeout: 10_000 });
    expect(byId(root, "account-password").getAttribute("autocomplete")).toBe("new-password");
  });
});

describe("signing up", () => {
  it("sends the name and password, shows the button busy, then goes home with the name in the header", async () => {
    const server = new FakeAccountServer();
    const { root, location } = page(server);
    await openForm(root, "sign-up");
    expect(location.pathname).toBe("/sign-up");
    const name = byId<HTMLInputElement>(root, "account-name");
    const password = byId<HTMLInputElement>(root, "account-password");
    expect(name.getAttribute("autocomplete")).toBe("username");
    expect(password.getAttribute("autocomplete")).toBe("new-password");
    expect(password.type).toBe("password");
    expect(root.querySelector('label[for="account-name"]')?.textContent).toBe("Name");
    expect(root.querySelector('label[for="account-password"]')?.textContent).toBe("Password");

    const release = server.hold("POST /api/accounts", json(201, { name: "Ada" }));
    type(root, "account-name", "  Ada ");
    type(root, "account-password", "correct horse battery");
    submit(root);
    const button = byId<HTMLButtonElement>(root, "account-submit");
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.textContent).toBe("Creating the account…");
    // A second submit while busy sends nothing more.
    submit(root);
    release();
    await vi.waitFor(() => expect(link(root).textContent).toBe("Your account: Ada"));
    expect(server.accountRequests().filter((r) => r.method === "POST")).toEqual([
      { method: "POST", path: "/api/accounts", body: { name: "Ada", password: "correct horse battery" }, credentials: "same-origin", contentType: "application/json" },
    ]);
    expect(location.pathname).toBe("/");
    expect(root.querySelector(".screen.account")).toBeNull();
    expect(root.querySelector("form[aria-labelledby='create-heading']")).not.toBeNull();
    expect(document.activeElement?.id).toBe("account-link");
  });

  it("shows the server's refusal of a field beside that field, and moves the focus there", async () => {
    const server = new FakeAccountServer()
      .once("POST /api/accounts", json(400, { error: "the password is one of the most common", field: "password" }))
      .once("POST /api/accounts", json(400, { error: "names are letters, digits, '-' and '_'", field: "name" }));
    const { root } = page(server);
    await openForm(root, "sign-up");

    await send(root, "Ada", "password1");
    const passwordError = byId(root, "account-password-error");
    expect(passwordError.textContent).toBe("This password cannot be used. (the password is one of the most common)");
    expect(byId(root, "account-password").getAttribute("aria-invalid")).toBe("true");
    expect(byId(root, "account-password").getAttribute("aria-describedby")).toContain("account-password-error");
    expect(byId(root, "account-name-error").textContent).toBe("");
    expect(byId(root, "account-name").hasAttribute("aria-invalid")).toBe(false);
    expect(document.activeElement?.id).toBe("account-password");

    await send(root, "Ada Lovelace!", "a much better passphrase");
    expect(byId(root, "account-name-error").textContent).toBe("This name cannot be used. (names are letters, digits, '-' and '_')");
    expect(byId(root, "account-name").getAttribute("aria-invalid")).toBe("true");
    expect(byId(root, "account-password-error").textContent).toBe("");
    expect(document.activeElement?.id).toBe("account-name");
    expect(link(root).textContent).toBe("Sign in");
  });

  it("asks for the invitation code when the server's sign-up is by invitation, and sends it", async () => {
    const server = new FakeAccountServer()
      .once("POST /api/accounts", json(403, { error: "sign-up on this server needs its invitation code", field: "invitation" }))
      .once("POST /api/accounts", json(201, { name: "Eve" }));
    const { root } = page(server);
    await openForm(root, "sign-up");
    expect(root.querySelector("#account-invitation")).toBeNull();
    await send(root, "Eve", "correct horse battery");
    expect(byId(root, "account-invitation-error").textContent).toBe("Type this server's invitation code. (sign-up on this server needs its invitation code)");
    expect(root.querySelector('label[for="account-invitation"]')?.textContent).toBe("Invitation code");
    expect(document.activeElement?.id).toBe("account-invitation");
    type(root, "account-invitation", " meeple-42 ");
    submit(root);
    await vi.waitFor(() => expect(link(root).textContent).toBe("Your account: Eve"));
    expect(server.accountRequests().filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { name: "Eve", password: "correct horse battery" },
      { name: "Eve", password: "correct horse battery", invitation: "meeple-42" },
    ]);
  });

  it("says a name is taken beside the name (409)", async () => {
    const server = new FakeAccountServer().on("POST /api/accounts", json(409, { error: "name taken", field: "name" }));
    const { root } = page(server);
    await openForm(root, "sign-up");
    await send(root, "Ada", "correct horse battery");
    expect(byId(root, "account-name-error").textContent).toBe("This name is taken. Choose another, or sign in if it is yours.");
    expect(document.activeElement?.id).toBe("account-name");
  });

  it("says how long to wait, in words, after too many sign-ups (429) and when the server is busy (503)", async () => {
    const server = new FakeAccountServer()
      .once("POST /api/accounts", json(429, { error: "too many sign-ups" }, { "Retry-After": "120" }))
      .once("POST /api/accounts", json(503, { error: "busy" }, { "Retry-After": "5" }))
      .once("POST /api/accounts", json(503, { error: "busy" }));
    const { root } = page(server);
    await openForm(root, "sign-up");
    const formError = () => root.querySelector("#account-form-error[role='alert']")?.textContent;
    await send(root, "Ada", "correct horse battery");
    expect(formError()).toBe("Too many accounts were created from your address: try again in 2 minutes.");
    await send(root, "Ada", "correct horse battery");
    expect(formError()).toBe("The server is busy: try again in 5 seconds.");
    await send(root, "Ada", "correct horse battery");
    expect(formError()).toBe("The server is busy: try again in a moment.");
    // A refusal of the whole form leaves the focus on its button.
    expect(document.activeElement?.id).toBe("account-submit");
    expect(byId(root, "account-name-error").textContent).toBe("");
  });

  it("checks the lengths before asking the server", async () => {
    const server = new FakeAccountServer();
    const { root } = page(server);
    await openForm(root, "sign-up");
    type(root, "account-name", "Al");
    type(root, "account-password", "short");
    submit(root);
    expect(byId(root, "account-name-error").textContent).toBe("A name has 3 to 20 characters.");
    expect(byId(root, "account-password-error").textContent).toBe("A password has 8 to 256 characters.");
    expect(document.activeElement?.id).toBe("account-name");
    // Counted in characters, as the server does: 20 of them, whatever their UTF-16 length.
    type(root, "account-name", "🂡".repeat(21));
    type(root, "account-password", "x".repeat(257));
    submit(root);
    expect(byId(root, "account-name-error").textContent).toBe("A name has 3 to 20 characters.");
    expect(byId(root, "account-password-error").textContent).toBe("A password has 8 to 256 characters.");
    expect(server.accountRequests().filter((r) => r.method === "POST")).toEqual([]);
  });

  it("says when the server could not be reached", async () => {
    const server = new FakeAccountServer().on("POST /api/accounts", () => Promise.reject(new TypeError("Failed to fetch")));
    const { root } = page(server);
    await openForm(root, "sign-up");
    await send(root, "Ada", "correct horse battery");
    expect(byId(root, "account-form-error").textContent).toBe("The server could not be reached. Check the connection and try again.");
  });
});

describe("signing in", () => {
  it("signs in with the current password's autocomplete and goes back with the name in the header", async () => {
    const server = new FakeAccountServer().on("POST /api/sessions", json(200, { name: "Ada" }));
    const { root, location } = page(server);
    await openForm(root, "sign-in");
    expect(location.pathname).toBe("/sign-in");
    expect(byId(root, "account-password").getAttribute("autocomplete")).toBe("current-password");
    expect(byId(root, "account-name").getAttribute("autocomplete")).toBe("username");
    await send(root, "Ada", "correct horse battery");
    await vi.waitFor(() => expect(link(root).textContent).toBe("Your account: Ada"));
    expect(server.accountRequests().filter((r) => r.method === "POST").at(-1)).toMatchObject({ method: "POST", path: "/api/sessions", body: { name: "Ada", password: "correct horse battery" } });
    expect(location.pathname).toBe("/");
    // Signed in, the home page asks for the player's invitations.
    await vi.waitFor(() => expect(server.accountRequests().at(-1)).toMatchObject({ method: "GET", path: "/api/me/invitations" }));
  });

  it("says a wrong name or password for the whole form (401)", async () => {
    const server = new FakeAccountServer().on("POST /api/sessions", json(401, { error: "wrong name or password" }));
    const { root } = page(server);
    await openForm(root, "sign-in");
    await send(root, "Ada", "not my password");
    expect(byId(root, "account-form-error").textContent).toBe("Wrong name or password.");
    expect(byId(root, "account-name").hasAttribute("aria-invalid")).toBe(false);
    expect(link(root).textContent).toBe("Sign in");
  });

  it("says how long to wait after too many failed sign-ins (429), in the page's language", async () => {
    const server = new FakeAccountServer().on("POST /api/sessions", json(429, { error: "too many failed sign-ins" }, { "Retry-After": "300" }));
    const { root } = page(server);
    await openForm(root, "sign-in");
    await send(root, "Ada", "guess 1234");
    expect(byId(root, "account-form-error").textContent).toBe("Too many failed sign-ins: try again in 5 minutes.");
    setLanguage("de", undefined);
    await send(root, "Ada", "guess 1235");
    expect(byId(root, "account-form-error").textContent).toBe("Zu viele fehlgeschlagene Anmeldungen: versuche es in 5 Minuten noch einmal.");
    expect(heading(root)).toBe("Anmelden");
  });

  it("asks for a name and a password before sending", async () => {
    const server = new FakeAccountServer();
    const { root } = page(server);
    await openForm(root, "sign-in");
    submit(root);
    expect(byId(root, "account-name-error").textContent).toBe("Type your account's name.");
    expect(byId(root, "account-password-error").textContent).toBe("Type your password.");
    expect(server.accountRequests().filter((r) => r.method === "POST")).toEqual([]);
  });

  it("closes with Back, home by default", async () => {
    const server = new FakeAccountServer();
    const { root, location } = page(server);
    await openForm(root, "sign-up");
    byId(root, "account-back").click();
    expect(root.querySelector(".screen.account")).toBeNull();
    expect(location.pathname).toBe("/");
    expect(document.activeElement?.id).toBe("account-link");
  });

  it("goes back to the room the player came from, whose news kept coming meanwhile", async () => {
    const server = new FakeAccountServer().on("POST /api/sessions", json(200, { name: "Ada" }));
    const { root, location, ws } = page(server);
    const room = (players: number) =>
      create(RoomStateSchema, {
        code: "ROOM2345",
        status: RoomStatus.LOBBY,
        yourSeat: 0,
        invitePath: "/r/ROOM2345",
        options: { seats: 2, gameOptions: { case: "base", value: {} } },
        seats: [
          { seat: 0, name: "Ada", colour: "red", occupied: true, connected: true, isHost: true },
          { seat: 1, name: players > 1 ? "Bob" : "", occupied: players > 1, connected: players > 1 },
        ],
      });
    ws.serverSend({ body: { case: "roomState", value: room(1) } });
    await vi.waitFor(() => expect(heading(root)).toBe("Room ROOM2345"));
    expect(location.pathname).toBe("/r/ROOM2345");
    await openForm(root, "sign-in");
    // The room's news does not take the address from the form.
    ws.serverSend({ body: { case: "roomState", value: room(2) } });
    expect(location.pathname).toBe("/sign-in");
    expect(heading(root)).toBe("Sign in");
    await send(root, "Ada", "correct horse battery");
    await vi.waitFor(() => expect(heading(root)).toBe("Room ROOM2345"));
    expect(location.pathname).toBe("/r/ROOM2345");
    expect(root.querySelector("main")?.textContent).toContain("Bob");
    expect(link(root).textContent).toBe("Your account: Ada");
  });

  it("shows the password on request", async () => {
    const server = new FakeAccountServer();
    const { root } = page(server);
    await openForm(root, "sign-in");
    const show = byId<HTMLInputElement>(root, "account-show-password");
    expect(root.querySelector('label[for="account-show-password"]')?.textContent).toBe("Show password");
    show.checked = true;
    show.dispatchEvent(new Event("change"));
    expect(byId<HTMLInputElement>(root, "account-password").type).toBe("text");
  });
});

describe("the account page", () => {
  it("shows the name and each session in words, this device first and without an end button", async () => {
    const server = new FakeAccountServer();
    const { root, location } = await accountPage(server);
    expect(location.pathname).toBe("/account");
    expect(heading(root)).toBe("Your account");
    expect(root.querySelector(".account-name")?.textContent).toBe("Signed in as Ada.");
    expect(root.textContent).toContain("Account created on October 19, 2026.");
    const rows = [...root.querySelectorAll<HTMLElement>("li.session")];
    expect(rows.map((r) => r.dataset.session)).toEqual(["12", "13", "9"]);
    expect(rows[0]!.textContent).toContain("Chrome on LinuxThis deviceSigned in 3 days ago, last seen 20 seconds ago");
    expect(rows[0]!.querySelector("button")).toBeNull();
    expect(rows[1]!.textContent).toContain("Firefox on AndroidSigned in 2 days ago, last seen 3 hours ago");
    expect(rows[2]!.textContent).toContain("Unknown deviceSigned in last month, last seen 6 days ago");
    // Each end button names its session for a screen reader: its words, the device, the times.
    const end = rows[1]!.querySelector("button")!;
    expect(end.textContent).toBe("End session");
    const named = end.getAttribute("aria-labelledby")!.split(" ").map((id) => byId(root, id).textContent);
    expect(named).toEqual(["End session", "Firefox on Android", "Signed in 2 days ago, last seen 3 hours ago"]);
    // The page's other parts (passkeys, notices, friends, games, the e-mail address) are asked
    // for beside the sessions; the home page under it asked for the invitations once the player
    // was known.
    expect(server.accountRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/me",
      "GET /api/me/invitations",
      "GET /api/me/passkeys",
      "GET /api/me/notices",
      "GET /api/me/following",
      "GET /api/me/followers",
      "GET /api/me/preferences",
      "GET /api/me/games",
      "GET /api/me",
      "GET /api/me/sessions",
      "GET /api/me/email",
    ]);
  });

  it("ends another session: the request, the row gone, the news said, the focus on the list", async () => {
    const server = new FakeAccountServer();
    const { root } = await accountPage(server);
    const release = server.hold("DELETE /api/me/sessions/13", json(204));
    root.querySelector<HTMLButtonElement>('li[data-session="13"] button')!.click();
    const busy = root.querySelector<HTMLButtonElement>('li[data-session="13"] button')!;
    expect(busy.textContent).toBe("Ending…");
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(byId<HTMLButtonElement>(root, "sessions-end-all").disabled).toBe(true);
    release();
    await vi.waitFor(() => expect(root.querySelector('li[data-session="13"]')).toBeNull());
    expect(root.querySelectorAll("li.session")).toHaveLength(2);
    expect(root.querySelector("#sessions-status[role='status']")?.textContent).toBe("The session on Firefox on Android has ended.");
    expect(document.activeElement?.id).toBe("sessions-heading");
    expect(server.accountRequests().at(-1)).toMatchObject({ method: "DELETE", path: "/api/me/sessions/13", credentials: "same-origin" });
    expect(link(root).textContent).toBe("Your account: Ada");
  });

  it("says why a session could not be ended, and keeps it", async () => {
    const server = new FakeAccountServer().on("DELETE /api/me/sessions/9", json(503, { error: "busy" }, { "Retry-After": "3" }));
    const { root } = await accountPage(server);
    root.querySelector<HTMLButtonElement>('li[data-session="9"] button')!.click();
    await vi.waitFor(() => expect(byId(root, "account-error").textContent).toBe("The server is busy: try again in 3 seconds."));
    expect(root.querySelectorAll("li.session")).toHaveLength(3);
    expect(document.activeElement?.id).toBe("session-9-end");
  });

  it("signs out: the request, then back home with \"Sign in\" in the header", async () => {
    const server = new FakeAccountServer().on("DELETE /api/sessions/current", json(204));
    const { root, location } = await accountPage(server);
    byId(root, "sign-out").click();
    await vi.waitFor(() => expect(link(root).textContent).toBe("Sign in"));
    expect(server.accountRequests().at(-1)).toMatchObject({ method: "DELETE", path: "/api/sessions/current", credentials: "same-origin" });
    expect(location.pathname).toBe("/");
    expect(root.querySelector(".screen.account")).toBeNull();
    expect(document.activeElement?.id).toBe("account-link");
  });

  it("stays signed in when signing out is refused, and says why", async () => {
    const server = new FakeAccountServer().on("DELETE /api/sessions/current", () => Promise.reject(new TypeError("Failed to fetch")));
    const { root } = await accountPage(server);
    byId(root, "sign-out").click();
    await vi.waitFor(() => expect(byId(root, "account-error").textContent).toBe("The server could not be reached. Check the connection and try again."));
    expect(link(root).textContent).toBe("Your account: Ada");
    expect(heading(root)).toBe("Your account");
  });

  it("ends every session: signed out here too", async () => {
    const server = new FakeAccountServer().on("DELETE /api/me/sessions", json(204));
    const { root } = await accountPage(server);
    expect(byId(root, "sessions-end-all").getAttribute("aria-describedby")).toBe("sessions-end-all-help");
    byId(root, "sessions-end-all").click();
    await vi.waitFor(() => expect(link(root).textContent).toBe("Sign in"));
    expect(server.accountRequests().at(-1)).toMatchObject({ method: "DELETE", path: "/api/me/sessions" });
    expect(root.querySelector(".screen.account")).toBeNull();
  });

  it("asks to sign in again when the session has ended meanwhile, then shows the page", async () => {
    const server = new FakeAccountServer().on("GET /api/me", json(200, ADA)).on("GET /api/me/sessions", json(200, SESSIONS));
    const { root, location } = page(server);
    await vi.waitFor(() => expect(link(root).getAttribute("href")).toBe("/account"));
    server.once("GET /api/me", json(401, { error: "not signed in" }));
    link(root).click();
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
    expect(byId(root, "account-form-error").textContent).toBe("You are no longer signed in. Sign in again.");
    expect(link(root).textContent).toBe("Sign in");
    expect(location.pathname).toBe("/sign-in");
    server.on("POST /api/sessions", json(200, { name: "Ada" }));
    await send(root, "Ada", "correct horse battery");
    await vi.waitFor(() => expect(root.querySelectorAll("li.session")).toHaveLength(3));
    expect(location.pathname).toBe("/account");
    expect(link(root).textContent).toBe("Your account: Ada");
  });

  it("says why the sessions could not be had, and tries again on request", async () => {
    const server = new FakeAccountServer().on("GET /api/me", json(200, ADA)).on("GET /api/me/sessions", json(503, { error: "busy" }, { "Retry-After": "2" }));
    const { root } = page(server);
    await vi.waitFor(() => expect(link(root).getAttribute("href")).toBe("/account"));
    link(root).click();
    await vi.waitFor(() => expect(root.querySelector("#sessions-retry")).not.toBeNull());
    expect(root.textContent).toContain("The server is busy: try again in 2 seconds.");
    server.on("GET /api/me/sessions", json(200, SESSIONS));
    byId(root, "sessions-retry").click();
    expect(byId(root, "sessions-status").textContent).toBe("Loading your sessions…");
    await vi.waitFor(() => expect(root.querySelectorAll("li.session")).toHaveLength(3));
  });
});
