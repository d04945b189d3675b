// Copying the invite link: the asynchronous clipboard where the browser allows it, otherwise
// the link is selected so that the player can copy it.

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

function defaultClipboard(): ClipboardLike | undefined {
  if (typeof navigator === "undefined") return undefined;
  return navigator.clipboard ?? undefined;
}
