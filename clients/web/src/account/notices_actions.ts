// What the account page's notices card asks of the server (notices_api.ts) and how the card shows
// it: the preferences read when the page loads; a kind of notice turned on or off (only that
// kind sent, so that a change made on another device to the others stays), the quiet hours saved
// or turned off, and the time zone switched to this device's, each with the page busy meanwhile;
// each refusal in words, beside the part the server named; and the focus back where the player
// was.
//
// Quiet hours are local times, so they are saved with this device's time zone when the kept one
// differs: the player types them as the clock in front of them shows them.

import type { AccountApi, Refusal } from "./account_api";
import type { AccountPageModel } from "./account_page";
import { t, type AccountMessageKey } from "./i18n";
import { getNotices, putNotices, type NoticeChange, type NoticeKind, type NoticePreferences } from "./notices_api";
import {
  DEFAULT_QUIET,
  NOTICES_BUSY,
  NOTICES_FROM,
  NOTICES_HEADING,
  NOTICES_SAVE,
  NOTICES_USE_ZONE,
  NOTICES_ZONE,
  kindBox,
  otherZone,
  type NoticesBusy,
  type NoticesModel,
} from "./notices_card";
import type { PasskeyHost } from "./passkey_actions";
import { refusalDetail } from "./refusal_words";
import { sessionLost } from "./session_lost";
import { clockWords } from "./time_words";

/** What the card needs of the account screens: the same as the passkeys' card. */
export type NoticesHost = PasskeyHost;

type News = Partial<Pick<NoticesModel, "notice" | "error" | "pushError" | "quietError" | "zoneError">>;

/** This browser's time zone ("Europe/Berlin"), "" when it names none. */
export function browserTimeZone(): string {
  try {
    const zone: unknown = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === "string" ? zone : "";
  } catch {
    return "";
  }
}

/** The card's model for a page just opened, with this device's zone as it is now (the player
 * may have travelled since the last time). */
export function emptyNotices(deviceZone = browserTimeZone()): NoticesModel {
  return {
    state: undefined,
    deviceZone,
    quietOn: false,
    from: DEFAULT_QUIET.from,
    to: DEFAULT_QUIET.to,
    pushError: "",
    quietError: "",
    zoneError: "",
    notice: "",
    error: "",
  };
}

/** "22:00" from a time field: a browser that shows seconds gives "22:00:00", which the server
 * does not take; anything else goes as it is, for the server to say what is wrong with it. */
const clockTime = (value: string): string => (/^\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(value) ? value.slice(0, 5) : value.trim());

/** Our words for a refused field, then the server's own (which say which rule). */
function fieldWords(refusal: Refusal, key: AccountMessageKey): string {
  const detail = refusalDetail(refusal);
  return detail === "" ? t(key) : `${t(key)} (${detail})`;
}

export class NoticesActions {
  constructor(
    private readonly page: AccountPageModel,
    private readonly host: NoticesHost,
  ) {}

  /** Reads the preferences; `current`: whether the page still wants the answer. */
  load(api: AccountApi, current: () => boolean): void {
    void getNotices(api).then((answer) => {
      // A 401 is answered by the page's own load (GET /api/me).
      if (!current() || (!answer.ok && answer.refusal.status === 401)) return;
      const model = this.page.notices;
      if (answer.ok) this.kept(answer.value);
      // 404: a server older than these preferences, which shows no card.
      else if (answer.refusal.status !== 404) model.error = this.host.refusalText(answer.refusal);
      this.host.changed();
    });
  }

  async setPushKind(kind: NoticeKind, on: boolean): Promise<void> {
    const model = this.page.notices;
    const state = model.state;
    if (!state) return;
    const api = this.host.api();
    if (!api) return this.finish({ error: t("account.offline") }, kindBox(kind));
    // The box shows the choice while it is sent, and its former state again if refused.
    model.state = { ...state, push: { ...state.push, [kind]: on } };
    this.busy(NOTICES_BUSY.push);
    const answer = await putNotices(api, { push: { [kind]: on } });
    if (answer.ok) {
      // The quiet hours' form keeps what the player may have typed and not saved yet.
      model.state = answer.value;
      return this.finish({ notice: t("notices.saved") }, kindBox(kind));
    }
    model.state = state;
    if (answer.refusal.status === 400 && answer.refusal.field === "push") {
      return this.finish({ pushError: fieldWords(answer.refusal, "notices.pushRefused") }, kindBox(kind));
    }
    this.refused(answer.refusal, kindBox(kind));
  }

  /** The box only: nothing is sent before Save. */
  setQuietOn(on: boolean): void {
    const model = this.page.notices;
    model.quietOn = on;
    // A time cleared and then turned off and on again starts over from the usual night.
    if (on && model.from === "") model.from = DEFAULT_QUIET.from;
    if (on && model.to === "") model.to = DEFAULT_QUIET.to;
    model.quietError = "";
    this.host.changed();
  }

  async saveQuiet(): Promise<void> {
    const model = this.page.notices;
    const state = model.state;
    if (!state) return;
    const api = this.host.api();
    if (!api) return this.finish({ error: t("account.offline") }, NOTICES_SAVE);
    const change: NoticeChange = { quiet: model.quietOn ? { from: clockTime(model.from), to: clockTime(model.to) } : null };
    // The times typed are this device's clock's; without quiet hours the zone matters to nothing.
    if (model.quietOn && otherZone(model)) change.timeZone = model.deviceZone;
    this.busy(NOTICES_BUSY.quiet);
    const answer = await putNotices(api, change);
    if (answer.ok) {
      this.kept(answer.value);
      const quiet = answer.value.quiet;
      const notice = quiet ? t("notices.quietSaved", { from: clockWords(quiet.from), to: clockWords(quiet.to) }) : t("notices.quietOff");
      return this.finish({ notice }, NOTICES_SAVE);
    }
    this.zoneOrQuietRefused(answer.refusal, NOTICES_SAVE);
  }

  async useDeviceZone(): Promise<void> {
    const model = this.page.notices;
    const zone = model.deviceZone;
    if (!model.state || zone === "") return;
    const api = this.host.api();
    if (!api) return this.finish({ error: t("account.offline") }, NOTICES_HEADING);
    this.busy(NOTICES_BUSY.zone);
    const answer = await putNotices(api, { timeZone: zone });
    if (answer.ok) {
      model.state = answer.value;
      // Its button is gone: the zone's line has the focus, and says it.
      return this.finish({ notice: t("notices.zoneSaved", { zone: answer.value.timeZone }) }, NOTICES_ZONE);
    }
    this.zoneOrQuietRefused(answer.refusal, NOTICES_USE_ZONE);
  }

  /** The state the server keeps, and the quiet hours' form as it says (the usual night when
   * there are none, ready for the box). */
  private kept(state: NoticePreferences): void {
    const model = this.page.notices;
    model.state = state;
    model.quietOn = state.quiet !== null;
    model.from = state.quiet?.from ?? DEFAULT_QUIET.from;
    model.to = state.quiet?.to ?? DEFAULT_QUIET.to;
  }

  private zoneOrQuietRefused(refusal: Refusal, focus: string): void {
    const model = this.page.notices;
    if (refusal.status === 400 && refusal.field === "quiet") {
      return this.finish({ quietError: fieldWords(refusal, "notices.quietRefused") }, model.quietOn ? NOTICES_FROM : focus);
    }
    if (refusal.status === 400 && refusal.field === "time_zone") {
      // A zone this server's database lacks (newer than its tzdata): neither offered nor sent
      // again, so that the hours can still be saved, in the kept zone the card names. Save says
      // why (its description), the offer's button being gone.
      model.deviceZone = "";
      return this.finish({ zoneError: fieldWords(refusal, "notices.zoneRefused") }, NOTICES_SAVE);
    }
    this.refused(refusal, focus);
  }

  private busy(busy: NoticesBusy): void {
    this.page.busy = busy;
    this.news({});
    this.host.changed();
  }

  private refused(refusal: Refusal, focus: string): void {
    if (sessionLost(refusal, this.page, this.host)) return;
    this.finish({ error: this.host.refusalText(refusal) }, focus);
  }

  private news(news: News): void {
    const model = this.page.notices;
    model.notice = news.notice ?? "";
    model.error = news.error ?? "";
    model.pushError = news.pushError ?? "";
    model.quietError = news.quietError ?? "";
    model.zoneError = news.zoneError ?? "";
  }

  /** The change over: its news said, and the focus back on its control (off while it ran). */
  private finish(news: News, focus: string): void {
    this.page.busy = undefined;
    this.news(news);
    this.host.changed();
    this.host.focus(focus);
  }
}
