import { defineConfig, configDefaults, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * index.html carries the strict Content-Security-Policy as a <meta>. The dev server cannot live
 * under it: Vite injects an inline React-refresh preamble, <style> elements for HMR'd CSS and a
 * websocket to itself. So the meta is dropped when serving in development only; `vite build`
 * (and so preview, e2e and every host) keeps it.
 */
function devWithoutCsp(): Plugin {
  return {
    name: 'qp-scope:dev-without-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
  };
}

/**
 * The boot (src/app/boot.ts: start the first instrument's worker and ask its first questions) is
 * an entry of its own, loaded by an async module script ahead of everything else. Imported only
 * by main.tsx, it would run after the whole page script has arrived and been compiled; on its own
 * (a few kB) it runs as soon as it arrives, and main.tsx's import of it finds it evaluated (one
 * URL, one module instance). Measured on cold loads with a trace (Chromium 156, 2 cores): the
 * worker thread started after the page script's evaluation, ~200 ms after navigation.
 */
function bootFirst(): Plugin {
  return {
    name: 'qp-scope:boot-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot');
        if (!boot) throw new Error('qp-scope:boot-first: the boot entry chunk is missing from the bundle');
        const theme = '<script src="./theme.js"></script>';
        if (!html.includes(theme)) throw new Error('qp-scope:boot-first: index.html no longer loads ./theme.js');
        // After the CSP meta (it governs only what follows it), before the blocking theme script.
        return html.replace(theme, `<script type="module" async crossorigin src="./${boot.fileName}"></script>\n    ${theme}`);
      },
    },
  };
}

/**
 * Offline after the first load: Workbox precaches every built file, the entry, the lazily loaded
 * lab chunks and the three simulation worker chunks, so any instrument and any share link (a hash on
 * the same page) open without a network. Updates are prompt-free but never swap files under a
 * running page: a new service worker waits until every QP Scope tab is closed (no skipWaiting),
 * because activating it would delete the old build's hashed chunks that an open page may still
 * load lazily. See docs/hosting.md.
 */
const pwa = VitePWA({
  registerType: 'prompt', // no prompt is ever shown; this only means "no skipWaiting"
  injectRegister: 'script', // public/registerSW.js, an external file: the CSP forbids inline script
  // workbox.globPatterns below already lists every icon; listing them twice duplicates entries.
  includeManifestIcons: false,
  manifest: {
    name: 'QP Scope — RDMA Queue Pairs, live',
    short_name: 'QP Scope',
    description: 'Watch, poke and break the machinery an RDMA NIC uses to manage Queue Pairs.',
    start_url: './',
    scope: './',
    display: 'standalone',
    theme_color: '#1e293b',
    background_color: '#f1f5f9',
    icons: [
      { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The plugin adds manifest.webmanifest itself.
    // wasm: the diagnosis desk's C parser (web-tree-sitter and its C grammar, ~0.8 MB, loaded only by the desk).
    globPatterns: ['**/*.{html,js,css,svg,png,wasm}'],
    navigateFallback: 'index.html',
    // The first page load takes control at once, so it already runs offline; later updates wait.
    clientsClaim: true,
    skipWaiting: false,
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), devWithoutCsp(), bootFirst(), pwa],
  base: './',
  worker: { format: 'es' },
  // The manifest tells `npm run size` which chunks the entry loads statically (the initial JS).
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    manifest: true,
    rollupOptions: { input: { index: 'index.html', boot: 'src/app/boot.ts' } },
  },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  server: { host: '127.0.0.1' },
  test: {
    // Property and replay tests do real work; CI machines have 2 cores and may be loaded.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['src/{core,scenario,lessons,worker,bridge,cli}/**/*.test.ts'],
          exclude: [...configDefaults.exclude],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/{store,views,app}/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
