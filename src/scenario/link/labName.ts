// Which instrument a hash names, without reading the rest of it. Apart from the link schemas so
// the page's boot (app/boot.ts) can ask before those modules are evaluated.

export const LINK_LABS = ['transport', 'memory', 'faults'] as const;
export type LinkLab = (typeof LINK_LABS)[number];

/** The instrument a hash names (even a hash that is otherwise refused), if this page has it. */
export function namedLab(hash: string): LinkLab | null {
  const m = /(?:^#?|&)lab=([a-z]{1,16})(?:&|$)/.exec(hash.slice(0, 200));
  const lab = m?.[1] ?? (/(?:^#?|&)s=/.test(hash.slice(0, 200)) ? 'transport' : null);
  return (LINK_LABS as readonly string[]).includes(lab ?? '') ? (lab as LinkLab) : null;
}
