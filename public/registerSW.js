// Registers the service worker that keeps QP Scope working offline after the first load.
// A file rather than an inline <script>, because the page's Content-Security-Policy forbids inline
// script. vite-plugin-pwa uses this file instead of generating its own, so a failure is caught.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch((e) => {
      // No offline copy (a private window, storage blocked, plain http): the page itself works on.
      console.warn('QP Scope: the offline copy could not be installed:', e instanceof Error ? e.message : e);
    });
  });
}
