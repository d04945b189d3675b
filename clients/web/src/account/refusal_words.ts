// A refused request of the account API in the player's words: no network, a busy server (with
// how long to wait), a refusal or a failure with the server's own words after ours. Shared by the
// account screens and the home page's invitations (a chunk of their own).

import type { Refusal } from "./account_api";
import { t } from "./i18n";
import { waitWords } from "./time_words";

/** The most of the server's own words shown after a refusal. */
export const MAX_DETAIL_CHARS = 200;

/** The server's words, cut to MAX_DETAIL_CHARS characters. */
export const refusalDetail = (refusal: Refusal): string => [...refusal.error.trim()].slice(0, MAX_DETAIL_CHARS).join("");

/** A refusal in words, when no field or form of its own says more. */
export function refusalText(refusal: Refusal): string {
  if (refusal.status === 0) return t("account.offline");
  if (refusal.status === 503 || refusal.status === 429) return t("account.busyServer", { when: waitText(refusal) });
  const detail = refusalDetail(refusal);
  const text = refusal.status >= 400 && refusal.status < 500 ? t("account.refused") : t("account.failed", { status: String(refusal.status) });
  return detail === "" ? text : `${text} (${detail})`;
}

/** How long the server said to wait ("in 4 seconds"), or "in a moment". */
export function waitText(refusal: Refusal): string {
  return refusal.retryAfter !== undefined ? waitWords(refusal.retryAfter) : t("account.soon");
}
