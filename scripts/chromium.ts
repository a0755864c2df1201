// Debian's Chromium and the flags every headless run here uses: Playwright's own browser
// downloads cannot be fetched on our machines. Shared by playwright.config.ts and the scripts.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const chromiumLaunch = { executablePath: chromiumPath, args: chromiumArgs };
