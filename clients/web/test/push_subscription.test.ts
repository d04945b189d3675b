// @vitest-environment happy-dom

// "Notifications on this device" on the account page (src/account/push_subscription.ts,
// push_actions.ts, push_card.ts): the card's state as the browser has it (unsupported, blocked,
// on, off); turning notices on (the permission asked, the server's key given to subscribe(), the
// subscription and the page's language posted) and off (unsubscribed, the server told); the
// server's refusals (no notices here, too many devices) and the browser's block in words. The
// browser's Notification, service worker and PushManager are fakes that record what they were
// asked; the server is a FakeAccountServer.

import { afterEach, describe, expect, it, vi } from "vitest";
import { toBase64url } from "../src/account/base64url";
import { setLanguage } from "../src/i18n";
import { accountPage, byId } from "./account_page";
import { FakeAccountServer, json } from "./fake_account_server";

/** A P-256 public key as the server gives it: 0x04 and 64 bytes. */
const KEY = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i));
const KEY_TEXT = toBase64url(KEY);
const ENDPOINT = "https://push.example/send/abc";

class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly key: Uint8Array,
  ) {}
  get options() {
    return { applicationServerKey: this.key.slice().buffer };
  }
  toJSON(): PushSubscriptionJSON {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: "BPub", auth: "QXV0aA" } };
  }
  async unsubscribe(): Promise<boolean> {
    this.unsubscribed = true;
    fake.subscription = null;
    return true;
  }
}

/** The browser's parts, as a test sets them up. */
let fake: {
  permission: NotificationPermission;
  /** What requestPermission() answers. */
  answer: NotificationPermission;
  asked: number;
  subscription: FakeSubscription | null;
  subscribed: { userVisibleOnly: boolean; applicationServerKey: number[] }[];
};

function fakeBrowser(permission: NotificationPermission = "default", answer: NotificationPermission = "granted", subscription: FakeSubscription | null = null) {
  fake = { permission, answer, asked: 0, subscription, subscribed: [] };
  const pushManager = {
    getSubscription: async () => fake.subscription,
    subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer }) => {
      fake.subscribed.push({ userVisibleOnly: options.userVisibleOnly, applicationServerKey: [...new Uint8Array(options.applicationServerKey)] });
      fake.subscription = new FakeSubscription(ENDPOINT, new Uint8Array(options.applicationServerKey));
      return fake.subscription;
    },
  };
  vi.stubGlobal("isSecureContext", true);
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", {
    get permission() {
      return fake.permission;
    },
    requestPermission: async () => {
      fake.asked++;
      fake.permission = fake.answer;
      return fake.answer;
    },
  });
  Object.defineProperty(navigator, "serviceWorker", {
    value: { register: async () => ({}), ready: Promise.resolve({ pushManager }) },
    configurable: true,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
  setLanguage("en", undefined);
});

const status = (root: Element) => byId(root, "push-status").textContent;
const error = (root: Element) => byId(root, "push-error").textContent;
const button = (root: Element) => root.querySelector<HTMLButtonElement>("#push-toggle");
const pushRequests = (server: FakeAccountServer) => server.sent.filter((r) => r.path.includes("push"));

function server() {
  return new FakeAccountServer()
    .on("GET /api/me/passkeys", json(200, { passkeys: [] }))
    .on("GET /api/push/vapid-public-key", json(200, { key: KEY_TEXT }))
    .on("POST /api/me/push-subscriptions", json(201, { id: 4 }))
    .on("DELETE /api/me/push-subscriptions", json(204));
}

/** The account page with `s` for its server, once its notification button is there: clicked. */
async function clickPushButton(s: FakeAccountServer): Promise<HTMLElement> {
  const { root } = await accountPage(s);
  await vi.waitFor(() => expect(button(root)).not.toBeNull());
  button(root)!.click();
  return root;
}

describe("notifications on this device", () => {
  it("says so where the browser cannot have them, with no button", async () => {
    const { root } = await accountPage(server());
    expect(byId(root, "push-heading").textContent).toBe("Notifications on this device");
    expect(status(root)).toMatch(/^This browser cannot show notifications from this page\./);
    expect(button(root)).toBeNull();
  });

  it("turns them on: the permission asked, the server's key subscribed, the subscription and language posted", async () => {
    fakeBrowser();
    const s = server();
    const { root } = await accountPage(s);
    await vi.waitFor(() => expect(status(root)).toBe("Notifications are off for this device."));
    expect(pushRequests(s)).toEqual([]);
    const release = s.hold("POST /api/me/push-subscriptions", json(201, { id: 4 }));
    button(root)!.click();
    await vi.waitFor(() => expect(button(root)!.textContent).toBe("Turning on…"));
    expect(button(root)!.disabled).toBe(true);
    expect(button(root)!.getAttribute("aria-busy")).toBe("true");
    expect(byId<HTMLButtonElement>(root, "sign-out").disabled).toBe(true);
    release();
    await vi.waitFor(() => expect(status(root)).toBe("Notifications are on for this device."));
    expect(fake.asked).toBe(1);
    expect(fake.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: [...KEY] }]);
    expect(pushRequests(s).map((r) => [r.method, r.path, r.body, r.credentials, r.contentType])).toEqual([
      ["GET", "/api/push/vapid-public-key", undefined, "same-origin", null],
      ["POST", "/api/me/push-subscriptions", { endpoint: ENDPOINT, keys: { p256dh: "BPub", auth: "QXV0aA" }, lang: "en" }, "same-origin", "application/json"],
    ]);
    expect(button(root)!.textContent).toBe("Turn off notifications");
    expect(document.activeElement?.id).toBe("push-toggle");
    expect(error(root)).toBe("");
  });

  it("turns them off: unsubscribed in the browser, the server told which endpoint", async () => {
    fakeBrowser("granted", "granted", new FakeSubscription(ENDPOINT, KEY));
    const kept = fake.subscription!;
    const s = server();
    const { root } = await accountPage(s);
    await vi.waitFor(() => expect(status(root)).toBe("Notifications are on for this device."));
    button(root)!.click();
    await vi.waitFor(() => expect(status(root)).toBe("Notifications are off for this device."));
    expect(kept.unsubscribed).toBe(true);
    expect(pushRequests(s).map((r) => [r.method, r.path, r.body])).toEqual([["DELETE", "/api/me/push-subscriptions", { endpoint: ENDPOINT }]]);
    expect(button(root)!.textContent).toBe("Turn on notifications");
    expect(fake.asked).toBe(0);
  });

  it("says how to allow them again when the browser blocks them, before or at the question", async () => {
    fakeBrowser("denied");
    const { root } = await accountPage(server());
    await vi.waitFor(() => expect(status(root)).toMatch(/^The browser blocks notifications from this site\. To allow them again, open the site's settings/));
    expect(button(root)).toBeNull();

    fakeBrowser("default", "denied");
    const s = server();
    const again = await accountPage(s);
    await vi.waitFor(() => expect(button(again.root)).not.toBeNull());
    button(again.root)!.click();
    await vi.waitFor(() => expect(status(again.root)).toMatch(/^The browser blocks notifications/));
    // Only the server's public key was asked for (before the question), nothing was sent.
    expect(pushRequests(s).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/push/vapid-public-key"]);
    expect(fake.subscribed).toEqual([]);
  });

  it("stays off when the browser's question is closed unanswered", async () => {
    fakeBrowser("default", "default");
    const s = server();
    const root = await clickPushButton(s);
    await vi.waitFor(() => expect(error(root)).toBe("Notifications were not turned on: the browser's question was closed without an answer."));
    expect(status(root)).toBe("Notifications are off for this device.");
    expect(pushRequests(s).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/push/vapid-public-key"]);
  });

  it("says when the server sends no notices (404 from one older than them), without asking the player", async () => {
    fakeBrowser("default", "granted");
    const s = server().on("GET /api/push/vapid-public-key", json(404, { error: "no such page" }));
    const root = await clickPushButton(s);
    await vi.waitFor(() => expect(error(root)).toBe("This server sends no notifications."));
    expect(fake.asked).toBe(0);
    expect(fake.subscribed).toEqual([]);
  });

  it("says when the server sends no notices (503), without subscribing", async () => {
    fakeBrowser();
    const s = server().on("GET /api/push/vapid-public-key", json(503, { error: "push notices are off" }));
    const root = await clickPushButton(s);
    await vi.waitFor(() => expect(error(root)).toBe("This server sends no notifications."));
    expect(fake.subscribed).toEqual([]);
    expect(status(root)).toBe("Notifications are off for this device.");
  });

  it("says when the account has its maximum of devices (409), and drops the browser's subscription", async () => {
    fakeBrowser();
    const s = server().on("POST /api/me/push-subscriptions", json(409, { error: "too many subscriptions" }));
    const root = await clickPushButton(s);
    await vi.waitFor(() => expect(error(root)).toMatch(/^Your account already gets notifications on as many devices as it may \(10\)\./));
    expect(fake.subscribed).toHaveLength(1);
    expect(fake.subscription).toBeNull();
    expect(status(root)).toBe("Notifications are off for this device.");
    expect(document.activeElement?.id).toBe("push-toggle");
  });

  it("refuses a key that is no P-256 point, and replaces a subscription made for another key", async () => {
    fakeBrowser();
    const s = server().once("GET /api/push/vapid-public-key", json(200, { key: "AAAA" }));
    const root = await clickPushButton(s);
    await vi.waitFor(() => expect(error(root)).not.toBe(""));
    expect(fake.subscribed).toEqual([]);

    const old = new FakeSubscription("https://push.example/send/old", new Uint8Array(65).fill(4));
    fake.subscription = old;
    button(root)!.click();
    await vi.waitFor(() => expect(status(root)).toBe("Notifications are on for this device."));
    expect(old.unsubscribed).toBe(true);
    expect(fake.subscribed.map((x) => x.applicationServerKey)).toEqual([[...KEY]]);
    expect(pushRequests(s).at(-1)?.body).toMatchObject({ endpoint: ENDPOINT });
  });

  it("sends the page's language and words the card in it", async () => {
    fakeBrowser();
    setLanguage("de", undefined);
    const s = server();
    const { root } = await accountPage(s);
    await vi.waitFor(() => expect(status(root)).toBe("Benachrichtigungen sind auf diesem Gerät aus."));
    button(root)!.click();
    await vi.waitFor(() => expect(status(root)).toBe("Benachrichtigungen sind auf diesem Gerät an."));
    expect(pushRequests(s).at(-1)?.body).toMatchObject({ lang: "de" });
  });
});
