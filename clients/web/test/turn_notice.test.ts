// @vitest-environment happy-dom
// The notice of one's turn (issue 20): title and icon marked, one vibration, and for those who
// asked a tone and, in a hidden tab, a notification; all only on the change, undone after.

import { beforeEach, describe, expect, it } from "vitest";
import { setLanguage } from "../src/i18n";
import { MemoryStorage } from "../src/net/resume_token";
import { TURN_ALERTS_STORAGE_KEY, TurnNotice, type NoticeEnvironment } from "../src/ui/turn_notice";

function environment(granted = true) {
  document.head.innerHTML = `<title>Carcassonne</title><link rel="icon" href="data:plain-icon" />`;
  const calls: string[] = [];
  const storage = new MemoryStorage() as unknown as Storage;
  const env: NoticeEnvironment = {
    doc: document,
    storage,
    vibrate: (ms) => calls.push(`vibrate ${ms}`),
    notify: (title, body) => calls.push(`notify ${title}: ${body}`),
    requestPermission: () => Promise.resolve(granted),
    beep: () => calls.push("beep"),
  };
  return { env, calls, storage };
}

const icon = () => document.querySelector("link[rel='icon']")?.getAttribute("href");

describe("turn notice", () => {
  beforeEach(() => setLanguage("en", undefined));

  it("marks the title and the icon and vibrates once when the turn comes, and undoes it after", () => {
    const { env, calls } = environment();
    const notice = new TurnNotice(env);
    notice.update(false);
    expect(calls).toEqual([]);
    notice.update(true);
    expect(document.title).toBe("● Your turn · Carcassonne");
    expect(icon()).not.toBe("data:plain-icon");
    notice.update(true);
    expect(calls).toEqual(["vibrate 200"]);
    notice.update(false);
    expect(document.title).toBe("Carcassonne");
    expect(icon()).toBe("data:plain-icon");
  });

  it("adds a tone, and a notification in a hidden tab, only once asked for", async () => {
    const { env, calls, storage } = environment();
    const notice = new TurnNotice(env);
    expect(notice.alertsOn).toBe(false);
    expect(await notice.setAlerts(true)).toBe(true);
    expect(storage.getItem(TURN_ALERTS_STORAGE_KEY)).toBe("on");
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    notice.update(true);
    expect(calls).toEqual(["vibrate 200", "beep", "notify Carcassonne: Your turn"]);
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    notice.update(false);
    notice.update(true);
    // Visible: the tab itself shows it, no notification.
    expect(calls.slice(3)).toEqual(["vibrate 200", "beep"]);
    // The choice is kept for the next visit.
    expect(new TurnNotice(environment().env).alertsOn).toBe(false);
    expect(new TurnNotice({ ...env, storage }).alertsOn).toBe(true);
  });

  it("stays off when the browser refuses to notify", async () => {
    const { env, calls } = environment(false);
    const notice = new TurnNotice(env);
    expect(await notice.setAlerts(true)).toBe(false);
    expect(notice.alertsOn).toBe(false);
    notice.update(true);
    expect(calls).toEqual(["vibrate 200"]);
  });
});
