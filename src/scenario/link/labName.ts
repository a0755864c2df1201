// The instruments this page has, by id, and which one a hash names without reading the rest of
// it. The list is the one low place the ids are spelled: the layers beneath the app (lessons,
// scenario, worker types) derive `LabId` from it; the app's registry (app/registry.ts) gives each
// id its entry and is checked against this list. Apart from the link schemas so the page's boot
// (app/boot.ts) can ask before those modules are evaluated.

export const INSTRUMENTS = ['transport', 'memory', 'faults'] as const;
export type LabId = (typeof INSTRUMENTS)[number];

/**
 * The instrument a hash names (even a hash that is otherwise refused), if it is one of `known`
 * (this page's instruments, or a registry's that has more).
 */
export function namedLab<L extends string = LabId>(hash: string, known: readonly L[] = INSTRUMENTS as readonly string[] as readonly L[]): L | null {
  const m = /(?:^#?|&)lab=([a-z]{1,16})(?:&|$)/.exec(hash.slice(0, 200));
  const lab = m?.[1] ?? (/(?:^#?|&)s=/.test(hash.slice(0, 200)) ? 'transport' : null);
  return known.find((k) => k === lab) ?? null;
}
