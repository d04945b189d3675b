// @vitest-environment happy-dom

// Passkeys in the account screens (src/account/webauthn.ts, passkey_actions.ts, passkey_list.ts):
// base64url both ways; the server's options decoded for the browser; the account page's list,
// adding a passkey (the options, the browser's prompt with the decoded challenge and ids, the
// answer encoded back) and removing one; signing in with one without a password; the server's
// refusal in its own words and the browser's in ours; no passkey button where the browser has
// none. navigator.credentials is a fake that records what it was asked.

import { describe, expect, it, vi } from "vitest";
import { fromBase64url, toBase64url } from "../src/account/base64url";
import { creationOptions, requestOptions } from "../src/account/webauthn";
import { MemoryStorage, RESUME_TOKEN_KEY } from "../src/net/resume_token";
import { NOW_S, accountPage, byId, heading, link, page, type } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";
import { bytes, fakeBrowser } from "./fake_credentials";

const list = (buffer: ArrayBuffer | ArrayBufferView) => [...new Uint8Array(buffer instanceof ArrayBuffer ? buffer : buffer.buffer)];

const CREATE_OPTIONS = {
  attestation: "none",
  authenticatorSelection: { requireResidentKey: true, residentKey: "required", userVerification: "preferred" },
  challenge: "-_8A",
  excludeCredentials: [{ id: "AQI", type: "public-key" }],
  pubKeyCredParams: [{ alg: -7, type: "public-key" }, { alg: -8, type: "public-key" }],
  rp: { id: "localhost", name: "Carcassonne" },
  timeout: 300000,
  user: { displayName: "Ada", id: "AAAAAAAAAAE", name: "Ada" },
};

const GET_OPTIONS = { allowCredentials: [], challenge: "AAEC", rpId: "localhost", timeout: 300000, userVerification: "preferred" };

const PASSKEYS = {
  passkeys: [
    { id: 7, label: "Ada's phone", created_at: NOW_S - 86400 * 3, last_used_at: NOW_S - 3600 },
    { id: 8, label: "", created_at: NOW_S - 60, last_used_at: null },
  ],
};

const refused = (name: string) => () => {
  throw Object.assign(new Error("the request was refused"), { name });
};

describe("base64url", () => {
  it("encodes without padding, with - and _, and decodes with or without padding", () => {
    expect(toBase64url(bytes(0xfb, 0xff))).toBe("-_8");
    expect(toBase64url(new Uint8Array([1, 2, 3, 4]).subarray(1))).toBe("AgME");
    expect(list(fromBase64url("-_8"))).toEqual([0xfb, 0xff]);
    expect(list(fromBase64url("-_8="))).toEqual([0xfb, 0xff]);
    const all = new Uint8Array(256).map((_, i) => i);
    expect(list(fromBase64url(toBase64url(all)))).toEqual([...all]);
    expect(() => fromBase64url("not base64url!")).toThrow();
  });

  it("decodes the options' challenge, user id and credential ids, keeping the rest", () => {
    const options = creationOptions(CREATE_OPTIONS)!;
    expect(list(options.challenge as ArrayBuffer)).toEqual([0xfb, 0xff, 0]);
    expect(list(options.user.id as ArrayBuffer)).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(options.excludeCredentials?.map((c) => list(c.id as ArrayBuffer))).toEqual([[1, 2]]);
    expect(options.rp).toEqual({ id: "localhost", name: "Carcassonne" });
    expect(options.pubKeyCredParams.map((p) => p.alg)).toEqual([-7, -8]);
    expect(creationOptions({ challenge: "AA" })).toBeUndefined();
    const get = requestOptions(GET_OPTIONS)!;
    expect(list(get.challenge as ArrayBuffer)).toEqual([0, 1, 2]);
    expect(get.rpId).toBe("localhost");
    expect(get.allowCredentials).toEqual([]);
  });
});

describe("the account page's passkeys", () => {
  it("lists each passkey in words, with a button to remove it that names it", async () => {
    fakeBrowser();
    const server = new FakeAccountServer().on("GET /api/me/passkeys", json(200, PASSKEYS));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li.passkey")).toHaveLength(2));
    const rows = [...root.querySelectorAll<HTMLElement>("li.passkey")];
    expect(rows[0]!.textContent).toContain("Ada's phoneAdded 3 days ago, last used 1 hour ago");
    expect(rows[1]!.textContent).toContain("PasskeyAdded 1 minute ago, never used");
    const remove = rows[0]!.querySelector("button")!;
    expect(remove.getAttribute("aria-labelledby")!.split(" ").map((id) => byId(root, id).textContent)).toEqual([
      "Remove",
      "Ada's phone",
      "Added 3 days ago, last used 1 hour ago",
    ]);
    expect(byId(root, "passkey-add").textContent).toBe("Add a passkey");
  });

  it("adds a passkey: the options decoded for the browser, its answer sent back in base64url", async () => {
    const asked = fakeBrowser();
    const server = new FakeAccountServer()
      .on("GET /api/me/passkeys", json(200, { passkeys: [] }))
      .on("POST /api/me/passkeys/options", json(200, CREATE_OPTIONS))
      .on("POST /api/me/passkeys", json(201, { id: 7, label: "Ada's phone", created_at: NOW_S }));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.textContent).toContain("No passkeys yet."));
    type(root, "passkey-label", " Ada's phone ");
    server.on("GET /api/me/passkeys", json(200, { passkeys: [PASSKEYS.passkeys[0]] }));
    root.querySelector<HTMLFormElement>("form.passkey-add")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(byId(root, "passkey-add").getAttribute("aria-busy")).toBe("true");
    await vi.waitFor(() => expect(byId(root, "passkeys-status").textContent).toBe("The passkey Ada's phone was added."));
    expect(asked.create).toHaveLength(1);
    const publicKey = asked.create[0]!.publicKey!;
    expect(list(publicKey.challenge as ArrayBuffer)).toEqual([0xfb, 0xff, 0]);
    expect(list(publicKey.user.id as ArrayBuffer)).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(server.accountRequests().filter((r) => r.method === "POST")).toEqual([
      { method: "POST", path: "/api/me/passkeys/options", body: undefined, credentials: "same-origin", contentType: null },
      {
        method: "POST",
        path: "/api/me/passkeys",
        body: { clientDataJSON: "AQID", attestationObject: "-_8", label: "Ada's phone" },
        credentials: "same-origin",
        contentType: "application/json",
      },
    ]);
    expect(root.querySelectorAll("li.passkey")).toHaveLength(1);
    expect(byId<HTMLInputElement>(root, "passkey-label").value).toBe("");
    expect(document.activeElement?.id).toBe("passkey-add");
  });

  it("shows the server's refusal in its words, and the browser's in ours", async () => {
    fakeBrowser({ create: refused("NotAllowedError") });
    const server = new FakeAccountServer()
      .on("POST /api/me/passkeys/options", json(200, CREATE_OPTIONS))
      .once("POST /api/me/passkeys/options", json(409, { error: "at most 10 passkeys" }));
    const { root } = await accountPage(server);
    const add = () => root.querySelector<HTMLFormElement>("form.passkey-add")!.dispatchEvent(new Event("submit", { cancelable: true }));
    add();
    await vi.waitFor(() => expect(byId(root, "passkeys-error").textContent).toBe("The server refused the request. (at most 10 passkeys)"));
    add();
    await vi.waitFor(() => expect(byId(root, "passkeys-error").textContent).toBe("No passkey was made or used: the browser's request was closed or ran out of time."));
    expect(server.accountRequests().filter((r) => r.path === "/api/me/passkeys" && r.method === "POST")).toEqual([]);

    fakeBrowser();
    server.on("POST /api/me/passkeys", json(401, { error: "passkey refused: origin" }));
    add();
    await vi.waitFor(() => expect(byId(root, "passkeys-error").textContent).toBe("The server refused the request. (passkey refused: origin)"));
    // A refused passkey is not a session gone: the page stays.
    expect(heading(root)).toBe("Your account");
    expect(link(root).textContent).toBe("Your account: Ada");
  });

  it("removes a passkey", async () => {
    fakeBrowser();
    const server = new FakeAccountServer().on("GET /api/me/passkeys", json(200, PASSKEYS)).on("DELETE /api/me/passkeys/7", json(204));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li.passkey")).toHaveLength(2));
    byId(root, "passkey-7-remove").click();
    await vi.waitFor(() => expect(root.querySelectorAll("li.passkey")).toHaveLength(1));
    expect(byId(root, "passkeys-status").textContent).toBe("The passkey Ada's phone was removed.");
    expect(server.accountRequests().at(-1)).toMatchObject({ method: "DELETE", path: "/api/me/passkeys/7" });
    expect(document.activeElement?.id).toBe("passkeys-heading");
  });

  it("offers no passkey where the browser has none", async () => {
    const server = new FakeAccountServer().on("GET /api/me/passkeys", json(200, PASSKEYS));
    const { root } = await accountPage(server);
    await vi.waitFor(() => expect(root.querySelectorAll("li.passkey")).toHaveLength(2));
    expect(root.querySelector("#passkey-add")).toBeNull();
    expect(byId(root, "passkeys-unsupported").textContent).toBe("This browser cannot use passkeys on this page.");
  });
});

describe("signing in with a passkey", () => {
  it("signs in without a name or password: the options, the browser's prompt, the signature sent", async () => {
    const asked = fakeBrowser();
    const server = new FakeAccountServer()
      .on("POST /api/passkeys/sign-in/options", json(200, GET_OPTIONS))
      .on("POST /api/passkeys/sign-in", json(200, { name: "Ada" }));
    const { root, location } = page(server, "/sign-in");
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
    byId(root, "passkey-sign-in").click();
    await vi.waitFor(() => expect(link(root).textContent).toBe("Your account: Ada"));
    expect(list(asked.get[0]!.publicKey!.challenge as ArrayBuffer)).toEqual([0, 1, 2]);
    expect(asked.get[0]!.publicKey!.rpId).toBe("localhost");
    expect(server.accountRequests().filter((r) => r.method === "POST")).toEqual([
      { method: "POST", path: "/api/passkeys/sign-in/options", body: undefined, credentials: "same-origin", contentType: null },
      {
        method: "POST",
        path: "/api/passkeys/sign-in",
        body: { id: "-vs", clientDataJSON: "BA", authenticatorData: "BQY", signature: "BwgJ" },
        credentials: "same-origin",
        contentType: "application/json",
      },
    ]);
    expect(location.pathname).toBe("/");
  });

  it("claims the games of the resume tokens the browser kept, once signed in with a passkey", async () => {
    fakeBrowser();
    const server = new FakeAccountServer()
      .on("POST /api/passkeys/sign-in/options", json(200, GET_OPTIONS))
      .on("POST /api/passkeys/sign-in", json(200, { name: "Ada" }))
      .on("POST /api/me/claims", json(200, { finished: 1, in_progress: 0 }));
    const storage = new MemoryStorage();
    storage.setItem(RESUME_TOKEN_KEY, "seat-token");
    const { root } = page(server, "/sign-in", storage);
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
    byId(root, "passkey-sign-in").click();
    await vi.waitFor(() => expect(server.sent.filter((r) => r.path === "/api/me/claims").map((r) => r.body)).toEqual([{ tokens: ["seat-token"] }]));
  });

  it("says why not: the server's words, or the browser's closed prompt", async () => {
    fakeBrowser();
    const server = new FakeAccountServer()
      .on("POST /api/passkeys/sign-in/options", json(200, GET_OPTIONS))
      .on("POST /api/passkeys/sign-in", json(401, { error: "passkey refused: unknown passkey" }));
    const { root } = page(server, "/sign-in");
    await vi.waitFor(() => expect(byId(root, "passkey-sign-in")).not.toBeNull());
    byId(root, "passkey-sign-in").click();
    await vi.waitFor(() => expect(byId(root, "account-form-error").textContent).toBe("The server refused the request. (passkey refused: unknown passkey)"));
    expect(document.activeElement?.id).toBe("passkey-sign-in");
    fakeBrowser({ get: refused("NotAllowedError") });
    byId(root, "passkey-sign-in").click();
    await vi.waitFor(() => expect(byId(root, "account-form-error").textContent).toBe("No passkey was made or used: the browser's request was closed or ran out of time."));
    expect(link(root).textContent).toBe("Sign in");
  });

  it("is not offered without passkeys in the browser, nor on the sign-up form", async () => {
    const { root } = page(new FakeAccountServer(), "/sign-in");
    await vi.waitFor(() => expect(heading(root)).toBe("Sign in"));
    expect(root.querySelector("#passkey-sign-in")).toBeNull();
    fakeBrowser();
    const again = page(new FakeAccountServer(), "/sign-up");
    await vi.waitFor(() => expect(heading(again.root)).toBe("Create an account"));
    expect(again.root.querySelector("#passkey-sign-in")).toBeNull();
  });
});
