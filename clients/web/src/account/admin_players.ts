// The moderation page's players (docs/moderation.md): a moderator finds accounts by the beginning
// of their name, sees each one's role and the sanctions in force, and mutes one for a day or bans
// one for a week with the reason typed above the list. The server refuses what the role may not.

import { h, onPage } from "../ui/dom";
import type { AdminPlayer } from "./admin_api";
import { t } from "./i18n";

export interface PlayersModel {
  /** The beginning last searched for, and what it found (undefined: not searched yet). */
  query: string;
  found: AdminPlayer[] | undefined;
}

export interface PlayersActions {
  findPlayers(name: string): void;
  sanction(player: string, action: "mute" | "ban", length: string, reason: string): void;
}

const ACTIONS = [
  ["mute", "1d", "admin.playerMute"],
  ["ban", "7d", "admin.playerBan"],
] as const;

export function renderPlayers(model: PlayersModel, busy: boolean, actions: PlayersActions): HTMLElement {
  const value = (e: Event, id: string) => (onPage<HTMLInputElement>(e, id)?.value ?? "").trim();
  return h("section", { class: "card", "aria-labelledby": "admin-players-heading", id: "admin-players" },
    h("h3", { id: "admin-players-heading" }, t("admin.players")),
    h("form", {
      novalidate: true,
      role: "search",
      onsubmit: (e: Event) => {
        e.preventDefault();
        actions.findPlayers(value(e, "admin-player-name"));
      },
    },
      h("div", { class: "field" },
        h("label", { for: "admin-player-name" }, t("admin.playerName")),
        h("input", { id: "admin-player-name", type: "search", maxlength: 20, value: model.query, autocomplete: "off" })),
      h("button", { type: "submit", id: "admin-find-players", disabled: busy }, t("admin.findPlayers")),
    ),
    h("div", { class: "field" },
      h("label", { for: "admin-player-reason" }, t("admin.playerReason")),
      h("input", { id: "admin-player-reason", type: "text", maxlength: 500 })),
    model.found === undefined
      ? null
      : model.found.length === 0
        ? h("p", { class: "empty", id: "admin-no-players" }, t("admin.noPlayers"))
        : h("ul", { class: "admin-players" }, model.found.map((p, i) =>
            h("li", { "data-player": p.name },
              h("p", {}, h("strong", {}, p.name), ` · ${p.role}`, p.sanctions.length > 0 ? ` · ${p.sanctions.join(", ")}` : ""),
              h("p", { class: "help" }, t("admin.playerSince", { date: new Date(p.createdAt * 1000).toLocaleDateString() })),
              h("div", { class: "row actions" }, ACTIONS.map(([action, length, key]) =>
                h("button", { type: "button", class: "secondary", id: `admin-player-${action}-${i}`, disabled: busy,
                  onclick: (e: Event) => actions.sanction(p.name, action, length, value(e, "admin-player-reason")) },
                  t(key, { name: p.name })))),
            ))),
  );
}
