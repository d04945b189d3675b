// Telling a player it is their turn when they look elsewhere: the tab's title and its icon get a
// mark, the phone vibrates once, and, for those who ask for it, a notification while the tab is
// hidden and a short tone. Only on the change to "your turn", never repeated while it lasts;
// everything is undone when the turn passes or the connection is lost (a tab that cannot send
// a move must not say it may).

import { t } from "../i18n";

export const TURN_ALERTS_STORAGE_KEY = "carc.turnAlerts";

/** What the notice needs of the page; the browser's own objects unless a test gives others. */
export interface NoticeEnvironment {
  doc: Document;
  storage?: Storage | undefined;
  vibrate?: ((ms: number) => void) | undefined;
  notify?: ((title: string, body: string) => void) | undefined;
  /** Asks for permission to notify; resolves true when granted. */
  requestPermission?: (() => Promise<boolean>) | undefined;
  beep?: (() => void) | undefined;
}

const BADGE_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='2' fill='%236b8e23'/%3E%3Cpath d='M3 13V6h2v2h2V6h2v2h2V6h2v7z' fill='%23c8a165'/%3E%3Ccircle cx='12.5' cy='3.5' r='3.5' fill='%23d32f2f'/%3E%3C/svg%3E";

export class TurnNotice {
  private awaiting = false;
  private baseTitle: string;
  private baseIcon: string | undefined;
  private alerts: boolean;

  constructor(private readonly env: NoticeEnvironment) {
    this.baseTitle = env.doc.title;
    this.baseIcon = this.iconLink()?.getAttribute("href") ?? undefined;
    let stored: string | null = null;
    try {
      stored = env.storage?.getItem(TURN_ALERTS_STORAGE_KEY) ?? null;
    } catch {
      stored = null;
    }
    this.alerts = stored === "on";
  }

  /** Whether the player asked for notifications and a tone. */
  get alertsOn(): boolean {
    return this.alerts;
  }

  /** The page's state after each change: `awaiting` the game waits for this player. */
  update(awaiting: boolean): void {
    if (awaiting === this.awaiting) return;
    this.awaiting = awaiting;
    const doc = this.env.doc;
    if (!awaiting) {
      doc.title = this.baseTitle;
      if (this.baseIcon !== undefined) this.iconLink()?.setAttribute("href", this.baseIcon);
      return;
    }
    doc.title = `● ${t("game.turn")} · ${this.baseTitle}`;
    this.iconLink()?.setAttribute("href", BADGE_ICON);
    this.env.vibrate?.(200);
    if (this.alerts) {
      this.env.beep?.();
      if (doc.visibilityState === "hidden") this.env.notify?.(this.baseTitle, t("game.turn"));
    }
  }

  /** Turns the notification and the tone on (asking the browser first) or off; kept. */
  async setAlerts(on: boolean): Promise<boolean> {
    if (on && this.env.requestPermission && !(await this.env.requestPermission())) on = false;
    this.alerts = on;
    try {
      this.env.storage?.setItem(TURN_ALERTS_STORAGE_KEY, on ? "on" : "off");
    } catch {
      // Only a convenience for the next visit.
    }
    return on;
  }

  private iconLink(): HTMLLinkElement | null {
    return this.env.doc.querySelector<HTMLLinkElement>("link[rel='icon']");
  }
}

/** The browser's means, where it has them. */
export function browserNoticeEnvironment(doc: Document, storage: Storage | undefined): NoticeEnvironment {
  const win = doc.defaultView;
  const nav = win?.navigator;
  const NotificationApi = win && "Notification" in win ? win.Notification : undefined;
  let audio: AudioContext | undefined;
  return {
    doc,
    storage,
    vibrate: nav && typeof nav.vibrate === "function" ? (ms) => void nav.vibrate(ms) : undefined,
    notify: NotificationApi
      ? (title, body) => {
          if (NotificationApi.permission === "granted") new NotificationApi(title, { body, tag: "carc-turn" });
        }
      : undefined,
    requestPermission: NotificationApi
      ? async () => (NotificationApi.permission === "granted" ? true : (await NotificationApi.requestPermission()) === "granted")
      : undefined,
    beep: () => {
      const Ctx = win?.AudioContext;
      if (!Ctx) return;
      audio ??= new Ctx();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.25);
    },
  };
}
