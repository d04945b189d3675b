// The browser's and the server's steps of "notifications on this device" (Web Push): whether this
// browser can have them here, whether it has them, turning them on (the permission, the server's
// VAPID key, the browser's subscription, sent to the server with the page's language) and off
// (the subscription ended, the server told). Each step says its outcome in one word; the page
// (push_actions.ts) words it. The service worker (public/sw.js) shows the notices.
//
// The server's contract: GET /api/push/vapid-public-key -> {"key"} (503: no notices from this
// server; 404 from a server older than them reads the same); POST /api/me/push-subscriptions {endpoint, keys: {p256dh, auth}, lang} -> 201/200,
// 409 at the account's maximum of devices; DELETE /api/me/push-subscriptions {endpoint} -> 204.

import type { AccountApi, Refusal } from "./account_api";
import { fromBase64url } from "./base64url";

/** The parts of a PushSubscription used here (a test gives its own). */
export interface Subscription {
  readonly endpoint: string;
  readonly options: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

export interface Pusher {
  getSubscription(): Promise<Subscription | null>;
  subscribe(options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer }): Promise<Subscription>;
}

/** The browser's side: the notification permission and the worker registration's PushManager. */
export interface PushBrowser {
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** Rejects when no worker becomes active (the registration failed). */
  pushManager(): Promise<Pusher>;
}

/** How long to wait for the service worker to become active before giving up. */
const WORKER_WAIT_MS = 10_000;

/** This browser's push parts, or undefined where notices cannot work on this page (no secure
 * context, no service worker, no Push API, no notifications: e.g. Safari on iOS outside an
 * installed web app). */
export function browserPush(): PushBrowser | undefined {
  if (typeof window === "undefined" || !window.isSecureContext) return undefined;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return undefined;
  return {
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    pushManager: async () => {
      // The page registers the worker once loaded (main.ts); again here costs nothing and covers
      // a page opened on the account screen before that.
      await navigator.serviceWorker.register("/sw.js");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no active service worker")), WORKER_WAIT_MS)));
      const ready = await Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
      return ready.pushManager as unknown as Pusher;
    },
  };
}

export type PushState = "denied" | "on" | "off";

/** Whether this device gets notices now: "denied" when the browser blocks them for the site. */
export async function pushState(browser: PushBrowser): Promise<PushState> {
  const permission = browser.permission();
  if (permission === "denied") return "denied";
  const subscription = await (await browser.pushManager()).getSubscription();
  return subscription !== null && permission === "granted" ? "on" : "off";
}

/**
 * Why turning notices on did not end "on": the player blocked them ("denied") or closed the
 * browser's question ("dismissed"), the server sends none ("no-push"), the account has its
 * maximum of devices ("too-many"), the browser failed ("failed"), or the server refused otherwise.
 */
export type PushFailure = "denied" | "dismissed" | "no-push" | "too-many" | "failed" | Refusal;

/** An uncompressed P-256 point: 0x04, then x and y of 32 bytes each. */
const KEY_BYTES = 65;

function sameBytes(a: ArrayBuffer | null, b: ArrayBuffer): boolean {
  if (a === null || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  return x.every((byte, i) => byte === y[i]);
}

function readKey(text: string): ArrayBuffer | undefined {
  try {
    const key = fromBase64url(text);
    return key.byteLength === KEY_BYTES && new Uint8Array(key)[0] === 4 ? key : undefined;
  } catch {
    return undefined;
  }
}

/** Turns notices on for this device, in `lang`; undefined when they are on. */
export async function turnOn(browser: PushBrowser, api: AccountApi, lang: string): Promise<PushFailure | undefined> {
  // The server's key first: a server that sends no notices (503, or 404 from one that predates
  // them) is said so without asking the player for a permission it could not use.
  const answer = await api.pushKey();
  if (!answer.ok) return answer.refusal.status === 503 || answer.refusal.status === 404 ? "no-push" : answer.refusal;
  const key = readKey(answer.value);
  if (!key) return { status: 200, error: "" };
  const permission = browser.permission() === "granted" ? "granted" : await browser.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "dismissed";
  let subscription: Subscription;
  try {
    const pusher = await browser.pushManager();
    const kept = await pusher.getSubscription();
    // A subscription for another key (the server's keys were replaced) cannot be reused, and
    // subscribe() refuses while it exists.
    if (kept && !sameBytes(kept.options.applicationServerKey, key)) await kept.unsubscribe();
    subscription = kept && sameBytes(kept.options.applicationServerKey, key) ? kept : await pusher.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (e) {
    return e instanceof Error && e.name === "NotAllowedError" ? "denied" : "failed";
  }
  const json = subscription.toJSON();
  const sent = await api.addPushSubscription({ endpoint: json.endpoint ?? subscription.endpoint, keys: json.keys ?? {}, lang });
  if (sent.ok) return undefined;
  // The browser's subscription goes too: notices the server does not send should not show "on".
  await subscription.unsubscribe().catch(() => false);
  return sent.refusal.status === 409 ? "too-many" : sent.refusal;
}

/** Turns notices off for this device: the browser's subscription ends first, so that no notice
 * comes even if the server cannot be told (its next push is then refused as gone). */
export async function turnOff(browser: PushBrowser, api: AccountApi): Promise<Refusal | undefined> {
  const subscription = await (await browser.pushManager()).getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe().catch(() => false);
  const answer = await api.removePushSubscription(subscription.endpoint);
  return answer.ok ? undefined : answer.refusal;
}
