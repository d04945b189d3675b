// @vitest-environment happy-dom

// The account page's "E-mail" card (src/account/email_api.ts, email_actions.ts, email_card.ts):
// each state as GET /api/me/email gives it (no card on a server without mail and no address, no
// address, waiting for confirmation, confirmed with the digest on or off, an address on a server
// that sends no mail); giving an address (the page's language sent, the link announced, the
// server's words beside the field, the minutes to wait); the digest turned on and off; the
// address removed; and the confirmation link (/account?email-token=...): its token posted once,
// taken out of the address bar, never on the page, the outcome in the card. The server is a
// FakeAccountServer.

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { ADA, SESSIONS, accountPage, byId, heading, link, page, type } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";

const ADDRESS = "ada@example.org";
const TOKEN = "q8Vt3kLmZ0x_NpR7wYc2HjB5sDf9GaE1uIo4TkWe6Mn";
const REFUSED_TOKEN = "this link is unknown, used, replaced or out of date";

interface State {
  address: string | null;
  verified: boolean;
  digest: boolean;
  sending: boolean;
}

const state = (s: Partial<State> = {}): State => ({ address: ADDRESS, verified: true, digest: false, sending: true, ...s });
const NONE = state({ address: null, verified: false });

// The screens' chunk, which the page fetches when the account page opens, compiled before the
// first test: on a busy machine its first compilation outlasts a waitFor.
beforeAll(() => import("../src/account/account_screens"), 120_000);

afterEach(() => setLanguage("en", undefined));

function server(email: State): FakeAccountServer {
  return new FakeAccountServer().on("GET /api/me/passkeys", json(200, { passkeys: [] })).on("GET /api/me/email", json(200, email));
}

const emailRequests = (s: FakeAccountServer) =>
  s.sent.filter((r) => r.path.includes("email")).map((r) => [r.method, r.path, r.body]);
const text = (root: Element, id: string) => root.querySelector(`#${id}`)?.textContent;
const card = (root: Element) => root.querySelector<HTMLElement>("section.email");
const digestBox = (root: Element) => root.querySelector<HTMLInputElement>("#email-digest");
const sendButton = (root: Element) => byId<HTMLButtonElement>(root, "email-send");

/** The account page with `s` for its server, once the card is there. */
async function emailCard(s: FakeAccountServer) {
  const p = await accountPage(s);
  await vi.waitFor(() => expect(card(p.root)).not.toBeNull());
  return p;
}

/** Waits for the answer to GET /api/me/email, whatever it showed. */
async function emailLoaded(s: FakeAccountServer): Promise<void> {
  await vi.waitFor(() => expect(emailRequests(s)).toContainEqual(["GET", "/api/me/email", undefined]));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

function sendAddress(root: Element, address: string): void {
  type(root, "email-address-input", address);
  root.querySelector("form.email-form")!.dispatchEvent(new Event("submit", { cancelable: true }));
}

function toggleDigest(root: Element): void {
  const box = digestBox(root)!;
  box.checked = !box.checked;
  box.dispatchEvent(new Event("change"));
}

describe("the e-mail card's states", () => {
  it("is not there on a server older than e-mail (404)", async () => {
    const old = new FakeAccountServer().on("GET /api/me/passkeys", json(200, { passkeys: [] }));
    const { root } = await accountPage(old);
    await emailLoaded(old);
    expect(card(root)).toBeNull();
    expect(text(root, "account-error")).toBe("");
  });

  it("is not there on a server that sends no mail and knows no address of the player's", async () => {
    const off = server(state({ address: null, verified: false, sending: false }));
    const { root } = await accountPage(off);
    await emailLoaded(off);
    expect(card(root)).toBeNull();
  });

  it("offers a form for an address when there is none: labelled, for e-mail, at most 254 characters", async () => {
    const { root } = await emailCard(server(NONE));
    expect(text(root, "email-heading")).toBe("E-mail");
    expect(text(root, "email-address")).toBe("You have given no e-mail address.");
    const input = byId<HTMLInputElement>(root, "email-address-input");
    expect([input.type, input.getAttribute("autocomplete"), input.maxLength, input.value]).toEqual(["email", "email", 254, ""]);
    expect(root.querySelector("label[for='email-address-input']")?.textContent).toBe("E-mail address");
    expect(sendButton(root).textContent).toBe("Send a confirmation link");
    expect(byId(root, "email-status").getAttribute("role")).toBe("status");
    expect(byId(root, "email-error").getAttribute("role")).toBe("alert");
    expect(digestBox(root)).toBeNull();
    expect(root.querySelector("#email-remove")).toBeNull();
    expect(root.querySelector("#email-off")).toBeNull();
  });

  it("says an address waits for confirmation, with the digest off until then", async () => {
    const { root } = await emailCard(server(state({ verified: false })));
    expect(text(root, "email-address")).toBe(`Waiting for confirmation: open the link we mailed to ${ADDRESS}.`);
    expect(byId<HTMLInputElement>(root, "email-address-input").value).toBe(ADDRESS);
    const box = digestBox(root)!;
    expect(box.disabled).toBe(true);
    expect(box.getAttribute("aria-describedby")).toBe("email-digest-help");
    expect(text(root, "email-digest-help")).toBe("You can turn it on once the address is confirmed.");
    expect(root.querySelector("label[for='email-digest']")?.textContent).toBe("Daily e-mail when games wait for your move");
    expect(byId(root, "email-remove").textContent).toBe("Remove address");
  });

  it("shows a confirmed address with its digest on", async () => {
    const { root } = await emailCard(server(state({ digest: true })));
    expect(text(root, "email-address")).toBe(`Your address: ${ADDRESS} (confirmed).`);
    expect([digestBox(root)!.checked, digestBox(root)!.disabled]).toEqual([true, false]);
    expect(root.querySelector("#email-digest-help")).toBeNull();
  });

  it("shows a confirmed address with its digest off", async () => {
    const { root } = await emailCard(server(state({ digest: false })));
    expect(text(root, "email-address")).toBe(`Your address: ${ADDRESS} (confirmed).`);
    expect([digestBox(root)!.checked, digestBox(root)!.disabled]).toEqual([false, false]);
  });

  it("keeps an address on a server that sends no mail, to be removed, and says it sends none", async () => {
    const { root } = await emailCard(server(state({ sending: false, digest: true })));
    expect(text(root, "email-address")).toBe(`Your address: ${ADDRESS} (confirmed).`);
    expect(text(root, "email-off")).toBe("This server sends no e-mail.");
    expect(root.querySelector("form.email-form")).toBeNull();
    expect(digestBox(root)).toBeNull();
    expect(byId<HTMLButtonElement>(root, "email-remove").disabled).toBe(false);
  });
});

describe("giving an address", () => {
  it("sends it with the page's language, busy meanwhile, and says a link went out", async () => {
    const s = server(NONE);
    const { root } = await emailCard(s);
    const release = s.hold("PUT /api/me/email", json(202, state({ verified: false })));
    sendAddress(root, ` ${ADDRESS} `);
    await vi.waitFor(() => expect(sendButton(root).textContent).toBe("Sending…"));
    expect(sendButton(root).disabled).toBe(true);
    expect(sendButton(root).getAttribute("aria-busy")).toBe("true");
    expect(byId<HTMLButtonElement>(root, "sign-out").disabled).toBe(true);
    release();
    await vi.waitFor(() => expect(text(root, "email-status")).toBe(`A confirmation link was sent to ${ADDRESS}. It works for 24 hours.`));
    const put = s.sent.find((r) => r.method === "PUT")!;
    expect([put.path, put.body, put.credentials, put.contentType]).toEqual(["/api/me/email", { address: ADDRESS, lang: "en" }, "same-origin", "application/json"]);
    expect(text(root, "email-address")).toBe(`Waiting for confirmation: open the link we mailed to ${ADDRESS}.`);
    expect(digestBox(root)!.disabled).toBe(true);
    expect(document.activeElement?.id).toBe("email-send");
    expect(text(root, "email-error")).toBe("");
  });

  it("sends the page's language and words the card in it", async () => {
    setLanguage("de", undefined);
    const s = server(NONE).on("PUT /api/me/email", json(202, state({ verified: false })));
    const { root } = await emailCard(s);
    expect(text(root, "email-address")).toBe("Du hast keine E-Mail-Adresse angegeben.");
    sendAddress(root, ADDRESS);
    await vi.waitFor(() => expect(text(root, "email-status")).toBe(`Ein Bestätigungslink wurde an ${ADDRESS} geschickt. Er gilt 24 Stunden.`));
    expect(s.sent.find((r) => r.method === "PUT")?.body).toEqual({ address: ADDRESS, lang: "de" });
  });

  it("asks for an address before sending none", async () => {
    const s = server(NONE);
    const { root } = await emailCard(s);
    sendAddress(root, "  ");
    expect(text(root, "email-address-input-error")).toBe("Type an e-mail address.");
    expect(document.activeElement?.id).toBe("email-address-input");
    expect(emailRequests(s).filter(([method]) => method !== "GET")).toEqual([]);
  });

  it("shows the server's refusal of the address beside the field", async () => {
    const s = server(NONE).on("PUT /api/me/email", json(400, { error: "the domain has no dot", field: "address" }));
    const { root } = await emailCard(s);
    sendAddress(root, "ada@localhost");
    await vi.waitFor(() => expect(text(root, "email-address-input-error")).toBe("the domain has no dot"));
    const input = byId<HTMLInputElement>(root, "email-address-input");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-address-input-error");
    expect(input.value).toBe("ada@localhost");
    expect(document.activeElement?.id).toBe("email-address-input");
    expect(text(root, "email-status")).toBe("");
    expect(text(root, "email-address")).toBe("You have given no e-mail address.");
  });

  it("says how many minutes are left before another link may go (429)", async () => {
    const s = server(state({ verified: false })).on("PUT /api/me/email", json(429, { error: "wait" }, { "Retry-After": "530" }));
    const { root } = await emailCard(s);
    sendAddress(root, ADDRESS);
    await vi.waitFor(() =>
      expect(text(root, "email-error")).toBe("A link was sent less than 10 minutes ago. You can ask for another in 9 minutes."),
    );
    expect(document.activeElement?.id).toBe("email-send");

    s.on("PUT /api/me/email", json(429, { error: "wait" }, { "Retry-After": "40" }));
    sendAddress(root, ADDRESS);
    await vi.waitFor(() => expect(text(root, "email-error")).toMatch(/in 1 minute\.$/));
  });

  it("says when the server sends no mail (503), and drops the form", async () => {
    const s = server(state({ verified: false })).on("PUT /api/me/email", json(503, { error: "this server sends no e-mail" }));
    const { root } = await emailCard(s);
    sendAddress(root, ADDRESS);
    await vi.waitFor(() => expect(text(root, "email-error")).toBe("This server sends no e-mail."));
    expect(root.querySelector("form.email-form")).toBeNull();
    expect(document.activeElement?.id).toBe("email-heading");
  });
});

describe("the daily digest and the address's removal", () => {
  it("turns the digest on and off", async () => {
    const s = server(state({ digest: false }))
      .once("PATCH /api/me/email", json(200, state({ digest: true })))
      .once("PATCH /api/me/email", json(200, state({ digest: false })));
    const { root } = await emailCard(s);
    toggleDigest(root);
    await vi.waitFor(() => expect(text(root, "email-status")).toBe("You get a daily e-mail when games wait for your move."));
    expect(digestBox(root)!.checked).toBe(true);
    expect(document.activeElement?.id).toBe("email-digest");
    toggleDigest(root);
    await vi.waitFor(() => expect(text(root, "email-status")).toBe("No more daily e-mails."));
    expect(digestBox(root)!.checked).toBe(false);
    const patches = emailRequests(s).filter(([method]) => method === "PATCH");
    expect(patches).toEqual([
      ["PATCH", "/api/me/email", { digest: true }],
      ["PATCH", "/api/me/email", { digest: false }],
    ]);
  });

  it("shows the digest as it was when the server refuses", async () => {
    const s = server(state({ digest: true })).on("PATCH /api/me/email", json(500, { error: "store down" }));
    const { root } = await emailCard(s);
    toggleDigest(root);
    await vi.waitFor(() => expect(text(root, "email-error")).toBe("Something went wrong on the server (HTTP 500). Try again. (store down)"));
    expect(digestBox(root)!.checked).toBe(true);
  });

  it("removes the address", async () => {
    const s = server(state({ digest: true })).on("DELETE /api/me/email", json(204));
    const { root } = await emailCard(s);
    byId(root, "email-remove").click();
    await vi.waitFor(() => expect(text(root, "email-status")).toBe("Your e-mail address was removed."));
    expect(emailRequests(s).filter(([method]) => method === "DELETE")).toEqual([["DELETE", "/api/me/email", undefined]]);
    expect(text(root, "email-address")).toBe("You have given no e-mail address.");
    expect(root.querySelector("#email-remove")).toBeNull();
    expect(digestBox(root)).toBeNull();
    expect(byId<HTMLInputElement>(root, "email-address-input").value).toBe("");
    expect(document.activeElement?.id).toBe("email-heading");
  });
});

describe("the confirmation link", () => {
  /** The page opened at the link, signed in. */
  function openLink(s: FakeAccountServer) {
    s.on("GET /api/me", json(200, ADA)).on("GET /api/me/sessions", json(200, SESSIONS));
    return page(s, `/account?email-token=${TOKEN}`);
  }

  it("posts the token once, before the state, takes it out of the address bar and says the address is confirmed", async () => {
    const s = server(state({ verified: true })).on("POST /api/email/verify", json(200, { verified: true }));
    const { root, location } = openLink(s);
    await vi.waitFor(() => expect(text(root, "email-status")).toBe("Your e-mail address is confirmed."));
    expect(location.pathname).toBe("/account");
    expect(location.search).toBe("");
    expect(emailRequests(s)).toEqual([
      ["POST", "/api/email/verify", { token: TOKEN }],
      ["GET", "/api/me/email", undefined],
    ]);
    expect(text(root, "email-address")).toBe(`Your address: ${ADDRESS} (confirmed).`);
    expect(document.activeElement?.id).toBe("email-heading");
    expect(document.body.innerHTML).not.toContain(TOKEN);

    // The page opened again: the state asked for again, the token not.
    byId(root, "account-back").click();
    await vi.waitFor(() => expect(card(root)).toBeNull());
    link(root).click();
    await vi.waitFor(() => expect(emailRequests(s).filter(([method]) => method === "GET")).toHaveLength(2));
    await vi.waitFor(() => expect(card(root)).not.toBeNull());
    expect(emailRequests(s).filter(([method]) => method === "POST")).toHaveLength(1);
    expect(text(root, "email-status")).toBe("");
  });

  it("shows the server's refusal and that a new link can be asked for, without the token", async () => {
    const s = server(state({ verified: false })).on("POST /api/email/verify", json(400, { error: REFUSED_TOKEN, field: "token" }));
    const { root, location } = openLink(s);
    await vi.waitFor(() => expect(text(root, "email-error")).toMatch(/^This confirmation link cannot be used\./));
    expect(text(root, "email-error")).toBe(
      `This confirmation link cannot be used. (${REFUSED_TOKEN}) A link works once, for 24 hours: ask for a new one below.`,
    );
    expect(location.search).toBe("");
    expect(emailRequests(s).filter(([method]) => method === "POST")).toHaveLength(1);
    expect(text(root, "email-address")).toBe(`Waiting for confirmation: open the link we mailed to ${ADDRESS}.`);
    expect(sendButton(root).disabled).toBe(false);
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it("confirms for a player signed out, and says so once signed in", async () => {
    const s = server(state({ verified: true }))
      .on("POST /api/email/verify", json(200, { verified: true }))
      .once("GET /api/me/email", json(401, { error: "not signed in" }));
    const { root, location } = page(s, `/account?email-token=${TOKEN}`);
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
    await vi.waitFor(() => expect(emailRequests(s)[0]).toEqual(["POST", "/api/email/verify", { token: TOKEN }]));
    expect(location.search).toBe("");
    expect(document.body.innerHTML).not.toContain(TOKEN);
    s.on("POST /api/sessions", json(200, { name: "Ada" })).on("GET /api/me", json(200, ADA)).on("GET /api/me/sessions", json(200, SESSIONS));
    type(root, "account-name", "Ada");
    type(root, "account-password", "correct horse battery");
    root.querySelector("main form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await vi.waitFor(() => expect(text(root, "email-status")).toBe("Your e-mail address is confirmed."));
    expect(location.pathname).toBe("/account");
    expect(emailRequests(s).filter(([method]) => method === "POST")).toHaveLength(1);
  });
});
