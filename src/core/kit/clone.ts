// Deep copy of the plain data a checkpoint holds (objects, arrays, typed arrays, Maps).
export function clonePlain<T>(x: T): T {
  if (x === null || typeof x !== 'object') return x;
  if (ArrayBuffer.isView(x)) return (x as unknown as { slice(): T }).slice();
  if (Array.isArray(x)) return x.map(clonePlain) as T;
  if (x instanceof Map) return new Map([...x].map(([k, v]) => [k, clonePlain(v)])) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(x)) out[k] = clonePlain((x as Record<string, unknown>)[k]);
  return out as T;
}
