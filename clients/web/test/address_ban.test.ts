// @vitest-environment happy-dom

// A server that bans this client's address (docs/moderation.md) refuses its WebSocket upgrade
// unseen (the browser says only 1006), so the page learns why from its first API request: the
// 403's reason and end shown in a banner that stays, in the page's language; any other refusal
// is only a failed table.

import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../src/i18n";
import { CarcClient } from "../src/net/client";
import { AddressBannedError, GameTypesError, loadGameTypes } from "../src/net/game_types";
import { MemoryStorage } from "../src/net/resume_token";
import { addressBanWords } from "../src/ui/address_ban";
import { App } from "../src/ui/app";
import { FakeWebSocket } from "./fake_websocket";
import { serving } from "./game_table";

const BANNED = { error: "your address is banned from this server until 2027-01-15 08:00 UTC: spam", ban: { reason: "spam from the lab", ends_at: 1_800_000_000, address: true } };

afterEach(() => setLanguage("en"));

describe("an address ban", () => {
  it("is read from the first API request's 403", async () => {
    const e = await loadGameTypes(serving(BANNED, 403)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AddressBannedError);
    expect((e as AddressBannedError).reason).toBe("spam from the lab");
    expect((e as AddressBannedError).endsAt).toBe(1_800_000_000);
    const forever = await loadGameTypes(serving({ ...BANNED, ban: { ...BANNED.ban, ends_at: null } }, 403)).catch((x: unknown) => x);
    expect((forever as AddressBannedError).endsAt).toBeNull();
  });

  it("is not any other 403: an account's ban, a foreign origin, a body that is no JSON", async () => {
    for (const body of [{ error: "this account is banned", ban: { reason: "x", ends_at: null } }, { error: "this server does not serve pages of that origin" }, "<html>"]) {
      await expect(loadGameTypes(serving(body, 403))).rejects.toBeInstanceOf(GameTypesError);
    }
    await expect(loadGameTypes(serving({ ...BANNED, ban: { ...BANNED.ban, reason: 7 } }, 403))).rejects.toBeInstanceOf(GameTypesError);
  });

  it("says why and until when, in the page's language", () => {
    const words = addressBanWords(new AddressBannedError("spam from the lab", 1_800_000_000));
    expect(words).toMatch(/^This server refuses connections from your address until .*2027.*: spam from the lab$/);
    expect(addressBanWords(new AddressBannedError("  spam  ", null))).toBe("This server refuses connections from your address for ever: spam");
    expect(addressBanWords(new AddressBannedError("x".repeat(2000), null)).length).toBeLessThan(600);
    setLanguage("de");
    expect(addressBanWords(new AddressBannedError("Spam", null))).toBe("Dieser Server weist Verbindungen von deiner Adresse ab, für immer: Spam");
  });

  it("stays in the page's banner while the socket keeps failing", async () => {
    FakeWebSocket.reset();
    const storage = new MemoryStorage();
    const client = new CarcClient({ url: "ws://x/ws", WebSocket: FakeWebSocket, storage });
    const root = document.createElement("div");
    document.body.append(root);
    const app = new App(root, client, { location: { origin: "https://x", pathname: "/", hash: "" }, storage: storage as unknown as Storage, http: serving(BANNED, 403) });
    app.start();
    FakeWebSocket.last().serverClose(1006, "");
    await expect.poll(() => root.querySelector(".banner")?.textContent ?? "").toContain("refuses connections from your address until");
    expect(root.querySelector(".banner")?.textContent).toContain("spam from the lab");
    expect(root.querySelector(".banner")?.getAttribute("role")).toBe("alert");
    client.close();
    root.remove();
  });
});
