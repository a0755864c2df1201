import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { memory, transport } from '../bridge/labs.ts';
import { Root } from './Root.tsx';
import { prestart } from './links.ts';

// A handle for end-to-end tests and for people driving the page from the console.
(window as unknown as { qpScope: unknown }).qpScope = { transport, memory };

prestart(location.hash);
createRoot(document.getElementById('root')!).render(<StrictMode><Root /></StrictMode>);
