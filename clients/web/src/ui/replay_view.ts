// The replay viewer: an archived game (GET /api/games/{id}/replay) or a record file the user
// opens (POST /api/replay), of any game of the registry. The server replays the game with its
// engine and sends the start snapshot and one EventBatch per command; the game's own replay
// (GameModule.replay) applies them with the same mirror as a live game and keeps the view after
// each step; this viewer lets the user step, play and jump with a slider or the keys. An archived
// game may also be reviewed by the computer (ui/analysis.ts), shown beside the step it is on.

import { fromBinary } from "@bufbuild/protobuf";
import { ReplaySchema, type Replay } from "../gen/carc/v1/replay_pb";
import type { GameReplay } from "../games/game_module";
import { DEFAULT_GAME, gameOfReplay } from "../games/registry";
import { t } from "../i18n";
import { AnalysisLoader, responseError } from "./analysis";
import { renderAnalysisPanel } from "./analysis_panel";
import { h, self } from "./dom";
import { loadPlay } from "./game_plays";

export type ReplaySource = { kind: "archive"; id: string } | { kind: "file"; name: string; text: string };

/** The replay of its game (the default game when the start snapshot names none this client knows). */
export async function gameReplayOf(doc: Document, replay: Replay): Promise<GameReplay> {
  const play = await loadPlay(gameOfReplay(replay) ?? DEFAULT_GAME);
  return play.replay(doc, replay);
}

/** Fetches and decodes a replay; errors carry the server's explanation. */
export async function loadReplay(source: ReplaySource, http: typeof fetch = fetch): Promise<Replay> {
  const response =
    source.kind === "archive"
      ? await http(`/api/games/${encodeURIComponent(source.id)}/replay`)
      : await http("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: source.text });
  if (!response.ok) throw new Error(await responseError(response));
  return fromBinary(ReplaySchema, new Uint8Array(await response.arrayBuffer()));
}

const PLAY_INTERVAL_MS = 700;

export class ReplayViewer {
  /** The loaded replay, undefined while it loads. */
  private replay: GameReplay | undefined;
  private players: readonly string[] = [];
  /** The computer's review, for an archived game only: a record file has no id to ask for. */
  private readonly analysis: AnalysisLoader | undefined;
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
    doc.addEventListener("keydown", this.keyListener);
    this.analysis = source.kind === "archive" ? new AnalysisLoader(source.id, () => this.actions.changed(), http) : undefined;
    loadReplay(source, http)
      .then((replay) => {
        this.players = replay.players;
        return gameReplayOf(this.doc, replay);
      })
      .then((replay) => {
        this.replay = replay;
        this.actions.changed();
      })
      .catch((e: unknown) => {
        this.error = e instanceof Error ? e.message : String(e);
        this.actions.changed();
      });
  }

  dispose(): void {
    this.pause();
    this.analysis?.dispose();
    this.doc.removeEventListener("keydown", this.keyListener);
  }

  get step(): number {
    return this.index;
  }

  get steps(): number {
    return this.replay ? this.replay.steps : 0;
  }

  jump(step: number): void {
    this.index = Math.max(0, Math.min(this.steps, step));
    if (this.index === this.steps) this.pause();
    this.actions.changed();
  }

  play(): void {
    if (this.timer !== undefined || !this.replay) return;
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
    const replay = this.replay;
    if (!replay) return h("div", { class: "screen replay" }, head, h("p", { role: "status" }, t("replay.loading")));
    const controls = this.analysis ? h("div", { class: "replay-side" }, this.renderControls(), this.renderAnalysis(replay, this.analysis)) : this.renderControls();
    const state = this.analysis?.state;
    const review = state?.kind === "done" ? state.analysis.decisions.find((r) => r.step === this.index) : undefined;
    return h("div", { class: replay.screenClass ? `screen replay ${replay.screenClass}` : "screen replay" }, head, replay.render(this.index, controls, review));
  }

  private renderAnalysis(replay: GameReplay, analysis: AnalysisLoader): HTMLElement {
    return renderAnalysisPanel(analysis.state, {
      step: this.index,
      name: (seat) => this.players[seat] || t("lobby.seat", { n: seat + 1 }),
      describe: (step, move) => replay.describeMove?.(step, move) ?? move,
      drawn: (step, review) => replay.reviewDrawn?.(step, review) ?? false,
      jump: (step) => {
        this.pause();
        this.jump(step);
      },
      start: () => analysis.start(),
    });
  }

  /** Step, play, pause and the slider: the same for every game. */
  private renderControls(): HTMLElement {
    const slider = h("input", {
      type: "range",
      id: "replay-slider",
      min: 0,
      max: this.steps,
      value: String(this.index),
      "aria-label": t("replay.slider"),
      oninput: (e) => this.jump(Number(self<HTMLInputElement>(e).value)),
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
