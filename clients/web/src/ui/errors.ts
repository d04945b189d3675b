// A clear message, in the current language, for each server ErrorCode and for the client's own
// connection errors.

import { ErrorCode, type Error as ErrorBody } from "../gen/carc/v1/session_pb";
import { t, type MessageKey } from "../i18n";
import { ConnectionError, RequestTimeoutError, ServerError } from "../net/client";

/** The message key of an ErrorCode, undefined for a number this client does not know. */
export function errorKey(code: ErrorCode): MessageKey | undefined {
  const name = ErrorCode[code] as string | undefined;
  return name === undefined ? undefined : (`error.${name}` as MessageKey);
}

export function errorCodeMessage(code: ErrorCode): string {
  const key = errorKey(code);
  // A code, not a quantity: no digit grouping.
  return key === undefined ? t("error.unknown", { code: String(code) }) : t(key);
}

/** The most of the server's own words shown after a refusal of room options. */
export const MAX_DETAIL_CHARS = 200;

/** The refusals whose server text says what the code alone cannot. */
const WITH_DETAIL: ReadonlySet<ErrorCode> = new Set([ErrorCode.INVALID_OPTIONS, ErrorCode.MUTED, ErrorCode.REFUSED_WORD, ErrorCode.INVALID_REPORT, ErrorCode.KICKED, ErrorCode.ROOM_CLOSED, ErrorCode.ABANDON_LIMIT]);

/**
 * What to show for an Error from the server. A refusal of room options also gets the server's
 * own text (English), which names the option and its range: the code alone does not say which;
 * so does a mute (until when, and why), a kick or a closed room (why).
 */
export function errorMessage(error: ErrorBody): string {
  const text = errorCodeMessage(error.code);
  if (!WITH_DETAIL.has(error.code)) return text;
  const detail = [...error.message.trim()].slice(0, MAX_DETAIL_CHARS).join("");
  return detail === "" ? text : `${text} (${detail})`;
}

/** What to show for a failed request. */
export function describeError(e: unknown): string {
  if (e instanceof ServerError) return errorMessage(e.body);
  if (e instanceof RequestTimeoutError) return t("error.timeout");
  if (e instanceof ConnectionError) return t("error.connection");
  return t("error.UNSPECIFIED");
}
