// The smallest Vite + React page: the yardstick `npm run report` divides QP Scope's load time by.
// It is interactive as soon as React has mounted its one button, marked the way QP Scope's Play
// button is (data-testid="play", enabled), so both pages are timed to the same signal.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Baseline() {
  const [n, setN] = useState(0);
  return <button type="button" data-testid="play" onClick={() => setN(n + 1)}>Clicked {n} times</button>;
}

createRoot(document.getElementById('root')!).render(<StrictMode><Baseline /></StrictMode>);
