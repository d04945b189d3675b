// The home page's invitations for a signed-in player (GET /api/me/invitations): who invited, to
// which game and room, with Accept (POST .../accept: the room's code, which the page then joins as
// from a code) and Decline (POST .../decline: the invitation leaves the list). A chunk of its own,
// fetched by src/ui/account.ts once the page knows the player is signed in: a guest's home page
// carries none of it. Nothing is shown while there is nothing to answer; a list the server could
// not give is left out silently (the home page works without it).

import type { AccountHost } from "../ui/account";
import { AccountApi, type Refusal } from "./account_api";
import { gameName } from "./game_rows";
import { t } from "./i18n";
import { refusalText } from "./refusal_words";
import { acceptInvitation, declineInvitation, listInvitations, type Invitation } from "./invitations_api";
import { h } from "../ui/dom";

export const INVITATIONS_HEADING = "invitations-heading";

type InvitationsHost = Pick<AccountHost, "http" | "changed" | "joinRoom" | "now">;

export class HomeInvitations {
  private list: Invitation[] = [];
  /** The invitation being answered. */
  private busy: number | undefined;
  /** What the last answer did, or why it was refused. */
  private status = "";
  /** The account the list is for: another one (or the same signed in again) loads anew. */
  private loadedFor: string | undefined;

  constructor(private readonly host: InvitationsHost) {}

  /** The home page's part for the account `name` (undefined: a guest, none); null when empty. */
  render(name: string | undefined): HTMLElement | null {
    if (name !== this.loadedFor) this.load(name);
    if (this.list.length === 0 && this.status === "") return null;
    return h("section", { class: "card invitations", "aria-labelledby": INVITATIONS_HEADING },
      h("h2", { id: INVITATIONS_HEADING, tabindex: -1 }, t("invitations.title")),
      h("p", { class: "notice", role: "status", id: "invitations-status" }, this.status),
      this.list.length === 0 ? null : h("ul", { class: "invitation-rows" }, this.list.map((i) => this.renderOne(i))),
    );
  }

  /** Asks for the list again (the home page shown anew). */
  reload(): void {
    this.loadedFor = undefined;
  }

  private renderOne(invitation: Invitation): HTMLElement {
    const id = `invitation-${invitation.id}`;
    const disabled = this.busy !== undefined;
    return h("li", { class: "invitation", "data-invitation": invitation.id, "data-from": invitation.from },
      h("p", { id: `${id}-text` },
        h("strong", {}, t("invitations.from", { name: invitation.from, game: gameName(invitation.game) })),
        " · ",
        t("games.room", { code: invitation.room }),
      ),
      h("div", { class: "row" },
        h("button", {
          type: "button",
          class: "primary",
          id: `${id}-accept`,
          "aria-describedby": `${id}-text`,
          disabled,
          "aria-busy": this.busy === invitation.id ? "true" : undefined,
          onclick: () => void this.accept(invitation),
        }, t("invitations.accept")),
        h("button", {
          type: "button",
          class: "secondary",
          id: `${id}-decline`,
          "aria-describedby": `${id}-text`,
          disabled,
          onclick: () => void this.decline(invitation),
        }, t("invitations.decline")),
      ),
    );
  }

  private api(): AccountApi | undefined {
    const http = this.host.http();
    return http ? new AccountApi(http, this.host.now) : undefined;
  }

  private load(name: string | undefined): void {
    this.loadedFor = name;
    this.list = [];
    this.status = "";
    const api = this.api();
    if (name === undefined || !api) return;
    void listInvitations(api).then((answer) => {
      if (this.loadedFor !== name || !answer.ok) return;
      this.list = answer.value;
      this.host.changed();
    });
  }

  private async accept(invitation: Invitation): Promise<void> {
    const api = this.api();
    if (!api) return this.refused(invitation, { status: 0, error: "" });
    this.start(invitation);
    const answer = await acceptInvitation(api, invitation.id);
    this.busy = undefined;
    if (!answer.ok) return this.refused(invitation, answer.refusal);
    this.list = this.list.filter((i) => i.id !== invitation.id);
    this.host.changed();
    this.host.joinRoom(answer.value);
  }

  private async decline(invitation: Invitation): Promise<void> {
    const api = this.api();
    if (!api) return this.refused(invitation, { status: 0, error: "" });
    this.start(invitation);
    const answer = await declineInvitation(api, invitation.id);
    this.busy = undefined;
    if (!answer.ok && answer.refusal.status !== 404) return this.refused(invitation, answer.refusal);
    this.list = this.list.filter((i) => i.id !== invitation.id);
    this.status = t("invitations.declined", { name: invitation.from });
    this.host.changed();
    // Its buttons are gone: the list's heading has the focus, and the status says what happened.
    document.getElementById(INVITATIONS_HEADING)?.focus();
  }

  private start(invitation: Invitation): void {
    this.busy = invitation.id;
    this.status = "";
    this.host.changed();
  }

  /** 404: the invitation expired or was answered elsewhere, and leaves the list. */
  private refused(invitation: Invitation, refusal: Refusal): void {
    if (refusal.status === 404) this.list = this.list.filter((i) => i.id !== invitation.id);
    this.status = refusal.status === 404 ? t("invitations.gone") : refusalText(refusal);
    this.host.changed();
    document.getElementById(INVITATIONS_HEADING)?.focus();
  }
}
