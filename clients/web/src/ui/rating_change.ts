// A rated game's rating changes on its final table (RoomState.rating_changes, once the game is
// archived): a column whose cell for each account seat is the new rating and the difference
// ("1,042 (+42)"), with the skill belief behind both (mu, sigma) for a screen reader and as the
// cell's title. A seat without a change (a computer player) shows a dash. A table without changes
// (an unrated game, or one not yet archived) has no such column. Game-screen code: only the final
// tables import it, so it comes with a game's chunk.

import type { RatingChange, SkillRating } from "../gen/carc/v1/lobby_pb";
import { formatNumber, t } from "../i18n";
import { h } from "./dom";

/** "+42", "−7" (a minus sign, not a hyphen), "±0". */
export function signedDifference(difference: number): string {
  if (difference === 0) return `±${formatNumber(0)}`;
  return `${difference > 0 ? "+" : "−"}${formatNumber(Math.abs(difference))}`;
}

/** A mean or an uncertainty as shown: two decimals at most, in the page's language. */
const skill = (n: number): string => formatNumber(Math.round(n * 100) / 100);

function belief(r: SkillRating | undefined): { rating: string; mu: string; sigma: string } {
  return { rating: formatNumber(r?.rating ?? 0), mu: skill(r?.mu ?? 0), sigma: skill(r?.sigma ?? 0) };
}

/** The change's details in words: the belief after, and before. */
export function ratingDetails(change: RatingChange): string {
  const after = belief(change.after);
  const before = belief(change.before);
  const details = t("final.ratingDetails", {
    mu: after.mu,
    sigma: after.sigma,
    before: before.rating,
    muBefore: before.mu,
    sigmaBefore: before.sigma,
  });
  return change.left ? `${details} ${t("final.ratingLeft")}` : details;
}

/** The column's title, for a table of a game with changes; none otherwise. */
export function ratingHead(changes: readonly RatingChange[]): string[] {
  return changes.length > 0 ? [t("final.rating")] : [];
}

/** The row's cell of `seat`, for a table of a game with changes; none otherwise. */
export function ratingCells(changes: readonly RatingChange[], seat: number): HTMLElement[] {
  if (changes.length === 0) return [];
  const change = changes.find((c) => c.seat === seat);
  if (!change?.after) return [h("td", { class: "rating-change" }, "–")];
  const difference = change.after.rating - (change.before?.rating ?? 0);
  const details = ratingDetails(change);
  return [
    h("td", { class: "rating-change", "data-rating": change.after.rating, "data-difference": difference, title: details },
      t("final.ratingValue", { rating: formatNumber(change.after.rating), difference: signedDifference(difference) }),
      h("span", { class: "visually-hidden" }, ` ${details}`),
    ),
  ];
}
