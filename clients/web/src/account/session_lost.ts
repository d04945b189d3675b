// An account action answered 401: the server no longer knows this browser's session (it expired,
// or the player signed out on another device). Every card's action ends alike: the page is no
// longer busy, and the account screens go back to signing in.

import type { Refusal } from "./account_api";
import type { AccountPageModel } from "./account_page";

export interface SessionHost {
  /** The server does not know this browser's session any more. */
  signedOutMeanwhile(): void;
}

/** True, and the page signed out, when `refusal` says the session is gone. */
export function sessionLost(refusal: Refusal | undefined, page: AccountPageModel, host: SessionHost): boolean {
  if (refusal?.status !== 401) return false;
  page.busy = undefined;
  host.signedOutMeanwhile();
  return true;
}
