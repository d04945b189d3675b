// Copying the invite link: the asynchronous clipboard where the browser allows it, otherwise
// the link is selected so that the player can copy it.

import { t } from "../i18n";

export interface ClipboardLike {
  writeText(text: string): Promise<void>;
}

export type CopyResult = "copied" | "selected";

export async function copyText(
  text: string,
  input: HTMLInputElement,
  clipboard: ClipboardLike | undefined = defaultClipboard(),
): Promise<CopyResult> {
  if (clipboard) {
    try {
      await clipboard.writeText(text);
      return "copied";
    } catch {
      // Refused (no permission, not a secure context): fall back to selecting.
    }
  }
  input.focus();
  input.select();
  try {
    const doc = input.ownerDocument as Document & { execCommand?: (cmd: string) => boolean };
    if (typeof doc.execCommand === "function" && doc.execCommand("copy")) return "copied";
  } catch {
    // Not supported: the selection stays for the player to copy.
  }
  return "selected";
}

/**
 * Copies an input's text and says how it went, in words, in the live region `live()` finds
 * once the copy has ended (the page may have been drawn again meanwhile); returns the words.
 */
export async function copyAndSay(input: HTMLInputElement, live: () => Element | null): Promise<string> {
  const notice = (await copyText(input.value, input)) === "copied" ? t("lobby.copied") : t("lobby.copySelected");
  const region = live();
  if (region) region.textContent = notice;
  return notice;
}

function defaultClipboard(): ClipboardLike | undefined {
  if (typeof navigator === "undefined") return undefined;
  return navigator.clipboard ?? undefined;
}
