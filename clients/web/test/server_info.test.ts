// @vitest-environment happy-dom

// What the server says of itself (GET /api/server, docs/moderation.md "Server settings"): read
// only when it fits, and its message of the day shown on the home page under the server's name.

import { describe, expect, it } from "vitest";
import { loadServerInfo, parseServerInfo } from "../src/net/server_info";
import { newHomeModel, renderHome, type HomeActions } from "../src/ui/home";
import { serving } from "./game_table";

const MILL = { name: "Carcassonne at the Mill", motd: "Tournament on Saturday", sign_up: "open", guests_play: true };

const actions: HomeActions = {
  nameChanged: () => undefined,
  createRoom: () => undefined,
  joinRoom: () => undefined,
  refreshRooms: () => undefined,
  reloadGames: () => undefined,
  playNow: () => undefined,
};

describe("the server's words on the home page", () => {
  it("are read when they fit, and refused otherwise", async () => {
    expect(await loadServerInfo(serving(MILL))).toEqual({ name: MILL.name, motd: MILL.motd, signUp: "open", guestsPlay: true });
    for (const bad of [null, [], { ...MILL, sign_up: "sometimes" }, { ...MILL, motd: 7 }, { ...MILL, guests_play: "yes" }, { ...MILL, motd: "m".repeat(501) }]) {
      expect(parseServerInfo(bad)).toBeUndefined();
    }
    expect(await loadServerInfo(serving(MILL, 503))).toBeUndefined();
    expect(await loadServerInfo(() => Promise.reject(new Error("offline")))).toBeUndefined();
  });

  it("show the message of the day under the server's name, and nothing when there is none", () => {
    const model = newHomeModel(undefined, undefined);
    expect(renderHome(model, actions).querySelector("#motd")).toBeNull();
    model.server = parseServerInfo(MILL);
    const motd = renderHome(model, actions).querySelector("#motd");
    expect(motd?.querySelector("h2")?.textContent).toBe("Carcassonne at the Mill");
    expect(motd?.querySelector("p")?.textContent).toBe("Tournament on Saturday");
    model.server = parseServerInfo({ ...MILL, name: "" });
    expect(renderHome(model, actions).querySelector("#motd h2")?.textContent).toBe("From this server");
    model.server = parseServerInfo({ ...MILL, motd: "" });
    expect(renderHome(model, actions).querySelector("#motd")).toBeNull();
  });
});
