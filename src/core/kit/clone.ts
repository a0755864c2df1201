// Deep copy of the plain data a checkpoint holds (objects, arrays, typed arrays, Maps, slot tables).
import { SlotTable } from './slotTable.ts';

export function clonePlain<T>(x: T): T {
  if (x === null || typeof x !== 'object') return x;
  if (isTypedArray(x)) return x.slice();
  if (Array.isArray(x)) return x.map(clonePlain) as T;
  if (x instanceof SlotTable) return x.clone(clonePlain) as T;
  if (x instanceof Map) return new Map([...x].map(([k, v]) => [k, clonePlain(v)])) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(x)) out[k] = clonePlain((x as Record<string, unknown>)[k]);
  return out as T;
}

/** A typed array: copies itself with slice() (a DataView has none, and no checkpoint holds one). */
function isTypedArray<T extends object>(x: T): x is T & { slice(): T } {
  return ArrayBuffer.isView(x) && 'slice' in x;
}
