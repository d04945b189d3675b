// What the account page's notification button does (push_subscription.ts's steps) and how the
// card shows it: the device's state read when the page loads, turning notices on or off with the
// page busy meanwhile, each failure in words (the browser's block with how to lift it, a server
// without notices, an account at its maximum of devices), and the focus back on the button.

import { getLanguage } from "../i18n";
import type { Refusal } from "./account_api";
import type { AccountPageModel } from "./account_page";
import { t } from "./i18n";
import type { PasskeyHost } from "./passkey_actions";
import { PUSH_BUSY, PUSH_BUTTON, PUSH_HEADING, type PushModel } from "./push_card";
import { browserPush, pushState, turnOff, turnOn, type PushBrowser, type PushFailure } from "./push_subscription";
import { sessionLost } from "./session_lost";

/** What the card needs of the account screens: the same as the passkeys' card. */
export type PushHost = PasskeyHost;

const FAILURES = {
  denied: "push.denied",
  dismissed: "push.dismissed",
  "no-push": "push.noServer",
  "too-many": "push.tooMany",
  failed: "push.failed",
} as const;

/** The card's model for a page just opened: "unsupported" at once where notices cannot work. */
export function emptyPush(): PushModel {
  return { state: browserPush() ? "loading" : "unsupported", error: "" };
}

export class PushActions {
  constructor(
    private readonly page: AccountPageModel,
    private readonly host: PushHost,
    private readonly browser: () => PushBrowser | undefined = browserPush,
  ) {}

  /** Reads the device's state; `current`: whether the page still wants the answer. */
  load(current: () => boolean): void {
    const browser = this.browser();
    if (!browser) return;
    void pushState(browser)
      .catch(() => "off" as const)
      .then((state) => {
        if (!current()) return;
        this.page.push.state = state;
        this.host.changed();
      });
  }

  async turnOn(): Promise<void> {
    const browser = this.browser();
    const api = this.host.api();
    if (!browser || !api) return this.done(undefined, api ? "push.failed" : "account.offline");
    this.busy();
    const failure = await turnOn(browser, api, getLanguage()).catch((): PushFailure => "failed");
    if (failure === undefined) return this.done("on");
    if (typeof failure === "object") return this.refused(failure, "off");
    // A blocked permission is the card's state, with how to lift it.
    if (failure === "denied") return this.done("denied");
    this.done("off", FAILURES[failure]);
  }

  async turnOff(): Promise<void> {
    const browser = this.browser();
    const api = this.host.api();
    if (!browser || !api) return this.done(undefined, api ? "push.failed" : "account.offline");
    this.busy();
    const refusal = await turnOff(browser, api).catch((): Refusal => ({ status: 0, error: "" }));
    // Off in this browser whatever the server answered: it drops the subscription at its next
    // push, which the push service refuses as gone.
    if (refusal) console.warn(`the server was not told that notices are off: ${refusal.status} ${refusal.error}`);
    if (sessionLost(refusal, this.page, this.host)) return;
    this.done("off");
  }

  private busy(): void {
    this.page.busy = PUSH_BUSY;
    this.page.push.error = "";
    this.host.changed();
  }

  private refused(refusal: Refusal, state: PushModel["state"]): void {
    if (sessionLost(refusal, this.page, this.host)) return;
    this.page.push.state = state;
    this.finish(this.host.refusalText(refusal));
  }

  private done(state: PushModel["state"] | undefined, error?: (typeof FAILURES)[keyof typeof FAILURES] | "account.offline"): void {
    if (state !== undefined) this.page.push.state = state;
    this.finish(error === undefined ? "" : t(error));
  }

  /** The action over: its error said, and the focus back on the button (or the card, without one). */
  private finish(error: string): void {
    this.page.busy = undefined;
    this.page.push.error = error;
    this.host.changed();
    const state = this.page.push.state;
    this.host.focus(state === "on" || state === "off" ? PUSH_BUTTON : PUSH_HEADING);
  }
}
