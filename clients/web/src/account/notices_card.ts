// The account page's notices card: which kinds of notice the player is pushed (each box saved as
// soon as it changes), quiet hours (a box, two times and Save) and the time zone they are in,
// with an offer to use this device's zone when the kept one differs; what the last change did and
// why it failed, beside the part the server named. Nothing here asks the server
// (notices_actions.ts does).
//
// No card until the server has answered, nor on a server older than these preferences (404), as
// the e-mail card: a card that would vanish moves the page under the player's finger.

import { h, self } from "../ui/dom";
import { t, type AccountMessageKey } from "./i18n";
import { NOTICE_KINDS, type NoticeKind, type NoticePreferences } from "./notices_api";

export interface NoticesModel {
  /** GET /api/me/notices' answer, then each PUT's; undefined until it comes, or when refused. */
  state: NoticePreferences | undefined;
  /** This browser's time zone, "" when it names none or the server refused it: the zone quiet
   * hours are saved in when it is not the kept one. */
  deviceZone: string;
  /** The quiet hours' form: the kept hours once loaded, then as the player set them. */
  quietOn: boolean;
  from: string;
  to: string;
  /** Why the server refused the field of that name ("push", "quiet", "time_zone"); "" when not. */
  pushError: string;
  quietError: string;
  zoneError: string;
  /** What the last change did; "" for nothing. */
  notice: string;
  /** Why the last change or the card's load failed, when no field says it; "" when none did. */
  error: string;
}

export interface NoticesCardActions {
  setPushKind(kind: NoticeKind, on: boolean): void;
  setQuietOn(on: boolean): void;
  saveQuiet(): void;
  useDeviceZone(): void;
}

export const NOTICES_HEADING = "notices-heading";
export const NOTICES_QUIET = "notices-quiet";
export const NOTICES_FROM = "notices-from";
export const NOTICES_TO = "notices-to";
export const NOTICES_SAVE = "notices-save";
export const NOTICES_ZONE = "notices-zone";
export const NOTICES_USE_ZONE = "notices-use-zone";
const PUSH_ERROR = "notices-push-error";
const QUIET_ERROR = "notices-quiet-error";
const ZONE_ERROR = "notices-zone-error";

/** The box of each kind; ids without the underscore of "game_over". */
export const kindBox = (kind: NoticeKind): string => `notices-${kind.replace("_", "-")}`;

const KIND_WORDS: Record<NoticeKind, AccountMessageKey> = {
  turn: "notices.turn",
  reminder: "notices.reminder",
  invitation: "notices.invitation",
  game_over: "notices.gameOver",
};

/** The account page's `busy` while the card's requests run. */
export const NOTICES_BUSY = { push: "notices-push", quiet: "notices-quiet", zone: "notices-zone" } as const;
export type NoticesBusy = (typeof NOTICES_BUSY)[keyof typeof NOTICES_BUSY];

/** Quiet hours as most players want them, when they turn them on for the first time. */
export const DEFAULT_QUIET = { from: "22:00", to: "07:00" } as const;

/** Whether saving the quiet hours moves them to this device's zone (and the card offers it). */
export const otherZone = (model: NoticesModel): boolean =>
  model.state !== undefined && model.deviceZone !== "" && model.deviceZone !== model.state.timeZone;

/** `busy`: the account page's action under way, if any (every control is off meanwhile); null
 * when the card has nothing to show. */
export function renderNoticesCard(model: NoticesModel, busy: unknown, actions: NoticesCardActions): HTMLElement | null {
  const state = model.state;
  if (state === undefined && model.notice === "" && model.error === "") return null;
  return h("section", { class: "card notices", "aria-labelledby": NOTICES_HEADING },
    h("h3", { id: NOTICES_HEADING, tabindex: -1 }, t("notices.title")),
    h("p", { class: "help" }, t("notices.help")),
    h("p", { class: "notice", role: "status", id: "notices-status" }, model.notice),
    h("p", { class: "form-error", role: "alert", id: "notices-error" }, model.error),
    state ? [kindBoxes(model, state, busy, actions), quietForm(model, state, busy, actions)] : null,
  );
}

function kindBoxes(model: NoticesModel, state: NoticePreferences, busy: unknown, actions: NoticesCardActions): HTMLElement {
  const invalid = model.pushError !== "";
  return h("fieldset", {
    class: "notice-kinds",
    "aria-describedby": invalid ? PUSH_ERROR : undefined,
    "aria-busy": busy === NOTICES_BUSY.push ? "true" : undefined,
  },
    h("legend", {}, t("notices.kinds")),
    NOTICE_KINDS.map((kind) =>
      h("div", { class: "field check" },
        h("input", {
          type: "checkbox",
          id: kindBox(kind),
          checked: state.push[kind],
          disabled: busy !== undefined,
          onchange: (e) => actions.setPushKind(kind, self<HTMLInputElement>(e).checked),
        }),
        h("label", { for: kindBox(kind) }, t(KIND_WORDS[kind])),
      ),
    ),
    h("p", { class: "form-error", id: PUSH_ERROR }, model.pushError),
  );
}

function quietForm(model: NoticesModel, state: NoticePreferences, busy: unknown, actions: NoticesCardActions): HTMLElement {
  const saving = busy === NOTICES_BUSY.quiet;
  const zoneInvalid = model.zoneError !== "";
  return h("form", {
    class: "notices-quiet",
    "aria-labelledby": "notices-quiet-legend",
    // The server's words on bad times, beside the fields, rather than the browser's bubble.
    novalidate: true,
    onsubmit: (e: Event) => {
      e.preventDefault();
      if (busy === undefined) actions.saveQuiet();
    },
  },
    h("fieldset", {},
      h("legend", { id: "notices-quiet-legend" }, t("notices.quietTitle")),
      h("div", { class: "field check" },
        h("input", {
          type: "checkbox",
          id: NOTICES_QUIET,
          checked: model.quietOn,
          disabled: busy !== undefined,
          "aria-describedby": "notices-quiet-help",
          onchange: (e) => actions.setQuietOn(self<HTMLInputElement>(e).checked),
        }),
        h("label", { for: NOTICES_QUIET }, t("notices.quiet")),
        h("p", { class: "help", id: "notices-quiet-help" }, t("notices.quietHelp")),
      ),
      model.quietOn
        ? [
            h("div", { class: "quiet-times" },
              timeField(model, NOTICES_FROM, "notices.from", "from"),
              timeField(model, NOTICES_TO, "notices.to", "to"),
            ),
            // Focused when the zone changes: the line itself is the news.
            h("p", { class: "help zone", id: NOTICES_ZONE, tabindex: -1 }, t("notices.zone", { zone: state.timeZone })),
            otherZone(model) ? deviceZoneOffer(model, busy, actions) : null,
          ]
        : null,
      h("p", { class: "form-error", id: QUIET_ERROR }, model.quietError),
      h("p", { class: "form-error zone", id: ZONE_ERROR }, model.zoneError),
    ),
    h("button", {
      type: "submit",
      id: NOTICES_SAVE,
      disabled: busy !== undefined,
      "aria-busy": saving ? "true" : undefined,
      // A refused zone has no field of its own: the button that sent it says why.
      "aria-describedby": zoneInvalid ? ZONE_ERROR : undefined,
    }, t(saving ? "notices.saving" : "notices.save")),
  );
}

function timeField(model: NoticesModel, id: string, label: AccountMessageKey, key: "from" | "to"): HTMLElement {
  const invalid = model.quietError !== "";
  return h("div", { class: "field" },
    h("label", { for: id }, t(label)),
    h("input", {
      id,
      type: "time",
      required: true,
      value: model[key],
      "aria-invalid": invalid ? "true" : undefined,
      "aria-describedby": invalid ? QUIET_ERROR : undefined,
      oninput: (e) => {
        model[key] = self<HTMLInputElement>(e).value;
      },
    }),
  );
}

function deviceZoneOffer(model: NoticesModel, busy: unknown, actions: NoticesCardActions): HTMLElement {
  const switching = busy === NOTICES_BUSY.zone;
  return h("div", { class: "zone-offer" },
    h("p", { class: "help zone", id: "notices-device-zone" }, t("notices.deviceZone", { zone: model.deviceZone })),
    h("button", {
      type: "button",
      class: "secondary",
      id: NOTICES_USE_ZONE,
      disabled: busy !== undefined,
      "aria-busy": switching ? "true" : undefined,
      "aria-describedby": "notices-device-zone",
      onclick: () => actions.useDeviceZone(),
    }, t("notices.useZone", { zone: model.deviceZone })),
  );
}
