// The resume token of SeatGranted: the secret that takes a seat back after a disconnect
// (docs/protocol.md). It is kept in local storage, and never shown.

/** The part of the Web Storage API the client uses; `localStorage` in the browser. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const RESUME_TOKEN_KEY = "carc.resume_token";

/** A storage that forgets everything when the page goes: for tests and when storage is off. */
export class MemoryStorage implements StorageLike {
  private readonly items = new Map<string, string>();

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** `localStorage` when the page may use it, otherwise a MemoryStorage. */
export function defaultStorage(): StorageLike {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (storage) return storage;
  } catch {
    // Access denied (storage disabled by the browser's privacy settings).
  }
  return new MemoryStorage();
}

export class ResumeTokenStore {
  constructor(
    private readonly storage: StorageLike,
    private readonly key: string = RESUME_TOKEN_KEY,
  ) {}

  get(): string {
    try {
      return this.storage.getItem(this.key) ?? "";
    } catch {
      return "";
    }
  }

  set(token: string): void {
    try {
      if (token === "") this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, token);
    } catch {
      // A full or disabled storage: the seat can still be played, only not resumed.
    }
  }

  clear(): void {
    this.set("");
  }
}
