// What the production build ships, chunk by chunk, and which of it the page must load before it
// can run: the initial JavaScript, i.e. every script index.html loads plus the chunks those import
// statically (Vite's manifest lists the imports). Lazy chunks, workers and the service worker are
// fetched later, off the critical path, so they do not count against the budget.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget for the initial JavaScript, gzipped (level 9), in bytes: 250 kB. */
export const INITIAL_JS_BUDGET = 250_000;

export type ChunkKind = 'initial' | 'lazy' | 'worker' | 'service worker' | 'css' | 'html' | 'other';
export interface Chunk { file: string; kind: ChunkKind; raw: number; gzip: number }
export interface Bundle { chunks: Chunk[]; initialRaw: number; initialGzip: number }

interface ManifestChunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; assets?: string[] }

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '.vite' ? [] : filesUnder(path);
    return [path];
  });
}

export function readBundle(dist = 'dist'): Bundle {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));

  // Scripts index.html loads (module entry and the service-worker registration), then their imports.
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key].file);
  };
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) visit(m[1].replace(/^\.?\//, ''));

  const lazy = new Set<string>();
  const workers = new Set<string>();
  for (const c of Object.values(manifest)) {
    for (const key of c.dynamicImports ?? []) lazy.add(manifest[key].file);
    for (const a of c.assets ?? []) if (a.endsWith('.js')) workers.add(a);
  }

  const kindOf = (file: string): ChunkKind => {
    if (initial.has(file)) return 'initial';
    if (workers.has(file)) return 'worker';
    if (lazy.has(file) || byFile.has(file)) return 'lazy';
    if (file === 'sw.js' || /^workbox-[\w-]+\.js$/.test(file)) return 'service worker';
    if (file.endsWith('.css')) return 'css';
    if (file.endsWith('.html')) return 'html';
    return 'other';
  };
  const chunks = filesUnder(dist)
    .map((path) => ({ path, file: relative(dist, path) }))
    .filter(({ file }) => /\.(js|css|html)$/.test(file))
    .map(({ path, file }) => {
      const buf = readFileSync(path);
      return { file, kind: kindOf(file), raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    })
    .sort((a, b) => order(a.kind) - order(b.kind) || b.gzip - a.gzip);
  const init = chunks.filter((c) => c.kind === 'initial');
  return { chunks, initialRaw: sum(init.map((c) => c.raw)), initialGzip: sum(init.map((c) => c.gzip)) };
}

const ORDER: ChunkKind[] = ['initial', 'css', 'html', 'lazy', 'worker', 'service worker', 'other'];
const order = (k: ChunkKind) => ORDER.indexOf(k);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Bytes as kB (1000 bytes), one decimal, the unit Vite prints. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
