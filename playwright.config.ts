import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './scripts/chromium.ts';

// e2e serves the production build (dist/, built by `npm run build` first) on a port of its own,
// so it never meets `npm start` (5173) or `npm run preview` (4173) that someone left running.
// strictPort makes Vite fail instead of drifting to another port, and reuseExistingServer is off:
// whatever already listens on this port is not this run's build, so the run stops and says so.
const port = Number(process.env.E2E_PORT ?? 4317);
const url = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: url,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 720 },
    launchOptions: chromiumLaunch,
    // A fresh context per test would install the service worker and precache the whole build each
    // time: load on a 2-core CI machine that only e2e/offline.spec.ts needs, so it alone allows it.
    serviceWorkers: 'block',
  },
  webServer: {
    command: `npx vite preview --port ${port} --strictPort --host 127.0.0.1`,
    url,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
