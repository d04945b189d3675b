// A player's ratings on their profile (the "ratings" of GET /api/players/{name}): per pool they
// played rated games in, the rating, its mean and uncertainty (mu, sigma), the number of rated
// games, "provisional" while there are fewer than five, the strongest computer player rated below
// them, and the rating over time (rating_chart.ts). Nothing for a player without rated games.

import { formatNumber, t as appText } from "../i18n";
import { h } from "../ui/dom";
import { gameName } from "./game_rows";
import { t } from "./i18n";
import type { ComputerLevel, PoolRating } from "./rating_api";
import { renderRatingChart } from "./rating_chart";

/** A computer level's name, as the lobby's computer badge says it. */
export const levelName = (level: ComputerLevel): string => appText(`computer.${level}`);

/** A mean or an uncertainty as shown: two decimals at most. */
export const skillText = (n: number): string => formatNumber(Math.round(n * 100) / 100);

export function renderRatings(ratings: readonly PoolRating[]): HTMLElement | null {
  if (ratings.length === 0) return null;
  return h("section", { class: "card ratings", "aria-labelledby": "profile-ratings" },
    h("h3", { id: "profile-ratings" }, t("profile.ratings")),
    ratings.map((r) => {
      const id = `rating-${r.pool}`;
      return h("div", { class: "pool-rating", "data-pool": r.pool },
        h("h4", { id }, gameName(r.pool), r.provisional ? [" ", h("span", { class: "badge provisional" }, t("rating.provisional"))] : null),
        h("dl", { class: "rating-figures", "aria-labelledby": id },
          h("dt", {}, t("rating.rating")), h("dd", { "data-figure": "rating" }, formatNumber(r.rating)),
          h("dt", {}, t("rating.mu")), h("dd", { "data-figure": "mu" }, skillText(r.mu)),
          h("dt", {}, t("rating.sigma")), h("dd", { "data-figure": "sigma" }, skillText(r.sigma)),
          h("dt", {}, t("rating.games")), h("dd", { "data-figure": "games" }, formatNumber(r.games)),
        ),
        r.provisional ? h("p", { class: "help" }, t("rating.provisionalHelp")) : null,
        r.strongerThan ? h("p", { class: "stronger-than", id: `${id}-stronger` }, t("rating.strongerThan", { level: levelName(r.strongerThan) })) : null,
        renderRatingChart(r),
      );
    }),
  );
}
