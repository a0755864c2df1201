// Installed into the page before its own scripts (addInitScript with this file's path), so it is
// plain JavaScript, untouched by any transpiler. It records in the page, so the harness reads the
// results once instead of polling while something is being measured. Types: inpage.ts.
(() => {
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });

  const probe = {
    // performance.now() when the page first showed an enabled Play button: its first interaction.
    readyAt: null,
    // rAF frame intervals and the long tasks that started within `ms` of wall time from now.
    measure: (ms) => new Promise((resolve) => {
      const frames = [];
      let first = -1;
      let last = -1;
      const tick = (now) => {
        if (first < 0) first = now;
        else frames.push(now - last);
        last = now;
        if (now - first < ms) { requestAnimationFrame(tick); return; }
        resolve({ ms: now - first, frames, longTasks: longTasks.filter((t) => t.start >= first && t.start < now).map((t) => t.duration) });
      };
      requestAnimationFrame(tick);
    }),
  };
  window.__qpProbe = probe;

  // Interactive = the primary control (QP Scope's Play, the baseline's one button) is enabled.
  const mo = new MutationObserver(() => {
    if (document.querySelector('[data-testid="play"]:not([disabled])') === null) return;
    probe.readyAt = performance.now();
    mo.disconnect();
  });
  mo.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
})();
