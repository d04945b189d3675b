// The moderation page's rooms (docs/moderation.md): every room of the server's node, private ones
// too, with its game, status and players; a moderator closes one, with the reason typed above
// the list, or reopens one a moderator closed.

import { h, onPage } from "../ui/dom";
import type { AdminRoom } from "./admin_api";
import { gameName } from "./game_rows";
import { t } from "./i18n";

export interface RoomsActions {
  close(room: string, reason: string): void;
  reopen(room: string): void;
}

const STATUS = { lobby: "admin.statusLobby", playing: "admin.statusPlaying", finished: "admin.statusFinished" } as const;

export function renderRooms(rooms: readonly AdminRoom[] | undefined, busy: boolean, actions: RoomsActions): HTMLElement {
  return h("section", { class: "card", "aria-labelledby": "admin-rooms-heading", id: "admin-rooms" },
    h("h3", { id: "admin-rooms-heading" }, t("admin.rooms")),
    h("div", { class: "field" },
      h("label", { for: "admin-room-reason" }, t("admin.roomReason")),
      h("input", { id: "admin-room-reason", type: "text", maxlength: 500 })),
    rooms === undefined
      ? h("p", { class: "help" }, t("admin.loading"))
      : rooms.length === 0
        ? h("p", { class: "empty", id: "admin-no-rooms" }, t("admin.noRooms"))
        : h("ul", { class: "admin-rooms" }, rooms.map((r) =>
            h("li", { "data-room": r.room },
              h("p", {}, h("strong", {}, r.room), " · ", gameName(r.game), " · ", t(STATUS[r.status]),
                " · ", t(r.public ? "admin.public" : "admin.private"), r.rated ? ` · ${t("admin.rated")}` : "",
                r.closed ? ` · ${t("admin.closedBadge")}` : ""),
              h("p", { class: "help" }, r.players.join(", ")),
              r.closed
                ? h("button", { type: "button", class: "secondary", id: `admin-reopen-${r.room}`, disabled: busy, onclick: () => actions.reopen(r.room) },
                    t("admin.reopen", { room: r.room }))
                : h("button", { type: "button", class: "secondary", id: `admin-close-room-${r.room}`, disabled: busy,
                    // The reason as the page shows it (its nodes outlive this rendering's).
                    onclick: (e: Event) => actions.close(r.room, (onPage<HTMLInputElement>(e, "admin-room-reason")?.value ?? "").trim()) },
                    t("admin.closeRoom", { room: r.room })),
            ))),
  );
}
