// Registers the service worker that keeps QP Scope working offline after the first load.
// A file rather than an inline <script>, because the page's Content-Security-Policy forbids inline
// script. vite-plugin-pwa uses this file instead of generating its own, so a failure is caught.
// Not in a frame: an embedded page (docs/hosting.md, "Embedding") needs no offline copy, and a
// cross-origin frame with blocked storage is refused one anyway. Reading navigator.serviceWorker
// itself may throw there (a sandboxed frame), so that is guarded too: the page works on without it.
(function () {
  var framed;
  try { framed = window.self !== window.top; } catch { framed = true; }
  if (framed) return;
  var sw;
  try { sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null; } catch { sw = null; }
  if (!sw) return;
  window.addEventListener('load', function () {
    try {
      sw.register('./sw.js', { scope: './' }).catch(function (e) {
        // No offline copy (a private window, storage blocked, plain http): the page itself works on.
        console.warn('QP Scope: the offline copy could not be installed:', e instanceof Error ? e.message : e);
      });
    } catch (e) {
      console.warn('QP Scope: the offline copy could not be installed:', e instanceof Error ? e.message : e);
    }
  });
})();
