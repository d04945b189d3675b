// @vitest-environment happy-dom

// A forgotten password in the page (src/account/password_reset.ts): from the sign-in form to the
// request (the name the form held, the page's language, the same words whatever the server
// knows), a server without mail, and the mailed link (/account?reset-token=...): its token taken
// out of the address bar at once, the new password checked before it is sent, the player signed
// in by the answer; a link that is no good, and the way to ask for another. The server is a
// FakeAccountServer.

import { describe, expect, it, vi } from "vitest";
import { byId, heading, link, page, type } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";

const TOKEN = "q8Vt3kLmZ0x_NpR7wYc2HjB5sDf9GaE1uIo4TkWe6Mn";

function submit(root: Element): void {
  root.querySelector("main form")!.dispatchEvent(new Event("submit", { cancelable: true }));
}

const resets = (s: FakeAccountServer) => s.sent.filter((r) => r.path.startsWith("/api/password-reset")).map((r) => [r.path, r.body]);

describe("a forgotten password", () => {
  it("asks for a link from the sign-in form, with the name typed there, and says what may happen", async () => {
    const s = new FakeAccountServer().on("POST /api/password-reset", json(202, { requested: true }));
    const { root, location } = page(s, "/sign-in");
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"), { timeout: 10_000 });
    type(root, "account-name", "Ada");
    byId(root, "account-forgot").click();
    await vi.waitFor(() => expect(heading(root)).toBe("Forgotten password"));
    expect(location.pathname).toBe("/forgot-password");
    expect((byId(root, "reset-name") as HTMLInputElement).value).toBe("Ada");
    submit(root);
    await vi.waitFor(() => expect(byId(root, "reset-notice").textContent).toBe("If Ada has a confirmed e-mail address, a link is on its way to it. It works once, for an hour."));
    expect(resets(s)).toEqual([["/api/password-reset", { name: "Ada", lang: "en" }]]);
    expect(byId(root, "reset-form-error").textContent).toBe("");
  });

  it("asks for a name first, and says when the server sends no mail or too many were asked", async () => {
    const s = new FakeAccountServer()
      .once("POST /api/password-reset", json(503, { error: "this server sends no e-mail" }))
      .once("POST /api/password-reset", json(429, { error: "too many" }, { "Retry-After": "120" }));
    const { root } = page(s, "/forgot-password");
    await vi.waitFor(() => expect(heading(root)).toBe("Forgotten password"), { timeout: 10_000 });
    submit(root);
    expect(byId(root, "reset-name-error").textContent).toBe("Type your account's name.");
    expect(resets(s)).toEqual([]);
    type(root, "reset-name", "Ada");
    submit(root);
    await vi.waitFor(() => expect(byId(root, "reset-form-error").textContent).toContain("This server sends no e-mail."));
    submit(root);
    await vi.waitFor(() => expect(byId(root, "reset-form-error").textContent).toMatch(/^Too many requests from your address: try again in 2 minutes/));
  });

  it("chooses the new password with the mailed link, signing the player in", async () => {
    const s = new FakeAccountServer().on("POST /api/password-reset/complete", json(200, { name: "Ada" }));
    const { root, location } = page(s, `/account?reset-token=${TOKEN}`);
    await vi.waitFor(() => expect(heading(root)).toBe("Choose a new password"), { timeout: 10_000 });
    // Out of the address bar before anything else: never reloaded, bookmarked or shown.
    expect(location.pathname).toBe("/forgot-password");
    expect(location.search).toBe("");
    expect(root.innerHTML).not.toContain(TOKEN);
    type(root, "reset-password", "short");
    submit(root);
    expect(byId(root, "reset-password-error").textContent).toBe("A password has 8 to 256 characters.");
    expect(resets(s)).toEqual([]);
    type(root, "reset-password", "a new password");
    submit(root);
    await vi.waitFor(() => expect(link(root).textContent).toBe("Your account: Ada"));
    expect(resets(s)).toEqual([["/api/password-reset/complete", { token: TOKEN, password: "a new password" }]]);
  });

  it("says when a link is no good, and offers to ask for another", async () => {
    const s = new FakeAccountServer().on("POST /api/password-reset/complete", json(400, { error: "no good", field: "token" }));
    const { root, location } = page(s, `/account?reset-token=${TOKEN}`);
    await vi.waitFor(() => expect(heading(root)).toBe("Choose a new password"), { timeout: 10_000 });
    type(root, "reset-password", "a new password");
    submit(root);
    await vi.waitFor(() => expect(byId(root, "reset-form-error").textContent).toBe("This link is not (or no longer) good: ask for a new one."));
    // The token is spent for the page: sending again asks nothing of the server.
    submit(root);
    expect(resets(s)).toHaveLength(1);
    byId(root, "reset-ask-again").click();
    await vi.waitFor(() => expect(heading(root)).toBe("Forgotten password"));
    expect(location.pathname).toBe("/forgot-password");
  });
});
