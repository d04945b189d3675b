// The page: connects to /ws on the host that served it and shows Home, the room lobby or the
// game in progress (src/ui/app.ts). The game's copy (its mirror, src/games/<game>/) is kept up to
// date, with RequestSnapshot on a gap, a hash mismatch or ERROR_CODE_STALE_SEQ; the resume token
// of CarcClient takes the seat back after a reconnect or a reload.

// First, so that each game's stylesheet (imported by its module) comes after the shared rules
// and wins where both style the same element.
import "./ui/style.css";
import "./ui/game.css";
import "./games/registry";
import { getLanguage, initLanguage, loadLanguage } from "./i18n";
import { CarcClient, sameHostWebSocketUrl } from "./net/client";
import { App } from "./ui/app";
import { browserNoticeEnvironment } from "./ui/turn_notice";

const CLIENT_VERSION = "web-0.1.0";

initLanguage();

const client = new CarcClient({
  url: sameHostWebSocketUrl(window.location),
  clientVersion: CLIENT_VERSION,
});

const root = document.getElementById("app") ?? document.body;
let storage: Storage | undefined;
try {
  storage = window.localStorage;
} catch {
  storage = undefined;
}

const app = new App(root, client, {
  location: window.location,
  history: window.history,
  storage,
  notice: browserNoticeEnvironment(document, storage),
});

window.addEventListener("online", () => client.reconnectNow());

// Installable like an app, and repeat visits take the hashed files from the worker's cache
// (public/sw.js). Browsers allow workers only on secure origins (https, localhost): elsewhere the
// page works as before, without one.
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}

// A page in another language than English waits for its words (one small chunk); should they
// not come, it starts in English, and the language menu can try again.
void loadLanguage(getLanguage())
  .catch(() => initLanguage("en"))
  .finally(() => app.start());
