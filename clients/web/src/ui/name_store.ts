// The player's name, kept in the browser so that the next visit starts with it.

export const NAME_STORAGE_KEY = "carc.playerName";

export function loadName(storage: Storage | undefined): string {
  try {
    return storage?.getItem(NAME_STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

export function storeName(storage: Storage | undefined, name: string): void {
  try {
    storage?.setItem(NAME_STORAGE_KEY, name);
  } catch {
    // The name is only a convenience for the next visit.
  }
}
