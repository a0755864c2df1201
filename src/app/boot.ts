// Imported first by main.tsx, so it runs before the rest of the page's modules are evaluated:
// it starts the worker of the instrument this address opens and sends that worker its first
// questions at once. The worker then loads, builds its scenario and answers while the page's own
// modules still evaluate and render, instead of after them. Measured on cold loads (CPU profile,
// Chromium 156, 2 cores): the worker used to be created ~300 ms after the scripts arrived. In the
// build it is also an entry of its own that index.html loads first (vite.config.ts, bootFirst), so
// it runs before the page script has even arrived.
import { askEarly, firstLab } from './first.ts';

askEarly(firstLab(location.hash));
