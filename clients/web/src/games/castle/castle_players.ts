// The side panel of The Castle's screen: both players (score, followers left, keep, the wall
// tiles they hold face up, clock, presence or computer player, whose turn), the stack and the
// towers, and what each wall tile does (K-10). All of it is public, so every seat and spectator
// sees the same panel.

import type { CastleView } from "../../gen/carc/v1/castle_game_pb";
import type { ClockState } from "../../gen/carc/v1/game_pb";
import type { RoomState, SeatInfo } from "../../gen/carc/v1/lobby_pb";
import { colourBadge } from "../../ui/colour_badge";
import { presenceBadge } from "../../ui/computer_player";
import { h } from "../../ui/dom";
import { clockSpan, remainingMs } from "../../ui/turn_clock";
import { wallTileEffect } from "./castle_names";
import { t } from "./i18n/play";

/** The seats of the room by seat number (a seat may be empty after a player left). */
export function seatInfo(room: RoomState, seat: number): SeatInfo | undefined {
  return room.seats.find((s) => s.seat === seat);
}

/** `over`: the game has ended, so its winners are marked; `elapsedMs` since the clocks came. */
export function renderCastlePlayers(view: CastleView, room: RoomState, clock: ClockState | undefined, over: boolean, elapsedMs: number): HTMLElement {
  const wall4 = view.options?.wall4FountainBonus ?? false;
  return h(
    "ol",
    { class: "players castle-players", "aria-label": t("game.players") },
    view.seats.map((s, i) => {
      const info = seatInfo(room, i);
      const toMove = view.toMove === i;
      const winner = over && view.winners.includes(i);
      const hasClock = clock !== undefined && clock.remainingMs.length > i;
      return h(
        "li",
        { "data-seat": i, class: `${toMove ? "to-move" : ""} ${winner ? "winner" : ""}`.trim(), "aria-current": toMove ? "true" : null },
        info ? colourBadge(info.colour) : null,
        h("span", { class: "seat-name" }, info?.name ?? t("lobby.seat", { n: i + 1 }), i === room.yourSeat ? ` (${t("lobby.you")})` : ""),
        h("span", { class: "points", "data-points": s.score }, t("game.points", { n: s.score })),
        h("span", { class: "supply", "data-supply": s.supply }, t("game.supply", { n: s.supply })),
        h("span", { class: "keep-size", title: t("castle.keepHelp"), "data-keep-size": s.keep?.size ?? 0 },
          s.keep && s.keep.size > 0 ? t("castle.keep", { n: s.keep.size }) : t("castle.noKeep")),
        h("span", { class: "wall-tiles", "data-wall-tiles": s.wallTiles.join(",") },
          h("span", { class: "help" }, t("castle.wallTiles")),
          s.wallTiles.length === 0
            ? h("span", { class: "help" }, ` ${t("castle.noWallTiles")}`)
            : s.wallTiles.map((kind) => {
                const label = t("castle.wallTileLabel", { kind, effect: wallTileEffect(kind, wall4) });
                return h("span", { class: "wall-tile", "data-wall-tile-kind": kind, title: label, "aria-label": label, role: "img", tabindex: "0" }, String(kind));
              }),
        ),
        hasClock ? clockSpan(i, remainingMs(clock, i, elapsedMs)) : null,
        presenceBadge(info),
        s.resigned ? h("span", { class: "badge offline" }, t("game.resignedBadge")) : null,
        toMove ? h("span", { class: "badge to-move" }, t("game.toMove")) : null,
      );
    }),
  );
}

export function renderCastleStack(view: CastleView): HTMLElement {
  const onTowers = view.towerHasWallTile.filter((b) => b).length;
  return h(
    "section",
    { class: "card castle-stack" },
    h("p", { id: "castle-stack", "data-stack": view.stackSize, "data-discarded": view.discarded }, t("castle.stackInfo", { stack: view.stackSize, discarded: view.discarded })),
    h("p", { class: "help", "data-towers": onTowers }, t("castle.towersInfo", { n: onTowers })),
  );
}

export function renderWallTileHelp(wall4: boolean): HTMLElement {
  return h(
    "details",
    { class: "card wall-tile-help" },
    h("summary", {}, t("castle.wallTilesTitle")),
    h("p", { class: "help" }, t("castle.wallTilesHelp")),
    h("ol", { class: "wall-tile-list" },
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((kind) => h("li", {}, h("span", { class: "wall-tile" }, String(kind)), " ", wallTileEffect(kind, wall4))),
    ),
  );
}
