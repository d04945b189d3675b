// The service worker's push notices in Chromium (public/sw.js): the page, loaded once from the
// server, registers the worker; with the notification permission granted, a synthetic PushEvent
// carrying a "your turn" payload in German is dispatched in the worker, and the notification it
// shows is read back (registration.getNotifications()); then a synthetic notificationclick on
// that notification takes the open page to the room's address. A hostile payload (not JSON)
// still shows the generic notice.
//
// Synthetic events are not trusted: in them waitUntil() throws (after showNotification() has
// been called) and a window cannot be focused, so the test reads the notifications by polling
// and checks the navigation of the window already open, not the focus. No push service is
// involved: the server's sending side is not in this test.

import { describe, expect, it } from "vitest";
import { DESKTOP, useHarness, waitConnected } from "./harness";

const ROOM = "ABCD2345";

interface Shown {
  title: string;
  body: string;
  tag: string;
  lang: string;
  data: unknown;
}

describe("push notices", () => {
  const harness = useHarness();

  it("shows a pushed notice in its language and opens its room on a click", async () => {
    const started = Date.now();
    const page = await harness.newPage(DESKTOP);
    const context = page.context();
    await context.grantPermissions(["notifications"], { origin: harness.base });
    const registered = context.waitForEvent("serviceworker");
    await page.goto(harness.base);
    await waitConnected(page);
    const worker = context.serviceWorkers()[0] ?? (await registered);
    // Active, and controlling the page (the worker claims its clients when it activates).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    /** Dispatches a push carrying `data` in the worker; the notifications it shows then. */
    const push = (data: string) =>
      worker.evaluate(async (text: string) => {
        const scope = self as unknown as {
          registration: { getNotifications(): Promise<Notification[]> };
          dispatchEvent(event: Event): boolean;
        };
        for (const old of await scope.registration.getNotifications()) old.close();
        const PushEventClass = (self as unknown as { PushEvent: new (type: string, init: { data: string }) => Event }).PushEvent;
        scope.dispatchEvent(new PushEventClass("push", { data: text }));
        for (let i = 0; i < 100; i++) {
          const shown = await scope.registration.getNotifications();
          if (shown.length > 0) return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, data: n.data as unknown }));
          await new Promise((r) => setTimeout(r, 50));
        }
        return [];
      }, data) as Promise<Shown[]>;

    const shown = await push(JSON.stringify({ kind: "turn", room: ROOM, url: `/r/${ROOM}`, game: "castle", lang: "de" }));
    expect(shown).toEqual([
      { title: `Du bist am Zug in Raum ${ROOM}`, body: "Die Burg: Die anderen warten auf deinen Zug.", tag: `room-${ROOM}`, lang: "de", data: { url: `/r/${ROOM}` } },
    ]);

    const generic = await push("<html>not json</html>");
    expect(generic.map((n) => [n.title, n.body, n.data])).toEqual([["Carcassonne", "Something happened in one of your games.", { url: "/" }]]);

    // The click on the room's notice, shown again: the open page goes to the room.
    await push(JSON.stringify({ kind: "turn", room: ROOM, url: `/r/${ROOM}`, game: "base", lang: "en" }));
    expect(page.url()).toBe(`${harness.base}/`);
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: { getNotifications(): Promise<Notification[]> }; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      scope.dispatchEvent(new NotificationEventClass("notificationclick", { notification: notification! }));
    });
    await page.waitForURL(`${harness.base}/r/${ROOM}`, { timeout: 10_000 });
    // The click closed it.
    await expect.poll(() => worker.evaluate(async () => (await (self as unknown as { registration: { getNotifications(): Promise<unknown[]> } }).registration.getNotifications()).length)).toBe(0);
    console.log(`push notices in Chromium: ${Date.now() - started} ms`);
  });
});
