// The game screen of The Castle (RULES.md section 4): the board drawn from the game's own data
// (castle_board_svg.ts), the decision the server asks of this seat, both players (score,
// followers left, keep, wall tiles held face up), the stack, what happened, and at the end the
// final table. It lives as long as the App shows one Castle game; the App passes it the
// CastleMirror after every snapshot or batch and it renders from that.
//
// Every decision is offered from the legal moves the server sent this seat, and nothing else:
// - placements: the marked spaces; a tap chooses a space at its first legal rotation, another
//   tap (or ⟲ ⟳) steps through that space's legal rotations, shown on the board; then confirm;
// - follower_regions: spots on the tile just placed and the same choices as buttons, plus
//   "No follower" (always legal);
// - scoring (K-9): the pending features of the last snapshot, each with "Score this" and, when
//   a double_it choice is legal, "Score doubled" (wall tile 2 or 3);
// - extra_turn (K-10): use wall tile 1 now, or keep it.
// Every command goes out with expected_seq = the mirror's seq (App.sendCastleCommand).

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import {
  CastleCommandSchema,
  CastleFeature,
  CastlePhase,
  CastleScoreReason,
  type CastleCommand,
  type CastleEvent,
  type CastleLegalMoves,
  type CastleView,
} from "../gen/carc/v1/castle_game_pb";
import type { ClockState } from "../gen/carc/v1/game_pb";
import type { RoomState, SeatInfo } from "../gen/carc/v1/lobby_pb";
import { castleBoardSvg, CASTLE_BOARD_CONTROLS, type CastlePlacedTile } from "../castle/castle_board_svg";
import { provenanceCaption, type CastleTileDef } from "../castle/castle_data";
import { CASTLE_TILE, castleTileSvg } from "../castle/castle_tile_svg";
import { t, type MessageKey } from "../i18n";
import type { CastleMirror } from "../state/castle_mirror";
import { colourInfo } from "./colours";
import { h } from "./dom";
import { renderEndActions } from "./final_table";
import { colourBadge } from "./lobby";
import { formatClock, remainingMs } from "./players_panel";
import {
  castleRotations,
  castleSelectionComplete,
  castleTargets,
  chooseCastleSpace,
  revalidateCastle,
  rotateCastle,
  type CastleSelection,
} from "./castle_turn";

export interface CastleContext {
  room: RoomState;
  mirror: CastleMirror;
}

export interface CastleScreenActions {
  /** Sends a Castle command for the current seq; false when it could not be sent. */
  send(command: CastleCommand): boolean;
  resign(): void;
  leave(): void;
  rematch(): void;
  joinRematch(code: string): void;
  changed(): void;
}

const SVG_NS = "http://www.w3.org/2000/svg";
const KEYBOARD_IGNORED = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const MAX_LOG = 300;

type FeatureName = "path" | "tower" | "house" | "court";

export function featureName(f: CastleFeature): FeatureName | undefined {
  switch (f) {
    case CastleFeature.PATH:
      return "path";
    case CastleFeature.TOWER:
      return "tower";
    case CastleFeature.HOUSE:
      return "house";
    case CastleFeature.COURT:
      return "court";
    default:
      return undefined;
  }
}

const featureText = (f: FeatureName | undefined): string => (f ? t(`castle.feature.${f}` as MessageKey) : "?");
const roleText = (f: FeatureName | undefined): string => (f ? t(`castle.role.${f}` as MessageKey) : "?");

/** What a wall tile of `kind` (1..9) does (K-10), in the current language. */
export function wallTileEffect(kind: number, wall4FountainBonus: boolean): string {
  if (kind === 4 && wall4FountainBonus) return t("castle.wall.4fountain");
  if (kind >= 1 && kind <= 9) return t(`castle.wall.${kind}` as MessageKey);
  return "?";
}

/** The seats of the room by seat number (a seat may be empty after a player left). */
function seatInfo(room: RoomState, seat: number): SeatInfo | undefined {
  return room.seats.find((s) => s.seat === seat);
}

function tileIcon(doc: Document, def: CastleTileDef | undefined, rotation: number, px: number, label: string): Element {
  const svg = doc.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${CASTLE_TILE} ${CASTLE_TILE}`);
  svg.setAttribute("width", String(px));
  svg.setAttribute("height", String(px));
  svg.setAttribute("class", "tile-icon castle-tile-icon");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  if (def) svg.appendChild(castleTileSvg(doc, def, rotation));
  return svg;
}

/** One line of the log for an event, or undefined for events not worth a line. */
export function describeCastleEvent(event: CastleEvent, name: (seat: number) => string, wall4FountainBonus: boolean): string | undefined {
  const e = event.event;
  const who = (winner: number, points: number): string =>
    winner >= 0 ? t("log.scores", { names: name(winner), points }) : t("log.nobodyScores");
  switch (e.case) {
    case "turnStarted":
      return e.value.extra ? t("castle.log.extraTurn", { name: name(e.value.player) }) : undefined;
    case "tilePlaced":
      return t("log.tilePlaced", { name: name(e.value.player), tile: e.value.tile, x: e.value.position?.x ?? 0, y: e.value.position?.y ?? 0 });
    case "followerPlaced": {
      const f = featureName(e.value.feature);
      return t("castle.log.follower", { name: name(e.value.player), role: roleText(f), feature: featureText(f) });
    }
    case "tileDiscarded":
      return t("castle.log.discarded", { tile: e.value.tile });
    case "featureScored": {
      const s = e.value;
      const tiles = s.tiles.length + s.startSpaces.length;
      const f = featureName(s.feature);
      switch (s.reason) {
        case CastleScoreReason.KEEP:
          return t("castle.log.keepScored", { who: who(s.winner, s.points) });
        case CastleScoreReason.COURT:
          return t("castle.log.court", { tiles, who: who(s.winner, s.points) });
        case CastleScoreReason.INCOMPLETE:
          return t("castle.log.incomplete", { feature: featureText(f), tiles, kind: s.wallTile, who: who(s.winner, s.points) });
        case CastleScoreReason.WALL_TILE_9:
          return t("castle.log.wall9", { who: who(s.winner, s.points) });
        default:
          return (
            t("castle.log.completed", { feature: featureText(f), tiles, who: who(s.winner, s.points) }) +
            (s.wallTile !== 0 ? t("castle.log.doubled", { kind: s.wallTile }) : "")
          );
      }
    }
    case "wallTileTaken":
      return t("castle.log.wallTaken", { name: name(e.value.player), kind: e.value.kind, effect: wallTileEffect(e.value.kind, wall4FountainBonus) });
    case "wallTileUsed":
      return t("castle.log.wallUsed", { name: name(e.value.player), kind: e.value.kind });
    case "keepMoved":
      return t("castle.log.keepMoved", { name: name(e.value.player), size: e.value.keep?.size ?? 0 });
    case "wallTilesRemoved":
      return e.value.count > 0 ? t("castle.log.wallRemoved", { n: e.value.count }) : undefined;
    case "turnTimedOut":
      return t("log.timedOut", { name: name(e.value.seat) });
    case "playerResigned":
      return t("log.resigned", { name: name(e.value.seat) });
    case "gameEnded":
      return e.value.winners.length > 0
        ? t("log.gameEnded", { winners: e.value.winners.map((w) => name(w)).join(", ") })
        : t("log.gameEndedNoWinner");
    default:
      return undefined;
  }
}

export class CastleScreen {
  private selection: CastleSelection = {};
  private log: { seq: bigint; event: CastleEvent }[] = [];
  private rematchCode: string | undefined;
  /** A command is on its way: the controls wait for its answer instead of sending twice. */
  private pendingSeq: bigint | undefined;
  private clockReceivedAt = 0;
  private clockTimer: ReturnType<typeof setInterval> | undefined;
  private ctx: CastleContext | undefined;
  private readonly keyListener = (e: KeyboardEvent): void => this.onKey(e);

  constructor(
    private readonly doc: Document,
    private readonly actions: CastleScreenActions,
  ) {
    doc.addEventListener("keydown", this.keyListener);
    this.clockTimer = setInterval(() => this.tickClocks(), 500);
  }

  dispose(): void {
    this.doc.removeEventListener("keydown", this.keyListener);
    if (this.clockTimer !== undefined) clearInterval(this.clockTimer);
    this.clockTimer = undefined;
  }

  snapshotApplied(): void {
    this.pendingSeq = undefined;
    this.clockReceivedAt = now();
  }

  batchApplied(seq: bigint, events: readonly CastleEvent[]): void {
    this.pendingSeq = undefined;
    this.clockReceivedAt = now();
    for (const event of events) this.log.push({ seq, event });
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
  }

  rematchCreated(code: string): void {
    this.rematchCode = code;
  }

  commandFailed(): void {
    this.pendingSeq = undefined;
  }

  /** The legal moves of this seat, when it must decide now. */
  private myMoves(): CastleLegalMoves | undefined {
    const ctx = this.ctx;
    const view = ctx?.mirror.view;
    if (!ctx || !view || ctx.room.yourSeat < 0 || view.toMove !== ctx.room.yourSeat) return undefined;
    return view.legalMoves;
  }

  render(ctx: CastleContext): HTMLElement {
    this.ctx = ctx;
    const { room, mirror } = ctx;
    const view = mirror.view;
    const mySeat = room.yourSeat;
    const name = (seat: number): string => seatInfo(room, seat)?.name ?? t("lobby.seat", { n: seat + 1 });
    const over = view !== undefined && isOver(view);
    const moves = over ? undefined : this.myMoves();
    const placements = moves?.placements ?? [];
    this.selection = placements.length > 0 ? revalidateCastle(placements, this.selection) : {};

    return h(
      "div",
      { class: "screen game castle-game" },
      h("div", { class: "row game-head" },
        h("h2", {}, room.code),
        h("p", { class: "prompt", role: "status", id: "prompt" }, this.prompt(view, mySeat, moves, name)),
        h("span", { class: "grow" }),
        mySeat >= 0 && !over && view !== undefined && !(view.seats[mySeat]?.resigned ?? false)
          ? h("button", { type: "button", class: "secondary", onclick: () => this.resign() }, t("game.resign"))
          : null,
        h("button", { type: "button", class: "secondary", onclick: () => this.actions.leave() }, t("lobby.leave")),
      ),
      mirror.definitionsError !== undefined
        ? h("p", { class: "form-error", role: "alert" }, t("castle.definitionsError", { reason: mirror.definitionsError }))
        : null,
      over && view ? this.renderEnd(view, room, mirror, name) : null,
      h(
        "div",
        { class: "game-layout" },
        h("div", { class: "board-area castle-board-area" }, this.renderBoard(view, room, moves)),
        h(
          "aside",
          { class: "side" },
          view === undefined ? h("p", {}, t("game.waiting")) : null,
          view && !over ? this.renderTurn(view, moves, mirror.pendingKnown, name) : null,
          view ? this.renderPlayers(view, room, mirror.clock) : null,
          view ? this.renderStack(view) : null,
          this.renderLog(name, view?.options?.wall4FountainBonus ?? false),
          this.renderWallTileHelp(view?.options?.wall4FountainBonus ?? false),
        ),
      ),
    );
  }

  private prompt(view: CastleView | undefined, mySeat: number, moves: CastleLegalMoves | undefined, name: (s: number) => string): string {
    if (!view) return t("game.waiting");
    if (isOver(view)) return t("game.over");
    if (mySeat < 0) return t("game.watching", { name: name(view.toMove) });
    if (!moves) return view.toMove === mySeat ? t("game.turn") : t("game.waitingFor", { name: name(view.toMove) });
    if (this.pendingSeq !== undefined) return t("game.sending");
    if (moves.placements.length > 0) {
      return castleSelectionComplete(moves.placements, this.selection) ? t("castle.promptConfirm") : t("castle.promptPlace");
    }
    if (moves.followerRegions.length > 0) return t("castle.promptFollower");
    if (moves.scoring.length > 0) return this.ctx?.mirror.pendingKnown ? t("castle.promptScoring") : t("castle.loadingPending");
    if (moves.extraTurn) return t("castle.promptExtra");
    return t("game.turn");
  }

  private tileDef(id: string): CastleTileDef | undefined {
    return this.ctx?.mirror.definitions?.tiles.tiles.find((d) => d.id === id);
  }

  private renderBoard(view: CastleView | undefined, room: RoomState, moves: CastleLegalMoves | undefined): HTMLElement {
    const defs = this.ctx?.mirror.definitions;
    const wrap = h("div", { class: "castle-board-wrap" });
    if (!defs || !view) return wrap;
    const busy = this.pendingSeq !== undefined;
    const placements = moves?.placements ?? [];
    const sel = this.selection;
    const preview = placements.length > 0 && !busy && castleSelectionComplete(placements, sel) ? sel : undefined;
    const placed: CastlePlacedTile[] = view.tiles.map((p) => ({ tile: p.tile, x: p.position?.x ?? 0, y: p.position?.y ?? 0, rotation: p.rotation }));
    if (preview && view.currentTile !== "") {
      placed.push({ tile: view.currentTile, x: preview.x ?? 0, y: preview.y ?? 0, rotation: preview.rotation ?? 0 });
    }
    const last = view.tiles[view.tiles.length - 1];
    const regions = busy ? [] : (moves?.followerRegions ?? []);
    const both = defs.board.provenance === "reconstruction" && defs.tiles.provenance === "reconstruction";
    const svg = castleBoardSvg(this.doc, {
      board: defs.board,
      tiles: defs.tiles,
      placed,
      followers: view.followers.map((f) => ({ seat: f.player, x: f.position?.x ?? 0, y: f.position?.y ?? 0, region: f.region })),
      keeps: view.seats.flatMap((s, seat) =>
        s.keep && s.keep.size > 0 ? [{ seat, x: s.keep.position?.x ?? 0, y: s.keep.position?.y ?? 0, region: s.keep.region }] : [],
      ),
      wallTiles: view.towerHasWallTile.length === defs.board.track.corner_towers.length ? view.towerHasWallTile : undefined,
      scores: view.seats.map((s) => s.score),
      targets: busy ? [] : castleTargets(placements),
      spots: regions.length > 0 && last ? { x: last.position?.x ?? 0, y: last.position?.y ?? 0, regions } : undefined,
      colourOf: (seat) => colourInfo(seatInfo(room, seat)?.colour ?? ""),
      caption: both ? t("castle.caption") : provenanceCaption(defs.board.provenance, defs.tiles.provenance),
      labels: {
        board: t("castle.board"),
        space: (x, y) => t("castle.spaceLabel", { x, y }),
        spot: (_region, type) => {
          const f = type as FeatureName;
          return t("castle.spotLabel", { role: roleText(f), feature: featureText(f) });
        },
      },
    });
    if (preview) {
      const g = svg.querySelector(`.tiles g[data-x="${preview.x}"][data-y="${preview.y}"]`);
      g?.setAttribute("data-preview", "");
      g?.setAttribute("opacity", "0.85");
      const target = svg.querySelector(`[data-space="${preview.x},${preview.y}"]`);
      target?.setAttribute("aria-pressed", "true");
      target?.setAttribute("fill-opacity", "0.05");
    } else {
      for (const target of svg.querySelectorAll("[data-space]")) target.setAttribute("aria-pressed", "false");
    }
    // K-9: number the features waiting to score where they lie, as the panel numbers them.
    if (moves && moves.scoring.length > 0 && this.ctx?.mirror.pendingKnown) {
      const marks = this.doc.createElementNS(SVG_NS, "g");
      marks.setAttribute("class", "pending-marks");
      marks.setAttribute("pointer-events", "none");
      for (const i of scoringIndices(moves)) {
        const p = view.pending[i];
        if (!p) continue;
        const x = (p.position?.x ?? 0) * CASTLE_TILE;
        const y = (p.position?.y ?? 0) * CASTLE_TILE;
        const rect = this.doc.createElementNS(SVG_NS, "rect");
        for (const [k, v] of Object.entries({ x: x + 4, y: y + 4, width: CASTLE_TILE - 8, height: CASTLE_TILE - 8, rx: 8, fill: "none", stroke: "#ff9800", "stroke-width": 6, "data-pending-mark": i })) rect.setAttribute(k, String(v));
        const label = this.doc.createElementNS(SVG_NS, "text");
        for (const [k, v] of Object.entries({ x: x + 16, y: y + 30, "font-size": 24, "font-weight": 700, fill: "#b35c00", stroke: "#ffffff", "stroke-width": 4, "paint-order": "stroke" })) label.setAttribute(k, String(v));
        label.textContent = String(i + 1);
        marks.append(rect, label);
      }
      svg.appendChild(marks);
    }
    const act = (target: Element | null): boolean => {
      const control = target?.closest(CASTLE_BOARD_CONTROLS);
      if (!control) return false;
      const space = control.getAttribute("data-space");
      const spot = control.getAttribute("data-spot");
      if (space !== null) {
        const [x, y] = space.split(",").map(Number);
        this.chooseSpace(x ?? 0, y ?? 0);
      } else if (spot !== null) {
        this.placeFollower(spot);
      }
      return true;
    };
    svg.addEventListener("click", (e) => {
      act(e.target as Element | null);
    });
    svg.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      if (act(e.target as Element | null)) {
        e.preventDefault();
        e.stopPropagation();
      }
    });
    wrap.appendChild(svg);
    return wrap;
  }

  private renderTurn(view: CastleView, moves: CastleLegalMoves | undefined, pendingKnown: boolean, name: (s: number) => string): HTMLElement {
    const busy = this.pendingSeq !== undefined;
    const placements = moves?.placements ?? [];
    const placing = placements.length > 0;
    const sel = this.selection;
    const rotations = placing && sel.x !== undefined && sel.y !== undefined ? castleRotations(placements, sel.x, sel.y) : [];
    const def = this.tileDef(view.currentTile);
    const rotation = placing && sel.rotation !== undefined ? sel.rotation : 0;
    return h(
      "section",
      { class: "card turn castle-turn", "aria-label": t("game.turn") },
      view.extraTurn ? h("p", { class: "badge extra-turn" }, t("castle.extraTurn")) : null,
      // The drawn tile is public (K-4); once placed it is on the board, not in play.
      view.currentTile !== "" && view.phase === CastlePhase.PLACE_TILE
        ? h("div", { class: "in-play", "data-current-tile": view.currentTile },
            tileIcon(this.doc, def, rotation, 72, t("game.tileLabel", { tile: view.currentTile })),
            h("span", {}, t("game.tileInPlay", { tile: view.currentTile })),
          )
        : null,
      placing
        ? h("div", { class: "row controls" },
            h("button", { type: "button", class: "secondary", id: "rotate-left", disabled: rotations.length < 2 || busy, "aria-label": t("game.rotateLeft"), title: t("game.rotateLeft"), onclick: () => this.rotate(-1) }, "⟲"),
            h("button", { type: "button", class: "secondary", id: "rotate", disabled: rotations.length < 2 || busy, "aria-label": t("game.rotateRight"), title: t("game.rotateRight"), onclick: () => this.rotate(1) }, "⟳"),
            h("button", { type: "button", id: "confirm", disabled: !castleSelectionComplete(placements, sel) || busy, onclick: () => this.confirm() }, t("game.confirm")),
            rotations.length > 0 ? h("span", { class: "help" }, t("game.rotations", { n: rotations.length })) : null,
          )
        : null,
      moves && moves.followerRegions.length > 0 ? this.renderFollowerChoice(view, moves, busy) : null,
      moves && moves.scoring.length > 0 ? this.renderScoring(view, moves, pendingKnown, busy, name) : null,
      moves && moves.extraTurn && !placing
        ? h("div", { class: "row controls", "data-decision": "extra-turn" },
            h("button", { type: "button", class: "primary", id: "extra-turn", disabled: busy, onclick: () => this.send({ case: "useExtraTurn", value: {} }) }, t("castle.useExtra")),
            h("button", { type: "button", class: "secondary", id: "end-turn", disabled: busy, onclick: () => this.send({ case: "endTurn", value: {} }) }, t("castle.keepIt")),
          )
        : null,
    );
  }

  private renderFollowerChoice(view: CastleView, moves: CastleLegalMoves, busy: boolean): HTMLElement {
    const last = view.tiles[view.tiles.length - 1];
    const def = last ? this.tileDef(last.tile) : undefined;
    return h(
      "div",
      { class: "follower-choice", "data-decision": "follower" },
      h("div", { class: "row controls" },
        moves.followerRegions.map((region) => {
          const f = def?.regions[region]?.type;
          return h(
            "button",
            { type: "button", class: "secondary choice", "data-follower-region": region, disabled: busy, onclick: () => this.placeFollower(region) },
            t("castle.followerButton", { role: roleText(f), feature: featureText(f) }),
          );
        }),
      ),
      h("div", { class: "row controls" },
        h("button", { type: "button", id: "skip", disabled: busy, onclick: () => this.skip() }, t("game.skip")),
      ),
    );
  }

  private renderScoring(view: CastleView, moves: CastleLegalMoves, pendingKnown: boolean, busy: boolean, name: (s: number) => string): HTMLElement {
    if (!pendingKnown) {
      return h("div", { class: "scoring-choice", "data-decision": "scoring" }, h("p", { class: "help" }, t("castle.loadingPending")));
    }
    const indices = scoringIndices(moves);
    return h(
      "div",
      { class: "scoring-choice", "data-decision": "scoring" },
      h("h3", {}, t("castle.scoringTitle")),
      h(
        "ul",
        { class: "pending" },
        indices.map((i) => {
          const p = view.pending[i];
          const f = p ? featureName(p.feature) : undefined;
          const doubled = moves.scoring.some((s) => s.feature === i && s.doubleIt);
          const single = moves.scoring.some((s) => s.feature === i && !s.doubleIt);
          return h(
            "li",
            { "data-pending": i },
            h("span", { class: "pending-number", "aria-hidden": "true" }, `${i + 1}`),
            h("span", { class: "pending-text" }, p
              ? t("castle.pendingItem", { feature: featureText(f), size: p.size, name: name(p.winner), x: p.position?.x ?? 0, y: p.position?.y ?? 0 })
              : `#${i + 1}`),
            h("div", { class: "row controls" },
              single
                ? h("button", { type: "button", "data-score-feature": i, disabled: busy, onclick: () => this.score(i, false) }, t("castle.scoreThis"))
                : null,
              doubled
                ? h("button", { type: "button", class: "primary", "data-score-double": i, disabled: busy, onclick: () => this.score(i, true) },
                    t("castle.scoreDoubled", { kind: p?.feature === CastleFeature.HOUSE ? 3 : 2 }))
                : null,
            ),
          );
        }),
      ),
    );
  }

  private renderPlayers(view: CastleView, room: RoomState, clock: ClockState | undefined): HTMLElement {
    const elapsed = now() - this.clockReceivedAt;
    const wall4 = view.options?.wall4FountainBonus ?? false;
    return h(
      "ol",
      { class: "players castle-players", "aria-label": t("game.players") },
      view.seats.map((s, i) => {
        const info = seatInfo(room, i);
        const toMove = view.toMove === i;
        const winner = isOver(view) && view.winners.includes(i);
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
          hasClock ? h("span", { class: "clock", "data-clock-seat": i }, formatClock(remainingMs(clock, i, elapsed))) : null,
          h("span", { class: `badge ${info?.connected ? "online" : "offline"}` }, info?.connected ? t("lobby.online") : t("lobby.offline")),
          s.resigned ? h("span", { class: "badge offline" }, t("game.resignedBadge")) : null,
          toMove ? h("span", { class: "badge to-move" }, t("game.toMove")) : null,
        );
      }),
    );
  }

  private renderStack(view: CastleView): HTMLElement {
    const onTowers = view.towerHasWallTile.filter((b) => b).length;
    return h(
      "section",
      { class: "card castle-stack" },
      h("p", { id: "castle-stack", "data-stack": view.stackSize, "data-discarded": view.discarded }, t("castle.stackInfo", { stack: view.stackSize, discarded: view.discarded })),
      h("p", { class: "help", "data-towers": onTowers }, t("castle.towersInfo", { n: onTowers })),
    );
  }

  private renderLog(name: (seat: number) => string, wall4: boolean): HTMLElement {
    const lines: { text: string; score: boolean }[] = [];
    for (let i = this.log.length - 1; i >= 0 && lines.length < 60; i--) {
      const entry = this.log[i]!;
      const text = describeCastleEvent(entry.event, name, wall4);
      if (text !== undefined) {
        const e = entry.event.event;
        lines.push({ text, score: e.case === "featureScored" && e.value.winner >= 0 });
      }
    }
    return h(
      "section",
      { class: "card log" },
      h("h3", {}, t("game.log")),
      lines.length === 0
        ? h("p", { class: "help" }, t("game.logEmpty"))
        : h("ol", { class: "events", "aria-live": "polite", reversed: true }, lines.map((l) => h("li", { class: l.score ? "score" : "" }, l.text))),
    );
  }

  private renderWallTileHelp(wall4: boolean): HTMLElement {
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

  private renderEnd(view: CastleView, room: RoomState, mirror: CastleMirror, name: (s: number) => string): HTMLElement {
    return h(
      "section",
      { class: "card final", id: "final" },
      h("h3", {}, t("final.title")),
      renderCastleFinalTable(view, room, mirror.finalPoints),
      h("p", { id: "winners" }, winnersText(view, name)),
      renderEndActions(
        {
          rematch: () => this.actions.rematch(),
          joinRematch: this.rematchCode !== undefined ? () => this.actions.joinRematch(this.rematchCode!) : undefined,
          recordHref: `/api/rooms/${room.code}/record`,
          downloadName: `carcassonne-castle-${room.code}.json`,
        },
        room.yourSeat >= 0,
        this.rematchCode,
      ),
    );
  }

  private tickClocks(): void {
    const state = this.ctx?.mirror.clock;
    if (!state || state.runningFor < 0 || state.remainingMs.length === 0) return;
    const el = this.doc.querySelector(`[data-clock-seat="${state.runningFor}"]`);
    if (el) el.textContent = formatClock(remainingMs(state, state.runningFor, now() - this.clockReceivedAt));
  }

  private chooseSpace(x: number, y: number): void {
    const placements = this.myMoves()?.placements ?? [];
    if (this.pendingSeq !== undefined || placements.length === 0) return;
    this.selection = chooseCastleSpace(placements, this.selection, x, y);
    this.actions.changed();
  }

  private rotate(step: 1 | -1): void {
    const placements = this.myMoves()?.placements ?? [];
    if (this.pendingSeq !== undefined || placements.length === 0) return;
    this.selection = rotateCastle(placements, this.selection, step);
    this.actions.changed();
  }

  private confirm(): void {
    const placements = this.myMoves()?.placements ?? [];
    const sel = this.selection;
    if (this.pendingSeq !== undefined || !castleSelectionComplete(placements, sel)) return;
    this.send({ case: "placeTile", value: { position: { x: sel.x ?? 0, y: sel.y ?? 0 }, rotation: sel.rotation ?? 0 } });
  }

  private placeFollower(region: string): void {
    const moves = this.myMoves();
    if (this.pendingSeq !== undefined || !moves?.followerRegions.includes(region)) return;
    this.send({ case: "placeFollower", value: { region } });
  }

  private skip(): void {
    const moves = this.myMoves();
    if (this.pendingSeq !== undefined || !moves || moves.followerRegions.length === 0) return;
    this.send({ case: "skipFollower", value: {} });
  }

  private score(feature: number, doubleIt: boolean): void {
    const moves = this.myMoves();
    if (this.pendingSeq !== undefined || !this.ctx?.mirror.pendingKnown) return;
    if (!moves?.scoring.some((s) => s.feature === feature && s.doubleIt === doubleIt)) return;
    this.send({ case: "scoreFeature", value: { feature, doubleIt } });
  }

  private resign(): void {
    const confirmFn = this.doc.defaultView?.confirm;
    if (confirmFn && !confirmFn.call(this.doc.defaultView, t("game.resignConfirm"))) return;
    this.actions.resign();
  }

  private send(command: NonNullable<MessageInitShape<typeof CastleCommandSchema>["command"]>): void {
    if (!this.actions.send(create(CastleCommandSchema, { command }))) return;
    this.pendingSeq = this.ctx?.mirror.seq ?? 0n;
    this.selection = {};
    this.actions.changed();
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.ctx || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement | null;
    if (target && KEYBOARD_IGNORED.has(target.tagName)) return;
    const onControl = target?.tagName === "BUTTON" || target?.tagName === "A";
    switch (e.key) {
      case "r":
      case "R":
        this.rotate(e.shiftKey ? -1 : 1);
        break;
      case "Enter":
        if (onControl || target?.closest?.(CASTLE_BOARD_CONTROLS)) return;
        this.confirm();
        break;
      case "s":
      case "S":
        this.skip();
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}

/** The pending features (indices into CastleView.pending) the scoring choices name, in order. */
function scoringIndices(moves: CastleLegalMoves): number[] {
  const out: number[] = [];
  for (const s of moves.scoring) if (!out.includes(s.feature)) out.push(s.feature);
  return out;
}

/** The game is over: the phase says so, or (in an old copy) the winners are known. */
export function isOver(view: CastleView): boolean {
  return view.phase === CastlePhase.GAME_OVER || (view.toMove < 0 && view.winners.length > 0);
}

export function winnersText(view: CastleView, name: (s: number) => string): string {
  const names = view.winners.map((w) => name(w)).join(", ");
  if (view.winners.length === 0) return t("castle.final.noWinner");
  return view.winners.length > 1 ? t("castle.final.shared", { names }) : t("castle.final.winner", { names });
}

/**
 * The final table: per seat, points during play, then the final scoring (K-11) by category when
 * this page saw it (a page that only got a snapshot after the end shows "–" there), the total.
 */
export function renderCastleFinalTable(view: CastleView, room: RoomState, final: readonly { keep: number; courts: number; wallTiles: number }[] | undefined): HTMLElement {
  const rows = view.seats
    .map((s, seat) => {
      const f = final?.[seat];
      return { seat, total: s.score, final: f, during: f ? s.score - f.keep - f.courts - f.wallTiles : undefined, winner: view.winners.includes(seat) };
    })
    .sort((a, b) => b.total - a.total || a.seat - b.seat);
  const cell = (n: number | undefined) => h("td", {}, n === undefined ? "–" : n);
  return h("div", { class: "table-wrap" }, h(
    "table",
    { class: "final-table castle-final" },
    h("caption", {}, t("castle.final.caption")),
    h("thead", {},
      h("tr", {},
        h("th", { scope: "col" }, t("final.player")),
        h("th", { scope: "col" }, t("final.duringPlay")),
        h("th", { scope: "col" }, t("castle.final.keep")),
        h("th", { scope: "col" }, t("castle.final.courts")),
        h("th", { scope: "col" }, t("castle.final.wallTiles")),
        h("th", { scope: "col" }, t("final.total")),
      ),
    ),
    h("tbody", {},
      rows.map((r) => {
        const info = seatInfo(room, r.seat);
        return h("tr", { "data-seat": r.seat, class: r.winner ? "winner" : "" },
          h("th", { scope: "row" }, info ? colourBadge(info.colour) : null, " ", info?.name ?? t("lobby.seat", { n: r.seat + 1 }), r.winner ? ` · ${t("final.winner")}` : ""),
          cell(r.during),
          cell(r.final?.keep),
          cell(r.final?.courts),
          cell(r.final?.wallTiles),
          h("td", { class: "total" }, r.total),
        );
      }),
    ),
  ));
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
