// The one door to the browser's storage. A page may be refused it: a cross-origin frame whose
// browser blocks third-party storage (Chromium: "Failed to read the 'localStorage' property from
// 'Window': Access is denied for this document"), a private window, a sandbox. Every read and
// write of localStorage goes through here, so such a page keeps working on a store in memory
// that lasts for this visit only, and the page can say so once (app/course/embed.ts).
// sessionStorage is not used by the page; should it be, it belongs here too.

/** A Storage kept in memory: what a page refused the real one writes to. */
class MemoryStorage implements Storage {
  private readonly m = new Map<string, string>();
  get length(): number { return this.m.size; }
  clear(): void { this.m.clear(); }
  getItem(k: string): string | null { return this.m.get(String(k)) ?? null; }
  key(i: number): string | null { return [...this.m.keys()][i] ?? null; }
  removeItem(k: string): void { this.m.delete(String(k)); }
  setItem(k: string, v: string): void { this.m.set(String(k), String(v)); }
}

let chosen: { store: Storage; kept: boolean } | null = null;

/** The browser's localStorage if this page may use it (read and write tried once), else one in memory. */
function choose(): { store: Storage; kept: boolean } {
  try {
    // The property read itself throws where storage is denied.
    const s = typeof localStorage === 'undefined' ? null : localStorage;
    if (s) {
      const probe = 'qp-scope.probe';
      s.setItem(probe, '1');
      s.removeItem(probe);
      return { store: s, kept: true };
    }
  } catch { /* denied: kept in memory below */ }
  return { store: new MemoryStorage(), kept: false };
}

/** Where the page keeps what it keeps (never throws to get; a write may still throw when full). */
export function localStore(): Storage {
  chosen ??= choose();
  return chosen.store;
}

/** False when the browser refused storage: what is kept lasts only for this visit. */
export function storageKept(): boolean {
  chosen ??= choose();
  return chosen.kept;
}

/** Forget the choice (tests swap the global localStorage). */
export function resetStorageChoice(): void {
  chosen = null;
}
