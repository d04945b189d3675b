// The replay viewer: an archived game (GET /api/games/{id}/replay) or a record file the user
// opens (POST /api/replay), of the base game or of The Castle (castle_replay.ts). The server
// replays the game with its engine and sends the start snapshot and one EventBatch per command;
// this page applies them with the same mirror as a live game (every step's public hash checked
// for the base game), keeps the view after each step, and lets the user step, play and jump
// with a slider.

import { clone, fromBinary } from "@bufbuild/protobuf";
import { BasePhase, BaseViewSchema, type BaseEvent, type BaseView } from "../gen/carc/v1/base_game_pb";
import type { SeatInfo } from "../gen/carc/v1/lobby_pb";
import { ReplaySchema, type Replay } from "../gen/carc/v1/replay_pb";
import { BoardView } from "../board/board_view";
import { castleFramesOf, renderCastleReplayStep, replayRoom, type CastleReplayFrames } from "./castle_replay";
import { t } from "../i18n";
import { GameMirror } from "../state/game_mirror";
import { colourInfo } from "./colours";
import { h } from "./dom";
import { cityBlockModel, renderCityCard } from "./count_panel";
import { describeEvent, kindName } from "./event_log";
import { renderFinalTable, renderScoreChart } from "./final_table";
import { renderPlayers } from "./players_panel";

export type ReplaySource = { kind: "archive"; id: string } | { kind: "file"; name: string; text: string };

export interface ReplayFrames {
  kind: "base";
  views: BaseView[];
  /** events[i] took views[i] to views[i + 1]. */
  events: BaseEvent[][];
  players: string[];
}

/** Applies the replay's steps with the live mirror and keeps the view after each of them. */
export function framesOf(replay: Replay): ReplayFrames {
  const mirror = new GameMirror();
  if (!replay.start) throw new Error(t("replay.broken", { step: 0 }));
  const first = mirror.applySnapshot(replay.start);
  if (!first.hasView || !mirror.view) throw new Error(t("replay.broken", { step: 0 }));
  const views = [clone(BaseViewSchema, mirror.view)];
  const events: BaseEvent[][] = [];
  replay.steps.forEach((step, i) => {
    const result = mirror.applyBatch(step);
    if (result.kind !== "applied" || !mirror.view) throw new Error(t("replay.broken", { step: i + 1 }));
    views.push(clone(BaseViewSchema, mirror.view));
    events.push(step.events.flatMap((e) => (e.event.case === "base" ? [e.event.value] : [])));
  });
  return { kind: "base", views, events, players: replay.players };
}

/** The frames of either game, by the start snapshot's view. */
export function anyFramesOf(replay: Replay): ReplayFrames | CastleReplayFrames {
  return replay.start?.view.case === "castle" ? castleFramesOf(replay) : framesOf(replay);
}

/** Fetches and decodes a replay; errors carry the server's explanation. */
export async function loadReplay(source: ReplaySource, http: typeof fetch = fetch): Promise<Replay> {
  const response =
    source.kind === "archive"
      ? await http(`/api/games/${encodeURIComponent(source.id)}/replay`)
      : await http("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: source.text });
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      const body = (await response.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new Error(message);
  }
  return fromBinary(ReplaySchema, new Uint8Array(await response.arrayBuffer()));
}

const PLAY_INTERVAL_MS = 700;

export class ReplayViewer {
  readonly board: BoardView;
  private frames: ReplayFrames | CastleReplayFrames | undefined;
  private error: string | undefined;
  private index = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly keyListener = (e: KeyboardEvent): void => this.onKey(e);

  constructor(
    private readonly doc: Document,
    readonly source: ReplaySource,
    private readonly actions: { changed(): void; close(): void },
    http: typeof fetch = fetch,
  ) {
    this.board = new BoardView(doc, { cellChosen: () => {}, spotChosen: () => {} });
    doc.addEventListener("keydown", this.keyListener);
    loadReplay(source, http)
      .then((replay) => {
        this.frames = anyFramesOf(replay);
        this.actions.changed();
      })
      .catch((e: unknown) => {
        this.error = e instanceof Error ? e.message : String(e);
        this.actions.changed();
      });
  }

  dispose(): void {
    this.pause();
    this.doc.removeEventListener("keydown", this.keyListener);
  }

  get step(): number {
    return this.index;
  }

  get steps(): number {
    return this.frames ? this.frames.views.length - 1 : 0;
  }

  jump(step: number): void {
    this.index = Math.max(0, Math.min(this.steps, step));
    if (this.index === this.steps) this.pause();
    this.actions.changed();
  }

  play(): void {
    if (this.timer !== undefined || !this.frames) return;
    if (this.index === this.steps) this.index = 0;
    this.timer = setInterval(() => this.jump(this.index + 1), PLAY_INTERVAL_MS);
    this.actions.changed();
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.actions.changed();
  }

  render(): HTMLElement {
    const title = this.source.kind === "archive" ? t("replay.titleArchive", { id: this.source.id }) : t("replay.titleFile", { name: this.source.name });
    const head = h("div", { class: "row game-head" },
      h("h2", {}, title),
      h("span", { class: "grow" }),
      h("button", { type: "button", class: "secondary", id: "close-replay", onclick: () => this.actions.close() }, t("replay.close")),
    );
    if (this.error !== undefined) {
      return h("div", { class: "screen replay" }, head, h("p", { class: "banner", role: "alert" }, t("replay.failed", { reason: this.error })));
    }
    const frames = this.frames;
    if (!frames) return h("div", { class: "screen replay" }, head, h("p", { role: "status" }, t("replay.loading")));
    const controls = this.renderControls();
    if (frames.kind === "castle") {
      return h("div", { class: "screen replay castle-replay" }, head, renderCastleReplayStep(this.doc, frames, this.index, controls));
    }
    const view = frames.views[this.index]!;
    const seats = replayRoom(frames.players).seats;
    this.updateBoard(view, frames, seats);
    const name = (seat: number): string => frames.players[seat] ?? t("lobby.seat", { n: seat + 1 });
    const recent: string[] = [];
    for (let i = this.index - 1; i >= 0 && recent.length < 12; i--) {
      for (const e of [...frames.events[i]!].reverse()) {
        const text = describeEvent(e, name);
        if (text !== undefined) recent.push(text);
      }
    }
    const over = view.phase === BasePhase.GAME_OVER;
    return h(
      "div",
      { class: "screen replay" },
      head,
      h("div", { class: "game-layout" },
        h("div", { class: "board-area" }, this.board.element),
        h("aside", { class: "side" },
          controls,
          renderPlayers(view, seats, undefined, -1, false),
          renderCityCard(view, seats, (seat) => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 })),
          over ? h("section", { class: "card final" }, renderFinalTable(view, seats), renderScoreChart(scoreHistory(frames), seats)) : null,
          h("section", { class: "card log" },
            h("h3", {}, t("game.log")),
            recent.length === 0 ? h("p", { class: "help" }, t("game.logEmpty")) : h("ol", { class: "events", reversed: true }, recent.map((l) => h("li", {}, l))),
          ),
        ),
      ),
    );
  }

  /** Step, play, pause and the slider: the same for both games. */
  private renderControls(): HTMLElement {
    const slider = h("input", {
      type: "range",
      id: "replay-slider",
      min: 0,
      max: this.steps,
      value: String(this.index),
      "aria-label": t("replay.slider"),
      oninput: () => this.jump(Number(slider.value)),
    });
    return h("section", { class: "card replay-controls" },
      h("p", { id: "replay-step", role: "status" }, t("replay.step", { step: this.index, steps: this.steps })),
      h("div", { class: "row" },
        h("button", { type: "button", class: "secondary", id: "replay-first", "aria-label": t("replay.first"), title: t("replay.first"), onclick: () => this.jump(0) }, "«"),
        h("button", { type: "button", class: "secondary", id: "replay-back", "aria-label": t("replay.back"), title: t("replay.back"), onclick: () => this.jump(this.index - 1) }, "‹"),
        this.timer === undefined
          ? h("button", { type: "button", id: "replay-play", onclick: () => this.play() }, t("replay.play"))
          : h("button", { type: "button", id: "replay-pause", onclick: () => this.pause() }, t("replay.pause")),
        h("button", { type: "button", class: "secondary", id: "replay-forward", "aria-label": t("replay.forward"), title: t("replay.forward"), onclick: () => this.jump(this.index + 1) }, "›"),
        h("button", { type: "button", class: "secondary", id: "replay-last", "aria-label": t("replay.last"), title: t("replay.last"), onclick: () => this.jump(this.steps) }, "»"),
      ),
      h("div", { class: "row" }, slider),
    );
  }

  private updateBoard(view: BaseView, frames: ReplayFrames, seats: SeatInfo[]): void {
    const last = view.tiles[view.tiles.length - 1];
    const defs = new Map(frames.views[0]!.tileSet.map((d) => [d.letter, d]));
    const name = (seat: number): string => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 });
    this.board.update({
      tiles: view.tiles,
      defs,
      followers: view.followers,
      colourOf: (seat) => colourInfo(seats[seat]?.colour ?? ""),
      candidates: [],
      last: view.tiles.length > 1 && last && !defs.get(last.tile)?.cityBlock ? { x: last.position?.x ?? 0, y: last.position?.y ?? 0 } : undefined,
      city: cityBlockModel(view, name),
      highlight: view.phase === BasePhase.REDEPLOY ? view.count?.redeployTiles.map((p) => ({ x: p.x, y: p.y })) : undefined,
      labels: { board: t("game.board"), cell: (x, y) => t("game.cellLabel", { x, y }), spot: (k) => t("game.spotLabel", { kind: kindName(k) }) },
    });
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (e.key === "ArrowRight") this.jump(this.index + 1);
    else if (e.key === "ArrowLeft") this.jump(this.index - 1);
    else if (e.key === "Home") this.jump(0);
    else if (e.key === "End") this.jump(this.steps);
    else if (e.key === " ") {
      if (target?.tagName === "BUTTON") return;
      if (this.timer === undefined) this.play();
      else this.pause();
    } else return;
    e.preventDefault();
  }
}

/** The scores at the start, after every turn, and after the final scoring. */
export function scoreHistory(frames: ReplayFrames): number[][] {
  const out: number[][] = [[...frames.views[0]!.scores]];
  frames.events.forEach((events, i) => {
    if (events.some((e) => e.event.case === "turnStarted" || e.event.case === "gameEnded")) out.push([...frames.views[i + 1]!.scores]);
  });
  return out;
}
