// @vitest-environment happy-dom

// Changing the password from the account page (src/account/password_card.ts,
// password_actions.ts): with the current password, or with a passkey of the account in its
// place; the new one's length checked before anything is asked (no metered try, no passkey
// prompt spent); the wrong current password said beside its field, the session standing; the
// server's refusals in words; the sessions listed again after a change (the others ended); the
// fields cleared; no passkey button without a passkey or without passkeys in the browser.

import { describe, expect, it, vi } from "vitest";
import { NOW_S, SESSIONS, accountPage, byId, heading, type } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";
import { fakeBrowser } from "./fake_credentials";

const GET_OPTIONS = { allowCredentials: [], challenge: "AAEC", rpId: "localhost", timeout: 300000, userVerification: "required" };
const PASSKEYS = { passkeys: [{ id: 7, label: "Ada's phone", created_at: NOW_S - 86400, last_used_at: null }] };
const ONLY_THIS = { sessions: SESSIONS.sessions.filter((s) => s.current) };

const submit = (root: Element) => root.querySelector<HTMLFormElement>("form.password-form")!.dispatchEvent(new Event("submit", { cancelable: true }));
const posts = (server: FakeAccountServer) => server.accountRequests().filter((r) => r.method === "POST");

describe("changing the password with the current one", () => {
  it("sends both, lists the sessions again (only this one left), clears the fields and says so", async () => {
    const server = new FakeAccountServer().on("POST /api/me/password", json(200, { name: "Ada" }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li.session")).toHaveLength(3));
    type(root, "password-current", "old secret 1");
    type(root, "password-next", "new secret 22");
    server.on("GET /api/me/sessions", json(200, ONLY_THIS));
    submit(root);
    expect(byId(root, "password-submit").getAttribute("aria-busy")).toBe("true");
    await vi.waitFor(() => expect(byId(root, "password-status").textContent).toBe("Your password has changed. Every other device is signed out."));
    expect(posts(server)).toEqual([
      {
        method: "POST",
        path: "/api/me/password",
        body: { old_password: "old secret 1", new_password: "new secret 22" },
        credentials: "same-origin",
        contentType: "application/json",
      },
    ]);
    expect(root.querySelectorAll("li.session")).toHaveLength(1);
    expect(byId<HTMLInputElement>(root, "password-current").value).toBe("");
    expect(byId<HTMLInputElement>(root, "password-next").value).toBe("");
    expect(byId<HTMLInputElement>(root, "password-current").type).toBe("password");
    expect(document.activeElement?.id).toBe("password-heading");
    expect(byId(root, "password-submit").hasAttribute("disabled")).toBe(false);
  });

  it("checks the fields first: nothing is sent for a missing current password or a short new one", async () => {
    const server = new FakeAccountServer();
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelector("form.password-form")).not.toBeNull());
    type(root, "password-next", "short");
    submit(root);
    await vi.waitFor(() => expect(byId(root, "password-current-error").textContent).toBe("Type your current password."));
    expect(byId(root, "password-next-error").textContent).toBe("A password has 8 to 256 characters.");
    expect(byId(root, "password-current").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement?.id).toBe("password-current");
    type(root, "password-current", "old secret 1");
    // 257 characters, one of them outside the BMP: counted as characters, as the server does.
    type(root, "password-next", "\u{1F600}" + "x".repeat(256));
    submit(root);
    await vi.waitFor(() => expect(document.activeElement?.id).toBe("password-next"));
    expect(byId(root, "password-current-error").textContent).toBe("");
    expect(byId(root, "password-next-error").textContent).toBe("A password has 8 to 256 characters.");
    expect(posts(server)).toEqual([]);
  });

  it("says a wrong current password beside its field and keeps the session; other refusals in words", async () => {
    const server = new FakeAccountServer()
      .once("POST /api/me/password", json(401, { error: "the old password is wrong", field: "old_password" }))
      .once("POST /api/me/password", json(429, { error: "too many sign-in attempts" }))
      .once("POST /api/me/password", json(400, { error: "a password has at least 8 characters", field: "new_password" }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelector("form.password-form")).not.toBeNull());
    type(root, "password-current", "not my password");
    type(root, "password-next", "new secret 22");
    submit(root);
    await vi.waitFor(() => expect(byId(root, "password-current-error").textContent).toBe("This is not your current password."));
    expect(document.activeElement?.id).toBe("password-current");
    // Still signed in: the account page stays, its typed new password with it.
    expect(heading(root)).toBe("Your account");
    expect(byId<HTMLInputElement>(root, "password-next").value).toBe("new secret 22");
    submit(root);
    await vi.waitFor(() => expect(byId(root, "password-error").textContent).toBe("Too many failed sign-ins: try again in a moment."));
    expect(byId(root, "password-current-error").textContent).toBe("");
    submit(root);
    await vi.waitFor(() => expect(byId(root, "password-next-error").textContent).toBe("This password cannot be used."));
    expect(posts(server)).toHaveLength(3);
  });

  it("goes back to signing in when the session is gone", async () => {
    const server = new FakeAccountServer().once("POST /api/me/password", json(401, { error: "not signed in" }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelector("form.password-form")).not.toBeNull());
    type(root, "password-current", "old secret 1");
    type(root, "password-next", "new secret 22");
    server.on("GET /api/me", json(401, { error: "not signed in" }));
    submit(root);
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
  });
});

describe("changing the password with a passkey", () => {
  it("is offered only with a passkey of the account, in a browser that has passkeys", async () => {
    const plain = await accountPage(new FakeAccountServer().on("GET /api/me/passkeys", json(200, PASSKEYS)));
    await vi.waitFor(() => expect(plain.root.querySelectorAll("li.passkey")).toHaveLength(1));
    expect(plain.root.querySelector("#password-passkey")).toBeNull();
    fakeBrowser();
    const none = await accountPage(new FakeAccountServer().on("GET /api/me/passkeys", json(200, { passkeys: [] })));
    await vi.waitFor(() => expect(none.root.textContent).toContain("No passkeys yet."));
    expect(none.root.querySelector("#password-passkey")).toBeNull();
    const some = await accountPage(new FakeAccountServer().on("GET /api/me/passkeys", json(200, PASSKEYS)));
    await vi.waitFor(() => expect(some.root.querySelector("#password-passkey")).not.toBeNull());
    expect(byId(some.root, "password-passkey").textContent).toBe("Use a passkey instead");
  });

  it("signs the sign-in challenge and sends the assertion with the new password, no current one", async () => {
    const asked = fakeBrowser();
    const server = new FakeAccountServer()
      .on("GET /api/me/passkeys", json(200, PASSKEYS))
      .on("POST /api/passkeys/sign-in/options", json(200, GET_OPTIONS))
      .on("POST /api/passkeys/password", json(200, { name: "Ada" }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelector("#password-passkey")).not.toBeNull());
    type(root, "password-next", "new secret 22");
    server.on("GET /api/me/sessions", json(200, ONLY_THIS));
    byId(root, "password-passkey").click();
    expect(byId(root, "password-passkey").getAttribute("aria-busy")).toBe("true");
    await vi.waitFor(() => expect(byId(root, "password-status").textContent).toBe("Your password has changed. Every other device is signed out."));
    expect(asked.get).toHaveLength(1);
    expect([...new Uint8Array(asked.get[0]!.publicKey!.challenge as ArrayBuffer)]).toEqual([0, 1, 2]);
    expect(posts(server).map((r) => [r.path, r.body])).toEqual([
      ["/api/passkeys/sign-in/options", undefined],
      ["/api/passkeys/password", { id: "-vs", clientDataJSON: "BA", authenticatorData: "BQY", signature: "BwgJ", new_password: "new secret 22" }],
    ]);
    expect(root.querySelectorAll("li.session")).toHaveLength(1);
    expect(byId<HTMLInputElement>(root, "password-next").value).toBe("");
  });

  it("asks nothing for a short new password; says the browser's and the server's refusals, the session standing", async () => {
    fakeBrowser({
      get: () => {
        throw Object.assign(new Error("closed"), { name: "NotAllowedError" });
      },
    });
    const server = new FakeAccountServer()
      .on("GET /api/me/passkeys", json(200, PASSKEYS))
      .on("POST /api/passkeys/sign-in/options", json(200, GET_OPTIONS));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelector("#password-passkey")).not.toBeNull());
    type(root, "password-next", "short");
    byId(root, "password-passkey").click();
    await vi.waitFor(() => expect(byId(root, "password-next-error").textContent).toBe("A password has 8 to 256 characters."));
    expect(posts(server)).toEqual([]);
    type(root, "password-next", "new secret 22");
    byId(root, "password-passkey").click();
    await vi.waitFor(() => expect(byId(root, "password-error").textContent).toBe("No passkey was made or used: the browser's request was closed or ran out of time."));
    expect(document.activeElement?.id).toBe("password-passkey");
    fakeBrowser();
    server.once("POST /api/passkeys/password", json(401, { error: "passkey refused: it is not one of this account's" }));
    byId(root, "password-passkey").click();
    await vi.waitFor(() => expect(byId(root, "password-error").textContent).toContain("passkey refused: it is not one of this account's"));
    expect(heading(root)).toBe("Your account");
  });
});
