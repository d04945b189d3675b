// @vitest-environment happy-dom

// A moderator's kick or room close as the page meets it (docs/moderation.md, "What a sanction
// does"): the pushed RoomLeft takes the page home with the reason in its banner, and the seat's
// resume token is let go (the server refuses it until the kick is lifted); a refused join says
// why too.

import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import { RemovedBy, RoomLeftSchema, RoomStateSchema, RoomStatus } from "../src/gen/carc/v1/lobby_pb";
import { ErrorCode, ErrorSchema } from "../src/gen/carc/v1/session_pb";
import { setLanguage } from "../src/i18n";
import { errorMessage, MAX_DETAIL_CHARS } from "../src/ui/errors";
import { byModerator, moderatorRemovalWords } from "../src/ui/moderator_removal";
import { connectedApp } from "./connected_app";

const lobby = create(RoomStateSchema, {
  code: "MODS2345",
  status: RoomStatus.LOBBY,
  yourSeat: 0,
  invitePath: "/r/MODS2345",
  options: { seats: 2, gameOptions: { case: "base", value: {} } },
  seats: [{ seat: 0, name: "Ada", colour: "red", occupied: true, connected: true, isHost: true }],
});

beforeEach(() => {
  setLanguage("en", undefined);
  document.body.replaceChildren();
});

describe("removed by a moderator", () => {
  it("goes home with why, for a kick and for a closed room", () => {
    for (const [why, words] of [
      [RemovedBy.KICK, "A moderator removed you from the room: a computer plays your seat. (insults)"],
      [RemovedBy.ROOM_CLOSED, "A moderator closed the room. (insults)"],
    ] as const) {
      const { root, app, ws } = connectedApp(2000, "Ada");
      ws.serverSend({ body: { case: "roomState", value: lobby } });
      expect(app.screen).toBe("lobby");
      ws.serverSend({ body: { case: "roomLeft", value: { roomCode: "MODS2345", moderation: why, reason: " insults " } } });
      expect(app.screen).toBe("home");
      expect(root.querySelector(".banner")?.textContent).toContain(words);
    }
  });

  it("shows no removal for a RoomLeft without a moderator in it", () => {
    const { app, ws } = connectedApp(2000, "Ada");
    ws.serverSend({ body: { case: "roomState", value: lobby } });
    ws.serverSend({ body: { case: "roomLeft", value: { roomCode: "MODS2345" } } });
    expect(app.screen).toBe("lobby");
  });

  it("words the banner from the kind and the reason, the reason cut to a detail's length", () => {
    const left = (moderation: RemovedBy, reason: string) => create(RoomLeftSchema, { roomCode: "MODS2345", moderation, reason });
    expect(byModerator(left(RemovedBy.UNSPECIFIED, ""))).toBe(false);
    expect(byModerator(left(RemovedBy.KICK, ""))).toBe(true);
    expect(moderatorRemovalWords(left(RemovedBy.ROOM_CLOSED, "  "))).toBe("A moderator closed the room.");
    const long = "\u{1F600}".repeat(MAX_DETAIL_CHARS + 5);
    const words = moderatorRemovalWords(left(RemovedBy.KICK, long));
    expect(words).toBe(`A moderator removed you from the room: a computer plays your seat. (${"\u{1F600}".repeat(MAX_DETAIL_CHARS)})`);
  });

  it("says why a join is refused", () => {
    const kicked = create(ErrorSchema, { code: ErrorCode.KICKED, message: "a moderator removed you from this room: griefing" });
    expect(errorMessage(kicked)).toBe("A moderator removed you from this room. (a moderator removed you from this room: griefing)");
    const closed = create(ErrorSchema, { code: ErrorCode.ROOM_CLOSED, message: "a moderator closed this room: raid" });
    expect(errorMessage(closed)).toContain("A moderator closed this room.");
  });
});
