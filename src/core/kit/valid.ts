// The valibot pieces every schema uses, once: bounded numbers and choices with messages a person
// can act on ("must be at most 4,096"), and the one way a refusal names the field it is about.
import * as v from 'valibot';
import { grouped } from './grouped.ts';

/** An integer in min..max. */
export const int = (min: number, max: number) =>
  v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${grouped(max)}`));

/** A finite number in min..max. */
export const num = (min: number, max: number) =>
  v.pipe(v.number('must be a number'), v.finite('must be a finite number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${grouped(max)}`));

/** One of a fixed list of names. */
export const oneOf = <T extends string>(options: readonly T[]) =>
  v.picklist(options, `must be one of ${options.join(', ')}`);

/** Where an issue points below `root`: "config.qps[3].recvs" ('' for the value itself, without a root). */
export function issuePath(i: v.BaseIssue<unknown>, root = ''): string {
  let out = root;
  for (const p of i.path ?? []) out += typeof p.key === 'number' ? `[${p.key}]` : `${out ? '.' : ''}${String(p.key)}`;
  return out;
}

/** "root.field: message" for the first problem; `whole` names the value itself when the path is empty. */
export function issueText(i: v.BaseIssue<unknown>, root = '', whole = root): string {
  return `${issuePath(i, root) || whole}: ${i.message}`;
}

/** How deep `x` nests objects and lists, counted without recursing (a hostile link or file cannot
 *  overflow the stack), up to `limit` + 1. Used by the lesson predicates and the challenge goals. */
export function jsonDepth(x: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[x, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [y, d] = top;
    if (!y || typeof y !== 'object') continue;
    deepest = Math.max(deepest, d);
    if (deepest > limit) return deepest;
    for (const z of Object.values(y)) stack.push([z, d + 1]);
  }
  return deepest;
}
