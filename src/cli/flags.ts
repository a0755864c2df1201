// The flag reader the storm and sweep CLIs share: `--name value`, `--name=value`, and bare boolean
// flags. A wrong flag is an ArgError whose message names it; the CLI prints it and exits 2.

export class ArgError extends Error {}

/** Flags by name (booleans as 'true'); throws ArgError naming an unknown flag or a missing value. */
export function parseFlags(args: readonly string[], valueFlags: ReadonlySet<string>, boolFlags: ReadonlySet<string>): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) throw new ArgError(`unexpected argument '${a}' (flags start with --)`);
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (boolFlags.has(name)) { m.set(name, 'true'); continue; }
    if (!valueFlags.has(name)) throw new ArgError(`unknown flag --${name}`);
    const v = eq >= 0 ? a.slice(eq + 1) : args[++i];
    if (v === undefined || v === '' || (eq < 0 && v.startsWith('--'))) throw new ArgError(`--${name} needs a value`);
    m.set(name, v);
  }
  return m;
}

/** One of `allowed`, or undefined when the flag is absent. */
export function oneOf<T extends string>(m: ReadonlyMap<string, string>, name: string, allowed: readonly T[]): T | undefined {
  const v = m.get(name);
  if (v !== undefined && !allowed.includes(v as T)) throw new ArgError(`--${name} must be one of ${allowed.join(', ')}, got '${v}'`);
  return v as T | undefined;
}
