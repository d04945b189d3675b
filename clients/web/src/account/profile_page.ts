// A player's profile, at /players/NAME: since when they play, how many games of each kind they
// played and won, their ratings (profile_ratings.ts), and their latest finished games, each with its replay;
// for a signed-in viewer, following them and inviting them (profile_social.ts). Anyone may look: the
// answer (GET /api/players/{name}) holds nothing the finished games do not show already.

import { h } from "../ui/dom";
import type { AccountApi, Refusal } from "./account_api";
import { renderFinished, type GameRowActions, gameName } from "./game_rows";
import { parseProfile, type Profile } from "./history_api";
import { t } from "./i18n";
import { answerState, screenHead } from "./loaded_screen";
import { renderRatings } from "./profile_ratings";
import { dayWords } from "./time_words";

export interface ProfileModel {
  /** The name of the address, as typed there. */
  name: string;
  profile: Profile | undefined;
  /** Why there is none: "" while on its way. */
  error: string;
}

export interface ProfileActions extends GameRowActions {
  reload(): void;
  back(): void;
}

/** The profile of `name`; `say`: a refusal in words. */
export async function loadProfile(api: AccountApi, name: string, say: (refusal: Refusal) => string): Promise<ProfileModel> {
  const answer = await api.get(`/api/players/${encodeURIComponent(name)}`, parseProfile);
  if (answer.ok) return { name, profile: answer.value, error: "" };
  return { name, profile: undefined, error: answer.refusal.status === 404 ? t("profile.notFound") : say(answer.refusal) };
}

/** `social`: the signed-in viewer's part (follow, invite: profile_social.ts), null for none. */
export function renderProfile(model: ProfileModel, nowMs: number, actions: ProfileActions, social: HTMLElement | null = null): HTMLElement {
  const profile = model.profile;
  return h(
    "div",
    { class: "screen account profile" },
    screenHead(t("profile.title", { name: profile?.name ?? model.name }), actions.back),
    answerState("profile", profile !== undefined, model.error, t("profile.loading"), actions.reload),
    profile ? social : null,
    profile ? renderCounts(profile) : null,
    profile ? renderRatings(profile.ratings) : null,
    profile
      ? h("section", { class: "card", "aria-labelledby": "profile-recent" },
          h("h3", { id: "profile-recent" }, t("profile.recent")),
          profile.recent.length === 0
            ? h("p", { class: "empty" }, t("profile.noGames"))
            : renderFinished(profile.recent, nowMs, actions, profile.name),
        )
      : null,
  );
}

function renderCounts(profile: Profile): HTMLElement {
  return h("section", { class: "card", "aria-labelledby": "profile-counts" },
    h("p", { class: "help" }, t("profile.since", { date: dayWords(profile.createdAt) })),
    h("p", { class: "help", id: "profile-abandoned" }, t("profile.abandoned", { count: profile.abandoned })),
    h("h3", { id: "profile-counts" }, t("profile.counts")),
    profile.games.length === 0
      ? h("p", { class: "empty" }, t("profile.noGames"))
      : h("table", { class: "game-counts" },
          h("thead", {}, h("tr", {},
            h("th", { scope: "col" }, t("profile.game")),
            h("th", { scope: "col" }, t("profile.played")),
            h("th", { scope: "col" }, t("profile.wins")),
          )),
          h("tbody", {}, profile.games.map((g) => h("tr", { "data-game-type": g.game },
            h("th", { scope: "row" }, gameName(g.game)),
            h("td", {}, g.played),
            h("td", {}, g.won),
          ))),
        ),
  );
}
