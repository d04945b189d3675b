// A profile's part for the signed-in player looking at another's: "Follow" / "Following" (a
// toggle: POST /api/me/following, DELETE /api/me/following/{name}) and, when the viewer holds a
// seat in a room not finished (GET /api/me/games), "Invite to a room" (POST /api/invitations)
// with the room to choose when there are several. The outcome is said in a status line. A guest,
// and the player on their own profile, see none of it.

import type { AccountApi, Refusal } from "./account_api";
import { follow, listFollowing, sameName, unfollow } from "./follows_api";
import { gameName } from "./game_rows";
import { parseMyGames, type RoomInProgress } from "./history_api";
import { t } from "./i18n";
import { invitationRefusal, sendInvitation } from "./invitations_api";
import { h, self } from "../ui/dom";

export interface SocialHost {
  api(): AccountApi | undefined;
  changed(): void;
  refusalText(refusal: Refusal): string;
  /** How long a refusal says to wait, in words ("in 4 seconds"). */
  waitText(refusal: Refusal): string;
}

export interface ProfileSocialModel {
  /** The profile's name, as its address has it. */
  name: string;
  /** undefined until GET /api/me/following has answered (the button says "Follow" meanwhile). */
  following: boolean | undefined;
  /** The viewer's rooms not finished: the ones an invitation may name. */
  rooms: RoomInProgress[];
  /** The room chosen to invite to. */
  room: string;
  busy: "follow" | "invite" | undefined;
  /** What the last action did, or why it did not. */
  status: string;
}

export const FOLLOW_BUTTON = "profile-follow";
export const INVITE_BUTTON = "profile-invite";

export class ProfileSocial {
  private model: ProfileSocialModel | undefined;
  /** The viewer and the profile the model is for: another pair loads anew. */
  private loadedFor = "";

  constructor(private readonly host: SocialHost) {}

  /** The part for `viewer` (undefined: a guest) on `name`'s profile; null when none is shown. */
  render(name: string, viewer: string | undefined): HTMLElement | null {
    const key = viewer === undefined || sameName(viewer, name) ? "" : `${viewer}\n${name}`;
    if (key !== this.loadedFor) this.load(key, name);
    const model = this.model;
    if (model === undefined) return null;
    const following = model.following === true;
    return h("section", { class: "card profile-social" },
      h("button", {
        type: "button",
        id: FOLLOW_BUTTON,
        class: following ? "secondary" : undefined,
        "aria-describedby": "profile-follow-help",
        disabled: model.busy !== undefined,
        "aria-busy": model.busy === "follow" ? "true" : undefined,
        onclick: () => void this.toggleFollow(model),
      }, t(following ? "follow.following" : "follow.follow")),
      h("p", { class: "help", id: "profile-follow-help" }, t("follow.help")),
      model.rooms.length > 0 ? this.renderInvite(model) : null,
      h("p", { class: "notice", role: "status", id: "profile-social-status" }, model.status),
    );
  }

  /** Forgets the part (a reload of the profile asks again). */
  reset(): void {
    this.loadedFor = "";
    this.model = undefined;
  }

  private renderInvite(model: ProfileSocialModel): HTMLElement {
    const rooms = model.rooms;
    const option = (r: RoomInProgress) => t("invite.roomOption", { game: gameName(r.game), code: r.room });
    return h("div", { class: "profile-invite" },
      h("h3", { id: "invite-heading" }, t("invite.title")),
      // One room is named; several are a choice.
      rooms.length === 1
        ? h("p", { id: "invite-room", class: "invite-room" }, option(rooms[0]!))
        : h("div", { class: "field" },
            h("label", { for: "invite-room" }, t("invite.room")),
            h("select", {
              id: "invite-room",
              onchange: (e) => {
                model.room = self<HTMLSelectElement>(e).value;
              },
            }, rooms.map((r) => h("option", { value: r.room, selected: r.room === model.room }, option(r)))),
          ),
      h("button", {
        type: "button",
        id: INVITE_BUTTON,
        "aria-describedby": rooms.length === 1 ? "invite-room" : undefined,
        disabled: model.busy !== undefined,
        "aria-busy": model.busy === "invite" ? "true" : undefined,
        onclick: () => void this.invite(model),
      }, t(model.busy === "invite" ? "invite.sending" : "invite.send")),
    );
  }

  private load(key: string, name: string): void {
    this.loadedFor = key;
    const api = this.host.api();
    if (key === "" || !api) {
      this.model = undefined;
      return;
    }
    const model: ProfileSocialModel = (this.model = { name, following: undefined, rooms: [], room: "", busy: undefined, status: "" });
    const current = () => this.model === model;
    void listFollowing(api).then((answer) => {
      if (!current() || !answer.ok) return;
      model.following = answer.value.some((f) => sameName(f.name, name));
      this.host.changed();
    });
    void api.get("/api/me/games", parseMyGames).then((answer) => {
      if (!current() || !answer.ok) return;
      model.rooms = answer.value.inProgress;
      model.room = model.rooms[0]?.room ?? "";
      this.host.changed();
    });
  }

  private async toggleFollow(model: ProfileSocialModel): Promise<void> {
    const api = this.host.api();
    if (!api) return this.done(model, t("account.offline"));
    const following = model.following === true;
    this.busy(model, "follow");
    const answer = following ? await unfollow(api, model.name) : await follow(api, model.name);
    if (answer.ok) model.following = !following;
    const refusal = answer.ok ? undefined : answer.refusal;
    this.done(model,
      refusal === undefined ? ""
        : refusal.status === 403 ? t("follow.blocked")
        : refusal.status === 409 ? t("follow.tooMany")
        : this.host.refusalText(refusal),
      FOLLOW_BUTTON,
    );
  }

  private async invite(model: ProfileSocialModel): Promise<void> {
    const api = this.host.api();
    if (!api) return this.done(model, t("account.offline"));
    this.busy(model, "invite");
    const answer = await sendInvitation(api, model.name, model.room);
    this.done(model, answer.ok ? t("invite.sent") : invitationRefusal(answer.refusal, this.host.refusalText, this.host.waitText), INVITE_BUTTON);
  }

  private busy(model: ProfileSocialModel, busy: ProfileSocialModel["busy"]): void {
    model.busy = busy;
    model.status = "";
    this.host.changed();
  }

  /** The action over: its outcome said, and the focus back on its button (off while it ran). */
  private done(model: ProfileSocialModel, status: string, button?: string): void {
    model.busy = undefined;
    model.status = status;
    if (this.model !== model) return;
    this.host.changed();
    if (button !== undefined) document.getElementById(button)?.focus();
  }
}
