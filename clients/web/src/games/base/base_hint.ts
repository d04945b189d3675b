// The hint (src/ui/hint.ts) in the base game, the Count's decisions included: the hinted command
// in words with the controls of the screen that make it, and a hinted placement as the player's
// choice, which they still confirm (or change) themselves.

import { BasePhase, FeatureKind, type BaseCommand, type BaseView, type Placement } from "../../gen/carc/v1/base_game_pb";
import type { GameCommand } from "../../gen/carc/v1/game_pb";
import { hintedNoFollower, hintedPlacement, type HintedMove } from "../../ui/hint";
import { kindName, quarterName } from "./base_log";
import { QUARTER_IDS } from "./board/city_block_svg";
import { exitKey } from "./count_choice";
import { t } from "./i18n/play";
import { isComplete, type Selection } from "./turn";

/** A hint's command, when it is the base game's. */
export function baseHint(command: GameCommand["command"] | undefined): BaseCommand | undefined {
  return command?.case === "base" ? command.value : undefined;
}

/**
 * The choice a hinted placement makes: its square and rotation, and its tile of the hand (none
 * named: the drawn tile, already chosen). Anything else, or a placement not among the legal
 * ones, leaves the player's choice as it was.
 */
export function hintedSelection(placements: readonly Placement[], sel: Selection, command: BaseCommand): Selection {
  if (command.command.case !== "placeTile") return sel;
  const p = command.command.value;
  const hinted = { tile: p.tile || sel.tile, x: p.position?.x ?? 0, y: p.position?.y ?? 0, rotation: p.rotation };
  return isComplete(placements, hinted) ? hinted : sel;
}

/** The pass of a Count decision is its button: "Don't enter", "Pass" or "Done". */
export function passText(phase: BasePhase): string {
  if (phase === BasePhase.ENTER_CITY) return t("game.enterPass");
  return phase === BasePhase.FINAL_MOVE ? t("game.finalDone") : t("game.pass");
}

export function describeBaseHint(command: BaseCommand, view: BaseView): HintedMove | undefined {
  const c = command.command;
  switch (c.case) {
    case "placeTile":
      return hintedPlacement(c.value.position, "data-cell");
    case "placeFollower": {
      const spot = view.legalMoves?.followerSpots.find((s) => s.segment === c.value.segment);
      return {
        text: t("hint.follower", { kind: kindName(spot?.kind ?? FeatureKind.UNSPECIFIED) }),
        marks: [["data-spot", String(c.value.segment)]],
      };
    }
    case "skipFollower":
      return hintedNoFollower();
    case "enterCity":
      return {
        text: t("hint.enterCity", { quarter: quarterName(c.value.quarter), countTo: quarterName(c.value.countTo) }),
        marks: [["data-quarter", QUARTER_IDS[c.value.quarter] ?? ""]],
      };
    case "redeploy":
      return {
        text: t("hint.redeploy", { n: c.value.followers, kind: kindName(view.count?.redeployKind ?? FeatureKind.UNSPECIFIED) }),
        marks: [],
      };
    case "leaveCity": {
      const x = c.value.position?.x ?? 0;
      const y = c.value.position?.y ?? 0;
      const exit = view.legalMoves?.cityExits.find(
        (e) => (e.position?.x ?? 0) === x && (e.position?.y ?? 0) === y && e.segment === c.value.segment,
      );
      return {
        text: t("hint.leaveCity", { quarter: quarterName(c.value.quarter), kind: kindName(exit?.kind ?? FeatureKind.UNSPECIFIED), x, y }),
        marks: [["data-target", exitKey(x, y, c.value.segment)]],
      };
    }
    case "pass":
      return { text: passText(view.phase), marks: [["id", "count-pass"]] };
    default:
      return undefined;
  }
}
