// The words for a server that refuses this client's address (an address ban): why, and until
// when in the page's language and the device's time zone.

import { getLanguage, t } from "../i18n";
import type { AddressBannedError } from "../net/game_types";

/** The server's reason is shown as it was written, cut short where it would flood the banner. */
const MAX_REASON_CHARS = 500;

export function addressBanWords(ban: AddressBannedError): string {
  const until =
    ban.endsAt === null
      ? t("status.banForever")
      : t("status.banUntil", {
          time: new Intl.DateTimeFormat(getLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(ban.endsAt * 1000)),
        });
  const reason = [...ban.reason.trim()].slice(0, MAX_REASON_CHARS).join("");
  return t("status.addressBanned", { until, reason });
}
