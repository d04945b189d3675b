// The Count's decisions on the game screen (RULES.md C-2..C-5): what the player has chosen so
// far in the decision the game waits for, and the commands those choices send. The game screen
// keeps one and hands it the clicks of the board and of the side panel (count_panel.ts draws
// the controls); a command on its way or a new batch ends what was chosen.
//
// As for placements, every choice is checked against the server's legal moves (count_choice.ts)
// before it is kept or sent.

import { create } from "@bufbuild/protobuf";
import {
  BasePhase,
  FeatureKind,
  BaseCommandSchema,
  type BaseCommand,
  type BaseView,
  type Quarter,
} from "../../gen/carc/v1/base_game_pb";
import type { RoomState } from "../../gen/carc/v1/lobby_pb";
import { kindName } from "./base_log";
import type { BoardModel, BoardTarget } from "./board/board_view";
import {
  chooseCountTo,
  chooseEntry,
  clampRedeploy,
  entryQuarters,
  exitTargets,
  isEntryComplete,
  revalidateEntry,
  type EntrySelection,
  type ExitTarget,
} from "./count_choice";
import { cityBlockModel, isCountPhase, renderCountDecision } from "./count_panel";
import { t } from "./i18n/play";

/** What the decisions need of the game screen. */
export interface CountDecisionsHost {
  /** The view last rendered and this page's seat; undefined before the first render. */
  current(): { view: BaseView | undefined; seat: number } | undefined;
  /** A command is on its way: no decision is taken until it is answered. */
  busy(): boolean;
  send(command: BaseCommand): void;
  /** Re-renders the page after a new choice. */
  changed(): void;
}

export class CountDecisions {
  private entry: EntrySelection = {};
  private redeployCount = 1;
  /** The target whose quarter is being chosen (C-5, when several quarters could serve it). */
  private exitChoice: string | undefined;

  constructor(private readonly host: CountDecisionsHost) {}

  /** A snapshot or a batch: the decision the choices were for is over. */
  reset(): void {
    this.entry = {};
    this.redeployCount = 1;
    this.exitChoice = undefined;
  }

  /** A new view: keep only the entry choices its legal moves still allow. */
  revalidate(view: BaseView | undefined, myTurn: boolean): void {
    if (myTurn && view?.phase === BasePhase.ENTER_CITY) this.entry = revalidateEntry(view.legalMoves?.cityEntries ?? [], this.entry);
    else this.entry = {};
  }

  /** The prompt of the Count decision this player must take, or undefined outside them. */
  prompt(view: BaseView): string | undefined {
    switch (view.phase) {
      case BasePhase.ENTER_CITY:
        return this.entry.quarter === undefined ? t("game.promptEnterCity") : t("game.promptEnterConfirm");
      case BasePhase.REDEPLOY:
        return t("game.promptRedeploy", { kind: kindName(view.count?.redeployKind ?? FeatureKind.UNSPECIFIED) });
      case BasePhase.FINAL_MOVE:
        return t("game.promptFinalMove");
      default:
        return undefined;
    }
  }

  /** The Count's part of the board: his city, the feature a round is about, the exits. */
  board(view: BaseView | undefined, seats: RoomState["seats"], myTurn: boolean): Pick<BoardModel, "city" | "highlight" | "targets"> {
    if (!view?.count) return {};
    const name = (seat: number): string => seats[seat]?.name ?? t("lobby.seat", { n: seat + 1 });
    const deciding = myTurn && !this.host.busy();
    const entering = deciding && view.phase === BasePhase.ENTER_CITY;
    const city = cityBlockModel(view, name, {
      choosable: entering ? entryQuarters(view.legalMoves?.cityEntries ?? []) : [],
      chosen: entering ? this.entry.quarter : undefined,
      countTo: entering ? this.entry.countTo : undefined,
    });
    const highlight = view.phase === BasePhase.REDEPLOY ? view.count.redeployTiles.map((p) => ({ x: p.x, y: p.y })) : undefined;
    const targets: BoardTarget[] | undefined =
      deciding && view.phase === BasePhase.FINAL_MOVE
        ? exitTargets(view.legalMoves?.cityExits ?? []).map((target) => ({
            x: target.x,
            y: target.y,
            segment: target.segment,
            key: target.key,
            label: t("game.targetLabel", { kind: kindName(target.kind), x: target.x, y: target.y }),
            chosen: target.key === this.exitChoice,
          }))
        : undefined;
    return { city, highlight, targets };
  }

  /** The side panel's controls of the decision, when it is this player's. */
  render(view: BaseView, myTurn: boolean, busy: boolean): HTMLElement | null {
    if (!myTurn || !isCountPhase(view.phase)) return null;
    return renderCountDecision({
      view,
      busy,
      entry: this.entry,
      redeployCount: this.redeployCount,
      exitChoice: this.exitChoice,
      chooseQuarter: (q) => this.chooseQuarter(q),
      chooseCountTo: (q) => this.chooseCountTo(q),
      enter: () => this.enterCity(),
      setRedeployCount: (n, rerender) => this.setRedeployCount(n, rerender),
      redeploy: () => this.redeploy(),
      chooseTarget: (key) => this.chooseTarget(key),
      leave: (target, q) => this.leaveCity(target, q),
      pass: () => this.pass(),
    });
  }

  /** The view when this seat must take a Count decision in `phase` and nothing is on its way. */
  private deciding(phase: BasePhase): BaseView | undefined {
    const current = this.host.current();
    const view = current?.view;
    if (this.host.busy() || !view || view.phase !== phase || view.legalMoves === undefined) return undefined;
    return view.toMove === current?.seat ? view : undefined;
  }

  chooseQuarter(quarter: Quarter): void {
    const view = this.deciding(BasePhase.ENTER_CITY);
    if (!view) return;
    this.entry = chooseEntry(view.legalMoves?.cityEntries ?? [], quarter, view.count?.count ?? quarter);
    this.host.changed();
  }

  chooseCountTo(quarter: Quarter): void {
    const view = this.deciding(BasePhase.ENTER_CITY);
    if (!view) return;
    this.entry = chooseCountTo(view.legalMoves?.cityEntries ?? [], this.entry, quarter);
    this.host.changed();
  }

  enterCity(): void {
    const view = this.deciding(BasePhase.ENTER_CITY);
    const { quarter, countTo } = this.entry;
    if (!view || quarter === undefined || countTo === undefined) return;
    if (!isEntryComplete(view.legalMoves?.cityEntries ?? [], this.entry)) return;
    this.host.send(create(BaseCommandSchema, { command: { case: "enterCity", value: { quarter, countTo } } }));
  }

  setRedeployCount(n: number, rerender: boolean): void {
    const view = this.deciding(BasePhase.REDEPLOY);
    if (!view) return;
    this.redeployCount = clampRedeploy(n, view.legalMoves?.redeployCounts ?? []);
    if (rerender) this.host.changed();
  }

  redeploy(): void {
    const view = this.deciding(BasePhase.REDEPLOY);
    const followers = clampRedeploy(this.redeployCount, view?.legalMoves?.redeployCounts ?? []);
    if (!view || followers < 1) return;
    this.host.send(create(BaseCommandSchema, { command: { case: "redeploy", value: { followers } } }));
  }

  /** A feature chosen on the board or in the list: one quarter can serve it, so the move goes. */
  chooseTarget(key: string): void {
    const view = this.deciding(BasePhase.FINAL_MOVE);
    if (!view) return;
    const target = exitTargets(view.legalMoves?.cityExits ?? []).find((x) => x.key === key);
    if (!target) return;
    if (target.quarters.length === 1) {
      this.leaveCity(target, target.quarters[0]!);
      return;
    }
    this.exitChoice = key;
    this.host.changed();
  }

  leaveCity(target: ExitTarget, quarter: Quarter): void {
    if (!this.deciding(BasePhase.FINAL_MOVE) || !target.quarters.includes(quarter)) return;
    this.host.send(
      create(BaseCommandSchema, {
        command: { case: "leaveCity", value: { quarter, position: { x: target.x, y: target.y }, segment: target.segment } },
      }),
    );
  }

  pass(): void {
    const view = this.host.current()?.view;
    if (!view || !isCountPhase(view.phase) || !this.deciding(view.phase)) return;
    this.host.send(create(BaseCommandSchema, { command: { case: "pass", value: {} } }));
  }
}

/** Whom the game waits for, to the players who are not taking the decision. */
export function countWait(phase: BasePhase, name: string): string {
  switch (phase) {
    case BasePhase.ENTER_CITY:
      return t("game.waitEnterCity", { name });
    case BasePhase.REDEPLOY:
      return t("game.waitRedeploy", { name });
    default:
      return t("game.waitFinalMove", { name });
  }
}
