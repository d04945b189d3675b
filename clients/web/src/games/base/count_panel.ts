// The Count of Carcassonne in the side panel (RULES.md C-1..C-5): the city card (who waits in
// which quarter, where the Count stands) and the controls of a Count decision: entering the
// city (C-2, C-3), redeploying onto a completed feature (C-4) and the final moves (C-5). Also
// the board's model of the city, shared by the game screen and the replay viewer.
//
// Everything offered comes from the server's legal moves (count_choice.ts); passing is always
// offered, as it is always legal.

import { BasePhase, FeatureKind, Quarter, type BaseView } from "../../gen/carc/v1/base_game_pb";
import type { SeatInfo } from "../../gen/carc/v1/lobby_pb";
import { colourBadge } from "../../ui/colour_badge";
import { h, type Child } from "../../ui/dom";
import { kindName, quarterName } from "./base_log";
import { QUARTER_ORDER } from "./board/city_block";
import { QUARTER_IDS, type CityBlockModel } from "./board/city_block_svg";
import { countDestinations, entryQuarters, exitTargets, quarterFor, stepRedeploy, type EntrySelection, type ExitTarget } from "./count_choice";
import { t } from "./i18n/play";

/** The phases in which the game waits for a Count decision. */
export function isCountPhase(phase: BasePhase): boolean {
  return phase === BasePhase.ENTER_CITY || phase === BasePhase.REDEPLOY || phase === BasePhase.FINAL_MOVE;
}

/** The feature kind each quarter serves (C-4, C-5). */
function servedKind(quarter: Quarter): FeatureKind {
  for (const kind of [FeatureKind.CITY, FeatureKind.FIELD, FeatureKind.ROAD, FeatureKind.CLOISTER]) {
    if (quarterFor(kind) === quarter) return kind;
  }
  return FeatureKind.UNSPECIFIED;
}

function followersIn(view: BaseView, quarter: Quarter): readonly number[] {
  return view.count?.quarters.find((q) => q.quarter === quarter)?.followers ?? [];
}

/** "Castle quarter, for the city: the Count; Ann 2, Bob 1" */
function quarterLabel(view: BaseView, quarter: Quarter, name: (seat: number) => string): string {
  const parts: string[] = [];
  if (view.count?.count === quarter) parts.push(t("city.count"));
  const followers = followersIn(view, quarter)
    .map((n, seat) => (n > 0 ? t("log.followerCount", { name: name(seat), n }) : ""))
    .filter((s) => s !== "");
  parts.push(followers.length > 0 ? followers.join(", ") : t("city.noFollowers"));
  return t("city.quarterLabel", {
    quarter: quarterName(quarter),
    serves: t("city.serves", { kind: kindName(servedKind(quarter)) }),
    contents: parts.join("; "),
  });
}

/** The board's model of the city, or undefined in a game without the Count. */
export function cityBlockModel(
  view: BaseView | undefined,
  name: (seat: number) => string,
  choice: { choosable: readonly Quarter[]; chosen?: Quarter | undefined; countTo?: Quarter | undefined } = { choosable: [] },
): CityBlockModel | undefined {
  const count = view?.count;
  if (!view || !count) return undefined;
  return {
    count: count.count,
    quarters: count.quarters,
    choosable: choice.choosable,
    chosen: choice.chosen,
    countTo: choice.countTo !== count.count ? choice.countTo : undefined,
    name: quarterName,
    label: (q) => quarterLabel(view, q, name),
  };
}

/** The city card: each quarter, what it serves, the Count, and each seat's followers there. */
export function renderCityCard(view: BaseView, seats: readonly SeatInfo[], name: (seat: number) => string): HTMLElement | null {
  const count = view.count;
  if (!count) return null;
  return h(
    "section",
    { class: "card city", "aria-labelledby": "city-title" },
    h("h3", { id: "city-title" }, t("city.title")),
    h(
      "ul",
      { class: "quarters" },
      QUARTER_ORDER.map((quarter) => {
        const followers = followersIn(view, quarter);
        const here = count.count === quarter;
        return h(
          "li",
          { "data-city-quarter": QUARTER_IDS[quarter] ?? "", class: here ? "count-here" : "", "aria-label": quarterLabel(view, quarter, name) },
          h("span", { class: "q-name", "aria-hidden": "true" }, quarterName(quarter)),
          h("span", { class: "help", "aria-hidden": "true" }, t("city.serves", { kind: kindName(servedKind(quarter)) })),
          here ? h("span", { class: "badge count-badge", "aria-hidden": "true" }, `♛ ${t("city.count")}`) : null,
          h(
            "span",
            { class: "q-followers", "aria-hidden": "true" },
            followers.map((n, seat) =>
              n > 0 ? h("span", { class: "q-seat", "data-seat": seat, "data-followers": n }, colourBadge(seats[seat]?.colour ?? ""), `×${n}`) : null,
            ),
          ),
        );
      }),
    ),
    h("p", { class: "help" }, t("city.help")),
  );
}

/** What the decision controls show and do; CountDecisions (count_decisions.ts) owns the state. */
export interface CountDecisionUi {
  view: BaseView;
  busy: boolean;
  entry: EntrySelection;
  redeployCount: number;
  /** The target whose quarter is being chosen (C-5, when several quarters could serve it). */
  exitChoice: string | undefined;
  chooseQuarter(quarter: Quarter): void;
  chooseCountTo(quarter: Quarter): void;
  enter(): void;
  setRedeployCount(n: number, rerender: boolean): void;
  redeploy(): void;
  chooseTarget(key: string): void;
  leave(target: ExitTarget, quarter: Quarter): void;
  pass(): void;
}

/** The controls of the decision the view asks of this player. */
export function renderCountDecision(ui: CountDecisionUi): HTMLElement | null {
  switch (ui.view.phase) {
    case BasePhase.ENTER_CITY:
      return renderEnter(ui);
    case BasePhase.REDEPLOY:
      return renderRedeploy(ui);
    case BasePhase.FINAL_MOVE:
      return renderFinalMove(ui);
    default:
      return null;
  }
}

function choiceButton(label: Child, pressed: boolean, disabled: boolean, attrs: Record<string, string>, onclick: () => void): HTMLElement {
  return h(
    "button",
    { type: "button", class: `secondary choice${pressed ? " chosen" : ""}`, "aria-pressed": pressed ? "true" : "false", disabled, onclick, ...attrs },
    label,
  );
}

function passButton(ui: CountDecisionUi, label: string): HTMLElement {
  return h("button", { type: "button", class: "secondary", id: "count-pass", disabled: ui.busy, onclick: () => ui.pass() }, label);
}

function renderEnter(ui: CountDecisionUi): HTMLElement {
  const entries = ui.view.legalMoves?.cityEntries ?? [];
  const countNow = ui.view.count?.count ?? Quarter.UNSPECIFIED;
  const sel = ui.entry;
  const destinations = sel.quarter !== undefined ? countDestinations(entries, sel.quarter) : [];
  return h(
    "div",
    { class: "count-decision", "data-decision": "enter-city" },
    h("h3", {}, t("game.enterTitle")),
    h(
      "fieldset",
      { class: "choices" },
      h("legend", {}, t("game.enterQuarter")),
      entryQuarters(entries).map((q) =>
        choiceButton(
          [quarterName(q), h("span", { class: "help" }, ` · ${kindName(servedKind(q))}`)],
          sel.quarter === q,
          ui.busy,
          { "data-enter-quarter": QUARTER_IDS[q] ?? "" },
          () => ui.chooseQuarter(q),
        ),
      ),
    ),
    destinations.length > 1
      ? h(
          "fieldset",
          { class: "choices" },
          h("legend", {}, t("game.countTo")),
          destinations.map((q) =>
            choiceButton(
              q === countNow ? t("game.countStays", { quarter: quarterName(q) }) : quarterName(q),
              sel.countTo === q,
              ui.busy,
              { "data-count-dest": QUARTER_IDS[q] ?? "" },
              () => ui.chooseCountTo(q),
            ),
          ),
        )
      : null,
    destinations.length === 1 && destinations[0] !== countNow
      ? h("p", { class: "help" }, t("game.countGoes", { quarter: quarterName(destinations[0]!) }))
      : null,
    h(
      "div",
      { class: "row controls" },
      h("button", { type: "button", id: "enter-city", disabled: ui.busy || sel.quarter === undefined || sel.countTo === undefined, onclick: () => ui.enter() }, t("game.enterConfirm")),
      passButton(ui, t("game.enterPass")),
    ),
  );
}

function renderRedeploy(ui: CountDecisionUi): HTMLElement {
  const limit = ui.view.legalMoves?.redeployLimit ?? 0;
  const counts = ui.view.legalMoves?.redeployCounts ?? [];
  const kind = ui.view.count?.redeployKind ?? FeatureKind.UNSPECIFIED;
  const tiles = ui.view.count?.redeployTiles.length ?? 0;
  const n = ui.redeployCount;
  return h(
    "div",
    { class: "count-decision", "data-decision": "redeploy" },
    h("h3", {}, t("game.redeployTitle")),
    h("p", {}, t("game.redeployFeature", { kind: kindName(kind), tiles })),
    h("label", { for: "redeploy-count" }, t("game.redeployCount", { quarter: quarterName(quarterFor(kind)), max: limit })),
    h(
      "div",
      { class: "row stepper" },
      h("button", { type: "button", class: "secondary", id: "redeploy-fewer", "aria-label": t("game.fewer"), title: t("game.fewer"), disabled: ui.busy || stepRedeploy(n, counts, -1) === n, onclick: () => ui.setRedeployCount(stepRedeploy(n, counts, -1), true) }, "−"),
      h("input", {
        id: "redeploy-count",
        type: "number",
        inputmode: "numeric",
        min: 1,
        max: limit,
        step: 1,
        value: String(n),
        disabled: ui.busy,
        // Typing only keeps the number: a re-render would take the focus away mid-word.
        oninput: (e: Event) => ui.setRedeployCount(Number((e.target as HTMLInputElement).value), false),
        onchange: (e: Event) => ui.setRedeployCount(Number((e.target as HTMLInputElement).value), true),
      }),
      h("button", { type: "button", class: "secondary", id: "redeploy-more", "aria-label": t("game.more"), title: t("game.more"), disabled: ui.busy || stepRedeploy(n, counts, 1) === n, onclick: () => ui.setRedeployCount(stepRedeploy(n, counts, 1), true) }, "+"),
    ),
    h(
      "div",
      { class: "row controls" },
      h("button", { type: "button", id: "redeploy", disabled: ui.busy || limit < 1, onclick: () => ui.redeploy() }, t("game.redeployMove")),
      passButton(ui, t("game.pass")),
    ),
  );
}

function renderFinalMove(ui: CountDecisionUi): HTMLElement {
  const targets = exitTargets(ui.view.legalMoves?.cityExits ?? []);
  const chosen = targets.find((target) => target.key === ui.exitChoice);
  const where = (target: ExitTarget): string => t("game.targetLabel", { kind: kindName(target.kind), x: target.x, y: target.y });
  return h(
    "div",
    { class: "count-decision", "data-decision": "final-move" },
    h("h3", {}, t("game.finalTitle")),
    h("p", {}, t("game.finalTargets", { n: targets.length })),
    chosen && chosen.quarters.length > 1
      ? h(
          "fieldset",
          { class: "choices" },
          h("legend", {}, t("game.finalFrom")),
          chosen.quarters.map((q) =>
            choiceButton(quarterName(q), false, ui.busy, { "data-leave-quarter": QUARTER_IDS[q] ?? "" }, () => ui.leave(chosen, q)),
          ),
        )
      : null,
    targets.length > 0
      ? h(
          "details",
          { class: "targets" },
          h("summary", {}, t("game.finalList")),
          h(
            "ul",
            {},
            targets.map((target) =>
              h(
                "li",
                {},
                h("button", { type: "button", class: "secondary", "data-target-button": target.key, disabled: ui.busy, onclick: () => ui.chooseTarget(target.key) }, where(target)),
              ),
            ),
          ),
        )
      : null,
    h("div", { class: "row controls" }, passButton(ui, t("game.finalDone"))),
  );
}
