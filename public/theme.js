// Applies the theme the person chose (light or dark) before the first paint: a blocking external
// script in <head>, because the Content-Security-Policy forbids inline script. "system" (or no
// choice) needs nothing here: src/dark.css follows prefers-color-scheme by itself. The key and
// values are the ones src/views/shell/theme.ts reads and writes.
try {
  var choice = localStorage.getItem('qp-scope.theme');
  if (choice === 'light' || choice === 'dark') document.documentElement.setAttribute('data-theme', choice);
} catch {
  // Storage blocked (a private window, a sandbox): the system's theme applies.
}
