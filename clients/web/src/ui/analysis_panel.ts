// The computer's review in the replay viewer's side panel: the button that asks for it, its
// progress, and once it is done the decision at the viewer's step, a line per player and the
// costliest decisions, each a button to its step. The step's part follows the viewer, so a
// player steps through the game and reads what the computer thought of each of their moves.

import { t } from "../i18n";
import { costliest, pointsLost, summarise, type AnalysisState, type GameAnalysis, type Review } from "./analysis";
import { h } from "./dom";

export const COSTLIEST_SHOWN = 5;

export interface AnalysisPanelContext {
  /** The viewer's step: the position before the move of that step. */
  step: number;
  name(seat: number): string;
  /** A move text of the decision at `step` in words (the text itself when the game has none). */
  describe(step: number, move: string): string;
  /** Whether the board draws the moves of `review` at `step`: a legend then tells them apart. */
  drawn?: ((step: number, review: Review) => boolean) | undefined;
  jump(step: number): void;
  start(): void;
}

function statusText(state: AnalysisState): string {
  switch (state.kind) {
    case "running":
      return state.of === undefined ? t("analysis.starting") : t("analysis.progress", { done: state.done, of: state.of });
    case "done":
      return t("analysis.ready");
    default:
      return "";
  }
}

export function renderAnalysisPanel(state: AnalysisState, ctx: AnalysisPanelContext): HTMLElement {
  const running = state.kind === "running";
  return h(
    "section",
    { class: "card analysis", id: "analysis", "aria-labelledby": "analysis-title" },
    h("h3", { id: "analysis-title" }, t("analysis.title")),
    state.kind === "idle"
      ? [
          h("p", { class: "help" }, t("analysis.intro")),
          h("button", { type: "button", id: "analyse", onclick: () => ctx.start() }, t("analysis.start")),
        ]
      : null,
    // Always on the page, so that a screen reader hears each change of the progress; not
    // aria-busy while it runs, which would hold those changes back until the end.
    h("p", { id: "analysis-status", role: "status" }, statusText(state)),
    running && state.of !== undefined
      ? h("progress", { max: Math.max(1, state.of), value: state.done, "aria-hidden": "true" })
      : null,
    state.kind === "failed"
      ? [
          h("p", { class: "banner", role: "alert", id: "analysis-error" }, t("analysis.failed", { reason: state.message })),
          h("button", { type: "button", id: "analysis-retry", onclick: () => ctx.start() }, t("analysis.retry")),
        ]
      : null,
    state.kind === "done" ? renderDone(state.analysis, ctx) : null,
  );
}

function renderDone(analysis: GameAnalysis, ctx: AnalysisPanelContext): HTMLElement[] {
  const review = analysis.decisions.find((r) => r.step === ctx.step);
  const worst = costliest(analysis, COSTLIEST_SHOWN);
  return [
    h("div", { class: "analysis-step", id: "analysis-step", "aria-live": "polite" },
      h("h4", {}, t("analysis.here")),
      review ? renderReview(review, ctx) : h("p", { class: "help" }, t("analysis.nothingHere")),
    ),
    h("h4", {}, t("analysis.summary")),
    h("ul", { class: "analysis-summary", id: "analysis-summary" },
      summarise(analysis).map((s) =>
        h("li", { "data-seat": s.seat },
          t("analysis.seatSummary", { name: ctx.name(s.seat), decisions: s.decisions, agreed: s.agreed, points: s.pointsLost }),
        ),
      ),
    ),
    h("h4", {}, t("analysis.costliest")),
    worst.length === 0
      ? h("p", { class: "help" }, t("analysis.noCostly"))
      : h("ol", { class: "analysis-costly", id: "analysis-costly" },
          worst.map((r) =>
            h("li", {},
              h("button", {
                type: "button",
                class: "secondary",
                "data-step": r.step,
                "aria-current": r.step === ctx.step ? "step" : undefined,
                onclick: () => ctx.jump(r.step),
              }, t("analysis.costlyItem", { step: r.step, name: ctx.name(r.seat), n: pointsLost(r) ?? 0 })),
            ),
          ),
        ),
    h("p", { class: "help" }, t("analysis.note", { ms: analysis.budgetMs })),
  ];
}

function costText(review: Review): string {
  const lost = pointsLost(review);
  if (lost === null) return t("analysis.unknownLoss");
  return lost > 0 ? t("analysis.lost", { n: lost }) : t("analysis.noLoss");
}

function renderReview(review: Review, ctx: AnalysisPanelContext): HTMLElement {
  return h("dl", { class: "analysis-review", "data-step": review.step },
    h("dt", {}, t("analysis.mover")),
    h("dd", { class: "analysis-mover" }, ctx.name(review.seat)),
    h("dt", {}, t("analysis.played")),
    h("dd", { class: "analysis-played" }, ctx.describe(review.step, review.played)),
    h("dt", {}, t("analysis.best")),
    h("dd", { class: "analysis-best" }, review.same ? t("analysis.agrees") : ctx.describe(review.step, review.best)),
    h("dt", {}, t("analysis.cost")),
    h("dd", { class: "analysis-cost" }, costText(review)),
    ctx.drawn?.(review.step, review)
      ? [
          h("dt", { class: "wide" }, t("analysis.legend")),
          h("dd", { class: "wide" },
            h("ul", { class: "review-legend", id: "review-legend" },
              h("li", {}, h("span", { class: "legend-box played", "aria-hidden": "true" }), t("analysis.legendPlayed")),
              review.same ? null : h("li", {}, h("span", { class: "legend-box suggested", "aria-hidden": "true" }), t("analysis.legendBest")),
            ),
          ),
        ]
      : null,
  );
}
