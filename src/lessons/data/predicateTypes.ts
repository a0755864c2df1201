// The shapes of the predicate language (predicate.ts), apart from their schema so the
// describer and the evaluator share them without a cycle.

export type Scalar = string | number | boolean | null;

/**
 * How one field of an event, an item or the probe is matched: a value (equal), a list (one of
 * them), a prefix, a regular expression, an element of a list field, a numeric range (inclusive),
 * or the negation of any of these.
 */
export type Match =
  | Scalar | Scalar[]
  | { prefix: string } | { matches: string } | { has: Scalar }
  | { min?: number; max?: number }
  | { not: Match };

/** Field (a dotted path inside the item) → how it must match; every entry must hold. */
export type Where = Record<string, Match>;

/** A number read from the probe, or computed from such numbers. */
export type NumExpr =
  | number
  /** A numeric (or boolean: 1/0) field of the probe, by dotted path; `.length` of a list. */
  | { read: string }
  /** transport: a QP context field (ibv_qp_attr-like names the model keeps). */
  | { ctx: { host: number; qpn: number; field: string } }
  /** How many events since the step began (transport), or items of a list in the probe, match. */
  | { count: { events: string; where?: Where; last?: boolean } | { list: string; where?: Where } }
  | { add: NumExpr[] } | { sub: [NumExpr, NumExpr] } | { mul: NumExpr[] } | { div: [NumExpr, NumExpr] }
  /** Rounded to the nearest multiple of `to` (1 by default). */
  | { round: NumExpr; to?: number };

/** Bounds on a count: none given means at least one; `atMost` alone means from none up to it. */
export interface CountBounds { atLeast?: number; atMost?: number }

export interface NumTest {
  of: NumExpr;
  /** Inclusive, each bound widened by the tolerance. */
  between?: [number, number];
  equals?: NumExpr;
  atLeast?: NumExpr;
  atMost?: NumExpr;
  /** Strict comparisons (no tolerance). */
  above?: NumExpr;
  below?: NumExpr;
  /** Absolute tolerance, or a fraction of the bound (the larger of the two applies). */
  tolerance?: number;
  relTolerance?: number;
}

export type Predicate =
  | { all: Predicate[] } | { any: Predicate[] } | { not: Predicate }
  /** transport: a QP's lifecycle label; "SQD" also names "SQD (draining)" and "SQD (drained)". */
  | { state: { host: number; qpn: number; is: string | string[] } }
  /** transport: the QP the learner has selected (null: none). */
  | { selected: { host: number; qpn: number } | null }
  /** transport: events since the step began of a kind, matching `where`; `last`: only the newest. */
  | { events: { kind: string; where?: Where; last?: boolean } & CountBounds }
  /** Items of a list in the probe matching `where`; `every`: all of those also match it. */
  | { items: { list: string; where?: Where; every?: Where } & CountBounds }
  /** A field of the probe (dotted path) matches. */
  | { field: { path: string; is: Match } }
  /** A number from the probe passes every bound given. */
  | { num: NumTest };
