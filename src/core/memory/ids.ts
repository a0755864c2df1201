// The memory model's names and limits as plain data, in a module with no model behind it, so a
// link schema (or any view) can name them without pulling in presets, curves or the cache.
export type PresetId = 'cx3' | 'connect-ib' | 'cx5' | 'srnic';
export const PRESET_IDS: readonly PresetId[] = ['cx3', 'connect-ib', 'cx5', 'srnic'];

export type PolicyId = 'lru' | 'fifo' | 'random' | 'lfu' | 'clock' | '2q';
export const POLICY_IDS: readonly PolicyId[] = ['lru', 'fifo', 'random', 'lfu', 'clock', '2q'];

export type EngineId = 'fixed' | 'programmable' | 'firmware';
export const ENGINE_IDS: readonly EngineId[] = ['fixed', 'programmable', 'firmware'];

export type Protection = 'none' | 'busy-bit' | 'seqlock' | 'dual-port';
export const PROTECTIONS: readonly Protection[] = ['none', 'busy-bit', 'seqlock', 'dual-port'];

export type PatternKind = 'uniform' | 'zipf' | 'hotset' | 'scan' | 'incast';
export const PATTERN_KINDS: readonly PatternKind[] = ['uniform', 'zipf', 'hotset', 'scan', 'incast'];

/** Active QPs the lab accepts: 1 … 1,000,000. */
export const MAX_ACTIVE_QPS = 1_000_000;
/** QPNs a person may pin. */
export const MAX_PINNED = 64;
