// A clear message, in the current language, for each server ErrorCode and for the client's own
// connection errors.

import { ErrorCode } from "../gen/carc/v1/session_pb";
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

/** What to show for a failed request. */
export function describeError(e: unknown): string {
  if (e instanceof ServerError) return errorCodeMessage(e.code);
  if (e instanceof RequestTimeoutError) return t("error.timeout");
  if (e instanceof ConnectionError) return t("error.connection");
  return t("error.UNSPECIFIED");
}
