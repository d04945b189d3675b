// The decisions The Castle asks of the seat to move, in the turn card, each offered only from the
// legal moves the server sent this seat: the tile in play with rotate and confirm (a space is
// chosen on the board), the follower (a button per legal region, or "No follower"), which
// completed feature scores next (K-9, "Score doubled" when wall tile 2 or 3 may double it), and
// an extra turn with wall tile 1 or keeping it (K-10).

import {
  CastleFeature,
  CastlePhase,
  type CastleLegalMoves,
  type CastleView,
} from "../../gen/carc/v1/castle_game_pb";
import { h } from "../../ui/dom";
import { renderPlacementControls } from "../../ui/game_head";
import type { CastleTileDef } from "./castle_data";
import { featureName, featureText, roleText } from "./castle_names";
import { CASTLE_TILE, castleTileSvg } from "./castle_tile_svg";
import { castleRotations, castleSelectionComplete, type CastleSelection } from "./castle_turn";
import { t } from "./i18n/play";

const SVG_NS = "http://www.w3.org/2000/svg";

export interface CastleTurnState {
  view: CastleView;
  /** This seat's legal moves, when it must decide now. */
  moves: CastleLegalMoves | undefined;
  /** Whether view.pending is the server's current list (K-9 needs it). */
  pendingKnown: boolean;
  /** A command is on its way. */
  busy: boolean;
  selection: CastleSelection;
  tileDef(id: string): CastleTileDef | undefined;
  name(seat: number): string;
}

export interface CastleDecisionActions {
  rotate(step: 1 | -1): void;
  confirm(): void;
  placeFollower(region: string): void;
  skip(): void;
  score(feature: number, doubleIt: boolean): void;
  /** K-10: use wall tile 1 for an extra turn now (true), or keep it (false). */
  extraTurn(use: boolean): void;
}

/** The pending features (indices into CastleView.pending) the scoring choices name, in order. */
export function scoringIndices(moves: CastleLegalMoves): number[] {
  const out: number[] = [];
  for (const s of moves.scoring) if (!out.includes(s.feature)) out.push(s.feature);
  return out;
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

export function renderCastleTurn(doc: Document, s: CastleTurnState, actions: CastleDecisionActions): HTMLElement {
  const { view, moves, busy, selection: sel } = s;
  const placements = moves?.placements ?? [];
  const placing = placements.length > 0;
  const rotations = placing && sel.x !== undefined && sel.y !== undefined ? castleRotations(placements, sel.x, sel.y) : [];
  const def = s.tileDef(view.currentTile);
  const rotation = placing && sel.rotation !== undefined ? sel.rotation : 0;
  return h(
    "section",
    { class: "card turn castle-turn", "aria-label": t("game.turn") },
    view.extraTurn ? h("p", { class: "badge extra-turn" }, t("castle.extraTurn")) : null,
    // The drawn tile is public (K-4); once placed it is on the board, not in play.
    view.currentTile !== "" && view.phase === CastlePhase.PLACE_TILE
      ? h("div", { class: "in-play", "data-current-tile": view.currentTile },
          tileIcon(doc, def, rotation, 72, t("game.tileLabel", { tile: view.currentTile })),
          h("span", {}, t("game.tileInPlay")),
        )
      : null,
    placing
      ? renderPlacementControls({
          rotations: rotations.length,
          complete: castleSelectionComplete(placements, sel),
          busy,
          rotate: (step) => actions.rotate(step),
          confirm: () => actions.confirm(),
        })
      : null,
    moves && moves.followerRegions.length > 0 ? renderFollowerChoice(s, moves, actions) : null,
    moves && moves.scoring.length > 0 ? renderScoring(s, moves, actions) : null,
    moves && moves.extraTurn && !placing
      ? h("div", { class: "row controls", "data-decision": "extra-turn" },
          h("button", { type: "button", class: "primary", id: "extra-turn", disabled: busy, onclick: () => actions.extraTurn(true) }, t("castle.useExtra")),
          h("button", { type: "button", class: "secondary", id: "end-turn", disabled: busy, onclick: () => actions.extraTurn(false) }, t("castle.keepIt")),
        )
      : null,
  );
}

function renderFollowerChoice(s: CastleTurnState, moves: CastleLegalMoves, actions: CastleDecisionActions): HTMLElement {
  const last = s.view.tiles[s.view.tiles.length - 1];
  const def = last ? s.tileDef(last.tile) : undefined;
  return h(
    "div",
    { class: "follower-choice", "data-decision": "follower" },
    h("div", { class: "row controls" },
      moves.followerRegions.map((region) => {
        const f = def?.regions[region]?.type;
        return h(
          "button",
          { type: "button", class: "secondary choice", "data-follower-region": region, disabled: s.busy, onclick: () => actions.placeFollower(region) },
          t("castle.followerButton", { role: roleText(f), feature: featureText(f) }),
        );
      }),
    ),
    h("div", { class: "row controls" },
      h("button", { type: "button", id: "skip", disabled: s.busy, onclick: () => actions.skip() }, t("game.skip")),
    ),
  );
}

function renderScoring(s: CastleTurnState, moves: CastleLegalMoves, actions: CastleDecisionActions): HTMLElement {
  if (!s.pendingKnown) {
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
        const p = s.view.pending[i];
        const f = p ? featureName(p.feature) : undefined;
        const doubled = moves.scoring.some((c) => c.feature === i && c.doubleIt);
        const single = moves.scoring.some((c) => c.feature === i && !c.doubleIt);
        return h(
          "li",
          { "data-pending": i },
          h("span", { class: "pending-number", "aria-hidden": "true" }, `${i + 1}`),
          h("span", { class: "pending-text" }, p
            ? t("castle.pendingItem", { feature: featureText(f), size: p.size, name: s.name(p.winner), x: p.position?.x ?? 0, y: p.position?.y ?? 0 })
            : `#${i + 1}`),
          h("div", { class: "row controls" },
            single
              ? h("button", { type: "button", "data-score-feature": i, disabled: s.busy, onclick: () => actions.score(i, false) }, t("castle.scoreThis"))
              : null,
            doubled
              ? h("button", { type: "button", class: "primary", "data-score-double": i, disabled: s.busy, onclick: () => actions.score(i, true) },
                  t("castle.scoreDoubled", { kind: p?.feature === CastleFeature.HOUSE ? 3 : 2 }))
              : null,
          ),
        );
      }),
    ),
  );
}
