// @vitest-environment happy-dom

// The game screen opens at the page's top, and marks chat lines the player has not seen (the
// table, round three, point 6): the others' lines count, the player's own and a reload's history
// do not, and one tap on the mark takes the player to the chat.

import { create } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BaseViewSchema } from "../src/gen/carc/v1/base_game_pb";
import { RoomStateSchema, RoomStatus, type RoomState } from "../src/gen/carc/v1/lobby_pb";
import { publicHash } from "../src/games/base/public_hash";
import { setLanguage } from "../src/i18n";
import { connectedApp } from "./connected_app";

function room(status: RoomStatus): RoomState {
  return create(RoomStateSchema, {
    code: "CHAT2345",
    status,
    yourSeat: 0,
    invitePath: "/r/CHAT2345",
    options: { seats: 2, gameOptions: { case: "base", value: {} } },
    seats: [
      { seat: 0, name: "Ada", colour: "red", occupied: true, ready: true, connected: true, isHost: true },
      { seat: 1, name: "Bo", colour: "blue", occupied: true, ready: true, connected: true },
    ],
  });
}

const mark = (root: Element) => root.querySelector<HTMLButtonElement>("button.chat-unread");

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the game screen's arrival and its unread chat", () => {
  it("opens at the top, once, and counts only the others' lines since the chat was seen", async () => {
    const scrolls = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const { client, root, app, ws } = connectedApp(2000, "Ada");
    ws.serverSend({ body: { case: "roomState", value: room(RoomStatus.LOBBY) } });
    expect(app.screen).toBe("lobby");
    // Said in the lobby, where the chat is in view: not news on the game screen.
    ws.serverSend({ body: { case: "chat", value: { seat: 1, name: "Bo", text: "ready?" } } });
    expect(scrolls).not.toHaveBeenCalled();

    ws.serverSend({ body: { case: "roomState", value: room(RoomStatus.PLAYING) } });
    const view = create(BaseViewSchema, { scores: [0, 0], supply: [7, 7], toMove: 1 });
    ws.serverSend({ body: { case: "snapshot", value: { seq: 1n, view: { case: "base", value: view }, publicHash: publicHash(view) } } });
    await app.settled();
    expect(app.screen).toBe("game");
    expect(scrolls).toHaveBeenCalledWith(0, 0);
    const scrolled = scrolls.mock.calls.length;
    expect(mark(root)).toBeNull();

    ws.serverSend({ body: { case: "chat", value: { seat: 1, name: "Bo", text: "good luck" } } });
    ws.serverSend({ body: { case: "chat", value: { seat: -1, name: "Cy", text: "watching" } } });
    expect(mark(root)?.textContent).toBe("2 new chat messages");
    // Later renders of the same screen do not scroll the player away from where they are.
    expect(scrolls.mock.calls.length).toBe(scrolled);

    // The player's own line: they have the chat in front of them.
    ws.serverSend({ body: { case: "chat", value: { seat: 0, name: "Ada", text: "thanks" } } });
    expect(mark(root)).toBeNull();

    ws.serverSend({ body: { case: "chat", value: { seat: 1, name: "Bo", text: "your turn soon" } } });
    expect(mark(root)?.textContent).toBe("1 new chat message");
    mark(root)!.click();
    expect(mark(root)).toBeNull();
    expect(document.activeElement?.id).toBe("chat-input");

    // A reload's history replaces the lines: nothing in it is new.
    ws.serverSend({ body: { case: "chat", value: { seat: 1, name: "Bo", text: "hello again" } } });
    expect(mark(root)).not.toBeNull();
    ws.serverSend({ body: { case: "history", value: { chat: [{ seat: 1, name: "Bo", text: "hello again" }] } } });
    expect(mark(root)).toBeNull();
    client.close();
  });
});
