// The account page's "Friends": who may invite the player (GET/PUT /api/me/preferences, saved as
// soon as it is chosen) and the players they follow and who follow them, each name a link to the
// profile. Compact on purpose: following and inviting happen on profiles (profile_social.ts).

import type { AccountApi } from "./account_api";
import { INVITATIONS_FROM, getPreferences, listFollowers, listFollowing, putPreferences, type Follow, type InvitationsFrom } from "./follows_api";
import { pageLink, profilePath } from "./game_rows";
import { t, type AccountMessageKey } from "./i18n";
import type { SocialHost } from "./profile_social";
import { h, self } from "../ui/dom";

export const SOCIAL_HEADING = "social-heading";

const CHOICES: Record<InvitationsFrom, AccountMessageKey> = { anyone: "social.anyone", followed: "social.followed", nobody: "social.nobody" };

interface SocialModel {
  following: Follow[] | undefined;
  followers: Follow[] | undefined;
  invitationsFrom: InvitationsFrom | undefined;
  saving: boolean;
  /** What saving the choice did. */
  status: string;
}

const empty = (): SocialModel => ({ following: undefined, followers: undefined, invitationsFrom: undefined, saving: false, status: "" });

export class SocialCard {
  private model = empty();

  constructor(private readonly host: SocialHost & { open(path: string): void }) {}

  /** Asks for the lists and the choice; `current`: whether the page still wants the answers. */
  load(api: AccountApi, current: () => boolean): void {
    const model = (this.model = empty());
    const mine = () => current() && this.model === model;
    void listFollowing(api).then((a) => {
      if (!mine()) return;
      model.following = a.ok ? a.value : [];
      this.host.changed();
    });
    void listFollowers(api).then((a) => {
      if (!mine()) return;
      model.followers = a.ok ? a.value : [];
      this.host.changed();
    });
    void getPreferences(api).then((a) => {
      if (!mine() || !a.ok) return;
      model.invitationsFrom = a.value;
      this.host.changed();
    });
  }

  render(): HTMLElement {
    const model = this.model;
    const loading = model.following === undefined || model.followers === undefined;
    return h("section", { class: "card social", "aria-labelledby": SOCIAL_HEADING },
      h("h3", { id: SOCIAL_HEADING }, t("social.title")),
      model.invitationsFrom === undefined
        ? null
        : h("div", { class: "field" },
            h("label", { for: "invitations-from" }, t("social.invitationsFrom")),
            h("select", {
              id: "invitations-from",
              disabled: model.saving,
              onchange: (e) => void this.choose(self<HTMLSelectElement>(e).value),
            }, INVITATIONS_FROM.map((v) => h("option", { value: v, selected: v === model.invitationsFrom }, t(CHOICES[v])))),
          ),
      h("p", { class: "notice", role: "status", id: "social-status" }, loading ? t("social.loading") : model.status),
      this.names("social-following", t("social.following"), model.following, t("social.noneFollowing")),
      this.names("social-followers", t("social.followers"), model.followers, t("social.noFollowers")),
    );
  }

  private names(id: string, title: string, list: Follow[] | undefined, none: string): HTMLElement[] | null {
    if (list === undefined) return null;
    return [
      h("h4", { id }, title),
      list.length === 0
        ? h("p", { class: "empty" }, none)
        : h("ul", { class: "names", "aria-labelledby": id },
            list.map((f) => h("li", {}, pageLink(profilePath(f.name), (path) => this.host.open(path), {}, f.name))),
          ),
    ];
  }

  private async choose(value: string): Promise<void> {
    const choice = INVITATIONS_FROM.find((v) => v === value);
    const api = this.host.api();
    if (choice === undefined || !api) return;
    const model = this.model;
    model.saving = true;
    model.status = "";
    this.host.changed();
    const answer = await putPreferences(api, choice);
    model.saving = false;
    if (answer.ok) model.invitationsFrom = answer.value;
    model.status = answer.ok ? t("social.saved") : this.host.refusalText(answer.refusal);
    this.host.changed();
    document.getElementById("invitations-from")?.focus();
  }
}
