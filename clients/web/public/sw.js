// The service worker, plain JavaScript served as it is (a classic script at a fixed address, which
// the browser checks for updates byte by byte; vite's build hashes and bundles what it builds).
//
// Its cache keeps only the build's hashed files (/assets/..., whose names change with their
// content, so a kept copy is never stale) and answers them from there. The page itself, the API,
// /metrics and the WebSocket always go to the server: it is the only authority, and a game is
// never played from a cache. Bounded: at most MAX_ENTRIES files are kept; the oldest go first. A
// new version of this file (a new CACHE name) drops the caches of the old one.
//
// Its notices (Web Push): the server's push message says what happened in which room
// ({"kind", "room", "url", "game", "from", "lang"}, docs in src/account/push_subscription.ts);
// every field is untrusted. A push always shows a notification, whatever its payload (browsers
// withdraw the permission of a site whose pushes show nothing): an unknown kind, a payload that
// is not JSON or a room that is not a room code make the generic notice. A click opens the
// notice's page, a path of this origin only (anything else opens "/"), in a window of the site
// already open if there is one.

const CACHE = "carc-assets-v1";
const MAX_ENTRIES = 60;

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

function isHashedAsset(request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  return url.origin === self.location.origin && url.pathname.startsWith("/assets/");
}

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(old);
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  // Everything else is not intercepted at all: the browser fetches it as if there were no worker.
  if (isHashedAsset(event.request)) event.respondWith(fromCacheOrNetwork(event.request));
});

// The notices' words, by language and kind (the page's own i18n tables are bundled into the
// page's chunks, which a worker cannot load). test/push_worker.test.ts checks that every language
// has every kind, title and body, with the same placeholders as English.
const PUSH_WORDS = {
  en: {
    turn: { title: "Your turn in room {room}", body: "{game}: the others are waiting for your move." },
    reminder: { title: "Reminder: room {room} is waiting for your move", body: "{game}: your turn is still open." },
    invitation: { title: "{from} invites you to room {room}", body: "{game}: open the room to take a seat." },
    invitationAnon: { title: "You are invited to room {room}", body: "{game}: open the room to take a seat." },
    game_over: { title: "Game over in room {room}", body: "{game}: see the final scores." },
    generic: { title: "Carcassonne", body: "Something happened in one of your games." },
    games: { base: "Carcassonne", castle: "The Castle" },
  },
  de: {
    turn: { title: "Du bist am Zug in Raum {room}", body: "{game}: Die anderen warten auf deinen Zug." },
    reminder: { title: "Erinnerung: Raum {room} wartet auf deinen Zug", body: "{game}: Du bist noch am Zug." },
    invitation: { title: "{from} lädt dich in Raum {room} ein", body: "{game}: Öffne den Raum, um Platz zu nehmen." },
    invitationAnon: { title: "Du bist in Raum {room} eingeladen", body: "{game}: Öffne den Raum, um Platz zu nehmen." },
    game_over: { title: "Spielende in Raum {room}", body: "{game}: Sieh dir die Endwertung an." },
    generic: { title: "Carcassonne", body: "In einem deiner Spiele ist etwas passiert." },
    games: { base: "Carcassonne", castle: "Die Burg" },
  },
  nl: {
    turn: { title: "Jij bent aan de beurt in kamer {room}", body: "{game}: de anderen wachten op je zet." },
    reminder: { title: "Herinnering: kamer {room} wacht op je zet", body: "{game}: je bent nog steeds aan de beurt." },
    invitation: { title: "{from} nodigt je uit in kamer {room}", body: "{game}: open de kamer om aan te schuiven." },
    invitationAnon: { title: "Je bent uitgenodigd in kamer {room}", body: "{game}: open de kamer om aan te schuiven." },
    game_over: { title: "Spel afgelopen in kamer {room}", body: "{game}: bekijk de eindstand." },
    generic: { title: "Carcassonne", body: "Er is iets gebeurd in een van je spellen." },
    games: { base: "Carcassonne", castle: "Het Kasteel" },
  },
  sv: {
    turn: { title: "Din tur i rum {room}", body: "{game}: de andra väntar på ditt drag." },
    reminder: { title: "Påminnelse: rum {room} väntar på ditt drag", body: "{game}: det är fortfarande din tur." },
    invitation: { title: "{from} bjuder in dig till rum {room}", body: "{game}: öppna rummet för att ta en plats." },
    invitationAnon: { title: "Du är inbjuden till rum {room}", body: "{game}: öppna rummet för att ta en plats." },
    game_over: { title: "Spelet är slut i rum {room}", body: "{game}: se slutresultatet." },
    generic: { title: "Carcassonne", body: "Något har hänt i ett av dina spel." },
    games: { base: "Carcassonne", castle: "Borgen" },
  },
};

const PUSH_KINDS = ["turn", "reminder", "invitation", "game_over"];
/** Room codes as the server makes them (8 of A-Z and 2-9); a little looser, never markup or a path. */
const ROOM_CODE = /^[A-Z0-9]{4,12}$/;
/** Account names have at most 20 characters; a longer `from` is cut, not trusted to fit. */
const MAX_FROM_CHARS = 20;
const NOTICE_ICON = "/icons/icon-192.png";

/** `key` is a string naming one of `table`'s own entries (not "toString", not "__proto__"). */
function own(table, key) {
  return typeof key === "string" && Object.prototype.hasOwnProperty.call(table, key);
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? params[name] : whole));
}

/** The payload as JSON, or {} when it is none (no data, not JSON, not an object). */
function pushPayload(data) {
  try {
    const json = data ? data.json() : undefined;
    return json !== null && typeof json === "object" && !Array.isArray(json) ? json : {};
  } catch {
    return {};
  }
}

/** A path of this origin to open ("/r/ABCD2345"), or "/" for anything else (another origin,
 * "//host", "javascript:", not a string). */
function safePath(url) {
  if (typeof url !== "string" || !url.startsWith("/") || url.length > 512) return "/";
  try {
    const resolved = new URL(url, self.location.origin);
    if (resolved.origin !== self.location.origin) return "/";
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return "/";
  }
}

/** The notification a push payload makes: its title and showNotification's options. */
function pushNotice(payload) {
  const lang = own(PUSH_WORDS, payload.lang) ? payload.lang : "en";
  const words = PUSH_WORDS[lang];
  const room = typeof payload.room === "string" && ROOM_CODE.test(payload.room) ? payload.room : undefined;
  const from = typeof payload.from === "string" ? [...payload.from.trim()].slice(0, MAX_FROM_CHARS).join("") : "";
  let kind = PUSH_KINDS.includes(payload.kind) && room !== undefined ? payload.kind : "generic";
  if (kind === "invitation" && from === "") kind = "invitationAnon";
  const game = own(words.games, payload.game) ? words.games[payload.game] : words.games.base;
  const params = { room, from, game };
  const url = payload.url === undefined && room !== undefined ? `/r/${room}` : safePath(payload.url);
  return {
    title: fill(words[kind].title, params),
    options: {
      body: fill(words[kind].body, params),
      lang,
      icon: NOTICE_ICON,
      // A newer notice of a room replaces the older one, and says so again (renotify).
      tag: room === undefined ? "carc" : `room-${room}`,
      renotify: true,
      data: { url },
    },
  };
}

self.addEventListener("push", (event) => {
  let notice;
  try {
    notice = pushNotice(pushPayload(event.data));
  } catch {
    notice = pushNotice({});
  }
  event.waitUntil(self.registration.showNotification(notice.title, notice.options));
});

/** Brings the page at `path` to the front: a window already there, else one of the site's
 * windows taken there, else a new one. */
async function openNotice(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const there = windows.find((w) => w.url === target);
  if (there) return there.focus();
  const other = windows.find((w) => w.focused) ?? windows[0];
  if (other) {
    // Focused first, while the click still allows it; navigate() works only for a window this
    // worker controls: a new window when it does not.
    await other.focus().catch(() => undefined);
    const moved = await other.navigate(target).catch(() => null);
    if (moved) return moved;
  }
  return self.clients.openWindow(target);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data;
  event.waitUntil(openNotice(safePath(data !== null && typeof data === "object" ? data.url : undefined)));
});
